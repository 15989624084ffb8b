// Citation matching and validation (seed 000 §6.4, §6.8, §7), as specs/semantics.md §2 defines them.
import { CITATION_LIMITS, HIGHLIGHT_CONFIG, MATCHING_CONFIG } from './config';
import { normalizeForMatching, type SegmentType } from './normalize';
import type { Citation } from './parsing';
import { preciseMatch } from './similarity';
import { tokens } from './text';

/** A run of page text the highlighter can wrap (seed 000 §6.4). */
export interface TextSegment {
  text: string;
  normalizedText: string;
  type: SegmentType;
  nodePath: number[]; // path from body via childNodes indices
  textOffset: number; // starting offset within that text node
}

/** What matching reads of a segment. */
export type MatchableSegment = Pick<TextSegment, 'normalizedText' | 'type'>;

export type HighlightSkipReason =
  | 'quote-spans-multiple-sections'
  | 'page-structure-unsupported'
  | 'confidence-below-threshold'
  | 'match-timeout';

export type MatchStatus = 'matched' | 'low-confidence' | 'not-found' | 'skipped';

/** One citation's outcome. `segmentIndex` indexes the segments given to matchCitations (the seed's `segment`). */
export interface MatchResult {
  citationId: string;
  status: MatchStatus;
  confidence: number;
  segmentIndex: number | null;
  skipReason?: HighlightSkipReason;
}

/** True when the quote is found only across segment i and the next one: within neither of them (D12). */
export function couldSpanSegments(quote: string, segmentIndex: number, segments: readonly string[]): boolean {
  if (segmentIndex < 0 || segmentIndex >= segments.length - 1) return false;
  const current = segments[segmentIndex]!;
  const following = segments[segmentIndex + 1]!;
  return !current.includes(quote) && !following.includes(quote) && (current + ' ' + following).includes(quote);
}

// -- the page's segments, prepared once ---------------------------------------------------------------------

interface Prepared {
  texts: string[];
  types: string[];
  prose: number[];
  /** For the token-overlap phase, built on first use: token → the prose segments holding it (each once). */
  postings?: Map<string, number[]>;
  /** Each segment's number of distinct tokens. */
  sizes?: Int32Array;
  counts?: Int32Array;
}

const prepared = new WeakMap<readonly MatchableSegment[], Prepared>();

function prepare(segments: readonly MatchableSegment[]): Prepared {
  const known = prepared.get(segments);
  // Reused only while every segment still has the same text and type (an identity check when unchanged).
  if (
    known &&
    known.texts.length === segments.length &&
    segments.every((s, i) => s.normalizedText === known.texts[i] && s.type === known.types[i])
  ) {
    return known;
  }
  const fresh: Prepared = { texts: [], types: [], prose: [] };
  segments.forEach((segment, i) => {
    fresh.texts.push(segment.normalizedText);
    fresh.types.push(segment.type);
    if (segment.type === 'prose') fresh.prose.push(i);
  });
  prepared.set(segments, fresh);
  return fresh;
}

function overlapIndex(page: Prepared): Required<Prepared> {
  if (!page.postings) {
    const postings = new Map<string, number[]>();
    const sizes = new Int32Array(page.texts.length);
    for (const i of page.prose) {
      const distinct = new Set(tokens(page.texts[i]!));
      sizes[i] = distinct.size;
      for (const token of distinct) {
        const list = postings.get(token);
        if (list) list.push(i);
        else postings.set(token, [i]);
      }
    }
    page.postings = postings;
    page.sizes = sizes;
    page.counts = new Int32Array(page.texts.length);
  }
  return page as Required<Prepared>;
}

/**
 * Prepare matching for these segments ahead of time (the token index of the overlap phase). Optional: the first
 * matchCitations call on them does it otherwise. Kept while the array and its segments' texts are unchanged.
 */
export function prepareSegments(segments: readonly MatchableSegment[]): void {
  overlapIndex(prepare(segments));
}

/** Phase 1: the prose segments worth a precise match, best first (indices into the segments). */
function candidates(quote: string, page: Prepared): number[] {
  const quoteTokens = tokens(quote);
  const M = MATCHING_CONFIG;
  if (quoteTokens.length < M.MIN_TOKENS_FOR_OVERLAP) {
    const significant = quoteTokens.filter((t) => t.length >= M.SIGNIFICANT_WORD_LENGTH);
    const found: number[] = [];
    for (const i of page.prose) {
      const text = page.texts[i]!;
      let keep = text.includes(quote);
      if (!keep && significant.length >= 2) {
        let hits = 0;
        for (const word of significant) if (text.includes(word) && ++hits === 2) break;
        keep = hits >= 2;
      } else if (!keep) {
        keep = significant.some((word) => text.includes(word));
      }
      if (keep && found.push(i) === M.MAX_SHORT_QUOTE_CANDIDATES) break;
    }
    return found;
  }
  // Token overlap with every prose segment, through the index: |Q ∩ S| counted from the quote's tokens.
  const { postings, sizes, counts, prose } = overlapIndex(page);
  const distinct = new Set(quoteTokens);
  for (const token of distinct) for (const i of postings.get(token) ?? []) counts[i]!++;
  const scored: { index: number; score: number }[] = [];
  for (const i of prose) {
    const shared = counts[i]!;
    if (shared === 0) continue;
    counts[i] = 0;
    const score = (2 * shared) / (distinct.size + sizes[i]!);
    if (score > M.MIN_OVERLAP_SCORE) scored.push({ index: i, score });
  }
  return scored
    .sort((a, b) => b.score - a.score) // stable: ties stay in page order
    .slice(0, M.MAX_OVERLAP_CANDIDATES)
    .map((c) => c.index);
}

/**
 * Two-phase matching (§6.8): one result per citation — matched (≥ 0.85), low-confidence, not-found, or skipped
 * (the quote crosses into the next segment, or the time budget ran out before it). `now` is read once before the
 * first citation and once before each (D8): the real clock in the extension, a scripted one under test.
 * Callers find a result's segment as `segments[result.segmentIndex]`.
 */
export function matchCitations(
  citations: readonly Pick<Citation, 'id' | 'text'>[],
  segments: readonly MatchableSegment[],
  now: () => number = () => performance.now(),
): MatchResult[] {
  const page = prepare(segments);
  const results: MatchResult[] = [];
  const start = now();
  for (let position = 0; position < citations.length; position++) {
    const citation = citations[position]!;
    if (now() - start > HIGHLIGHT_CONFIG.MAX_MATCH_TIME_MS) {
      for (const c of citations.slice(position)) {
        const skipReason = 'match-timeout';
        results.push({ citationId: c.id, status: 'skipped', confidence: 0, segmentIndex: null, skipReason });
      }
      break;
    }
    const quote = normalizeForMatching(citation.text, 'prose');
    let result: MatchResult | undefined;
    // D5: an empty quote matches nothing (the seed finds it everywhere, at confidence 1).
    for (const index of quote ? candidates(quote, page) : []) {
      if (couldSpanSegments(quote, index, page.texts)) {
        const skipReason = 'quote-spans-multiple-sections';
        result = { citationId: citation.id, status: 'skipped', confidence: 0, segmentIndex: null, skipReason };
        break;
      }
      const similarity = preciseMatch(quote, page.texts[index]!);
      if (similarity > (result?.confidence ?? 0)) {
        result =
          similarity >= HIGHLIGHT_CONFIG.MIN_CONFIDENCE_THRESHOLD
            ? { citationId: citation.id, status: 'matched', confidence: similarity, segmentIndex: index }
            : {
                citationId: citation.id,
                status: 'low-confidence',
                confidence: similarity,
                segmentIndex: index,
                skipReason: 'confidence-below-threshold',
              };
        if (similarity >= MATCHING_CONFIG.EARLY_EXIT_SIMILARITY) break;
      }
    }
    results.push(result ?? { citationId: citation.id, status: 'not-found', confidence: 0, segmentIndex: null });
  }
  return results;
}

/** §7: the quote, normalized, is non-empty (D5) and in the page's normalized text; its raw text is 20–300 units. */
export function validateCitation(citation: Pick<Citation, 'text'>, normalizedFullText: string): boolean {
  const quote = normalizeForMatching(citation.text, 'prose');
  const length = citation.text.length;
  return (
    quote !== '' &&
    normalizedFullText.includes(quote) &&
    length >= CITATION_LIMITS.MIN_TEXT_LENGTH &&
    length <= CITATION_LIMITS.MAX_TEXT_LENGTH
  );
}
