// OffscreenManager (seed: "OffscreenManager"): the Summarizer and the embedding model, where each browser can reach
// them. Chrome and Edge: the offscreen document (created lazily, one request at a time per id), since a service
// worker can reach neither Chrome's on-device AI nor the WebAssembly runtime's module. Firefox has no offscreen
// documents: its background is a page, so it runs the same code itself (import.meta.env.FIREFOX is a build-time
// constant; each bundle holds one path).
import { streamTo } from '../shared/answer-stream';
import { ensureOffscreenDocument, sendRuntimeMessage } from '../shared/browser';
import {
  describeInvalidOffscreenToBackgroundAnswer,
  isOffscreenToBackgroundAnswer,
  type BackgroundToOffscreen,
  type EmbeddingModel,
  type PromptRequest,
} from '../shared/protocol';
import { languageModelStatus, promptOnce } from '../shared/prompt-api';
import { summarize, summarizerStatus } from '../shared/summarizer';

const OFFSCREEN_PAGE = 'offscreen/summarizer.html';
const TIMEOUT_MS = 30_000;
/** The first embedding request loads the model: a real install downloads all-MiniLM-L6-v2 (23 MB) first. */
const EMBED_TIMEOUT_MS = 180_000;
/** texts per embedding request (the protocol's limit) */
export const EMBED_BATCH = 64;

let nextRequest = 0;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from the offscreen document in ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

async function askOffscreen(message: BackgroundToOffscreen, timeout = TIMEOUT_MS): Promise<unknown> {
  await ensureOffscreenDocument(
    OFFSCREEN_PAGE,
    "Access Chrome's on-device Summarizer API and run the embedding model's WebAssembly runtime",
  );
  const answer = await withTimeout(sendRuntimeMessage(message), timeout);
  if (!isOffscreenToBackgroundAnswer(answer)) {
    throw new Error(`invalid answer from the offscreen document: ${describeInvalidOffscreenToBackgroundAnswer(answer)}`);
  }
  if (answer.type === 'ERROR') throw new Error(answer.error);
  return answer;
}

/** Summarize a page's text; throws when the Summarizer is unavailable (the pipeline then uses the best passages). */
export async function summarizeText(text: string): Promise<string> {
  if (import.meta.env.FIREFOX) return summarize(text);
  nextRequest += 1;
  const requestId = `summary-${nextRequest}`;
  const answer = await askOffscreen({ type: 'SUMMARIZE_REQUEST', requestId, text: text.slice(0, 50_000) });
  const response = answer as { type: string; requestId?: string; summary?: string };
  if (response.type !== 'SUMMARIZE_RESPONSE' || response.requestId !== requestId || response.summary === undefined) {
    throw new Error('the offscreen document answered another request');
  }
  return response.summary;
}

/** Whether the Summarizer is available, asked where it runs (the offscreen document, or Firefox's background). */
export async function summarizerAvailability(): Promise<{ available: boolean; error?: string }> {
  if (import.meta.env.FIREFOX) return summarizerStatus();
  const answer = (await askOffscreen({ type: 'SUMMARIZER_STATUS' })) as { available?: boolean; error?: string };
  return answer.error === undefined ? { available: answer.available === true }
    : { available: answer.available === true, error: answer.error };
}

/** One unit-length embedding per text, computed where the WebAssembly runtime can run; throws when the model cannot
 * be loaded or run. */
export async function embedTexts(model: EmbeddingModel, texts: string[]): Promise<number[][]> {
  const vectors: number[][] = [];
  for (let start = 0; start < texts.length; start += EMBED_BATCH) {
    const batch = texts.slice(start, start + EMBED_BATCH).map((text) => text.slice(0, 20_000));
    if (import.meta.env.FIREFOX) {
      // imported here: the Chrome build's service worker must not carry (or run) Transformers.js
      const { embed } = await import('../shared/embedder');
      vectors.push(...(await embed(model, batch)));
      continue;
    }
    nextRequest += 1;
    const requestId = `embed-${nextRequest}`;
    const answer = await askOffscreen({ type: 'EMBED_REQUEST', requestId, model, texts: batch }, EMBED_TIMEOUT_MS);
    const response = answer as { type: string; requestId?: string; vectors?: number[][] };
    if (response.type !== 'EMBED_RESPONSE' || response.requestId !== requestId || response.vectors === undefined) {
      throw new Error('the offscreen document answered another request');
    }
    if (response.vectors.length !== batch.length) throw new Error('the offscreen document lost embeddings');
    vectors.push(...response.vectors);
  }
  return vectors;
}

/** Whether Chrome's Prompt API can answer, asked where it would run (the offscreen document, or Firefox's
 * background page), and why not. */
export async function promptApiStatus(): Promise<{ available: boolean; error?: string }> {
  if (import.meta.env.FIREFOX) return languageModelStatus();
  const answer = (await askOffscreen({ type: 'PROMPT_STATUS' })) as { available?: boolean; error?: string };
  return answer.error === undefined ? { available: answer.available === true }
    : { available: answer.available === true, error: answer.error };
}

/** One prompt to the Prompt API; throws when it fails. With `streamId`, the answer's pieces go to the page that
 * asked as they are written (RAG_PARTIAL), from where the model runs. */
export async function promptText(prompt: string, streamId?: string): Promise<string> {
  if (import.meta.env.FIREFOX) return promptOnce(prompt, streamId === undefined ? undefined : streamTo(streamId, 'RAG_PARTIAL'));
  nextRequest += 1;
  const requestId = `prompt-${nextRequest}`;
  const request: PromptRequest = { type: 'PROMPT_REQUEST', requestId, prompt: prompt.slice(0, 60_000) };
  if (streamId !== undefined) request.streamId = streamId;
  const answer = await askOffscreen(request, EMBED_TIMEOUT_MS);
  const response = answer as { type: string; requestId?: string; text?: string };
  if (response.type !== 'PROMPT_RESPONSE' || response.requestId !== requestId || response.text === undefined) {
    throw new Error('the offscreen document answered another request');
  }
  return response.text;
}
