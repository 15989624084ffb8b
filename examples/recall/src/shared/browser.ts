// The one door to the extension APIs (`[lint] abstraction` in xtk.toml: xtk lint reports API calls anywhere else).
// Built on webextension-polyfill, so Chrome, Edge and Firefox all get the promise-based `browser.*` API.
import Browser from 'webextension-polyfill';

/** Chrome's offscreen API (Chrome, Edge), which the polyfill does not type; Firefox has no offscreen documents. */
declare const chrome: {
  offscreen: {
    createDocument(parameters: { url: string; reasons: string[]; justification: string }): Promise<void>;
  };
};

/** Send a runtime message (to the background, or from it to the offscreen document); resolves with the answer. */
export function sendRuntimeMessage(message: unknown): Promise<unknown> {
  return Browser.runtime.sendMessage(message);
}

/** Send a message to the content script of one tab; resolves with its answer. */
export function sendToTab(tabId: number, message: unknown): Promise<unknown> {
  return Browser.tabs.sendMessage(tabId, message);
}

/** Who sent a runtime message: its tab (content scripts) or none (extension pages). */
export interface Sender {
  tabId: number | undefined;
}

/**
 * Listen for runtime messages. The handler answers with a Promise, or returns undefined for messages it does not
 * own so another listener may answer. (The polyfill turns a returned Promise into Chrome's sendResponse protocol.)
 */
export function onMessage(handler: (message: unknown, sender: Sender) => Promise<unknown> | undefined): void {
  Browser.runtime.onMessage.addListener((message: unknown, sender: Browser.Runtime.MessageSender) =>
    handler(message, { tabId: sender.tab?.id }),
  );
}

/** A tab's URL, or undefined when the tab is gone (the URL needs the tabs permission). */
export async function tabUrl(tabId: number): Promise<string | undefined> {
  try {
    return (await Browser.tabs.get(tabId)).url;
  } catch {
    return undefined;
  }
}

export function onTabRemoved(listener: (tabId: number) => void): void {
  Browser.tabs.onRemoved.addListener((tabId) => listener(tabId));
}

/** A tab's top frame committed a new navigation (webNavigation). */
export function onTopFrameCommitted(listener: (tabId: number) => void): void {
  Browser.webNavigation.onCommitted.addListener((details) => {
    if (details.frameId === 0) listener(details.tabId);
  });
}

/** Inject the content script into a tab that has none (opened before Recall was installed). */
export async function injectContentScript(tabId: number): Promise<void> {
  await Browser.scripting.executeScript({ target: { tabId }, files: ['content/index.js'] });
}

/** Open an extension page in a new tab (the popup's "Open search"). */
export async function openExtensionPage(path: string): Promise<void> {
  await Browser.tabs.create({ url: Browser.runtime.getURL(path) });
}

/** The URL of a file of the extension (a packaged model, the WebAssembly runtime's .wasm). */
export function runtimeUrl(path: string): string {
  return Browser.runtime.getURL(path);
}

/** Local storage: what must outlive a restarted background (the paused flag, the embedding model setting). */
export async function localGet(key: string): Promise<unknown> {
  const items = await Browser.storage.local.get(key);
  return items[key];
}

export function localSet(key: string, value: unknown): Promise<void> {
  return Browser.storage.local.set({ [key]: value });
}

/** The seed's keepalive: an API call every 20 s keeps Chrome from ending a busy service worker. */
export function keepAlive(): void {
  setInterval(() => {
    void Browser.runtime.getPlatformInfo();
  }, 20_000);
}

/**
 * Create the offscreen document (Chrome and Edge) unless it exists: Chrome allows one per extension and refuses a
 * second with "Only a single offscreen document may be created".
 */
export async function ensureOffscreenDocument(path: string, justification: string): Promise<void> {
  try {
    await chrome.offscreen.createDocument({ url: path, reasons: ['DOM_SCRAPING'], justification });
  } catch (error) {
    if (!/single offscreen/i.test(String(error))) throw error;
  }
}

/**
 * True when a tab has no content script to answer: pages opened before Recall was installed, and browser pages.
 * Chrome says "Receiving end does not exist"; Firefox "Could not establish connection. Receiving end does not exist."
 */
export function isReceivingEndMissing(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /Receiving end does not exist|Could not establish connection/i.test(text);
}
