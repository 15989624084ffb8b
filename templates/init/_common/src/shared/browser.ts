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

/** A message from `_locales/<language>/messages.json`, in the browser's language. */
export function message(name: string, substitutions?: string[]): string {
  return Browser.i18n.getMessage(name, substitutions);
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
