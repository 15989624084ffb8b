// The one door to the extension APIs (`[lint] abstraction` in xtk.toml: xtk lint reports API calls anywhere else).
// Built on webextension-polyfill, so Chrome, Edge and Firefox all get the promise-based `browser.*` API.
import Browser from 'webextension-polyfill';

/** Chrome's and Edge's side panel API, which the polyfill does not type (Firefox has sidebarAction instead). */
declare const chrome: {
  sidePanel: { setPanelBehavior(behavior: { openPanelOnActionClick: boolean }): Promise<void> };
};

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

/** The tab the user is looking at in this window: its id (undefined on a window without tabs). */
export async function activeTabId(): Promise<number | undefined> {
  const [tab] = await Browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

/** A tab's title ('' when the tab is gone or has none). Needs the tabs permission. */
export async function tabTitle(tabId: number): Promise<string> {
  try {
    return (await Browser.tabs.get(tabId)).title ?? '';
  } catch {
    return '';
  }
}

/** Per-tab lifecycle: a tab activated, closed, or navigated to another URL (the URL needs the tabs permission). */
export function onTabActivated(listener: (tabId: number) => void): void {
  Browser.tabs.onActivated.addListener((info) => listener(info.tabId));
}

export function onTabRemoved(listener: (tabId: number) => void): void {
  Browser.tabs.onRemoved.addListener((tabId) => listener(tabId));
}

export function onTabUrlChanged(listener: (tabId: number) => void): void {
  Browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.url !== undefined) listener(tabId);
  });
}

/** Session storage (memory only, cleared when the browser closes): what outlives a suspended background. */
export async function sessionGet(key: string): Promise<unknown> {
  const items = await Browser.storage.session.get(key);
  return items[key];
}

export function sessionSet(key: string, value: unknown): Promise<void> {
  return Browser.storage.session.set({ [key]: value });
}

export function sessionRemove(key: string): Promise<void> {
  return Browser.storage.session.remove(key);
}

/** The toolbar button opens the chat: Chrome's and Edge's side panel, Firefox's sidebar. */
export function openChatOnActionClick(): void {
  if (import.meta.env.FIREFOX) {
    Browser.browserAction.onClicked.addListener(() => {
      void Browser.sidebarAction.toggle();
    });
  } else {
    chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
  }
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

/** Local storage (kept across restarts): the model endpoint setting. Content scripts never read it. */
export async function localGet(key: string): Promise<unknown> {
  const items = await Browser.storage.local.get(key);
  return items[key];
}

export function localSet(key: string, value: unknown): Promise<void> {
  return Browser.storage.local.set({ [key]: value });
}

export function localRemove(key: string): Promise<void> {
  return Browser.storage.local.remove(key);
}

/** Firefox's data-collection consent: sending the page's text to a model endpoint is `websiteContent`. */
const PAGE_CONTENT = { permissions: [], origins: [], data_collection: ['websiteContent'] };

/**
 * Ask Firefox for consent to send page content (it prompts the user; call it from the click itself). Other
 * browsers have no such permission: true.
 */
export function requestPageContentConsent(): Promise<boolean> {
  if (!import.meta.env.FIREFOX) return Promise.resolve(true);
  return Browser.permissions.request(PAGE_CONTENT as Browser.Permissions.Permissions);
}

/** Whether the page's text may be sent to a model endpoint (Firefox: the user's consent; elsewhere: yes). */
export function hasPageContentConsent(): Promise<boolean> {
  if (!import.meta.env.FIREFOX) return Promise.resolve(true);
  return Browser.permissions.contains(PAGE_CONTENT as Browser.Permissions.Permissions);
}
