// The content script (seed §2.1): chunks the page when it has loaded and reports the chunks to the background,
// which stores them per URL; chunks again after an SPA navigation; answers the background's requests (validated
// with the generated protocol module) and scrolls to and highlights chunks.
import { chunkTree } from '../shared/chunker';
import { onMessage, sendToBackground } from '../shared/browser';
import {
  describeInvalidBackgroundToContent,
  describeInvalidBackgroundToContentAnswer,
  isBackgroundToContent,
  isBackgroundToContentAnswer,
  type ContentToBackgroundAnswer,
  type PageChunks,
} from '../shared/protocol';
import { clearHighlight, highlight } from './highlight';
import { treeOf } from './tree';

/** The key a page's chunks are stored under: its URL without the fragment (an anchor is the same page). */
function pageUrl(): string {
  const url = new URL(location.href);
  url.hash = '';
  return url.href;
}

function chunkPage(): PageChunks {
  const result = chunkTree(treeOf(document.documentElement));
  return {
    url: pageUrl(),
    title: document.title.slice(0, 1000),
    layer: result.layer,
    duplicates: result.duplicates,
    truncated: result.truncated,
    chunks: result.chunks,
  };
}

async function report(): Promise<void> {
  const answer = await sendToBackground({ type: 'PAGE_CHUNKED', page: chunkPage() });
  if (!isBackgroundToContentAnswer(answer)) {
    console.warn(`chunker: invalid answer from the background: ${describeInvalidBackgroundToContentAnswer(answer)}`);
  } else if (answer.type === 'ERROR') {
    console.warn(`chunker: the chunks were not stored: ${answer.error}`);
  }
}

function reportSoon(): void {
  report().catch((error: unknown) => console.warn(`chunker: could not report the page's chunks: ${String(error)}`));
}

// SPA navigation (seed §7.3): a new URL without a page load means new content; chunk again once it has settled.
let reportedUrl = pageUrl();
let settle: ReturnType<typeof setTimeout> | undefined;
function onPossibleNavigation(): void {
  if (pageUrl() === reportedUrl) return;
  if (settle !== undefined) clearTimeout(settle);
  settle = setTimeout(() => {
    reportedUrl = pageUrl();
    reportSoon();
  }, 500);
}
addEventListener('popstate', onPossibleNavigation);
new MutationObserver(onPossibleNavigation).observe(document.documentElement, { childList: true, subtree: true });

onMessage((message) => {
  if (!isBackgroundToContent(message)) {
    const answer: ContentToBackgroundAnswer = { type: 'ERROR', error: `invalid message: ${describeInvalidBackgroundToContent(message)}` };
    return Promise.resolve(answer);
  }
  let answer: ContentToBackgroundAnswer;
  switch (message.type) {
    case 'DESCRIBE_PAGE':
      answer = { type: 'PAGE_INFO', url: pageUrl(), title: document.title.slice(0, 1000) };
      break;
    case 'CHUNK_PAGE':
      answer = { type: 'PAGE_CHUNKS', page: chunkPage() };
      break;
    case 'HIGHLIGHT_CHUNK':
      answer = { type: 'HIGHLIGHTED', chunkId: message.chunkId, found: highlight(message.chunkId, message) };
      break;
    case 'CLEAR_HIGHLIGHT':
      clearHighlight();
      answer = { type: 'HIGHLIGHT_CLEARED' };
      break;
  }
  return Promise.resolve(answer);
});

reportSoon();
