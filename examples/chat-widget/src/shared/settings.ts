// The settings the popup writes to local storage (seed §2.2: API URL, on/off) and everyone else reads. What comes
// back from storage is checked like any value received: a bad stored value falls back to the default.
import { localGet, localSet } from './browser';

export type Settings = { apiBaseUrl: string; enabled: boolean };

export const DEFAULT_SETTINGS: Settings = { apiBaseUrl: 'https://top-ai-ideas-api.sent-tech.ca', enabled: true };

/**
 * The API may only live where the manifest's host permissions let the extension send its requests (and cookies):
 * the seed's API domain, or the developer's own machine on any port. Anything else is refused, so page text read
 * by the local tools never goes to a server the user did not install the extension for.
 */
export function apiBaseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not a URL';
  }
  const local = url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
  const seedApi = url.protocol === 'https:' && url.hostname === 'top-ai-ideas-api.sent-tech.ca' && url.port === '';
  if (!local && !seedApi) return 'only https://top-ai-ideas-api.sent-tech.ca or http://127.0.0.1 / http://localhost';
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    return 'no credentials, query or fragment';
  }
  return undefined;
}

/** The URL without a trailing slash, so paths join with one. */
export function normalizedBaseUrl(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

export async function loadSettings(): Promise<Settings> {
  const stored = await localGet(['apiBaseUrl', 'enabled']);
  const apiBaseUrl = typeof stored['apiBaseUrl'] === 'string' && apiBaseUrlProblem(stored['apiBaseUrl']) === undefined
    ? normalizedBaseUrl(stored['apiBaseUrl'])
    : DEFAULT_SETTINGS.apiBaseUrl;
  const enabled = typeof stored['enabled'] === 'boolean' ? stored['enabled'] : DEFAULT_SETTINGS.enabled;
  return { apiBaseUrl, enabled };
}

export function saveSettings(settings: Settings): Promise<void> {
  return localSet({ apiBaseUrl: normalizedBaseUrl(settings.apiBaseUrl), enabled: settings.enabled });
}
