// The sidebar (seed 004's sidebar.js): the chat about one tab, its citations and their navigation. It shows the
// state the background keeps for the tab, and sends every action to the background. Its tab: `?tabId=N` when
// given (a sidebar opened for a given tab), else the active tab of its window, followed as the user switches tabs.
import { activeTabId, onTabActivated, onTabUrlChanged, sendToBackground } from '../shared/browser';
import {
  describeInvalidBackgroundToSidebar,
  isBackgroundToSidebar,
  type SidebarToBackground,
  type TabStateView,
} from '../shared/protocol';

const STATUS_TEXT: Record<TabStateView['status'], string> = {
  idle: '',
  extracting: 'Reading the page…',
  querying_llm: 'Thinking…',
  ready: '',
  error: '',
};

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`the sidebar has no #${id}`);
  return element as T;
}

const pinnedTab = Number.parseInt(new URLSearchParams(location.search).get('tabId') ?? '', 10);
let tabId: number | undefined = Number.isInteger(pinnedTab) && pinnedTab >= 0 ? pinnedTab : undefined;

function showError(text: string): void {
  const status = byId('status');
  status.textContent = text;
  status.dataset.status = 'error';
}

function render(state: TabStateView): void {
  byId('page-title').textContent = state.title;
  const status = byId('status');
  status.textContent = state.status === 'error' ? state.errorMessage : STATUS_TEXT[state.status];
  status.dataset.status = state.status;
  document.body.dataset.elements = String(state.elementCount);
  byId('backend').textContent = `Answers come from ${state.backend}.`;
  document.body.dataset.highlighted = state.highlighted.join(' ');
  const activeId = state.citedSentences[state.currentCitedSentenceIndex]?.id;
  const chat = byId('chat');
  chat.replaceChildren(...state.chatHistory.map((message, index) => {
    const item = document.createElement('li');
    item.className = 'message';
    item.dataset.role = message.role;
    const text = document.createElement('p');
    text.className = 'message-text';
    text.textContent = message.content;
    item.append(text);
    if (message.answeredBy !== undefined) {
      const by = document.createElement('p');
      by.className = 'answered-by';
      by.dataset.kind = message.answeredBy.kind;
      by.textContent = message.answeredBy.kind === 'model'
        ? `Answered by ${message.answeredBy.model ?? 'the model'} at ${message.answeredBy.host ?? 'the endpoint'}`
        : 'Answered offline: the elements sharing the most words with the question (no model is set)';
      item.append(by);
    }
    const isLast = index === state.chatHistory.length - 1;
    if (message.citations && message.citations.length > 0) {
      const list = document.createElement('div');
      list.className = 'citations';
      message.citations.forEach((citation, position) => {
        const chip = document.createElement('button');
        chip.type = 'button';
        chip.className = 'citation';
        chip.dataset.id = citation.id;
        chip.dataset.active = String(isLast && citation.id === activeId);
        chip.textContent = String(position + 1);
        chip.title = citation.text;
        chip.disabled = !isLast; // earlier answers' elements are no longer highlighted
        chip.addEventListener('click', () => void send({ type: 'NAVIGATE', tabId: state.tabId, to: position }));
        list.append(chip);
      });
      item.append(list);
    }
    return item;
  }));
  const count = state.citedSentences.length;
  byId('citation-nav').hidden = count === 0;
  byId('position').textContent = count === 0 ? '' : `${state.currentCitedSentenceIndex + 1} / ${count}`;
}

async function send(message: SidebarToBackground): Promise<void> {
  document.body.dataset.busy = 'true';
  try {
    const answer = await sendToBackground(message);
    if (!isBackgroundToSidebar(answer)) {
      showError(`invalid answer from the background: ${describeInvalidBackgroundToSidebar(answer)}`);
    } else if (answer.type === 'ERROR') {
      showError(answer.error);
    } else if (answer.tabId === tabId) {
      render(answer);
    }
  } catch (error) {
    showError(String(error));
  } finally {
    document.body.dataset.busy = 'false';
  }
}

async function refresh(): Promise<void> {
  if (tabId === undefined) tabId = await activeTabId();
  if (tabId === undefined) {
    showError('No tab to chat about.');
    return;
  }
  await send({ type: 'GET_STATE', tabId });
}

byId<HTMLFormElement>('ask-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const query = byId<HTMLTextAreaElement>('query').value.trim();
  if (tabId === undefined || query === '') return;
  byId('status').textContent = STATUS_TEXT.extracting;
  void send({ type: 'ASK', tabId, query }).then(() => {
    byId<HTMLTextAreaElement>('query').value = '';
  });
});
byId('previous').addEventListener('click', () => tabId !== undefined && void send({ type: 'NAVIGATE', tabId, to: 'previous' }));
byId('next').addEventListener('click', () => tabId !== undefined && void send({ type: 'NAVIGATE', tabId, to: 'next' }));
byId('clear').addEventListener('click', () => tabId !== undefined && void send({ type: 'CLEAR_CHAT', tabId }));

if (!Number.isInteger(pinnedTab)) {
  onTabActivated((activated) => {
    tabId = activated;
    void refresh();
  });
}
onTabUrlChanged((changed) => {
  if (changed === tabId) void refresh();
});

void refresh().then(() => {
  document.body.dataset.ready = 'true';
});
