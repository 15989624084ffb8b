// Chrome's Prompt API (Gemini Nano, `LanguageModel`, Chrome 138+ in extensions), which the seed uses to classify a
// question's intent when its regex patterns are unsure and to write answers from the retrieved passages. Feature-
// detected: where the global is missing (Firefox, Debian's Chromium) or the model is not downloaded, the status says
// why and the seed's fallbacks run (the regex intent, an extractive answer).
import type { IntentType } from './intent';

interface LanguageModelSession {
  prompt(text: string): Promise<string>;
  /** the answer as it is written: a stream of pieces, each following the last (Chrome 131+) */
  promptStreaming?(text: string): ReadableStream<unknown> | AsyncIterable<unknown>;
  destroy?(): void;
}

/** The longest answer kept (the protocol's limit). */
const MAX_ANSWER = 20_000;

interface LanguageModelApi {
  availability(): Promise<string>;
  create(): Promise<LanguageModelSession>;
}

function languageModel(): LanguageModelApi | undefined {
  return (globalThis as { LanguageModel?: LanguageModelApi }).LanguageModel;
}

/** Whether the Prompt API can answer here, and why not. */
export async function languageModelStatus(): Promise<{ available: boolean; error?: string }> {
  const api = languageModel();
  if (api === undefined) return { available: false, error: 'this browser has no Prompt API (no LanguageModel)' };
  try {
    const availability = await api.availability();
    return availability === 'available'
      ? { available: true }
      : { available: false, error: `the on-device model is ${availability}` };
  } catch (error) {
    return { available: false, error: `the Prompt API failed: ${String(error)}` };
  }
}

async function* pieces(stream: ReadableStream<unknown> | AsyncIterable<unknown>): AsyncGenerator<unknown> {
  if ('getReader' in stream) {
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  yield* stream as AsyncIterable<unknown>;
}

/** One prompt, one answer, in a session of its own (no conversation is kept between questions). With `onPiece`,
 * and where the session can stream, each piece of the answer is given as it is written; the whole is returned. */
export async function promptOnce(text: string, onPiece?: (piece: string) => void): Promise<string> {
  const api = languageModel();
  if (api === undefined) throw new Error('this browser has no Prompt API (no LanguageModel)');
  const session = await api.create();
  try {
    if (onPiece === undefined || typeof session.promptStreaming !== 'function') {
      return (await session.prompt(text)).slice(0, MAX_ANSWER);
    }
    let whole = '';
    for await (const piece of pieces(session.promptStreaming(text))) {
      if (typeof piece !== 'string') throw new Error(`the Prompt API streamed a ${typeof piece}, not text`);
      const kept = piece.slice(0, MAX_ANSWER - whole.length);
      whole += kept;
      if (kept !== '') onPiece(kept);
      if (whole.length >= MAX_ANSWER) break;
    }
    return whole;
  } finally {
    session.destroy?.();
  }
}

const INTENTS: IntentType[] = ['factual', 'comparison', 'howto', 'navigation', 'general'];

/** The seed's LLM intent classifier: the model names one intent; anything else is no answer (null). */
export function classificationPrompt(query: string): string {
  return `Classify the intent of this search over the user's browsing history as exactly one word among: ${
    INTENTS.join(', ')}.\nQuery: ${query}\nIntent:`;
}

export function parseIntent(answer: string): IntentType | null {
  const word = answer.trim().toLowerCase().match(/[a-z]+/)?.[0];
  return INTENTS.find((intent) => intent === word) ?? null;
}

/** The seed's intent-specific system prompts (PromptService), each telling the model to cite [Source N]. */
const SYSTEM_PROMPTS: Record<IntentType, string> = {
  factual: 'You are a precise AI assistant answering from the user\'s browsing history.\n'
    + '- CRITICAL: When citing sources, use ONLY the format [Source N]\n'
    + "- Example: 'According to [Source 1], the answer is...'\n- DO NOT write page titles in citations\n"
    + '- Be direct and concise',
  navigation: 'You are a helpful AI assistant that helps users find pages they have visited.\n'
    + '- Use format [Source N] where N is the source number\n'
    + '- Use temporal metadata to identify the most likely page\n'
    + "- If they say 'recent', prioritize recently visited sources",
  comparison: 'You are an analytical AI assistant comparing what the user has read.\n'
    + '- When citing sources, use ONLY the format [Source N]\n'
    + "- Example: 'According to [Source 1]... while [Source 2] suggests...'\n"
    + '- Present multiple viewpoints when available',
  howto: 'You are a helpful AI assistant explaining how to do something from the user\'s browsing history.\n'
    + '- Give the steps in order\n- When citing sources, use ONLY the format [Source N]',
  general: 'You are a helpful AI assistant answering from the user\'s browsing history.\n'
    + '- When citing sources, use ONLY the format [Source N]',
};

/** The seed's _buildPromptWithContext. */
export function answerPrompt(question: string, context: string, intent: IntentType): string {
  return `${SYSTEM_PROMPTS[intent]}\n\nCONTEXT FROM BROWSING HISTORY:\n${context}\n\nUSER QUESTION:\n${question}\n\nANSWER:`;
}
