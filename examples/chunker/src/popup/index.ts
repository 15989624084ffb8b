// The popup (seed §2.1 "query UI", §8.2): shows how the page was chunked, searches its chunks in the Web Worker
// (Orama's hybrid search over their embeddings, or keywords alone when the model cannot load, and says which), lists
// the best ones and scrolls the page to the first (any other on click). Enter searches, Esc clears.
import { activeTabId, sendToBackground } from '../shared/browser';
import {
  describeInvalidBackgroundToPopup,
  isBackgroundToPopup,
  type BackgroundToPopup,
  type Chunk,
  type PopupToBackground,
  type SearchHit,
} from '../shared/protocol';
import { embeddingModel } from '../shared/config';
import { WorkerClient } from './worker-client';

const RESULT_LIMIT = 10;

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`popup: #${id} is missing from index.html`);
  return found as T;
}

const status = element<HTMLParagraphElement>('status');
const query = element<HTMLInputElement>('query');
const results = element<HTMLOListElement>('results');
const noResults = element<HTMLParagraphElement>('no-results');
const searchMode = element<HTMLParagraphElement>('search-mode');
const worker = new WorkerClient();
const chunks = new Map<string, Chunk>();
let tabId = -1;

async function ask(message: PopupToBackground): Promise<BackgroundToPopup> {
  const answer = await sendToBackground(message);
  if (!isBackgroundToPopup(answer)) throw new Error(`invalid answer from the background: ${describeInvalidBackgroundToPopup(answer)}`);
  if (answer.type === 'ERROR') throw new Error(answer.error);
  return answer;
}

/** The tab this popup is about: `?tabId=N` when opened as a page (tests, a detached window), else the active tab. */
async function targetTab(): Promise<number | undefined> {
  const given = new URLSearchParams(location.search).get('tabId');
  return given !== null && /^\d+$/.test(given) ? Number(given) : activeTabId();
}

async function load(): Promise<void> {
  const id = await targetTab();
  if (id === undefined) throw new Error('no tab to search');
  tabId = id;
  const answer = await ask({ type: 'GET_PAGE', tabId });
  if (answer.type === 'NO_CONTENT_SCRIPT') {
    status.textContent = 'This page cannot be searched: a browser page, or a tab opened before the extension (reload it).';
    document.body.dataset['state'] = 'unsupported';
    return;
  }
  if (answer.type !== 'PAGE') throw new Error(`unexpected answer ${answer.type}`);
  const { page } = answer;
  for (const chunk of page.chunks) chunks.set(chunk.id, chunk);
  const model = await embeddingModel();
  const indexed = await worker.request(model === null
    ? { type: 'INDEX_CHUNKS', url: page.url, chunks: page.chunks }
    : { type: 'INDEX_CHUNKS', url: page.url, chunks: page.chunks, model });
  if (indexed.type !== 'INDEXED') throw new Error(indexed.type === 'ERROR' ? indexed.error : 'the worker did not index');
  const how = page.layer === 'headings' ? 'by its headings' : `without headings (${page.layer})`;
  status.textContent = `${page.chunks.length} chunks, ${how}${answer.from === 'storage' ? ', stored' : ', read now'}.`;
  searchMode.textContent = indexed.vectors === 'none'
    ? `Keyword search only: ${indexed.error ?? 'no embeddings'}.`
    : `Hybrid search (${model?.id ?? ''}; vectors ${indexed.vectors === 'restored' ? 'restored from IndexedDB' : 'embedded now'}).`;
  Object.assign(document.body.dataset, {
    state: 'ready', chunks: String(page.chunks.length), from: answer.from, layer: page.layer, vectors: indexed.vectors,
  });
}

async function highlight(chunk: Chunk): Promise<void> {
  const answer = await ask({ type: 'HIGHLIGHT', tabId, chunkId: chunk.id, xpath: chunk.xpath, cssSelector: chunk.cssSelector });
  const found = answer.type === 'HIGHLIGHT_RESULT' && answer.found;
  for (const item of results.querySelectorAll<HTMLLIElement>('.result')) {
    item.dataset['highlighted'] = String(found && item.dataset['chunkId'] === chunk.id);
  }
  if (!found) status.textContent = 'That part of the page is gone (it changed since it was read).';
}

function render(hits: SearchHit[]): void {
  results.replaceChildren();
  noResults.hidden = hits.length > 0;
  for (const hit of hits) {
    const chunk = chunks.get(hit.chunkId);
    if (!chunk) continue;
    const item = document.createElement('li');
    item.className = 'result';
    item.dataset['chunkId'] = chunk.id;
    const button = document.createElement('button');
    button.type = 'button';
    const score = Object.assign(document.createElement('span'), { className: 'score', textContent: hit.score.toFixed(2) });
    const path = Object.assign(document.createElement('span'), {
      className: 'path', textContent: chunk.headingPath.join(' › ') || chunk.semanticTag,
    });
    const snippet = Object.assign(document.createElement('span'), {
      className: 'snippet', textContent: chunk.rawText.length > 160 ? `${chunk.rawText.slice(0, 160)}…` : chunk.rawText,
    });
    button.append(score, path, snippet);
    button.addEventListener('click', () => void run(() => highlight(chunk)));
    item.append(button);
    results.append(item);
  }
}

async function search(): Promise<void> {
  const words = query.value.trim();
  if (!words) return clear();
  const answer = await worker.request({ type: 'SEARCH', query: words.slice(0, 1000), limit: RESULT_LIMIT });
  if (answer.type !== 'RESULTS') throw new Error(answer.type === 'ERROR' ? answer.error : 'the worker did not search');
  document.body.dataset['mode'] = answer.mode;
  render(answer.hits);
  const best = answer.hits[0] && chunks.get(answer.hits[0].chunkId);
  if (best) await highlight(best);
  else await ask({ type: 'UNHIGHLIGHT', tabId });
}

async function clear(): Promise<void> {
  query.value = '';
  results.replaceChildren();
  noResults.hidden = true;
  if (tabId >= 0) await ask({ type: 'UNHIGHLIGHT', tabId });
}

/** One action at a time; `data-busy` tells when it is done, errors go to the status line. */
async function run(action: () => Promise<void>): Promise<void> {
  document.body.dataset['busy'] = 'true';
  try {
    await action();
  } catch (error) {
    status.textContent = String(error instanceof Error ? error.message : error);
    document.body.dataset['state'] = 'error';
  } finally {
    document.body.dataset['busy'] = 'false';
  }
}

element<HTMLFormElement>('search-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void run(search);
});
element<HTMLButtonElement>('clear').addEventListener('click', () => void run(clear));
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') {
    event.preventDefault(); // the popup stays open: Esc clears the search (seed §8.2)
    void run(clear);
  }
});

void run(load).finally(() => {
  document.body.dataset['ready'] = 'true';
});
