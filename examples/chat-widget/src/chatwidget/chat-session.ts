// The chat and the LocalToolStore (seed §4.4): sends the user's message, and when the assistant calls a local
// tool (tool_call_pending_local) runs it through the background and gives its outcome back to the API, pass after
// pass until the assistant is done. Svelte stores hold what the component shows.
import { writable, type Readable } from 'svelte/store';
import type { ChatEvent, ToolCall, ToolResult } from '../shared/protocol';
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

/** A runaway assistant that calls tools forever is stopped after this many passes. */
const MAX_PASSES = 10;

export type ChatSession = { state: Readable<ChatState>; send(text: string): Promise<void>; reset(): void };

export function createChatSession(host: WidgetHost): ChatSession {
  const state = writable<ChatState>({ messages: [], executions: [], busy: false });
  let conversationId: string | undefined;

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

  async function send(text: string): Promise<void> {
    const trimmed = text.trim();
    if (trimmed === '') return;
    addMessage({ role: 'user', text: trimmed });
    update(() => ({ busy: true }));
    try {
      let answer = await host.send({ type: 'CHAT_SEND', text: trimmed.slice(0, 4000), locale: host.locale,
                                     ...(conversationId === undefined ? {} : { conversationId }) });
      for (let pass = 1; ; pass += 1) {
        if (answer.type === 'ERROR') throw new Error(answer.error);
        if (answer.type !== 'CHAT_EVENTS') throw new Error(`unexpected answer ${answer.type}`);
        let messageId: string | undefined;
        let pending: Extract<ChatEvent, { event: 'tool_call_pending_local' }> | undefined;
        for (const event of answer.events) {
          if (event.event === 'message_start') {
            messageId = event.messageId;
            conversationId = event.conversationId;
          } else if (event.event === 'content_delta') appendToAnswer(event.text);
          else if (event.event === 'error') addMessage({ role: 'error', text: event.message });
          else if (event.event === 'tool_call_pending_local') pending = event;
        }
        if (pending === undefined) return;
        if (messageId === undefined) throw new Error('the API called a tool without a message_start');
        if (pass >= MAX_PASSES) throw new Error(host.text('tooManyToolCalls', [String(MAX_PASSES)]));
        const outcome = await runLocalTool(pending);
        answer = await host.send({ type: 'TOOL_OUTCOME', messageId, toolCallId: pending.toolCallId, ...outcome });
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
