// The page cut (seed 000 §6.2, §6.3a): how much of a page DocMind reads, and what the popup says about it. One
// definition for the content script (which cuts the text it sends), the background (which reports
// charactersAnalyzed and truncated) and the API, whose reference twin is docmind_reference/page.py (decision D14
// in specs/semantics.md). Lengths and offsets are UTF-16 code units.
import { CHAT_CONFIG } from './config';

export interface PageCut {
  /** The page is read from 0 to `end`. */
  end: number;
  pageLength: number;
  charactersAnalyzed: number;
  truncated: boolean;
}

const isHigh = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

/** Where a cut at `limit` code units ends: `limit`, or one unit before when it would split a surrogate pair (D7). */
export function cutEnd(text: string, limit: number): number {
  if (text.length <= limit) return text.length;
  if (limit > 0 && isHigh(text.charCodeAt(limit - 1)) && isLow(text.charCodeAt(limit))) return limit - 1;
  return limit;
}

/** At most MAX_PAGE_CHARS code units of the page, never splitting a surrogate pair. */
export function cutPage(pageText: string): PageCut {
  const end = cutEnd(pageText, CHAT_CONFIG.MAX_PAGE_CHARS);
  return { end, pageLength: pageText.length, charactersAnalyzed: end, truncated: end < pageText.length };
}
