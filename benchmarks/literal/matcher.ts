// A literal port of seed 000's citation matcher — §6.5 normalizeForMatching, §6.8 matchCitations,
// couldSpanSegments, tokenOverlap and preciseMatch, Appendix B levenshteinDistance — kept only as the baseline of
// benchmarks/match_speed.py. It is NOT DocMind's runtime (extension_src/src/shared/ is) and is never shipped.
//
// The seed's code is copied as written, with only what it takes to run on its own:
//   - the types it refers to (Citation, TextSegment, PageIndex: only the fields matching reads);
//   - HIGHLIGHT_CONFIG (§8.4);
//   - `performance.now()` goes through `now()`, which `setClock` can replace: the benchmark gives both matchers a
//     clock that never expires, so that both do all the work (the seed's 500 ms budget would otherwise cut this
//     baseline short). Nothing else differs from the seed's text.

export const HIGHLIGHT_CONFIG = {
  MIN_CONFIDENCE_THRESHOLD: 0.85,
  MAX_MATCH_TIME_MS: 500,
  MAX_DOM_NODES: 10_000,
  MAX_FALLBACK_CHECKS: 500,
  MAX_NODE_TEXT_LEN: 20_000,
} as const;

Object.freeze(HIGHLIGHT_CONFIG);

export interface Citation {
  id: string;
  text: string;
  relevance?: string;
}

export interface TextSegment {
  text: string;
  normalizedText: string;
  type: 'prose' | 'code' | 'heading';
  nodePath: number[];
  textOffset: number;
}

export interface PageIndex {
  segments: TextSegment[];
}

let clock: () => number = () => performance.now();

/** The benchmark's one hook: the clock `matchCitations` reads instead of `performance.now()`. */
export function setClock(next: () => number): void {
  clock = next;
}

const now = (): number => clock();

// -- §6.5 ---------------------------------------------------------------------------------------------------

export function normalizeForMatching(text: string, type: 'prose' | 'code' | 'heading'): string {
  let normalized = text
    .normalize('NFKD')
    // Remove combining diacritical marks
    .replace(/[\u0300-\u036f]/g, '')
    // Normalize whitespace characters
    .replace(/[\u00A0\u2000-\u200B\u202F\u205F\u3000]/g, ' ')
    // Normalize quotes
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    // Normalize dashes
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    // Normalize ellipsis
    .replace(/\u2026/g, '...');

  if (type === 'code') {
    // Preserve meaningful whitespace in code
    normalized = normalized.replace(/ +/g, ' ');
  } else {
    // Aggressive whitespace collapse for prose
    normalized = normalized.replace(/\s+/g, ' ');
  }

  return normalized.trim().toLowerCase();
}

// -- §6.8 ---------------------------------------------------------------------------------------------------

const MIN_TOKENS_FOR_OVERLAP = 6;
const CONFIDENCE_THRESHOLD = HIGHLIGHT_CONFIG.MIN_CONFIDENCE_THRESHOLD;

export interface MatchResult {
  citationId: string;
  status: 'matched' | 'low-confidence' | 'not-found' | 'skipped';
  confidence: number;
  segment: TextSegment | null;
  skipReason?: HighlightSkipReason;
}

type HighlightSkipReason =
  | 'quote-spans-multiple-sections'
  | 'page-structure-unsupported'
  | 'confidence-below-threshold'
  | 'match-timeout';

export function matchCitations(
  citations: Citation[],
  index: PageIndex
): MatchResult[] {
  const results: MatchResult[] = [];
  const start = now();

  for (let i = 0; i < citations.length; i++) {
    const citation = citations[i];

    // Timeout guard: bail out and mark all remaining citations as timeout
    if (now() - start > HIGHLIGHT_CONFIG.MAX_MATCH_TIME_MS) {
      for (let j = i; j < citations.length; j++) {
        results.push({
          citationId: citations[j].id,
          status: 'skipped',
          confidence: 0,
          segment: null,
          skipReason: 'match-timeout',
        });
      }
      break;
    }

    const normalizedQuote = normalizeForMatching(citation.text, 'prose');
    const quoteTokens = normalizedQuote.split(/\s+/).filter(t => t.length > 2);

    let candidates: { segment: TextSegment; score: number }[];

    if (quoteTokens.length < MIN_TOKENS_FOR_OVERLAP) {
      // Short quote: skip token overlap, use substring matching
      const significantWords = quoteTokens.filter(t => t.length > 4);

      candidates = index.segments
        .filter(s => s.type === 'prose')
        .filter(s => {
          if (s.normalizedText.includes(normalizedQuote)) return true;
          if (significantWords.length >= 2) {
            const matches = significantWords.filter(w => s.normalizedText.includes(w));
            return matches.length >= 2;
          }
          return significantWords.some(w => s.normalizedText.includes(w));
        })
        .slice(0, 10)
        .map(s => ({ segment: s, score: 0.5 }));
    } else {
      // Normal quote: use token overlap to filter
      candidates = index.segments
        .filter(s => s.type === 'prose')
        .map(s => ({ segment: s, score: tokenOverlap(normalizedQuote, s.normalizedText) }))
        .filter(c => c.score > 0.3)
        .sort((a, b) => b.score - a.score)
        .slice(0, 5);
    }

    // Phase 2: Precise match on candidates
    let bestMatch: MatchResult | null = null;
    let skipResult: MatchResult | null = null;

    for (const { segment } of candidates) {
      // Check for cross-segment quote (Phase 3a constraint)
      // Note: Only checks current + next segment (see Section 6.1a limitations)
      if (couldSpanSegments(normalizedQuote, segment, index)) {
        skipResult = {
          citationId: citation.id,
          status: 'skipped',
          confidence: 0,
          segment: null,
          skipReason: 'quote-spans-multiple-sections',
        };
        break;
      }

      const similarity = preciseMatch(normalizedQuote, segment.normalizedText);

      if (similarity > (bestMatch?.confidence || 0)) {
        bestMatch = {
          citationId: citation.id,
          status: similarity >= CONFIDENCE_THRESHOLD ? 'matched' : 'low-confidence',
          confidence: similarity,
          segment,
          skipReason: similarity < CONFIDENCE_THRESHOLD ? 'confidence-below-threshold' : undefined,
        };

        if (similarity >= 0.95) break;
      }
    }

    // Single push per citation (fixes double-push bug)
    results.push(
      skipResult ||
      bestMatch ||
      { citationId: citation.id, status: 'not-found', confidence: 0, segment: null }
    );
  }

  return results;
}

function couldSpanSegments(
  quote: string,
  currentSegment: TextSegment,
  index: PageIndex
): boolean {
  // Note: Only checks current + next segment (Phase 3a limitation)
  const segmentIndex = index.segments.indexOf(currentSegment);
  if (segmentIndex === -1 || segmentIndex >= index.segments.length - 1) {
    return false;
  }

  const nextSegment = index.segments[segmentIndex + 1];
  const combined = currentSegment.normalizedText + ' ' + nextSegment.normalizedText;

  return combined.includes(quote) && !currentSegment.normalizedText.includes(quote);
}

function tokenOverlap(a: string, b: string): number {
  const tokensA = new Set(a.split(/\s+/).filter(t => t.length > 2));
  const tokensB = new Set(b.split(/\s+/).filter(t => t.length > 2));

  if (tokensA.size === 0 || tokensB.size === 0) return 0;

  let intersection = 0;
  for (const token of tokensA) {
    if (tokensB.has(token)) intersection++;
  }

  return (2 * intersection) / (tokensA.size + tokensB.size);
}

function preciseMatch(needle: string, haystack: string): number {
  if (haystack.includes(needle)) return 1.0;

  const MAX_HAYSTACK = 2000;
  const truncatedHaystack = haystack.slice(0, MAX_HAYSTACK);
  const windowSize = Math.min(needle.length, truncatedHaystack.length);

  let maxSimilarity = 0;
  const words = truncatedHaystack.split(/\s+/);
  let position = 0;

  for (const word of words) {
    if (position + windowSize > truncatedHaystack.length) break;

    const window = truncatedHaystack.slice(position, position + windowSize);
    const distance = levenshteinDistance(needle, window);
    const similarity = 1 - (distance / Math.max(needle.length, window.length));

    maxSimilarity = Math.max(maxSimilarity, similarity);
    if (maxSimilarity >= 0.95) break;

    position += word.length + 1;
  }

  return maxSimilarity;
}

// -- Appendix B ---------------------------------------------------------------------------------------------

function levenshteinDistance(a: string, b: string): number {
  const matrix: number[][] = [];

  for (let i = 0; i <= b.length; i++) {
    matrix[i] = [i];
  }

  for (let j = 0; j <= a.length; j++) {
    matrix[0][j] = j;
  }

  for (let i = 1; i <= b.length; i++) {
    for (let j = 1; j <= a.length; j++) {
      if (b.charAt(i - 1) === a.charAt(j - 1)) {
        matrix[i][j] = matrix[i - 1][j - 1];
      } else {
        matrix[i][j] = Math.min(
          matrix[i - 1][j - 1] + 1,  // substitution
          matrix[i][j - 1] + 1,      // insertion
          matrix[i - 1][j] + 1       // deletion
        );
      }
    }
  }

  return matrix[b.length][a.length];
}
