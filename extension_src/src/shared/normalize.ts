// normalizeForMatching (seed 000 §6.5), as specs/semantics.md §2 defines it in every engine.
import { collapseWhitespace, trim, wellFormed } from './text';

export type SegmentType = 'prose' | 'code' | 'heading';

/**
 * Text as the matcher compares it: lone surrogates → U+FFFD (D2), NFKD, combining diacritical marks of every
 * "Combining Diacritical Marks" block removed (D4), one kind of space, quote and dash, whitespace runs collapsed
 * (prose, headings) or only runs of spaces (code), trimmed, lowercased.
 */
export function normalizeForMatching(text: string, type: SegmentType): string {
  const normalized = wellFormed(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g, '')
    .replace(/[\xa0\u2000-\u200b\u202f\u205f\u3000]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...');
  return trim(type === 'code' ? normalized.replace(/ +/g, ' ') : collapseWhitespace(normalized)).toLowerCase();
}
