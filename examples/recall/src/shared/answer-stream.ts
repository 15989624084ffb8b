// An answer's pieces as the Prompt API writes them (seed 001: answerQuestionStreaming), on their way to the page
// that asked: from the background page (Firefox) as RAG_PARTIAL; from the offscreen document (Chrome, Edge) as
// PROMPT_PIECE, which the background passes on. Best effort: the RAG_ANSWER that follows holds the whole answer, so
// a piece the page misses loses nothing.
import { sendRuntimeMessage } from './browser';
import type { AnswerStream, OffscreenToBackground } from './protocol';

/** What sends the pieces of the stream `streamId`, numbered from 0: to the page (`RAG_PARTIAL`), or from the
 * offscreen document to the background (`PROMPT_PIECE`). */
export function streamTo(streamId: string, type: 'RAG_PARTIAL' | 'PROMPT_PIECE'): (piece: string) => void {
  let index = 0;
  return (piece) => {
    const message: AnswerStream | OffscreenToBackground = { type, streamId, index, text: piece };
    index += 1;
    sendRuntimeMessage(message).catch(() => undefined); // the page may be gone: its answer is not awaited either
  };
}

/** A piece from the offscreen document, passed on to the page as it is. */
export function passOn(piece: { streamId: string; index: number; text: string }): void {
  const message: AnswerStream = { type: 'RAG_PARTIAL', streamId: piece.streamId, index: piece.index, text: piece.text };
  sendRuntimeMessage(message).catch(() => undefined);
}
