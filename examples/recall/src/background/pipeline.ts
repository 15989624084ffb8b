// IndexingPipeline (seed: "IndexingPipeline"): a queued page through its stages. Extraction through the content
// script (injected first if the tab has none), URL checks before and after, passage embeddings and the page's own
// (title and top five passages) when the embedding model can be loaded (else none, and searches say so), a display
// summary from the Summarizer or the best passages, storage.
import { injectContentScript, isReceivingEndMissing, sendToTab, tabUrl } from '../shared/browser';
import { normalizeUrl, SEARCH_CONFIG } from '../shared/config';
import {
  describeInvalidContentToBackgroundAnswer,
  isContentToBackgroundAnswer,
  type PageContent,
  type Passage,
} from '../shared/protocol';
import { tryEmbed } from './embeddings';
import { summarizeText } from './offscreen-manager';
import type { QueueItem } from './queue';
import { getPageByUrl, putPage, type PageRecord } from './store';

/** A page that cannot be indexed as queued: not retried. */
export class PipelineAbort extends Error {}

async function extract(tabId: number): Promise<PageContent> {
  let answer: unknown;
  try {
    answer = await sendToTab(tabId, { type: 'EXTRACT_CONTENT' });
  } catch (error) {
    if (!isReceivingEndMissing(error)) throw error;
    await injectContentScript(tabId);
    try {
      answer = await sendToTab(tabId, { type: 'EXTRACT_CONTENT' });
    } catch (retryError) {
      throw new Error(`Recall cannot read this page, even with its content script injected: ${String(retryError)}`);
    }
  }
  if (!isContentToBackgroundAnswer(answer)) {
    throw new Error(`invalid answer from the content script: ${describeInvalidContentToBackgroundAnswer(answer)}`);
  }
  if (answer.type === 'ERROR') throw new Error(answer.error);
  return answer;
}

async function checkTab(item: QueueItem): Promise<void> {
  const url = await tabUrl(item.tabId);
  if (url === undefined) throw new PipelineAbort('the tab was closed');
  if (normalizeUrl(url) !== item.url) throw new PipelineAbort('the tab shows another page now');
}

/** The seed's fallback summary: the best passages, cut at 300 characters. */
function summaryFromPassages(passages: Passage[], content: string): string {
  const text = passages.length > 0 ? passages.slice(0, 2).map((p) => p.text).join(' ') : content;
  return text.length > 300 ? `${text.slice(0, 297).trimEnd()}...` : text;
}

export async function processPage(item: QueueItem, now: () => number): Promise<PageRecord> {
  await checkTab(item);
  const page = await extract(item.tabId);
  if (normalizeUrl(page.url) !== item.url) throw new PipelineAbort('the page changed while it was read');
  if (page.content.length < SEARCH_CONFIG.MIN_CONTENT_LENGTH) throw new PipelineAbort('too little text to index');

  let summary: string;
  let summarySource: PageRecord['summarySource'] = 'summarizer';
  try {
    summary = await summarizeText(page.content);
  } catch {
    summary = summaryFromPassages(page.passages, page.content);
    summarySource = 'passages';
  }

  const topPassages = [...page.passages].sort((a, b) => b.qualityScore - a.qualityScore).slice(0, 5);
  const pageText = [page.title || item.title, ...topPassages.map((passage) => passage.text)].join('\n');
  const embedded = await tryEmbed([...page.passages.map((passage) => passage.text), pageText]);
  const pageEmbedding = embedded?.pop();

  await checkTab(item);
  const existing = await getPageByUrl(item.url);
  const record: PageRecord = {
    id: existing?.id ?? crypto.randomUUID(),
    url: item.url,
    title: page.title || item.title,
    content: page.content,
    summary,
    summarySource,
    embedding: pageEmbedding === undefined ? null : pageEmbedding.buffer as ArrayBuffer,
    passages: page.passages,
    passageEmbeddings: embedded === null ? null : embedded.map((vector) => vector.buffer as ArrayBuffer),
    timestamp: existing?.timestamp ?? now(),
    dwellTime: Math.max(existing?.dwellTime ?? 0, item.dwellTime),
    lastAccessed: now(),
    visitCount: (existing?.visitCount ?? 0) + 1,
  };
  await putPage(record);
  return record;
}
