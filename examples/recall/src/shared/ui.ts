// What the popup and the search page share: asking the background, with its answer validated (an answer is a
// message received too).
import { sendRuntimeMessage } from './browser';
import { describeInvalidBackgroundToUi, isBackgroundToUi, type BackgroundToUi, type UiToBackground } from './protocol';

export async function ask(message: UiToBackground): Promise<BackgroundToUi> {
  const answer = await sendRuntimeMessage(message);
  if (!isBackgroundToUi(answer)) throw new Error(`invalid answer: ${describeInvalidBackgroundToUi(answer)}`);
  if (answer.type === 'ERROR') throw new Error(answer.error);
  return answer;
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
