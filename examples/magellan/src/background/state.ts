// Seed 004, "State Management": each tab's state, created when the tab is activated (or first asked about) and
// kept until the tab closes. It lives in memory and in session storage, so a suspended service worker (Chrome,
// Edge) finds it again; a new URL in the tab resets the page's data (its ids no longer mean anything) but keeps
// the chat.
import { sessionGet, sessionRemove, sessionSet } from '../shared/browser';
import type { ChatMessage, CitedSentence, IdentifiedElement, TabStateView } from '../shared/protocol';

export type Status = TabStateView['status'];

export interface TabState {
  chatHistory: ChatMessage[];
  citedSentences: CitedSentence[];
  currentCitedSentenceIndex: number;
  status: Status;
  errorMessage: string;
  fullPageTextContent: string;
  pageIdentifiedElements: IdentifiedElement[];
  highlighted: string[];
}

export function freshState(): TabState {
  return {
    chatHistory: [],
    citedSentences: [],
    currentCitedSentenceIndex: -1,
    status: 'idle',
    errorMessage: '',
    fullPageTextContent: '',
    pageIdentifiedElements: [],
    highlighted: [],
  };
}

const states = new Map<number, TabState>();
const key = (tabId: number): string => `tab:${tabId}`;

function isTabState(value: unknown): value is TabState {
  return typeof value === 'object' && value !== null && Array.isArray((value as TabState).chatHistory)
    && Array.isArray((value as TabState).pageIdentifiedElements);
}

/** Loads in flight: two requests about one tab while the background wakes up must get the same object. */
const loading = new Map<number, Promise<TabState>>();

/** The tab's state: from memory, else from session storage, else a new one (stored at once). */
export function loadState(tabId: number): Promise<TabState> {
  const known = states.get(tabId);
  if (known !== undefined) return Promise.resolve(known);
  let pending = loading.get(tabId);
  if (pending === undefined) {
    pending = restore(tabId).finally(() => loading.delete(tabId));
    loading.set(tabId, pending);
  }
  return pending;
}

async function restore(tabId: number): Promise<TabState> {
  const stored = await sessionGet(key(tabId));
  const state = isTabState(stored) ? stored : freshState();
  states.set(tabId, state);
  if (!isTabState(stored)) await sessionSet(key(tabId), state);
  return state;
}

export async function saveState(tabId: number, state: TabState): Promise<void> {
  states.set(tabId, state);
  await sessionSet(key(tabId), state);
}

export async function dropState(tabId: number): Promise<void> {
  states.delete(tabId);
  await sessionRemove(key(tabId));
}

/** The page changed under the state: its elements, text and citations go; the chat stays. */
export function resetPage(state: TabState): void {
  state.citedSentences = [];
  state.currentCitedSentenceIndex = -1;
  state.fullPageTextContent = '';
  state.pageIdentifiedElements = [];
  state.highlighted = [];
  state.status = 'idle';
  state.errorMessage = '';
}
