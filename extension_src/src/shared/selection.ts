import { CONTEXT_MENU_CONFIG } from './messages';

/**
 * The selection a context-menu click turns into a question (seed 000 §5.4): trimmed; null when shorter than
 * MIN_SELECTION_CHARS; cut to MAX_SELECTION_CHARS with '...' appended when longer. Lengths are UTF-16 code units.
 */
export function truncateSelection(selection: string): string | null {
  const trimmed = selection.trim();
  if (trimmed.length < CONTEXT_MENU_CONFIG.MIN_SELECTION_CHARS) return null;
  return trimmed.length > CONTEXT_MENU_CONFIG.MAX_SELECTION_CHARS
    ? trimmed.slice(0, CONTEXT_MENU_CONFIG.MAX_SELECTION_CHARS) + '...'
    : trimmed;
}

/** The question the popup pre-fills (seed 000 §5.4). */
export function selectionQuestion(selection: string): string {
  return `What does this mean: "${selection}"?`;
}
