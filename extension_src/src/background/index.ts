// DocMind's background: an MV3 service worker in Chrome and Edge, an MV2 background page in Firefox
// (seed 000 Appendix C). It relays the popup's requests to the page's content script and keeps the pending
// context-menu selection in memory only (no storage permission, seed 000 §10). Every message it receives is
// checked against the protocol (specs/protocol/, generated validators): an invalid one is answered with an
// error, never acted on.
import {
  createContextMenu,
  isFromExtensionPage,
  isReceivingEndMissing,
  onContextMenuClicked,
  onInstalled,
  onMessage,
  sendMessageToTab,
  tryOpenPopup,
} from '../shared/browser';
import { CHAT_CONFIG, CONTEXT_MENU_CONFIG } from '../shared/config';
import {
  describeInvalidContentToBackground,
  describeInvalidPopupToBackground,
  isContentToBackground,
  isPopupToBackground,
  type BackgroundToContent,
  type BackgroundToPopup,
  type PageAnalyzed,
  type PageUnsupported,
  type PopupToBackground,
} from '../shared/protocol';
import { truncateSelection } from '../shared/selection';

const MENU_ID = 'ask-docmind';

const pendingContextByTabId = new Map<number, { selectionText: string; createdAt: number }>();

onInstalled(() => {
  createContextMenu(MENU_ID, 'Ask DocMind about this', ['selection']);
});

onContextMenuClicked((click) => {
  if (click.menuItemId !== MENU_ID || click.tabId === undefined || !click.selectionText) return;
  const selectionText = truncateSelection(click.selectionText);
  if (selectionText === null) return;
  pendingContextByTabId.set(click.tabId, { selectionText, createdAt: Date.now() });
  void tryOpenPopup();
});

async function analyzePage(tabId: number): Promise<PageAnalyzed | PageUnsupported> {
  const request: BackgroundToContent = { type: 'EXTRACT_TEXT' };
  let answer: unknown;
  try {
    answer = await sendMessageToTab(tabId, request);
  } catch (error) {
    if (isReceivingEndMissing(error)) return { type: 'PAGE_UNSUPPORTED', reason: 'restricted-page' };
    throw error;
  }
  if (!isContentToBackground(answer)) {
    throw new Error(`the content script's answer is invalid (${describeInvalidContentToBackground(answer)})`);
  }
  if (answer.type === 'ERROR') throw new Error(`the content script could not read the page: ${answer.error}`);
  return {
    type: 'PAGE_ANALYZED',
    charactersAnalyzed: Math.min(answer.charCount, CHAT_CONFIG.MAX_PAGE_CHARS),
    truncated: answer.charCount > CHAT_CONFIG.MAX_PAGE_CHARS,
  };
}

function pendingContext(tabId: number): BackgroundToPopup {
  const pending = pendingContextByTabId.get(tabId);
  if (pending && Date.now() - pending.createdAt > CONTEXT_MENU_CONFIG.PENDING_CONTEXT_TTL_MS) {
    pendingContextByTabId.delete(tabId);
    return { type: 'PENDING_CONTEXT', payload: null };
  }
  return { type: 'PENDING_CONTEXT', payload: pending ? { kind: 'selection', tabId, ...pending } : null };
}

async function handle(message: PopupToBackground): Promise<BackgroundToPopup> {
  switch (message.type) {
    case 'ANALYZE_PAGE':
      return analyzePage(message.tabId);
    case 'GET_PENDING_CONTEXT':
      return pendingContext(message.tabId);
    case 'CLEAR_PENDING_CONTEXT':
      pendingContextByTabId.delete(message.tabId);
      return { type: 'PENDING_CONTEXT', payload: null };
  }
}

onMessage((message, sender) => {
  // Only the extension's own pages ask the background; content scripts answer, never ask.
  if (!isFromExtensionPage(sender)) return undefined;
  if (!isPopupToBackground(message)) {
    const invalid: BackgroundToPopup = { type: 'ERROR', error: `invalid message: ${describeInvalidPopupToBackground(message)}` };
    return Promise.resolve(invalid);
  }
  return handle(message).catch(
    (error: unknown): BackgroundToPopup => ({ type: 'ERROR', error: error instanceof Error ? error.message : String(error) }),
  );
});
