// DocMind's content script, declared on <all_urls> for cross-browser parity (seed 000 §10): inert by default.
// At load it only registers a message listener; it reads the page only when the background asks, which
// happens only after the user opened the popup or used the context menu.
import { onMessage } from '../shared/browser';
import { CHAT_CONFIG } from '../shared/config';
import { isContentMessage, type ContentResponse } from '../shared/messages';

function extractText(): ContentResponse {
  const text = (document.body?.innerText ?? '').trim();
  return { type: 'TEXT_EXTRACTED', text: text.slice(0, CHAT_CONFIG.MAX_PAGE_CHARS), charCount: text.length };
}

onMessage((message) => {
  if (!isContentMessage(message)) return Promise.resolve({ type: 'ERROR', error: 'invalid message' });
  return Promise.resolve(extractText());
});
