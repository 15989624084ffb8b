// The background: keeps each tab's state (state.ts) and answers the sidebar. Asking extracts the page through the
// content script, asks the configured model endpoint (model.ts; Firefox: with the user's consent to send page
// content) or, with none set, the offline answerer (answerer.ts), parses and checks the citations, and highlights
// them; each answer says who wrote it. Every message received — the
// sidebar's request and the content script's answer — is validated with the generated protocol module first.
import { fullText } from '../shared/extraction';
import {
  hasPageContentConsent,
  isReceivingEndMissing,
  onMessage,
  onTabActivated,
  onTabRemoved,
  onTabUrlChanged,
  openChatOnActionClick,
  sendToTab,
  tabTitle,
} from '../shared/browser';
import {
  describeInvalidContentToBackground,
  describeInvalidSidebarToBackground,
  isContentToBackground,
  isSidebarToBackground,
  type BackgroundToContent,
  type BackgroundToSidebar,
  type ChatMessage,
  type ContentToBackground,
  type Navigate,
} from '../shared/protocol';
import { withoutIds } from '../shared/citations';
import { storedEndpoint, type Endpoint } from '../shared/endpoint';
import { answerOffline, NUM_CITATIONS, parseCitations } from './answerer';
import { askModel, ModelError } from './model';
import { dropState, freshState, loadState, resetPage, saveState, type TabState } from './state';

const UNREADABLE = 'Magellan cannot read this page (a browser page, or one opened before Magellan was installed: reload it).';

class ContentError extends Error {}

function describeBackend(endpoint: Endpoint | undefined): string {
  return endpoint === undefined
    ? 'the offline answerer (no model endpoint is set: see Options)'
    : `${endpoint.model} at ${new URL(endpoint.baseUrl).host}`;
}

async function askContent(tabId: number, message: BackgroundToContent): Promise<ContentToBackground> {
  let answer: unknown;
  try {
    answer = await sendToTab(tabId, message);
  } catch (error) {
    throw new ContentError(isReceivingEndMissing(error) ? UNREADABLE : String(error));
  }
  if (!isContentToBackground(answer)) {
    throw new ContentError(`invalid answer from the content script: ${describeInvalidContentToBackground(answer)}`);
  }
  if (answer.type === 'ERROR') throw new ContentError(answer.error);
  return answer;
}

async function view(tabId: number, state: TabState): Promise<BackgroundToSidebar> {
  return {
    type: 'TAB_STATE',
    tabId,
    title: (await tabTitle(tabId)).slice(0, 1000),
    chatHistory: state.chatHistory,
    citedSentences: state.citedSentences,
    currentCitedSentenceIndex: state.currentCitedSentenceIndex,
    status: state.status,
    errorMessage: state.errorMessage,
    elementCount: state.pageIdentifiedElements.length,
    highlighted: state.highlighted,
    backend: describeBackend(await storedEndpoint()).slice(0, 600),
  };
}

async function highlightCitations(tabId: number, state: TabState): Promise<void> {
  const active = state.citedSentences[state.currentCitedSentenceIndex];
  const message: BackgroundToContent = { type: 'HIGHLIGHT_ELEMENTS', ids: state.citedSentences.map((c) => c.id) };
  if (active !== undefined) message.activeId = active.id;
  const answer = await askContent(tabId, message);
  state.highlighted = answer.type === 'HIGHLIGHTED' ? answer.ids : [];
}

async function ask(tabId: number, query: string): Promise<TabState> {
  const state = await loadState(tabId);
  state.status = 'extracting';
  state.errorMessage = '';
  await saveState(tabId, state);
  try {
    const page = await askContent(tabId, { type: 'EXTRACT_PAGE_CONTENT' });
    state.pageIdentifiedElements = page.type === 'PAGE_CONTENT' ? page.elements : [];
    state.fullPageTextContent = fullText(state.pageIdentifiedElements);
    state.status = 'querying_llm';
    const earlier = [...state.chatHistory];
    state.chatHistory.push({ role: 'user', content: query });
    await saveState(tabId, state);
    const endpoint = await storedEndpoint();
    let answer: string;
    let answeredBy: NonNullable<ChatMessage['answeredBy']>;
    if (endpoint === undefined) {
      answer = answerOffline(query, state.pageIdentifiedElements);
      answeredBy = { kind: 'offline' };
    } else {
      if (!(await hasPageContentConsent())) {
        throw new ModelError(
          `Firefox has not allowed Magellan to send page content to ${new URL(endpoint.baseUrl).host}: allow it in Magellan's options`,
        );
      }
      answer = await askModel(endpoint, earlier, query, state.fullPageTextContent, NUM_CITATIONS);
      answeredBy = { kind: 'model', model: endpoint.model.slice(0, 200), host: new URL(endpoint.baseUrl).host.slice(0, 300) };
    }
    const citations = parseCitations(answer, state.pageIdentifiedElements, NUM_CITATIONS);
    state.chatHistory.push({ role: 'assistant', content: withoutIds(answer), citations, answeredBy });
    state.citedSentences = citations;
    state.currentCitedSentenceIndex = citations.length > 0 ? 0 : -1;
    await highlightCitations(tabId, state);
    state.status = 'ready';
  } catch (error) {
    state.status = 'error';
    state.errorMessage = (error instanceof ContentError || error instanceof ModelError ? error.message : String(error))
      .slice(0, 2000);
  }
  await saveState(tabId, state);
  return state;
}

async function navigate(tabId: number, to: Navigate['to']): Promise<TabState> {
  const state = await loadState(tabId);
  const count = state.citedSentences.length;
  if (count === 0) throw new ContentError('there are no citations to navigate');
  const current = state.currentCitedSentenceIndex;
  if (to === 'next') state.currentCitedSentenceIndex = (current + 1) % count;
  else if (to === 'previous') state.currentCitedSentenceIndex = (current - 1 + count) % count;
  else if (to < count) state.currentCitedSentenceIndex = to;
  else throw new ContentError(`there is no citation ${to + 1} (the answer has ${count})`);
  await highlightCitations(tabId, state);
  await saveState(tabId, state);
  return state;
}

async function clearChat(tabId: number): Promise<TabState> {
  try {
    await askContent(tabId, { type: 'CLEAR_HIGHLIGHTS' });
  } catch {
    // a page without the content script has no highlights to clear
  }
  const state = freshState();
  await saveState(tabId, state);
  return state;
}

async function handle(message: unknown): Promise<BackgroundToSidebar> {
  if (!isSidebarToBackground(message)) {
    return { type: 'ERROR', error: `invalid message: ${describeInvalidSidebarToBackground(message)}` };
  }
  try {
    switch (message.type) {
      case 'GET_STATE':
        return await view(message.tabId, await loadState(message.tabId));
      case 'ASK':
        return await view(message.tabId, await ask(message.tabId, message.query));
      case 'NAVIGATE':
        return await view(message.tabId, await navigate(message.tabId, message.to));
      case 'CLEAR_CHAT':
        return await view(message.tabId, await clearChat(message.tabId));
    }
  } catch (error) {
    return { type: 'ERROR', error: (error instanceof Error ? error.message : String(error)).slice(0, 2000) };
  }
}

onMessage((message) => handle(message));

onTabActivated((tabId) => void loadState(tabId));
onTabRemoved((tabId) => void dropState(tabId));
// A new URL: the ids meant the old page. A document that stays (a fragment, history.pushState) loses its highlights.
onTabUrlChanged((tabId) => {
  void loadState(tabId).then(async (state) => {
    resetPage(state);
    await saveState(tabId, state);
    await askContent(tabId, { type: 'CLEAR_HIGHLIGHTS' }).catch(() => undefined);
  });
});
openChatOnActionClick();
