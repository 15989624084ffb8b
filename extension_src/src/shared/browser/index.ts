// The one door to the extension APIs (seed 000 §5.2, §6.1c). Every runtime, tabs, contextMenus and action call
// in DocMind goes through this module, built on webextension-polyfill so Chrome, Edge and Firefox all get the
// promise-based `browser.*` API. Nothing else imports the polyfill or touches `chrome.*`.
import Browser from 'webextension-polyfill';

export const browser = Browser;

export type MessageSender = Browser.Runtime.MessageSender;

/** Send a message to the background; resolves with its answer. */
export function sendToBackground(message: unknown): Promise<unknown> {
  return browser.runtime.sendMessage(message);
}

/** Send a message to the content script of one tab; resolves with its answer. */
export function sendMessageToTab(tabId: number, message: unknown): Promise<unknown> {
  return browser.tabs.sendMessage(tabId, message);
}

/**
 * Listen for messages. The handler answers with a Promise, or returns undefined for messages it does not own
 * so another listener may answer. (The polyfill turns a returned Promise into Chrome's sendResponse protocol.)
 */
export function onMessage(handler: (message: unknown, sender: MessageSender) => Promise<unknown> | undefined): void {
  browser.runtime.onMessage.addListener((message: unknown, sender: MessageSender) => handler(message, sender));
}

/**
 * True for messages from the extension's own pages (popup, options — also when opened in a tab), false for
 * content scripts and anything else. The sender's URL tells them apart; `sender.tab` does not.
 */
export function isFromExtensionPage(sender: MessageSender): boolean {
  return sender.id === browser.runtime.id && (sender.url ?? '').startsWith(browser.runtime.getURL(''));
}

/** The tab the user is looking at, from the popup's point of view. */
export async function activeTabId(): Promise<number | undefined> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

/**
 * True when a tab has no content script to answer: restricted pages (chrome://, about:, the stores) and pages
 * opened before the extension was installed. Chrome says "Receiving end does not exist"; Firefox says
 * "Could not establish connection. Receiving end does not exist."
 */
export function isReceivingEndMissing(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Receiving end does not exist|Could not establish connection/i.test(message);
}

export function onInstalled(listener: () => void): void {
  browser.runtime.onInstalled.addListener(() => listener());
}

export interface MenuClick {
  menuItemId: string | number;
  selectionText?: string | undefined;
  tabId?: number | undefined;
  windowId?: number | undefined;
}

export function createContextMenu(id: string, title: string, contexts: Browser.Menus.ContextType[]): void {
  browser.contextMenus.create({ id, title, contexts });
}

export function onContextMenuClicked(listener: (click: MenuClick) => void): void {
  browser.contextMenus.onClicked.addListener((info, tab) =>
    listener({ menuItemId: info.menuItemId, selectionText: info.selectionText, tabId: tab?.id, windowId: tab?.windowId }),
  );
}

/**
 * The popup's lifeline to the background (seed 000 Appendix A, "popup close handling"): a port named after the
 * tab the popup is about. Closing the popup closes the port, which the background sees — a page cannot.
 */
export function connectPopupToBackground(tabId: number): void {
  browser.runtime.connect({ name: `${POPUP_PORT_PREFIX}${tabId}` });
}

const POPUP_PORT_PREFIX = 'docmind-popup:';

/** Call `listener` with the tab id of a popup's port when that popup closes (or navigates away). */
export function onPopupClosed(listener: (tabId: number) => void): void {
  browser.runtime.onConnect.addListener((port) => {
    const tabId = port.name.startsWith(POPUP_PORT_PREFIX) ? Number(port.name.slice(POPUP_PORT_PREFIX.length)) : NaN;
    if (!Number.isInteger(tabId) || !isFromExtensionPage(port.sender ?? {})) return;
    port.onDisconnect.addListener(() => listener(tabId));
  });
}

/**
 * Best effort (seed 000 §5.4): browsers may refuse without a user gesture; the prefill waits either way. The
 * popup opens over the window of the page the menu was used in, whose active tab the popup then reads.
 */
export async function tryOpenPopup(windowId?: number): Promise<void> {
  const options = windowId === undefined ? {} : { windowId };
  try {
    if (import.meta.env.MANIFEST_VERSION === 3) {
      await browser.action.openPopup(options);
    } else {
      await browser.browserAction.openPopup(options);
    }
  } catch {
    // Not allowed here: the user opens the popup from the toolbar and finds the question waiting.
  }
}
