// The one door to the extension APIs (`[lint] abstraction` in xtk.toml: xtk lint reports API calls anywhere else).
// Built on webextension-polyfill, so Chrome, Edge and Firefox all get the promise-based `browser.*` API.
import Browser from 'webextension-polyfill';

/** Chrome's and Edge's side panel API, which the polyfill does not type (Firefox has sidebarAction instead). */
declare const chrome: {
  sidePanel: {
    setPanelBehavior(behavior: { openPanelOnActionClick: boolean }): Promise<void>;
    open(options: { windowId: number }): Promise<void>;
  };
};

/** Send a message to the background; resolves with its answer (validate it: it is a message received too). */
export function sendToBackground(message: unknown): Promise<unknown> {
  return Browser.runtime.sendMessage(message);
}

/**
 * Who sent a message: a content script (with its tab), or one of the extension's own pages (which may be shown in
 * a tab too: a side panel opened as a page).
 */
export type Sender = { extensionPage: boolean; tabId?: number; frameId?: number };

/**
 * Listen for messages. The handler answers with a Promise, or returns undefined for messages it does not own so
 * another listener may answer. (The polyfill turns a returned Promise into Chrome's sendResponse protocol.)
 */
export function onMessage(handler: (message: unknown, sender: Sender) => Promise<unknown> | undefined): void {
  Browser.runtime.onMessage.addListener((message: unknown, sender: Browser.Runtime.MessageSender) => {
    const tabId = sender.tab?.id;
    const extensionPage = sender.url?.startsWith(Browser.runtime.getURL('')) ?? false;
    const frameId = sender.frameId;
    if (tabId === undefined) return handler(message, { extensionPage });
    return handler(message, frameId === undefined ? { extensionPage, tabId } : { extensionPage, tabId, frameId });
  });
}

/**
 * Push a message to whoever sent one (a content script's frame, or the extension's pages), without waiting for an
 * answer: a receiver that is gone (a closed tab, a reloaded page) loses nothing the request's answer does not carry.
 */
export function pushToSender(sender: Sender, message: unknown): void {
  const sent = sender.tabId === undefined || sender.extensionPage
    ? Browser.runtime.sendMessage(message)
    : Browser.tabs.sendMessage(sender.tabId, message, sender.frameId === undefined ? {} : { frameId: sender.frameId });
  sent.catch(() => undefined);
}

/** Listen for pushed messages (never answered here: the listener returns nothing); returns how to stop. */
export function onPushed(listener: (message: unknown) => void): () => void {
  const wrapped = (message: unknown): undefined => {
    listener(message);
    return undefined;
  };
  Browser.runtime.onMessage.addListener(wrapped);
  return () => Browser.runtime.onMessage.removeListener(wrapped);
}

/** The URL of a file of the extension (the widget bundle and its stylesheet, web-accessible). */
export function extensionUrl(path: string): string {
  return Browser.runtime.getURL(path);
}

/** A message of the browser's locale (`_locales/<locale>/messages.json`), with `$1`… substituted. */
export function localized(name: string, substitutions: string[] = []): string {
  return Browser.i18n.getMessage(name, substitutions);
}

/** The browser's UI language, e.g. "en-US". */
export function uiLanguage(): string {
  return Browser.i18n.getUILanguage();
}

/** Local storage: the settings the popup writes and the background and content scripts read. */
export async function localGet(keys: string[]): Promise<Record<string, unknown>> {
  return Browser.storage.local.get(keys);
}

export function localSet(items: Record<string, unknown>): Promise<void> {
  return Browser.storage.local.set(items);
}

export function onLocalChanged(listener: (keys: string[]) => void): void {
  Browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local') listener(Object.keys(changes));
  });
}

/** The tab the user is looking at in the last focused window (undefined on a window without tabs). */
export async function activeTabId(): Promise<number | undefined> {
  const [tab] = await Browser.tabs.query({ active: true, lastFocusedWindow: true });
  return tab?.id;
}

/**
 * The visible area of a tab as a JPEG data URL (tabs.captureVisibleTab: the content scripts' `<all_urls>` grants
 * the host access it needs). It captures what its window shows, so a tab that is not its window's active one is
 * refused rather than the wrong tab captured.
 */
export async function captureTab(tabId: number, quality: number): Promise<string> {
  const tab = await Browser.tabs.get(tabId);
  if (!tab.active) throw new Error('the tab is not the one its window shows: only a visible tab can be captured');
  return Browser.tabs.captureVisibleTab(tab.windowId, { format: 'jpeg', quality });
}

/** A tab's URL, title and favicon (the tabs permission makes them visible). */
export async function tabDetails(tabId: number): Promise<{ url: string; title: string; favIconUrl: string }> {
  const tab = await Browser.tabs.get(tabId);
  return { url: tab.url ?? '', title: tab.title ?? '', favIconUrl: tab.favIconUrl ?? '' };
}

/**
 * Run a self-contained function in a tab's top frame (scripting.executeScript) and return what it returned. The
 * function is serialized: it may use only its arguments. It reports a failure by returning `{ error: string }`,
 * which rejects with that message (Chrome does not pass on an exception the function throws; Firefox does).
 */
export async function runInTab<Args extends unknown[]>(tabId: number, func: (...args: Args) => unknown,
                                                       args: Args): Promise<unknown> {
  const [injection] = await Browser.scripting.executeScript({ target: { tabId }, func, args });
  if (injection === undefined) throw new Error('the tab returned nothing');
  const failure = (injection as { error?: unknown }).error;
  if (failure !== undefined) throw new Error(failure instanceof Error ? failure.message : String(failure));
  const result: unknown = injection.result;
  if (typeof result === 'object' && result !== null && typeof (result as { error?: unknown }).error === 'string') {
    throw new Error((result as { error: string }).error);
  }
  return result;
}

/** Resolves when the tab has started and finished loading a page, or after `timeoutMs` (false then). */
export function waitForTabLoad(tabId: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let started = false;
    const listener = (updatedId: number, change: Browser.Tabs.OnUpdatedChangeInfoType): void => {
      if (updatedId !== tabId) return;
      if (change.status === 'loading') started = true;
      if (change.status === 'complete' && started) finish(true);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    function finish(loaded: boolean): void {
      clearTimeout(timer);
      Browser.tabs.onUpdated.removeListener(listener);
      resolve(loaded);
    }
    Browser.tabs.onUpdated.addListener(listener);
  });
}

/** The toolbar button keeps the popup (seed §4.5: openPanelOnActionClick false); the popup docks the chat. */
export function keepPopupOnActionClick(): void {
  if (!import.meta.env.FIREFOX) {
    chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: false }).catch(() => undefined);
  }
}

/** Open the docked chat: Chrome's and Edge's side panel, Firefox's sidebar (call it from a user's click). */
export async function openDockedChat(): Promise<void> {
  if (import.meta.env.FIREFOX) {
    await Browser.sidebarAction.open();
  } else {
    const window = await Browser.windows.getCurrent();
    if (window.id !== undefined) await chrome.sidePanel.open({ windowId: window.id });
  }
}

/**
 * The widget bundle (`[[injected]]` in xtk.toml), imported from the package by its web-accessible URL: a content
 * script is a classic script, and the bundle an ES module of its own (seed §7).
 */
export function importWidgetBundle(): Promise<unknown> {
  return import(Browser.runtime.getURL('chatwidget/index.js'));
}
