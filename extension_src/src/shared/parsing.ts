// parseApiResponse (seed 000 §6.3a): defensive parsing of the model's answer, as specs/semantics.md §2 defines it.
import { CITATION_LIMITS } from './config';

export interface Citation {
  id: string; // cite-N
  text: string; // the quote, 20–300 code units
  relevance: string;
}

/** What the model said: its answer and its valid citations. What was read is the page's own (D14, D16, D17). */
export interface ModelAnswer {
  answer: string;
  citations: Citation[];
}

export type ParsedResponse =
  | { success: true; data: ModelAnswer }
  | { success: false; error: 'JSON_PARSE_FAILED' | 'INVALID_RESPONSE' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCitation(value: unknown): value is Record<string, unknown> & { id: string; text: string } {
  if (!isRecord(value)) return false;
  const { id, text } = value;
  return (
    typeof id === 'string' &&
    /^cite-[0-9]+$/.test(id) &&
    typeof text === 'string' &&
    text.length >= CITATION_LIMITS.MIN_TEXT_LENGTH &&
    text.length <= CITATION_LIMITS.MAX_TEXT_LENGTH
  );
}

/**
 * The model's answer from its raw text: the first `{` to the last `}` after it, parsed by JSON.parse (D11);
 * `answer` a non-empty string; at most 5 valid citations, each reduced to {id, text, relevance} (D6).
 * The model's text only: what was read of the page is the selection's (D17), never the model's or the parser's.
 */
export function parseApiResponse(raw: string): ParsedResponse {
  const json = /\{[\s\S]*\}/.exec(raw);
  if (!json) return { success: false, error: 'JSON_PARSE_FAILED' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(json[0]);
  } catch {
    return { success: false, error: 'JSON_PARSE_FAILED' };
  }
  const answer = isRecord(parsed) ? parsed['answer'] : undefined;
  if (!isRecord(parsed) || typeof answer !== 'string' || answer === '') {
    return { success: false, error: 'INVALID_RESPONSE' };
  }
  const raws = parsed['citations'];
  const citations = Array.isArray(raws)
    ? raws
        .filter(isCitation)
        .slice(0, CITATION_LIMITS.MAX_COUNT)
        .map((c) => ({ id: c.id, text: c.text, relevance: typeof c['relevance'] === 'string' ? c['relevance'] : '' }))
    : [];
  return { success: true, data: { answer, citations } };
}
