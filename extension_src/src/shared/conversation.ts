// Conversation history truncation (seed 000 Phase 4).
import { CHAT_CONFIG } from './config';

export interface ConversationMessage {
  role: 'user' | 'assistant';
  content: string; // citations are not kept in history
}

/**
 * The most recent messages that fit: the last MAX_MESSAGES, then the oldest dropped while the contents together
 * exceed MAX_HISTORY_CHARS code units (a single longer message leaves no history).
 */
export function truncateConversation<M extends Pick<ConversationMessage, 'content'>>(messages: readonly M[]): M[] {
  const kept = CHAT_CONFIG.MAX_MESSAGES > 0 ? messages.slice(-CHAT_CONFIG.MAX_MESSAGES) : [];
  let total = kept.reduce((sum, message) => sum + message.content.length, 0);
  let first = 0;
  while (first < kept.length && total > CHAT_CONFIG.MAX_HISTORY_CHARS) total -= kept[first++]!.content.length;
  return kept.slice(first);
}
