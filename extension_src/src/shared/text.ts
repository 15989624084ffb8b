// The text model of specs/semantics.md §1: strings are UTF-16 code units (JavaScript's own), and one whitespace
// set — ECMAScript's WhiteSpace ∪ LineTerminator, written out so that it cannot follow an engine's Unicode
// version — serves every split, collapse and trim. Not whitespace: U+001C–001F, U+0085, U+180E, U+200B.
import { MATCHING_CONFIG } from './config';

/** One or more units of the whitespace set (no `u` flag: the class is over code units). */
export const WHITESPACE_RUN = /[\t-\r \xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+/;
const WHITESPACE_RUNS = new RegExp(WHITESPACE_RUN.source, 'g');
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Is this code unit in the whitespace set? */
export function isWhitespace(unit: number): boolean {
  return unit < 0xa0
    ? unit === 0x20 || (unit >= 9 && unit <= 13)
    : unit === 0xa0 ||
        unit === 0x1680 ||
        (unit >= 0x2000 && unit <= 0x200a) ||
        unit === 0x2028 ||
        unit === 0x2029 ||
        unit === 0x202f ||
        unit === 0x205f ||
        unit === 0x3000 ||
        unit === 0xfeff;
}

/** `trim()` with the set above (a loop: linear however long the runs). */
export function trim(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isWhitespace(value.charCodeAt(start))) start++;
  while (end > start && isWhitespace(value.charCodeAt(end - 1))) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/** Every whitespace run → one space. */
export function collapseWhitespace(value: string): string {
  return value.replace(WHITESPACE_RUNS, ' ');
}

/** `value.split(/\s+/)` with the set above, keeping tokens longer than 2 code units (duplicates kept, in order). */
export function tokens(value: string): string[] {
  return value.split(WHITESPACE_RUN).filter((token) => token.length >= MATCHING_CONFIG.MIN_TOKEN_LENGTH);
}

/** `String.prototype.toWellFormed()`: every lone surrogate → U+FFFD (decision D2). */
export function wellFormed(value: string): string {
  return value.replace(LONE_SURROGATE, '\ufffd');
}
