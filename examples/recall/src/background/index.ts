// The background (Chrome, Edge: the MV3 service worker; Firefox: the background page). Routes the seed's messages,
// keeps the indexing queue moving (one page every 500 ms at most) and the worker alive while it works. Every
// message received is validated with the generated protocol module first and answered with ERROR when invalid.
import { passOn } from '../shared/answer-stream';
import { keepAlive, localGet, localSet, onMessage, onTabRemoved, onTopFrameCommitted, type Sender } from '../shared/browser';
import {
  describeInvalidContentToBackground,
  describeInvalidUiToBackground,
  isContentToBackground,
  isOffscreenToBackground,
  isUiToBackground,
  type BackgroundToContentAck,
  type BackgroundToUi,
  type PageInfo,
  type UiToBackground,
} from '../shared/protocol';
import { embeddingsUnavailable, setEmbeddingModel, settings, tryEmbed } from './embeddings';
import { NO_EMBEDDINGS, NOTHING_EMBEDDED, search, type QueryEmbedding } from './hybrid-search';
import { promptApiStatus, promptText } from './offscreen-manager';
import { PipelineAbort, processPage } from './pipeline';
import { IndexingQueue } from './queue';
import { answerQuestion, type LanguageModelAccess } from './rag';
import { clearPages, getAllPages, recordSize, type PageRecord } from './store';
import { TabMonitor } from './tab-monitor';

const queue = new IndexingQueue({ get: localGet, set: localSet });
const monitor = new TabMonitor(queue);
onTopFrameCommitted((tabId) => monitor.endVisit(tabId));
onTabRemoved((tabId) => monitor.endVisit(tabId));
const now = (): number => Date.now();

function pageInfo(record: PageRecord): PageInfo {
  return {
    id: record.id,
    url: record.url,
    title: record.title,
    summary: record.summary,
    summarySource: record.summarySource,
    timestamp: record.timestamp,
    dwellTime: record.dwellTime,
    lastAccessed: record.lastAccessed,
    visitCount: record.visitCount,
    passageCount: record.passages.length,
    contentLength: record.content.length,
    embedded: record.passageEmbeddings !== null && record.passageEmbeddings.length > 0,
  };
}

/** The query's embedding for the semantic ranking, or why there is none. */
async function queryEmbedding(query: string, records: PageRecord[]): Promise<QueryEmbedding> {
  const unavailable = (): QueryEmbedding =>
    ({ unavailable: `${NO_EMBEDDINGS} (${(embeddingsUnavailable() ?? 'no reason given').slice(0, 300)})` });
  if (embeddingsUnavailable() !== undefined) return unavailable();
  if (!records.some((record) => (record.passageEmbeddings?.length ?? 0) > 0)) return { unavailable: NOTHING_EMBEDDED };
  const vector = (await tryEmbed([query]))?.[0];
  return vector === undefined ? unavailable() : { vector: Array.from(vector) };
}

async function answerUi(message: UiToBackground): Promise<BackgroundToUi> {
  switch (message.type) {
    case 'SEARCH_QUERY': {
      const records = await getAllPages();
      const embedding = message.options?.mode === 'keyword'
        ? { unavailable: 'keyword search asked' }
        : await queryEmbedding(message.query, records);
      return search(message.query, records, message.options ?? {}, embedding);
    }
    case 'RAG_QUERY': {
      const records = await getAllPages();
      const embedding = await queryEmbedding(message.question, records);
      const vector = 'vector' in embedding ? embedding.vector : null;
      const status = await promptApiStatus().catch((error: unknown) => ({ available: false, error: String(error) }));
      const { streamId } = message; // the answer (not the intent classification) is streamed to the page that asked
      const model: LanguageModelAccess = status.available
        ? { prompt: (text, streamed) => promptText(text, streamed === true ? streamId : undefined) }
        : { unavailable: (status.error ?? 'the Prompt API is unavailable').slice(0, 300) };
      return answerQuestion(message.question, vector, records, message.options ?? {}, model, () => performance.now());
    }
    case 'GET_DB_STATS': {
      const records = await getAllPages();
      return {
        type: 'DB_STATS',
        totalPages: records.length,
        totalSize: records.reduce((total, record) => total + recordSize(record), 0),
        totalPassages: records.reduce((total, record) => total + record.passages.length, 0),
      };
    }
    case 'GET_ALL_PAGES': {
      const records = await getAllPages();
      records.sort((a, b) => b.lastAccessed - a.lastAccessed);
      return { type: 'ALL_PAGES', pages: records.map(pageInfo) };
    }
    case 'CLEAR_HISTORY':
      await clearPages();
      return { type: 'DONE', success: true };
    case 'GET_QUEUE_STATUS':
      await queue.loaded;
      return { type: 'QUEUE_STATUS', ...queue.getStatus() };
    case 'PAUSE_INDEXING':
      await queue.pause();
      return { type: 'DONE', success: true };
    case 'RESUME_INDEXING':
      await queue.resume();
      return { type: 'DONE', success: true };
    case 'GET_SETTINGS':
      return settings();
    case 'SET_EMBEDDING_MODEL':
      await setEmbeddingModel(message.model);
      return settings();
  }
}

async function answerContent(message: unknown, sender: Sender): Promise<BackgroundToContentAck> {
  if (!isContentToBackground(message)) {
    return { type: 'ERROR', error: `invalid message: ${describeInvalidContentToBackground(message)}`.slice(0, 2000) };
  }
  if (sender.tabId === undefined) return { type: 'ERROR', error: 'a dwell report must come from a tab' };
  return { type: 'DWELL_RECORDED', queued: await monitor.onDwell(sender.tabId, message, now()) };
}

onMessage((message, sender) => {
  const typed = message as { type?: unknown } | null;
  if (typed?.type === 'OFFSCREEN_SUMMARIZER_READY') {
    // The offscreen document's "ready": nothing to answer (createDocument already waited for its load).
    return isOffscreenToBackground(message) ? undefined : Promise.resolve({ type: 'ERROR', error: 'invalid message' });
  }
  if (typed?.type === 'PAGE_DWELL') return answerContent(message, sender);
  if (typed?.type === 'PROMPT_PIECE') {
    // a piece of an answer the offscreen document is writing: passed on to the page that asked, nothing answered
    if (isOffscreenToBackground(message) && message.type === 'PROMPT_PIECE') passOn(message);
    return undefined;
  }
  if (!isUiToBackground(message)) {
    return Promise.resolve({ type: 'ERROR', error: `invalid message: ${describeInvalidUiToBackground(message)}`.slice(0, 2000) });
  }
  return answerUi(message).catch((error: unknown) => ({ type: 'ERROR', error: String(error).slice(0, 2000) }));
});

// The seed's queue loop: every 500 ms, the next due page, one at a time.
let busy = false;
setInterval(() => {
  if (busy) return;
  const item = queue.getNext(now());
  if (item === null) return;
  busy = true;
  processPage(item, now)
    .then(() => queue.markComplete(item.url))
    .catch((error: unknown) => {
      if (error instanceof PipelineAbort) queue.drop(item.url);
      else queue.markFailed(item.url, String(error), now());
    })
    .finally(() => {
      busy = false;
    });
}, 500);

keepAlive();
