// The assistant's API (seed §5): a chat message with the local tools declared, a local tool's outcome, the
// session. Its answers are server-sent events; a pass ends when the server closes the stream, so each call returns
// that pass's events. Only the configured API (settings.ts: within the host permissions) is ever called.
import type { ChatEvent, ToolResult } from '../shared/protocol';
import { loadSettings } from '../shared/settings';
import { localToolDefinitions } from '../shared/tools';

const PASS_TIMEOUT_MS = 120_000;
const SESSION_TIMEOUT_MS = 10_000;

export class ApiError extends Error {}

async function post(path: string, body: unknown): Promise<ChatEvent[]> {
  const { apiBaseUrl } = await loadSettings();
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl}${path}`, {
      method: 'POST',
      credentials: 'include', // seed §1: the API's session cookies (host_permissions share them)
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PASS_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiError(`the API at ${apiBaseUrl} does not answer (${String(error)})`);
  }
  if (!response.ok) throw new ApiError(`the API answered ${response.status} ${response.statusText}`.trim());
  return parseEventStream(await response.text());
}

export function sendChatMessage(text: string, locale: string, conversationId?: string): Promise<ChatEvent[]> {
  return post('/api/v1/chat/messages', {
    content: text,
    locale,
    ...(conversationId === undefined ? {} : { conversationId }),
    localToolDefinitions: localToolDefinitions(),
  });
}

export function submitToolOutcome(messageId: string, toolCallId: string,
                                  outcome: { result: ToolResult } | { error: string }): Promise<ChatEvent[]> {
  return post(`/api/v1/chat/messages/${encodeURIComponent(messageId)}/tool-results`, { toolCallId, ...outcome });
}

export type SessionState = { apiBaseUrl: string; reachable: boolean; authenticated: boolean; user: string;
                             detail: string };

export async function sessionState(): Promise<SessionState> {
  const { apiBaseUrl } = await loadSettings();
  const state = { apiBaseUrl, reachable: false, authenticated: false, user: '', detail: '' };
  try {
    const response = await fetch(`${apiBaseUrl}/api/v1/auth/session`, {
      credentials: 'include', signal: AbortSignal.timeout(SESSION_TIMEOUT_MS) });
    state.reachable = true;
    if (!response.ok) return { ...state, detail: `HTTP ${response.status}` };
    const body: unknown = await response.json();
    const session = typeof body === 'object' && body !== null ? body as Record<string, unknown> : {};
    const user = typeof session['user'] === 'string' ? session['user'].slice(0, 200) : '';
    return { ...state, authenticated: session['authenticated'] === true, user };
  } catch (error) {
    return { ...state, detail: String(error).slice(0, 2000) };
  }
}

/**
 * The events of a text/event-stream body (the HTML standard's format: `event:` and `data:` lines, a blank line
 * ends an event). Each event's data is JSON; the event name goes in as `event`. Events of other names, and data
 * that is not a JSON object, are left out: the widget validates what remains with the protocol's ChatEvent.
 */
export function parseEventStream(body: string): ChatEvent[] {
  const events: ChatEvent[] = [];
  for (const block of body.replace(/\r\n?/g, '\n').split('\n\n')) {
    let name = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') name = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0 || !KNOWN_EVENTS.has(name)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.join('\n'));
    } catch {
      continue;
    }
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      events.push({ ...(parsed as Record<string, unknown>), event: name } as ChatEvent);
    }
  }
  return events;
}

const KNOWN_EVENTS = new Set(['message_start', 'content_delta', 'tool_call_pending_local', 'done', 'error']);
