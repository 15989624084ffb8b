// DocMind's popup (seed 000 §9, Phase 4): reads the page through the background, asks questions in a thread,
// shows answers with citation badges and their confidence, drives highlighting (scroll, retry, stale status)
// and pre-fills a question from a context-menu selection (§5.4). It keeps no state beyond its own lifetime.
import { activeTabId, connectPopupToBackground, sendToBackground } from '../shared/browser';
import {
  describeInvalidBackgroundToPopup,
  isBackgroundToPopup,
  type Answer,
  type BackgroundToPopup,
  type Mode,
  type PopupToBackground,
} from '../shared/protocol';
import { selectionQuestion } from '../shared/selection';
import { Thread, type ResetReason } from './thread';
import {
  element,
  renderError,
  renderNotice,
  renderTurn,
  showLifecycle,
  showPrivacy,
  removedState,
  UNSUPPORTED_MESSAGES,
  type AnswerView,
} from './view';

/** How often an open popup checks that its highlights still describe the page (§6.4 stale detection). */
const STATE_POLL_MS = 1000;

const RESET_NOTICES: Record<ResetReason, string> = {
  'new-conversation': 'New conversation.',
  'mode-changed': 'New conversation: the answer style changed.',
  'page-changed': 'New conversation: the page changed.',
};

async function ask(message: PopupToBackground): Promise<Exclude<BackgroundToPopup, { type: 'ERROR' }>> {
  const answer = await sendToBackground(message);
  if (!isBackgroundToPopup(answer)) {
    throw new Error(`the background sent an invalid answer (${describeInvalidBackgroundToPopup(answer)})`);
  }
  if (answer.type === 'ERROR') throw new Error(answer.error);
  return answer;
}

/**
 * The tab this popup is about: the active tab of its window. Opened as a page (tests, or a user who pins the
 * popup in a tab) it takes `?tabId=N` instead, since it would otherwise be its own active tab.
 */
async function targetTabId(): Promise<number | undefined> {
  const requested = new URLSearchParams(location.search).get('tabId');
  if (requested !== null && /^\d+$/.test(requested)) return Number(requested);
  return activeTabId();
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // The async clipboard can refuse an unfocused document; the legacy command works on a click in the popup.
    const scratch = document.createElement('textarea');
    scratch.value = text;
    document.body.append(scratch);
    scratch.select();
    const copied = document.execCommand('copy');
    scratch.remove();
    return copied;
  }
}

class Popup {
  private readonly thread = new Thread();
  private pageUrlIdentity = '';
  private current: AnswerView | null = null;
  private highlighted = false;
  private polling: ReturnType<typeof setInterval> | undefined;
  private readonly threadView = element<HTMLElement>('thread');
  private readonly status = element<HTMLParagraphElement>('status');
  private readonly question = element<HTMLTextAreaElement>('question');
  private readonly mode = element<HTMLSelectElement>('mode');
  private readonly submit = element<HTMLButtonElement>('submit');

  constructor(private readonly tabId: number) {}

  async start(): Promise<void> {
    document.body.dataset['tabId'] = String(this.tabId);
    connectPopupToBackground(this.tabId); // the background clears the page's highlights when this closes
    element<HTMLFormElement>('ask').addEventListener('submit', (event) => {
      event.preventDefault();
      void this.submitQuestion();
    });
    this.question.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        void this.submitQuestion();
      }
    });
    this.mode.addEventListener('change', () => {
      if (this.thread.started) this.resetThread('mode-changed', { clearView: false });
    });
    element<HTMLButtonElement>('new-conversation').addEventListener('click', () =>
      this.resetThread('new-conversation', { clearView: true }),
    );
    element<HTMLButtonElement>('retry').addEventListener('click', () => void this.retry());

    await this.prefillFromSelection();
    const analysis = await ask({ type: 'ANALYZE_PAGE', tabId: this.tabId });
    if (analysis.type === 'PAGE_ANALYZED') {
      this.pageUrlIdentity = analysis.pageUrlIdentity;
      this.status.textContent = 'Ready. Answers come only from this page.';
      showPrivacy(analysis, false);
    } else if (analysis.type === 'PAGE_UNSUPPORTED') {
      this.showUnsupported(analysis.reason);
    }
  }

  private showUnsupported(reason: keyof typeof UNSUPPORTED_MESSAGES): void {
    this.status.textContent = UNSUPPORTED_MESSAGES[reason];
    this.status.className = 'unsupported';
    this.status.dataset['reason'] = reason;
    this.submit.disabled = reason === 'restricted-page';
  }

  private async prefillFromSelection(): Promise<void> {
    const answer = await ask({ type: 'GET_PENDING_CONTEXT', tabId: this.tabId });
    if (answer.type !== 'PENDING_CONTEXT' || answer.payload === null) return;
    this.question.value = selectionQuestion(answer.payload.selectionText);
    this.question.dataset['prefilled'] = 'true';
    await ask({ type: 'CLEAR_PENDING_CONTEXT', tabId: this.tabId });
  }

  private resetThread(reason: ResetReason, { clearView }: { clearView: boolean }): void {
    this.thread.reset();
    if (clearView) {
      this.threadView.replaceChildren();
      this.current?.setResults(null);
      this.current = null;
      if (this.highlighted) void ask({ type: 'CLEAR_HIGHLIGHTS', tabId: this.tabId }).catch(() => undefined);
      this.highlighted = false;
      showLifecycle({ state: 'idle' });
    } else {
      renderNotice(this.threadView, RESET_NOTICES[reason]);
    }
    document.body.dataset['threadId'] = '';
    element<HTMLLabelElement>('question-label').textContent = 'Ask about this page';
    element<HTMLButtonElement>('new-conversation').hidden = true;
  }

  private async submitQuestion(): Promise<void> {
    const question = this.question.value.trim();
    if (!question || this.submit.disabled) return;
    const mode = this.mode.value as Mode;
    const reason = this.thread.resetReasonFor(mode, this.pageUrlIdentity);
    if (reason) this.resetThread(reason, { clearView: false });
    const conversation = this.thread.forRequest(mode, this.pageUrlIdentity);

    this.submit.disabled = true;
    document.body.dataset['busy'] = 'true';
    this.status.className = '';
    this.status.textContent = 'Thinking…';
    try {
      const answer = await ask({
        type: 'QUERY',
        tabId: this.tabId,
        payload: { question, mode, ...(conversation ? { conversation } : {}) },
      });
      if (answer.type === 'ANSWER') {
        this.question.value = '';
        delete this.question.dataset['prefilled'];
        await this.showAnswer(question, mode, answer);
      } else if (answer.type === 'QUERY_FAILED') {
        renderError(this.threadView, answer.message);
        this.status.textContent = '';
      } else if (answer.type === 'PAGE_UNSUPPORTED') {
        this.showUnsupported(answer.reason);
      }
    } catch (error) {
      renderError(this.threadView, `Something went wrong: ${error instanceof Error ? error.message : String(error)}`);
      this.status.textContent = '';
    } finally {
      this.submit.disabled = this.status.dataset['reason'] === 'restricted-page';
      document.body.dataset['busy'] = 'false';
    }
  }

  private async showAnswer(question: string, mode: Mode, answer: Answer): Promise<void> {
    if (this.thread.resetReasonFor(mode, answer.pageUrlIdentity) === 'page-changed') {
      this.resetThread('page-changed', { clearView: false });
    }
    this.pageUrlIdentity = answer.pageUrlIdentity;
    this.thread.record(mode, answer.pageUrlIdentity, question, answer.answer);
    document.body.dataset['threadId'] = this.thread.threadId ?? '';
    showPrivacy(answer, true);
    this.status.textContent = answer.citations.length > 0 ? 'Highlighting sources…' : '';
    element<HTMLLabelElement>('question-label').textContent = 'Ask a follow-up';
    element<HTMLButtonElement>('new-conversation').hidden = false;

    this.current?.setResults(null); // a new answer's highlights replace the previous one's
    this.current = renderTurn(
      this.threadView,
      question,
      answer.answer,
      answer.citations,
      answer.answeredBy,
      (citationId) => void ask({ type: 'SCROLL_TO_CITATION', tabId: this.tabId, citationId }),
      copyText,
    );
    if (answer.citations.length === 0) {
      showLifecycle({ state: 'idle' });
      return;
    }
    await this.highlight({ type: 'HIGHLIGHT_CITATIONS', tabId: this.tabId, citations: answer.citations });
  }

  private async highlight(request: PopupToBackground): Promise<void> {
    const view = this.current;
    const answer = await ask(request);
    if (answer.type !== 'HIGHLIGHT_RESULTS' || view !== this.current) return;
    view?.setResults(answer.results);
    // The results already say what a stale answer (the page hid every mark) means for each citation.
    document.body.dataset['lifecycle'] = answer.lifecycle.state;
    showLifecycle(answer.lifecycle);
    this.highlighted = answer.lifecycle.state === 'active';
    const marked = answer.results.filter((r) => r.marks > 0).length;
    this.status.textContent = `${marked} of ${answer.results.length} sources highlighted on the page.`;
    document.body.dataset['highlighted'] = String(marked);
    this.polling ??= setInterval(() => void this.checkState(), STATE_POLL_MS);
  }

  private async retry(): Promise<void> {
    element<HTMLButtonElement>('retry').disabled = true;
    try {
      await this.highlight({ type: 'REINDEX_PAGE', tabId: this.tabId });
    } finally {
      element<HTMLButtonElement>('retry').disabled = false;
    }
  }

  /** Stale detection while the popup is open: the lifecycle, and the page's identity for the thread. */
  private async checkState(): Promise<void> {
    let answer: BackgroundToPopup;
    try {
      answer = await ask({ type: 'GET_HIGHLIGHT_STATE', tabId: this.tabId });
    } catch {
      return; // the next poll tries again
    }
    if (answer.type !== 'HIGHLIGHT_STATE') return;
    if (answer.lifecycle.state === 'stale' && document.body.dataset['lifecycle'] !== 'stale') {
      this.current?.setResults(null, removedState(answer.lifecycle.reason));
      this.highlighted = false;
    }
    document.body.dataset['lifecycle'] = answer.lifecycle.state;
    showLifecycle(answer.lifecycle);
    if (answer.pageUrlIdentity && answer.pageUrlIdentity !== this.pageUrlIdentity) {
      this.pageUrlIdentity = answer.pageUrlIdentity;
      if (this.thread.started) this.resetThread('page-changed', { clearView: false });
    }
  }
}

async function main(): Promise<void> {
  const status = element<HTMLParagraphElement>('status');
  try {
    const tabId = await targetTabId();
    if (tabId === undefined) {
      status.textContent = 'No page to read in this window.';
      return;
    }
    await new Popup(tabId).start();
  } catch (error) {
    status.textContent = `Could not read this page: ${error instanceof Error ? error.message : String(error)}`;
    status.className = 'unsupported';
  } finally {
    document.body.dataset['ready'] = 'true';
  }
}

void main();
