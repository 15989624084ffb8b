// DocMind's background: an MV3 service worker in Chrome and Edge, an MV2 background page in Firefox
// (seed 000 Appendix C). It relays the popup's requests to the page's content script, calls the DocMind API,
// keeps the pending context-menu selection and the last highlights' identity in memory only (no storage
// permission, seed 000 §10), and clears the page's highlights when the popup closes (Appendix A). Every message
// it receives is checked against the protocol (specs/protocol/, generated validators): an invalid one is
// answered with an error, never acted on.
import {
  createContextMenu,
  isFromExtensionPage,
  isReceivingEndMissing,
  onContextMenuClicked,
  onInstalled,
  onMessage,
  onPopupClosed,
  sendMessageToTab,
  tryOpenPopup,
} from '../shared/browser';
import { CONTEXT_MENU_CONFIG } from '../shared/config';
import {
  describeInvalidContentToBackground,
  describeInvalidPopupToBackground,
  isContentToBackground,
  isPopupToBackground,
  type BackgroundToContent,
  type BackgroundToPopup,
  type Citation,
  type ContentToBackground,
  type HighlightLifecycle,
  type HighlightResults,
  type PopupToBackground,
  type Query,
  type StaleReason,
} from '../shared/protocol';
import { selectSections, type SectionSelection } from '../shared/sections';
import { truncateSelection } from '../shared/selection';
import { checkStale, parseUrlIdentity, type UrlIdentity } from '../shared/url';
import { query } from './api';

const MENU_ID = 'ask-docmind';

const pendingContextByTabId = new Map<number, { selectionText: string; createdAt: number }>();

/** The citations last highlighted in a tab, for retry and for the stale checks of §6.4. */
interface TabHighlights {
  citations: Citation[];
  identity: UrlIdentity;
  createdAt: number;
  staleReason?: StaleReason;
}

const highlightsByTabId = new Map<number, TabHighlights>();

onInstalled(() => {
  createContextMenu(MENU_ID, 'Ask DocMind about this', ['selection']);
});

onContextMenuClicked((click) => {
  if (click.menuItemId !== MENU_ID || click.tabId === undefined || !click.selectionText) return;
  const selectionText = truncateSelection(click.selectionText);
  if (selectionText === null) return;
  pendingContextByTabId.set(click.tabId, { selectionText, createdAt: Date.now() });
  void tryOpenPopup(click.windowId);
});

// Appendix A: the content script cannot see the popup close; the background can, and clears the page.
onPopupClosed((tabId) => {
  highlightsByTabId.delete(tabId);
  void sendMessageToTab(tabId, { type: 'CLEAR_HIGHLIGHTS' } satisfies BackgroundToContent).catch(() => undefined);
});

class RestrictedPage extends Error {}

/** Ask the tab's content script; its answer validated. A tab without one is a restricted page (Appendix A). */
async function askContent(tabId: number, request: BackgroundToContent): Promise<Exclude<ContentToBackground, { type: 'ERROR' }>> {
  let answer: unknown;
  try {
    answer = await sendMessageToTab(tabId, request);
  } catch (error) {
    if (isReceivingEndMissing(error)) throw new RestrictedPage();
    throw error;
  }
  if (!isContentToBackground(answer)) {
    throw new Error(`the content script's answer is invalid (${describeInvalidContentToBackground(answer)})`);
  }
  if (answer.type === 'ERROR') throw new Error(`the content script failed: ${answer.error}`);
  return answer;
}

/** The page's text as the content script read it, and its URL. */
async function extractText(tabId: number): Promise<{ text: string; url: string }> {
  const answer = await askContent(tabId, { type: 'EXTRACT_TEXT' });
  if (answer.type !== 'TEXT_EXTRACTED') throw new Error(`the content script answered ${answer.type} to EXTRACT_TEXT`);
  return answer;
}

type Figures = Pick<Extract<BackgroundToPopup, { type: 'ANSWER' }>,
  'charactersAnalyzed' | 'pageLength' | 'sectionsAnalyzed' | 'sectionCount' | 'truncated'>;

/** What the popup says was read: the figures of the selection itself (D14, D16), never a second computation. */
function figures(selection: SectionSelection): Figures {
  const { charactersAnalyzed, pageLength, sectionCount, truncated } = selection;
  return { charactersAnalyzed, pageLength, sectionsAnalyzed: selection.sections.length, sectionCount, truncated };
}

async function analyzePage(tabId: number): Promise<BackgroundToPopup> {
  const page = await extractText(tabId);
  const selection = selectSections(page.text, ''); // no question yet: the sections from the top
  return { type: 'PAGE_ANALYZED', ...figures(selection), pageUrlIdentity: parseUrlIdentity(page.url).full };
}

async function answerQuery({ tabId, payload }: Query): Promise<BackgroundToPopup> {
  const page = await extractText(tabId);
  // Each question chooses its own sections (D16): a follow-up may read other parts of a long page.
  const selection = selectSections(page.text, payload.question);
  const answer = await query({
    sections: selection.sections.map(({ start, end }) => ({ offset: start, text: page.text.slice(start, end) })),
    pageLength: selection.pageLength,
    question: payload.question,
    url: page.url,
    mode: payload.mode,
    ...(payload.conversation ? { conversation: payload.conversation } : {}),
  });
  if ('type' in answer) return answer;
  return { type: 'ANSWER', ...answer, ...figures(selection), pageUrlIdentity: parseUrlIdentity(page.url).full };
}

async function highlight(tabId: number, citations: Citation[]): Promise<HighlightResults> {
  const answer = await askContent(tabId, { type: 'INJECT_HIGHLIGHTS', citations });
  if (answer.type !== 'HIGHLIGHTS_INJECTED') throw new Error(`the content script answered ${answer.type} to INJECT_HIGHLIGHTS`);
  highlightsByTabId.set(tabId, { citations, identity: parseUrlIdentity(answer.url), createdAt: Date.now() });
  return { type: 'HIGHLIGHT_RESULTS', results: answer.results, lifecycle: answer.lifecycle };
}

/**
 * The lifecycle now (§6.1d): the content script's own (it sees DOM changes), then the URL and age checks of
 * §6.4 against the page the highlights were made for. Stale highlights are removed: under-highlight, never
 * leave marks that may point at the wrong text.
 */
async function highlightState(tabId: number): Promise<BackgroundToPopup> {
  const stored = highlightsByTabId.get(tabId);
  let state: { lifecycle: HighlightLifecycle; url: string };
  try {
    const answer = await askContent(tabId, { type: 'GET_STATE' });
    if (answer.type !== 'STATE') throw new Error(`the content script answered ${answer.type} to GET_STATE`);
    state = answer;
  } catch (error) {
    if (!(error instanceof RestrictedPage)) throw error;
    // No content script: the tab left for a page extensions may not read.
    const lifecycle: HighlightLifecycle = stored
      ? { state: 'stale', reason: (stored.staleReason ??= 'path-changed') }
      : { state: 'unsupported', reason: 'restricted-page' };
    return { type: 'HIGHLIGHT_STATE', lifecycle, pageUrlIdentity: '' };
  }
  const identity = parseUrlIdentity(state.url);
  let lifecycle = state.lifecycle;
  if (stored && (lifecycle.state === 'active' || lifecycle.state === 'idle' || lifecycle.state === 'stale')) {
    if (!stored.staleReason) {
      const check = checkStale(stored.identity, identity, Date.now() - stored.createdAt);
      if (check.stale) stored.staleReason = check.reason;
      else if (lifecycle.state === 'stale') stored.staleReason = lifecycle.reason;
      // Highlights gone while the page is the same one: it was reloaded, or its content replaced.
      else if (lifecycle.state === 'idle') stored.staleReason = 'dom-changed';
    }
    if (stored.staleReason) {
      if (lifecycle.state === 'active') await askContent(tabId, { type: 'CLEAR_HIGHLIGHTS' });
      lifecycle = { state: 'stale', reason: stored.staleReason };
    }
  }
  return { type: 'HIGHLIGHT_STATE', lifecycle, pageUrlIdentity: identity.full };
}

async function handle(message: PopupToBackground): Promise<BackgroundToPopup> {
  switch (message.type) {
    case 'ANALYZE_PAGE':
      return analyzePage(message.tabId);
    case 'QUERY':
      return answerQuery(message);
    case 'HIGHLIGHT_CITATIONS':
      return highlight(message.tabId, message.citations);
    case 'REINDEX_PAGE': {
      const stored = highlightsByTabId.get(message.tabId);
      if (!stored) return { type: 'HIGHLIGHT_RESULTS', results: [], lifecycle: { state: 'idle' } };
      return highlight(message.tabId, stored.citations);
    }
    case 'SCROLL_TO_CITATION': {
      const answer = await askContent(message.tabId, { type: 'SCROLL_TO', citationId: message.citationId });
      const found = answer.type === 'SCROLLED' && answer.found;
      return { type: 'SCROLLED', citationId: message.citationId, found };
    }
    case 'CLEAR_HIGHLIGHTS':
      highlightsByTabId.delete(message.tabId);
      await askContent(message.tabId, { type: 'CLEAR_HIGHLIGHTS' });
      return { type: 'CLEARED' };
    case 'GET_HIGHLIGHT_STATE':
      return highlightState(message.tabId);
    case 'GET_PENDING_CONTEXT':
      return pendingContext(message.tabId);
    case 'CLEAR_PENDING_CONTEXT':
      pendingContextByTabId.delete(message.tabId);
      return { type: 'PENDING_CONTEXT', payload: null };
  }
}

function pendingContext(tabId: number): BackgroundToPopup {
  const pending = pendingContextByTabId.get(tabId);
  if (pending && Date.now() - pending.createdAt > CONTEXT_MENU_CONFIG.PENDING_CONTEXT_TTL_MS) {
    pendingContextByTabId.delete(tabId);
    return { type: 'PENDING_CONTEXT', payload: null };
  }
  return { type: 'PENDING_CONTEXT', payload: pending ? { kind: 'selection', tabId, ...pending } : null };
}

/** Restricted pages answer every request the same way (Appendix A). */
function restricted(message: PopupToBackground): BackgroundToPopup {
  if (message.type === 'HIGHLIGHT_CITATIONS' || message.type === 'REINDEX_PAGE') {
    return { type: 'HIGHLIGHT_RESULTS', results: [], lifecycle: { state: 'unsupported', reason: 'restricted-page' } };
  }
  return { type: 'PAGE_UNSUPPORTED', reason: 'restricted-page' };
}

onMessage((message, sender) => {
  // Only the extension's own pages ask the background; content scripts answer, never ask.
  if (!isFromExtensionPage(sender)) return undefined;
  if (!isPopupToBackground(message)) {
    const invalid: BackgroundToPopup = { type: 'ERROR', error: `invalid message: ${describeInvalidPopupToBackground(message)}` };
    return Promise.resolve(invalid);
  }
  return handle(message).catch((error: unknown): BackgroundToPopup => {
    if (error instanceof RestrictedPage) return restricted(message);
    return { type: 'ERROR', error: error instanceof Error ? error.message : String(error) };
  });
});
