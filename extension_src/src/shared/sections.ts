// Long pages (decision D16 in specs/semantics.md): which sections of a page DocMind reads for one question. A page
// longer than MAX_PAGE_CHARS is split into heading-aware sections, ranked for the question by BM25 over its terms
// fused with their position by weighted Reciprocal Rank Fusion, and taken in that order while they fit in the
// budget. The reference twin is docmind_reference/sections.py; both compute every number with + − × ÷ in the same
// order (the logarithm too), so they rank alike in every engine. Offsets are UTF-16 code units.
import { CHAT_CONFIG } from './config';
import { normalizeForMatching } from './normalize';
import { cutEnd, cutPage } from './page';
import { isWhitespace, trim } from './text';

export interface SectionSpan {
  start: number;
  end: number;
}

export interface SectionSelection {
  /** The sections read, in page order. */
  sections: SectionSpan[];
  /** How many sections the page was split into. */
  sectionCount: number;
  pageLength: number;
  charactersAnalyzed: number;
  truncated: boolean;
}

const BUDGET = CHAT_CONFIG.MAX_PAGE_CHARS;
const MAX_SECTION = 4_000; // a section is cut before the line that would take it past this (a longer line is cut itself)
const MIN_SECTION = 2_000; // a heading starts a new section only when the current one holds this much
const MAX_HEADING = 80; // a heading: a non-empty line this short that does not end like a sentence
const SENTENCE_END = '.!?,;:';
const MIN_TERM = 3;
const K1 = 1.2;
const B = 0.75;
const RRF_K = 60;
const POSITION_WEIGHT = 0.2; // a prior toward the lead, against BM25's weight of 1
const LN2 = 0.6931471805599453;
const STOP_WORDS = new Set(
  ('about also and are but can could did does for from had has have how into its not page said say says should ' +
    'than that the their them then there these they this those was were what when where which who whom whose why ' +
    'will with would explain mean means tell article text').split(' '),
);
const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

const isSeparator = (unit: number): boolean => isWhitespace(unit) || (unit < 0x80 && PUNCTUATION.includes(String.fromCharCode(unit)));

/** ln(x) for x ≥ 1 with basic operations only (Math.log may differ from C's log in the last bit): see sections.py. */
export function ln(x: number): number {
  let k = 0;
  while (x >= 2) {
    x = x / 2;
    k += 1;
  }
  const s = (x - 1) / (x + 1);
  const s2 = s * s;
  let total = 0;
  let power = s;
  for (let i = 0; i < 24; i++) {
    total = total + power / (2 * i + 1);
    power = power * s2;
  }
  return 2 * total + k * LN2;
}

function isHeading(line: string): boolean {
  const stripped = trim(line);
  return stripped.length > 0 && stripped.length <= MAX_HEADING && !SENTENCE_END.includes(stripped[stripped.length - 1]!);
}

/** After the last whitespace in the second half of MAX_SECTION units from `start`, else at MAX_SECTION (pairs whole). */
function longCut(text: string, start: number): number {
  for (let position = start + MAX_SECTION - 1; position >= start + MAX_SECTION / 2; position--) {
    if (isWhitespace(text.charCodeAt(position))) return position + 1;
  }
  return start + cutEnd(text.slice(start), MAX_SECTION);
}

/** [start, end) of every section: consecutive, covering the whole text. */
export function splitSections(text: string): SectionSpan[] {
  const sections: SectionSpan[] = [];
  let current = 0;
  let lineStart = 0;
  const size = text.length;
  while (lineStart < size) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? size : newline;
    const after = newline < 0 ? size : newline + 1;
    if (
      lineStart > current &&
      ((isHeading(text.slice(lineStart, lineEnd)) && lineStart - current >= MIN_SECTION) || after - current > MAX_SECTION)
    ) {
      sections.push({ start: current, end: lineStart });
      current = lineStart;
    }
    while (after - current > MAX_SECTION) {
      const cut = longCut(text, current);
      sections.push({ start: current, end: cut });
      current = cut;
    }
    lineStart = after;
  }
  if (current < size) sections.push({ start: current, end: size });
  return sections;
}

/** normalizeForMatching (prose), then runs of units neither whitespace nor ASCII punctuation, MIN_TERM or longer. */
export function terms(value: string): string[] {
  const normalized = normalizeForMatching(value, 'prose');
  const found: string[] = [];
  let start = -1;
  for (let index = 0; index <= normalized.length; index++) {
    if (index === normalized.length || isSeparator(normalized.charCodeAt(index))) {
      if (start >= 0 && index - start >= MIN_TERM) found.push(normalized.slice(start, index));
      start = -1;
    } else if (start < 0) {
      start = index;
    }
  }
  return found;
}

export function questionTerms(question: string): string[] {
  return [...new Set(terms(question).filter((t) => !STOP_WORDS.has(t)))];
}

function bm25Scores(sectionTerms: string[][], query: string[]): number[] {
  const count = sectionTerms.length;
  const lengths = sectionTerms.map((t) => t.length);
  const average = count ? lengths.reduce((a, b) => a + b, 0) / count : 0;
  const frequencies = sectionTerms.map((found) => {
    const f = new Map<string, number>(query.map((q) => [q, 0]));
    for (const term of found) {
      const seen = f.get(term);
      if (seen !== undefined) f.set(term, seen + 1);
    }
    return f;
  });
  const scores = new Array<number>(count).fill(0);
  for (const term of query) {
    const df = frequencies.filter((f) => f.get(term)! > 0).length;
    if (df === 0) continue;
    const idf = ln(1 + (count - df + 0.5) / (df + 0.5));
    frequencies.forEach((f, index) => {
      const tf = f.get(term)!;
      if (tf > 0) {
        const norm = 1 - B + (B * lengths[index]!) / average;
        scores[index] = scores[index]! + (idf * (tf * (K1 + 1))) / (tf + K1 * norm);
      }
    });
  }
  return scores;
}

/** The sections read for `question`, in page order; a page within the budget is one section, read whole. */
export function selectSections(pageText: string, question: string): SectionSelection {
  const size = pageText.length;
  if (!cutPage(pageText).truncated) {
    const whole = size ? [{ start: 0, end: size }] : [];
    return { sections: whole, sectionCount: whole.length, pageLength: size, charactersAnalyzed: size, truncated: false };
  }
  const spans = splitSections(pageText);
  const scores = bm25Scores(spans.map((s) => terms(pageText.slice(s.start, s.end))), questionTerms(question));
  const indices = spans.map((_, i) => i);
  const byScore = [...indices].sort((a, b) => scores[b]! - scores[a]! || a - b);
  const fused = new Array<number>(spans.length).fill(0);
  byScore.forEach((index, rank) => {
    fused[index] = 1 / (RRF_K + rank + 1) + POSITION_WEIGHT / (RRF_K + index + 1);
  });
  const chosen: number[] = [];
  let used = 0;
  for (const index of [...indices].sort((a, b) => fused[b]! - fused[a]! || a - b)) {
    const { start, end } = spans[index]!;
    if (used + end - start <= BUDGET) {
      chosen.push(index);
      used += end - start;
    }
  }
  const sections = chosen.sort((a, b) => a - b).map((i) => ({ ...spans[i]! }));
  return { sections, sectionCount: spans.length, pageLength: size, charactersAnalyzed: used, truncated: used < size };
}
