// The assistant's API (seed §5): a chat message with the local tools declared, a local tool's outcome, the
// session. Its answers are server-sent events, read as they arrive (each handed to `onEvent` at once: the widget
// shows tokens as the model writes them); a pass ends when the server closes the stream, and each call returns that
// pass's events. Only the configured API (settings.ts: within the host permissions) is ever called.
import type { ChatEvent, ToolResult } from '../shared/protocol';
import { loadSettings } from '../shared/settings';
import { localToolDefinitions } from '../shared/tools';

const PASS_TIMEOUT_MS = 120_000;
const SESSION_TIMEOUT_MS = 10_000;

export class ApiError extends Error {}

/** Each event of a pass as it arrives, with its place in the pass. */
export type OnEvent = (event: ChatEvent, index: number) => void;

async function post(path: string, body: unknown, onEvent?: OnEvent): Promise<ChatEvent[]> {
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
  const events: ChatEvent[] = [];
  const parser = new EventStreamParser((event) => {
    events.push(event);
    onEvent?.(event, events.length - 1);
  });
  if (response.body === null) {
    parser.push(await response.text());
  } else {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
  }
  parser.end();
  return events;
}

export function sendChatMessage(text: string, locale: string, conversationId?: string,
                                onEvent?: OnEvent): Promise<ChatEvent[]> {
  return post('/api/v1/chat/messages', {
    content: text,
    locale,
    ...(conversationId === undefined ? {} : { conversationId }),
    localToolDefinitions: localToolDefinitions(),
  }, onEvent);
}

export function submitToolOutcome(messageId: string, toolCallId: string,
                                  outcome: { result: ToolResult } | { error: string },
                                  onEvent?: OnEvent): Promise<ChatEvent[]> {
  return post(`/api/v1/chat/messages/${encodeURIComponent(messageId)}/tool-results`, { toolCallId, ...outcome },
              onEvent);
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
 * The events of a text/event-stream body, read as it arrives (the HTML standard's format: `event:` and `data:`
 * lines, a blank line ends an event; CR, LF and CRLF all end a line, also when a CRLF is split between two
 * chunks). Each event's data is JSON; the event name goes in as `event`. Events of other names, and data that is
 * not a JSON object, are left out: the widget validates what remains with the protocol's ChatEvent. What is left
 * when the stream ends is read as a last event.
 */
export class EventStreamParser {
  private buffer = '';
  private carriageReturn = false; // a chunk ended with CR: the next may start with its LF

  constructor(private readonly emit: (event: ChatEvent) => void) {}

  push(chunk: string): void {
    let text = (this.carriageReturn ? '\r' : '') + chunk;
    this.carriageReturn = text.endsWith('\r');
    if (this.carriageReturn) text = text.slice(0, -1);
    this.buffer += text.replace(/\r\n?/g, '\n');
    for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.block(block);
    }
  }

  end(): void {
    if (this.carriageReturn) this.buffer += '\n';
    this.carriageReturn = false;
    const rest = this.buffer;
    this.buffer = '';
    if (rest.trim() !== '') this.block(rest);
  }

  private block(block: string): void {
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
    if (data.length === 0 || !KNOWN_EVENTS.has(name)) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.join('\n'));
    } catch {
      return;
    }
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      this.emit({ ...(parsed as Record<string, unknown>), event: name } as ChatEvent);
    }
  }
}

/** The events of a whole text/event-stream body (EventStreamParser, in one chunk). */
export function parseEventStream(body: string): ChatEvent[] {
  const events: ChatEvent[] = [];
  const parser = new EventStreamParser((event) => events.push(event));
  parser.push(body);
  parser.end();
  return events;
}

const KNOWN_EVENTS = new Set(['message_start', 'content_delta', 'tool_call_pending_local', 'done', 'error']);
