// The chat and the LocalToolStore (seed §4.4): sends the user's message, and when the assistant calls a local
// tool (tool_call_pending_local) runs it through the background and gives its outcome back to the API, pass after
// pass until the assistant is done. Each pass's events are shown as they arrive (pushed by the background with the
// pass's streamId), and the pass's answer, which carries them all, completes whatever did not arrive. Svelte
// stores hold what the component shows.
import { writable, type Readable } from 'svelte/store';
import type { ChatEvent, ToolCall, ToolResult, WidgetToBackground } from '../shared/protocol';
import type { WidgetHost } from './host';

export type ChatMessage = { role: 'user' | 'assistant' | 'error'; text: string };

export type LocalToolExecution = {
  toolCallId: string;
  name: string;
  args: unknown;
  status: 'executing' | 'completed' | 'failed';
  result?: ToolResult;
  error?: string;
};

export type ChatState = { messages: ChatMessage[]; executions: LocalToolExecution[]; busy: boolean };

/** One pass of the assistant: its events applied so far, its message, the local tool it waits for. */
type Pass = {
  applied: number;
  messageId: string | undefined;
  pending: Extract<ChatEvent, { event: 'tool_call_pending_local' }> | undefined;
  apply(index: number, event: ChatEvent): void;
};

/** A runaway assistant that calls tools forever is stopped after this many passes. */
const MAX_PASSES = 10;

export type ChatSession = { state: Readable<ChatState>; send(text: string): Promise<void>; reset(): void };

export function createChatSession(host: WidgetHost): ChatSession {
  const state = writable<ChatState>({ messages: [], executions: [], busy: false });
  let conversationId: string | undefined;
  // a pass's pushed events carry its streamId: this session's, and the pass's number
  const sessionId = Math.random().toString(36).slice(2, 12) || 'session';
  let streams = 0;

  const update = (change: (current: ChatState) => Partial<ChatState>): void =>
    state.update((current) => ({ ...current, ...change(current) }));
  const addMessage = (message: ChatMessage): void => update((s) => ({ messages: [...s.messages, message] }));
  const appendToAnswer = (text: string): void => update((s) => {
    const last = s.messages[s.messages.length - 1];
    if (last?.role === 'assistant') return { messages: [...s.messages.slice(0, -1), { ...last, text: last.text + text }] };
    return { messages: [...s.messages, { role: 'assistant', text }] };
  });
  const setExecution = (execution: LocalToolExecution): void => update((s) => ({
    executions: [...s.executions.filter((e) => e.toolCallId !== execution.toolCallId), execution],
  }));

  async function runLocalTool(event: Extract<ChatEvent, { event: 'tool_call_pending_local' }>):
      Promise<{ result: ToolResult } | { error: string }> {
    const execution: LocalToolExecution = { toolCallId: event.toolCallId, name: event.name, args: event.args,
                                            status: 'executing' };
    setExecution(execution);
    // The call is validated by the background (ToolCall): an unknown tool or bad arguments come back as an error,
    // which goes to the assistant as the tool's outcome, as a failing tool's would.
    const call = { name: event.name, args: event.args } as ToolCall;
    const answer = await host.send({ type: 'TOOL_EXECUTE', toolCallId: event.toolCallId, call,
                                     ...(host.tabId === undefined ? {} : { tabId: host.tabId }) });
    if (answer.type === 'TOOL_RESULT') {
      setExecution({ ...execution, status: 'completed', result: answer.result });
      return { result: answer.result };
    }
    const error = answer.type === 'ERROR' ? answer.error : `unexpected answer ${answer.type}`;
    setExecution({ ...execution, status: 'failed', error });
    return { error: error.slice(0, 2000) };
  }

  /** A pass's events, applied once each in order: pushed ones as they arrive, then the rest from the answer. */
  function passOf(): Pass {
    const pass: Pass = {
      applied: 0,
      messageId: undefined,
      pending: undefined,
      apply(index: number, event: ChatEvent): void {
        if (index !== pass.applied) return; // out of order (not seen here): the answer brings it, in order
        pass.applied += 1;
        if (event.event === 'message_start') {
          pass.messageId = event.messageId;
          conversationId = event.conversationId;
        } else if (event.event === 'content_delta') appendToAnswer(event.text);
        else if (event.event === 'error') addMessage({ role: 'error', text: event.message });
        else if (event.event === 'tool_call_pending_local') pass.pending = event;
      },
    };
    return pass;
  }

  /** One request to the background, its events shown as they arrive; the pass once its answer is in. */
  async function streamed(request: (streamId: string) => WidgetToBackground): Promise<Pass> {
    streams += 1;
    const streamId = `${sessionId}-${streams}`;
    const pass = passOf();
    const stop = host.listen(streamId, (index, event) => pass.apply(index, event));
    try {
      const answer = await host.send(request(streamId));
      if (answer.type === 'ERROR') throw new Error(answer.error);
      if (answer.type !== 'CHAT_EVENTS') throw new Error(`unexpected answer ${answer.type}`);
      answer.events.forEach((event, index) => pass.apply(index, event));
      return pass;
    } finally {
      stop();
    }
  }

  async function send(text: string): Promise<void> {
    const trimmed = text.trim();
    if (trimmed === '') return;
    addMessage({ role: 'user', text: trimmed });
    update(() => ({ busy: true }));
    try {
      let pass = await streamed((streamId) => ({ type: 'CHAT_SEND', text: trimmed.slice(0, 4000), locale: host.locale,
                                                 ...(conversationId === undefined ? {} : { conversationId }),
                                                 streamId }));
      for (let count = 1; ; count += 1) {
        const { pending, messageId } = pass;
        if (pending === undefined) return;
        if (messageId === undefined) throw new Error('the API called a tool without a message_start');
        if (count >= MAX_PASSES) throw new Error(host.text('tooManyToolCalls', [String(MAX_PASSES)]));
        const outcome = await runLocalTool(pending);
        pass = await streamed((streamId) => ({ type: 'TOOL_OUTCOME', messageId, toolCallId: pending.toolCallId,
                                               ...outcome, streamId }));
      }
    } catch (error) {
      addMessage({ role: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      update(() => ({ busy: false }));
    }
  }

  function reset(): void {
    conversationId = undefined;
    state.set({ messages: [], executions: [], busy: false });
  }

  return { state, send, reset };
}
