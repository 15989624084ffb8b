// The seed's AI query ("AI Integration"): the user's question and the page's content with its element ids, in the
// seed's own prompt, sent with the conversation so far to the configured OpenAI-compatible endpoint
// (`POST {baseUrl}/chat/completions`). The answer is untrusted input: its shape is checked, and its citations go
// through the same parsing and validation against the page's elements as the offline answerer's.
import type { Endpoint } from '../shared/endpoint';
import type { ChatMessage } from '../shared/protocol';

const TIMEOUT_MS = 60_000;
/** what the prompt may carry of the page (characters): a long page is cut, and the prompt says nothing of it */
const MAX_CONTENT = 60_000;

/** The seed's prompt ("Prompt Structure"), word for word. */
export function seedPrompt(query: string, formattedContent: string, numCitations: number): string {
  return `You are an AI assistant helping a user understand the content of a webpage.
The user has asked: "${query}"

Here is the relevant text content extracted from the page. Each piece of text is preceded by its unique element ID in square brackets (e.g., [mgl-node-0]).

--- START OF PAGE CONTENT ---
${formattedContent.slice(0, MAX_CONTENT)}
--- END OF PAGE CONTENT ---

Please:
1. Provide a concise answer based *only* on the provided content
2. Identify up to ${numCitations} element IDs that support your answer`;
}

export class ModelError extends Error {}

/** The model's answer to `query` about the page, after the conversation so far (earlier questions and answers). */
export async function askModel(
  endpoint: Endpoint,
  history: readonly ChatMessage[],
  query: string,
  formattedContent: string,
  numCitations: number,
): Promise<string> {
  // the conversation's answered turns: a question that failed (the endpoint unreachable, no consent) has no answer
  const answered = history.filter((message, n) => message.role === 'assistant' || history[n + 1]?.role === 'assistant');
  const messages = [
    ...answered.map((message) => ({ role: message.role, content: message.content })),
    { role: 'user', content: seedPrompt(query, formattedContent, numCitations) },
  ];
  const url = `${endpoint.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${endpoint.apiKey}` },
      body: JSON.stringify({ model: endpoint.model, messages, temperature: 0 }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      credentials: 'omit',
    });
  } catch (error) {
    throw new ModelError(`the model endpoint ${new URL(url).host} could not be reached: ${String(error)}`);
  }
  const text = await response.text();
  if (!response.ok) {
    throw new ModelError(`the model endpoint answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ModelError('the model endpoint answered something that is not JSON');
  }
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || content.trim() === '') {
    throw new ModelError('the model endpoint answered without choices[0].message.content');
  }
  return content.slice(0, 20_000);
}
