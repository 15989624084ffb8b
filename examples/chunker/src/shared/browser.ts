// The one door to the extension APIs (`[lint] abstraction` in xtk.toml: xtk lint reports API calls anywhere else).
// Built on webextension-polyfill, so Chrome, Edge and Firefox all get the promise-based `browser.*` API.
import Browser from 'webextension-polyfill';

/** Send a message to the background; resolves with its answer (validate it: it is a message received too). */
export function sendToBackground(message: unknown): Promise<unknown> {
  return Browser.runtime.sendMessage(message);
}

/** Send a message to the content script of one tab; resolves with its answer. */
export function sendToTab(tabId: number, message: unknown): Promise<unknown> {
  return Browser.tabs.sendMessage(tabId, message);
}

/**
 * Listen for messages. The handler answers with a Promise, or returns undefined for messages it does not own so
 * another listener may answer. (The polyfill turns a returned Promise into Chrome's sendResponse protocol.)
 */
export function onMessage(handler: (message: unknown) => Promise<unknown> | undefined): void {
  Browser.runtime.onMessage.addListener((message: unknown) => handler(message));
}

/** The tab the user is looking at, from the popup's point of view. */
export async function activeTabId(): Promise<number | undefined> {
  const [tab] = await Browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

/** The URL of a file of the extension (the worker's bundle). */
export function extensionUrl(path: string): string {
  return Browser.runtime.getURL(path);
}

/** Everything stored under keys starting with `prefix`, by key. */
export async function storedWithPrefix(prefix: string): Promise<Record<string, unknown>> {
  const all = await Browser.storage.local.get(null);
  return Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith(prefix)));
}

export async function storedValue(key: string): Promise<unknown> {
  const found = await Browser.storage.local.get(key);
  return found[key];
}

export function store(key: string, value: unknown): Promise<void> {
  return Browser.storage.local.set({ [key]: value });
}

export function removeStored(keys: string[]): Promise<void> {
  return Browser.storage.local.remove(keys);
}

/**
 * True when a tab has no content script to answer: browser pages (chrome://, about:, the stores) and pages opened
 * before the extension was installed. Chrome says "Receiving end does not exist"; Firefox "Could not establish
 * connection. Receiving end does not exist."
 */
export function isReceivingEndMissing(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /Receiving end does not exist|Could not establish connection/i.test(text);
}
