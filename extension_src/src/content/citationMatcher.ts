// Validation (seed 000 §7) and matching (§6.8) of each citation against the page index, one citation per slice,
// with the shared, golden-tested validateCitation and matchCitations; then where exactly to highlight.
//
// Validation proves the quote's normalized text occurs exactly in normalizedFullText, which is built from the
// same segments the matcher reads. So a match below 1 (fuzzy) or none means the exact text is somewhere the
// matcher's candidate filter did not look, or across segments — never in the fuzzy window itself. Marking that
// window would mark the wrong place. Instead, such a citation is placed by its exact occurrence: inside one prose
// segment (highlighted, confidence 1), inside a code segment with code normalization (Phase 3b, exact only), or
// across segments (skipped, 'quote-spans-multiple-sections': 3b's robust multi-segment detection). Otherwise the
// matcher's own verdict stands; a quote found only in headings is never highlighted (§7).
import { HIGHLIGHT_CONFIG } from '../shared/config';
import { matchCitations, prepareSegments, validateCitation } from '../shared/matching';
import { normalizeForMatching } from '../shared/normalize';
import type { Citation, HighlightResult } from '../shared/protocol';
import type { PageIndex } from './pageIndexer';
import type { Slicer } from './scheduler';

/** Where to highlight: [start, end) in segments[segment].normalizedText. */
export interface Target {
  segment: number;
  start: number;
  end: number;
}

export interface Resolution {
  result: HighlightResult;
  target?: Target;
}

/** Occurrences of the quote looked at, at most, in normalizedFullText. */
const MAX_OCCURRENCES = 200;

const skipped = (citationId: string, skipReason: HighlightResult['skipReason'] & string): HighlightResult => ({
  citationId,
  status: 'skipped',
  confidence: 0,
  skipReason,
  marks: 0,
});

/** The segment whose fold holds normalizedFullText[at]. */
function segmentAt(index: PageIndex, at: number): number {
  let low = 0;
  let high = index.offsets.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (index.offsets[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The exact placement of a validated quote the matcher did not place exactly (see the top of this file). */
function place(index: PageIndex, citation: Citation, quote: string): { target?: Target; spans?: boolean } {
  const text = index.normalizedFullText;
  let spans = false;
  for (let at = text.indexOf(quote), seen = 0; at >= 0 && seen < MAX_OCCURRENCES; at = text.indexOf(quote, at + 1), seen++) {
    const i = segmentAt(index, at);
    const segment = index.segments[i]!;
    const start = at - index.offsets[i]!;
    if (start + quote.length > segment.fold.length) spans = true;
    else if (segment.type === 'prose') return { target: { segment: i, start, end: start + quote.length } };
  }
  const code = normalizeForMatching(citation.text, 'code');
  for (let i = 0; code && i < index.segments.length; i++) {
    const segment = index.segments[i]!;
    const start = segment.type === 'code' ? segment.normalizedText.indexOf(code) : -1;
    if (start >= 0) return { target: { segment: i, start, end: start + code.length } };
  }
  return { spans };
}

export async function resolveCitations(citations: readonly Citation[], index: PageIndex, slicer: Slicer): Promise<Resolution[]> {
  const started = performance.now();
  const resolutions: Resolution[] = [];
  await slicer.pause();
  prepareSegments(index.segments); // the overlap phase's token index, in a slice of its own
  for (const citation of citations) {
    await slicer.breathe();
    const id = citation.id;
    // §6.8's budget over all citations: once spent, this and every remaining one is a timeout.
    if (performance.now() - started > HIGHLIGHT_CONFIG.MAX_MATCH_TIME_MS) {
      resolutions.push({ result: skipped(id, 'match-timeout') });
      continue;
    }
    if (!validateCitation(citation, index.normalizedFullText)) {
      resolutions.push({ result: { citationId: id, status: 'not-found', confidence: 0, marks: 0 } });
      continue;
    }
    const quote = normalizeForMatching(citation.text, 'prose');
    const match = matchCitations([citation], index.segments)[0]!;
    const segment = match.segmentIndex === null ? undefined : index.segments[match.segmentIndex];
    if (match.status === 'skipped') {
      resolutions.push({ result: skipped(id, match.skipReason!) });
    } else if (match.status === 'matched' && match.confidence === 1 && segment) {
      const start = segment.normalizedText.indexOf(quote);
      const target = { segment: match.segmentIndex!, start, end: start + quote.length };
      resolutions.push({ result: { citationId: id, status: 'matched', confidence: 1, segmentType: 'prose', marks: 0 }, target });
    } else {
      const { target, spans } = place(index, citation, quote);
      if (target) {
        const segmentType = index.segments[target.segment]!.type;
        resolutions.push({ result: { citationId: id, status: 'matched', confidence: 1, segmentType, marks: 0 }, target });
      } else if (spans) {
        resolutions.push({ result: skipped(id, 'quote-spans-multiple-sections') });
      } else if (match.status === 'matched') {
        // Fuzzy, while the exact text is only in a heading or a code block that code matching rejects.
        resolutions.push({ result: skipped(id, 'page-structure-unsupported') });
      } else {
        const result: HighlightResult = { citationId: id, status: match.status, confidence: match.confidence, marks: 0 };
        if (match.skipReason) result.skipReason = match.skipReason;
        if (segment) result.segmentType = segment.type;
        resolutions.push({ result });
      }
    }
  }
  return resolutions;
}
