// What `xtk conform` checks against the golden vectors (extension_src/specs/golden/, semantics.md): every function
// of the reference's catalogue (docmind_reference FUNCTIONS), taking its JSON arguments in the catalogue's order and
// returning the reference's JSON result. The adapters only adapt; the logic is the modules the extension ships.
import {
  CHAT_CONFIG,
  CITATION_LIMITS,
  CONTEXT_MENU_CONFIG,
  HIGHLIGHT_CONFIG,
  MATCHING_CONFIG,
} from './config';
import { truncateConversation, type ConversationMessage } from './conversation';
import { couldSpanSegments, matchCitations, validateCitation, type MatchableSegment } from './matching';
import { normalizeForMatching, type SegmentType } from './normalize';
import { cutPage, type PageCut } from './page';
import { parseApiResponse, type Citation } from './parsing';
import { selectSections, type SectionSelection } from './sections';
import { truncateSelection } from './selection';
import { levenshteinDistance, preciseMatch, tokenOverlap } from './similarity';
import { checkStale, parseUrlIdentity, type UrlIdentity } from './url';

const CONFIGS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  HIGHLIGHT_CONFIG,
  CHAT_CONFIG,
  CONTEXT_MENU_CONFIG,
  CITATION_LIMITS,
  MATCHING_CONFIG,
};

/** `performance.now()` under test (D8): the values in turn, then the last one again; 0 when there are none. */
function scriptedClock(values: readonly number[]): () => number {
  let calls = 0;
  return () => (values.length === 0 ? 0 : values[Math.min(calls++, values.length - 1)]!);
}

export const conformance = {
  normalizeForMatching: (text: string, type: SegmentType): string => normalizeForMatching(text, type),
  tokenOverlap: (a: string, b: string): number => tokenOverlap(a, b),
  levenshteinDistance: (a: string, b: string): number => levenshteinDistance(a, b),
  preciseMatch: (needle: string, haystack: string): number => preciseMatch(needle, haystack),
  couldSpanSegments: (quote: string, segmentIndex: number, segments: string[]): boolean =>
    couldSpanSegments(quote, segmentIndex, segments),
  matchCitations: (citations: Pick<Citation, 'id' | 'text'>[], segments: MatchableSegment[], clock: number[]) =>
    matchCitations(citations, segments, scriptedClock(clock)),
  validateCitation: (citation: Pick<Citation, 'text'>, normalizedFullText: string): boolean =>
    validateCitation(citation, normalizedFullText),
  parseApiResponse: (raw: string) => parseApiResponse(raw),
  parseUrlIdentity: (url: string): UrlIdentity => parseUrlIdentity(url),
  checkStale: (stored: UrlIdentity, current: UrlIdentity, ageMs: number) => checkStale(stored, current, ageMs),
  truncateConversation: (messages: ConversationMessage[]): ConversationMessage[] => truncateConversation(messages),
  truncateSelection: (selection: string): string | null => truncateSelection(selection),
  frozenConfig: (name: string): Record<string, number> => {
    const config = Object.hasOwn(CONFIGS, name) ? CONFIGS[name] : undefined;
    if (!config) throw new Error(`unknown configuration ${JSON.stringify(name)}; known: ${Object.keys(CONFIGS)}`);
    return { ...config };
  },
  cutPage: (pageText: string): PageCut => cutPage(pageText),
  selectSections: (pageText: string, question: string): SectionSelection => selectSections(pageText, question),
} satisfies Record<string, (...args: never[]) => unknown>;

export type ConformanceFunction = keyof typeof conformance;
