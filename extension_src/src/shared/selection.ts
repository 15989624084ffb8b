import { CONTEXT_MENU_CONFIG } from './config';
import { trim } from './text';

/**
 * The selection a context-menu click turns into a question (seed 000 §5.4): trimmed; null when shorter than
 * MIN_SELECTION_CHARS; cut to MAX_SELECTION_CHARS with '...' appended when longer — never between the two halves
 * of a surrogate pair (D7: the cut moves one unit back). Lengths are UTF-16 code units.
 */
export function truncateSelection(selection: string): string | null {
  const trimmed = trim(selection);
  if (trimmed.length < CONTEXT_MENU_CONFIG.MIN_SELECTION_CHARS) return null;
  let cut = CONTEXT_MENU_CONFIG.MAX_SELECTION_CHARS;
  if (trimmed.length <= cut) return trimmed;
  const high = trimmed.charCodeAt(cut - 1);
  const low = trimmed.charCodeAt(cut);
  if (high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) cut--;
  return trimmed.slice(0, cut) + '...';
}

/** The question the popup pre-fills (seed 000 §5.4). */
export function selectionQuestion(selection: string): string {
  return `What does this mean: "${selection}"?`;
}
