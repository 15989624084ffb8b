// OffscreenManager (seed: "OffscreenManager"): the Summarizer, where each browser can reach it. Chrome and Edge: the
// offscreen document (created lazily, one request at a time per id, 30 s timeout), since a service worker cannot
// reach Chrome's on-device AI. Firefox has no offscreen documents: its background is a page, so it runs the same
// code itself (import.meta.env.FIREFOX is a build-time constant; each bundle holds one path).
import { ensureOffscreenDocument, sendRuntimeMessage } from '../shared/browser';
import {
  describeInvalidOffscreenToBackgroundAnswer,
  isOffscreenToBackgroundAnswer,
  type BackgroundToOffscreen,
} from '../shared/protocol';
import { summarize, summarizerStatus } from '../shared/summarizer';

const OFFSCREEN_PAGE = 'offscreen/summarizer.html';
const TIMEOUT_MS = 30_000;

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

async function askOffscreen(message: BackgroundToOffscreen): Promise<unknown> {
  await ensureOffscreenDocument(OFFSCREEN_PAGE, "Access Chrome's on-device Summarizer API");
  const answer = await withTimeout(sendRuntimeMessage(message), TIMEOUT_MS);
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
