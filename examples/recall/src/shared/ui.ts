// What the popup and the search page share: asking the background, with its answer validated (an answer is a
// message received too).
import { onMessage, sendRuntimeMessage } from './browser';
import {
  describeInvalidBackgroundToUi,
  isAnswerStream,
  isBackgroundToUi,
  type AnswerStream,
  type BackgroundToUi,
  type UiToBackground,
} from './protocol';

export async function ask(message: UiToBackground): Promise<BackgroundToUi> {
  const answer = await sendRuntimeMessage(message);
  if (!isBackgroundToUi(answer)) throw new Error(`invalid answer: ${describeInvalidBackgroundToUi(answer)}`);
  if (answer.type === 'ERROR') throw new Error(answer.error);
  return answer;
}

/** Receive the pieces of answers being written (RAG_PARTIAL, validated; anything else is another listener's). */
export function onAnswerPiece(handler: (piece: AnswerStream) => void): void {
  onMessage((message) => {
    if ((message as { type?: unknown } | null)?.type !== 'RAG_PARTIAL') return undefined;
    if (isAnswerStream(message)) handler(message);
    else console.warn('recall: an invalid RAG_PARTIAL ignored');
    return undefined; // nothing answers a piece
  });
}

/** A text element. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, text: string, className?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  made.textContent = text;
  if (className !== undefined) made.className = className;
  return made;
}

export function byId<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`#${id} is missing from the page`);
  return found as T;
}
