// DocMind's content script, declared on <all_urls> for cross-browser parity (seed 000 §10): inert by default.
// At load it only registers a message listener; it reads the page only when the background asks, which
// happens only after the user opened the popup or used the context menu. Messages are checked against the
// protocol first: an invalid one is answered with an error, never acted on.
import { onMessage } from '../shared/browser';
import { CHAT_CONFIG } from '../shared/config';
import {
  describeInvalidBackgroundToContent,
  isBackgroundToContent,
  type ContentToBackground,
} from '../shared/protocol';

function extractText(): ContentToBackground {
  const text = (document.body?.innerText ?? '').trim();
  let cut = text.slice(0, CHAT_CONFIG.MAX_PAGE_CHARS);
  const last = cut.charCodeAt(cut.length - 1);
  if (cut.length < text.length && last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1); // keep pairs whole
  return { type: 'TEXT_EXTRACTED', text: cut, charCount: text.length, url: location.href };
}

onMessage((message) => {
  if (!isBackgroundToContent(message)) {
    const invalid: ContentToBackground = { type: 'ERROR', error: `invalid message: ${describeInvalidBackgroundToContent(message)}` };
    return Promise.resolve(invalid);
  }
  if (message.type === 'EXTRACT_TEXT') return Promise.resolve(extractText());
  return Promise.resolve<ContentToBackground>({ type: 'ERROR', error: `${message.type} is not handled yet` });
});
