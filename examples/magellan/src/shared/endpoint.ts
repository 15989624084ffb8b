// The model endpoint setting (the options page writes it, the background reads it): an OpenAI-compatible chat
// completions API — its base URL, the model's name, the API key. Absent: the offline answerer answers.
import { localGet } from './browser';

export const ENDPOINT_SETTING = 'modelEndpoint';

export interface Endpoint {
  /** e.g. https://api.openai.com/v1: `/chat/completions` is appended */
  baseUrl: string;
  model: string;
  apiKey: string;
}

/** Why a base URL is not one to send page content to, or undefined: https, or http on this machine only. */
export function baseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'a URL with a user name or password in it (put the key in the key field)';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return undefined;
  return 'must be https (http only for a server on this machine: 127.0.0.1, localhost)';
}

/** The stored setting, if it is a complete and valid one (storage is trusted no more than a message). */
export async function storedEndpoint(): Promise<Endpoint | undefined> {
  const value = await localGet(ENDPOINT_SETTING);
  if (typeof value !== 'object' || value === null) return undefined;
  const { baseUrl, model, apiKey } = value as Record<string, unknown>;
  if (typeof baseUrl !== 'string' || typeof model !== 'string' || typeof apiKey !== 'string') return undefined;
  if (baseUrlProblem(baseUrl) !== undefined || model.trim() === '' || model.length > 200 || apiKey.length > 500) {
    return undefined;
  }
  return { baseUrl, model, apiKey };
}
