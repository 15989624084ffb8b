// The DocMind API client (seed 000 §6.2, Phase 4). The base URL is a build-time constant (xtk.toml [constants]:
// a setting kept at run time would need the `storage` permission, which the seed's posture forbids);
// the API answers with CORS headers, so the extension needs no host permission. Its answer is untrusted input:
// parsed with the §6.3a parser, which reads the answer and citations only; what was read of the page (`truncated`,
// `charactersAnalyzed`) is the background's own selection (D14, D16, D17), never the API's.
import { truncateConversation } from '../shared/conversation';
import { parseApiResponse, type ModelAnswer } from '../shared/parsing';
import type { Conversation, Mode, QueryFailed } from '../shared/protocol';

/** §6.2's QueryRequest, with the page as the sections read for the question and their offsets (D16). */
export interface QueryRequest {
  sections: { offset: number; text: string }[];
  pageLength: number;
  question: string;
  url?: string;
  mode: Mode;
  conversation?: Conversation;
}

const TIMEOUT_MS = 90_000;

export const PARSE_FAILURE_MESSAGE = "DocMind couldn't process the response. Please try again.";

function failed(reason: QueryFailed['reason'], message: string): QueryFailed {
  return { type: 'QUERY_FAILED', reason, message };
}

/** The API's error body, `{error, message}`, when it sent one. */
async function errorOf(response: Response): Promise<{ error: string; message: string }> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) {
      const { error, message } = body as Record<string, unknown>;
      if (typeof error === 'string' && typeof message === 'string') return { error, message };
    }
  } catch {
    // not JSON: below
  }
  return { error: 'HTTP_ERROR', message: `the API answered ${response.status} ${response.statusText}`.trim() };
}

/** Who answered, as the API says (`answeredBy`, beyond §6.2): `unknown` when it says nothing or something else. */
export type AnsweredBy = 'model' | 'extractive' | 'unknown';

export function answeredBy(raw: string): AnsweredBy {
  const json = /\{[\s\S]*\}/.exec(raw); // the object parseApiResponse read
  try {
    const value: unknown = json ? (JSON.parse(json[0]) as Record<string, unknown>)['answeredBy'] : undefined;
    return value === 'model' || value === 'extractive' ? value : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Ask the API; its answer and citations parsed as §6.3a says and who answered, or why there is none. */
export async function query(request: QueryRequest): Promise<(ModelAnswer & { answeredBy: AnsweredBy }) | QueryFailed> {
  const body: QueryRequest = request.conversation
    ? { ...request, conversation: { ...request.conversation, messages: truncateConversation(request.conversation.messages) } }
    : request;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let response: Response;
  let raw: string;
  try {
    response = await fetch(`${import.meta.env.API_BASE_URL}/query`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
      credentials: 'omit',
    });
    raw = response.ok ? await response.text() : '';
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'AbortError';
    return failed(
      'api-unreachable',
      timedOut
        ? 'DocMind took too long to answer. Please try again.'
        : `Couldn't reach DocMind at ${import.meta.env.API_BASE_URL}. Is the API running?`,
    );
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const { error, message } = await errorOf(response);
    if (error === 'JSON_PARSE_FAILED') return failed('unparseable-response', PARSE_FAILURE_MESSAGE);
    if (error === 'INVALID_RESPONSE') return failed('invalid-response', PARSE_FAILURE_MESSAGE);
    return failed('api-error', `DocMind's API could not answer: ${message}`);
  }
  const parsed = parseApiResponse(raw);
  if (!parsed.success) {
    console.warn(`DocMind: the API's answer was rejected (${parsed.error})`); // the type only, never the text
    return failed(parsed.error === 'JSON_PARSE_FAILED' ? 'unparseable-response' : 'invalid-response', PARSE_FAILURE_MESSAGE);
  }
  return { ...parsed.data, answeredBy: answeredBy(raw) };
}
