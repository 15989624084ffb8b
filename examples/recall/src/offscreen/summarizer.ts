// The offscreen document (Chrome, Edge): answers the background's Summarizer, Prompt API and embedding requests,
// which a service worker cannot serve itself. Every runtime message reaches this page, so it answers only its own channel's types and leaves the
// rest to the background; its own types are validated before anything is done.
import { streamTo } from '../shared/answer-stream';
import { onMessage, sendRuntimeMessage } from '../shared/browser';
import {
  BACKGROUND_TO_OFFSCREEN_TYPES,
  describeInvalidBackgroundToOffscreen,
  isBackgroundToOffscreen,
  type OffscreenToBackground,
  type OffscreenToBackgroundAnswer,
} from '../shared/protocol';
import { embed } from '../shared/embedder';
import { languageModelStatus, promptOnce } from '../shared/prompt-api';
import { summarize, summarizerStatus } from '../shared/summarizer';

function isOwnType(message: unknown): boolean {
  const type = (message as { type?: unknown } | null)?.type;
  return (BACKGROUND_TO_OFFSCREEN_TYPES as readonly unknown[]).includes(type);
}

async function answer(message: unknown): Promise<OffscreenToBackgroundAnswer> {
  if (!isBackgroundToOffscreen(message)) {
    return { type: 'ERROR', error: `invalid message: ${describeInvalidBackgroundToOffscreen(message)}` };
  }
  if (message.type === 'SUMMARIZER_STATUS') {
    const status = await summarizerStatus();
    return status.error === undefined
      ? { type: 'SUMMARIZER_STATUS_ANSWER', available: status.available }
      : { type: 'SUMMARIZER_STATUS_ANSWER', available: status.available, error: status.error.slice(0, 500) };
  }
  if (message.type === 'SUMMARIZE_REQUEST') {
    try {
      return { type: 'SUMMARIZE_RESPONSE', requestId: message.requestId, summary: await summarize(message.text) };
    } catch (error) {
      return { type: 'ERROR', error: String(error).slice(0, 2000) };
    }
  }
  if (message.type === 'PROMPT_STATUS') {
    const status = await languageModelStatus();
    return status.error === undefined
      ? { type: 'PROMPT_STATUS_ANSWER', available: status.available }
      : { type: 'PROMPT_STATUS_ANSWER', available: status.available, error: status.error.slice(0, 500) };
  }
  if (message.type === 'PROMPT_REQUEST') {
    try {
      const onPiece = message.streamId === undefined ? undefined : streamTo(message.streamId, 'PROMPT_PIECE');
      return { type: 'PROMPT_RESPONSE', requestId: message.requestId, text: await promptOnce(message.prompt, onPiece) };
    } catch (error) {
      return { type: 'ERROR', error: String(error).slice(0, 2000) };
    }
  }
  if (message.type === 'EMBED_REQUEST') {
    try {
      return { type: 'EMBED_RESPONSE', requestId: message.requestId, vectors: await embed(message.model, message.texts) };
    } catch (error) {
      return { type: 'ERROR', error: String(error).slice(0, 2000) };
    }
  }
  return { type: 'ERROR', error: 'unhandled message' };
}

onMessage((message) => (isOwnType(message) ? answer(message) : undefined));

const ready: OffscreenToBackground = { type: 'OFFSCREEN_SUMMARIZER_READY' };
sendRuntimeMessage(ready).catch(() => undefined);
