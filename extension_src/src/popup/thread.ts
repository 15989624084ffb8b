// The popup's conversation (seed 000 Phase 4): one thread per popup session, locked to its first mode and to
// the page (UrlIdentity.full) it started on. Nothing is stored: closing the popup ends the thread.
import { truncateConversation } from '../shared/conversation';
import type { Conversation, ConversationMessage, Mode } from '../shared/protocol';

export type ResetReason = 'new-conversation' | 'mode-changed' | 'page-changed';

export class Thread {
  private state: Conversation | null = null;

  /** The history to send with the next question: null when the thread has not started (or was reset). */
  forRequest(mode: Mode, pageUrlIdentity: string): Conversation | null {
    const reason = this.resetReasonFor(mode, pageUrlIdentity);
    if (reason) this.reset();
    return this.state && this.state.messages.length > 0 ? { ...this.state, messages: [...this.state.messages] } : null;
  }

  /** Why a question in `mode` on `pageUrlIdentity` cannot continue this thread, or null if it can. */
  resetReasonFor(mode: Mode, pageUrlIdentity: string): ResetReason | null {
    if (!this.state) return null;
    if (this.state.mode !== mode) return 'mode-changed';
    if (pageUrlIdentity && this.state.pageUrlIdentity !== pageUrlIdentity) return 'page-changed';
    return null;
  }

  /** Record a completed turn; starts the thread on its first answer. Keeps what the limits allow. */
  record(mode: Mode, pageUrlIdentity: string, question: string, answer: string): void {
    if (this.resetReasonFor(mode, pageUrlIdentity)) this.reset();
    this.state ??= { threadId: crypto.randomUUID(), messages: [], pageUrlIdentity, mode };
    const turn: ConversationMessage[] = [
      { role: 'user', content: question },
      { role: 'assistant', content: answer },
    ];
    this.state.messages = truncateConversation([...this.state.messages, ...turn]);
  }

  get started(): boolean {
    return this.state !== null;
  }

  get threadId(): string | null {
    return this.state?.threadId ?? null;
  }

  get pageUrlIdentity(): string | null {
    return this.state?.pageUrlIdentity ?? null;
  }

  reset(): void {
    this.state = null;
  }
}
