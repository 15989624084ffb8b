// The background (seed §2.1): stores what content scripts report, per URL; answers the popup (a tab's chunks,
// highlights) and the options page (list, clear data). Every message received — requests and the content
// script's answers — is validated with the generated protocol module first.
import { isReceivingEndMissing, onMessage, sendToTab } from '../shared/browser';
import {
  describeInvalidContentToBackgroundAnswer,
  isContentToBackground,
  isContentToBackgroundAnswer,
  isOptionsToBackground,
  isPopupToBackground,
  type BackgroundToContent,
  type BackgroundToContentAnswer,
  type BackgroundToOptions,
  type BackgroundToPopup,
  type ContentToBackgroundAnswer,
  type ErrorAnswer,
  type OptionsToBackground,
  type PopupToBackground,
} from '../shared/protocol';
import { clearPages, listPages, loadPage, savePage } from './storage';

class NoContentScript extends Error {}

async function askTab(tabId: number, message: BackgroundToContent): Promise<ContentToBackgroundAnswer> {
  let answer: unknown;
  try {
    answer = await sendToTab(tabId, message);
  } catch (error) {
    if (isReceivingEndMissing(error)) throw new NoContentScript();
    throw error;
  }
  if (!isContentToBackgroundAnswer(answer)) {
    throw new Error(`invalid answer from the content script: ${describeInvalidContentToBackgroundAnswer(answer)}`);
  }
  if (answer.type === 'ERROR') throw new Error(answer.error);
  return answer;
}

/** The tab's chunks: those stored for its URL, else chunked now (and stored). */
async function pageOf(tabId: number): Promise<BackgroundToPopup> {
  const info = await askTab(tabId, { type: 'DESCRIBE_PAGE' });
  if (info.type !== 'PAGE_INFO') throw new Error(`unexpected answer ${info.type} to DESCRIBE_PAGE`);
  const stored = await loadPage(info.url);
  if (stored) return { type: 'PAGE', page: stored.page, from: 'storage', savedAt: stored.savedAt };
  const chunked = await askTab(tabId, { type: 'CHUNK_PAGE' });
  if (chunked.type !== 'PAGE_CHUNKS') throw new Error(`unexpected answer ${chunked.type} to CHUNK_PAGE`);
  await savePage(chunked.page);
  return { type: 'PAGE', page: chunked.page, from: 'page', savedAt: Date.now() };
}

async function answerPopup(message: PopupToBackground): Promise<BackgroundToPopup> {
  try {
    switch (message.type) {
      case 'GET_PAGE':
        return await pageOf(message.tabId);
      case 'HIGHLIGHT': {
        const { chunkId, xpath, cssSelector } = message;
        const answer = await askTab(message.tabId, { type: 'HIGHLIGHT_CHUNK', chunkId, xpath, cssSelector });
        return { type: 'HIGHLIGHT_RESULT', chunkId: message.chunkId, found: answer.type === 'HIGHLIGHTED' && answer.found };
      }
      case 'UNHIGHLIGHT':
        await askTab(message.tabId, { type: 'CLEAR_HIGHLIGHT' });
        return { type: 'UNHIGHLIGHTED' };
    }
  } catch (error) {
    if (error instanceof NoContentScript) return { type: 'NO_CONTENT_SCRIPT' };
    return { type: 'ERROR', error: String(error).slice(0, 2000) };
  }
}

async function answerOptions(message: OptionsToBackground): Promise<BackgroundToOptions> {
  try {
    switch (message.type) {
      case 'LIST_PAGES':
        return { type: 'PAGES', pages: await listPages() };
      case 'CLEAR_DATA':
        return { type: 'DATA_CLEARED', removed: await clearPages() };
    }
  } catch (error) {
    return { type: 'ERROR', error: String(error).slice(0, 2000) };
  }
}

async function store(page: Parameters<typeof savePage>[0]): Promise<BackgroundToContentAnswer> {
  try {
    await savePage(page);
    return { type: 'STORED', url: page.url, chunks: page.chunks.length };
  } catch (error) {
    return { type: 'ERROR', error: String(error).slice(0, 2000) };
  }
}

onMessage((message) => {
  if (isContentToBackground(message)) {
    switch (message.type) {
      case 'PAGE_CHUNKED':
        return store(message.page);
    }
  }
  if (isPopupToBackground(message)) return answerPopup(message);
  if (isOptionsToBackground(message)) return answerOptions(message);
  const type = typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;
  const answer: ErrorAnswer = { type: 'ERROR', error: `invalid message (type ${JSON.stringify(type) ?? 'missing'})` };
  return Promise.resolve(answer);
});
