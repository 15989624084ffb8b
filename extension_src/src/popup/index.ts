// DocMind's popup: finds its tab, asks the background to read the page (the content script does the reading)
// and shows what was analyzed (seed 000 §9.3); pre-fills a question from a context-menu selection (§5.4).
import { activeTabId, sendToBackground } from '../shared/browser';
import {
  describeInvalidBackgroundToPopup,
  isBackgroundToPopup,
  type BackgroundToPopup,
  type PopupToBackground,
  type UnsupportedReason,
} from '../shared/protocol';
import { selectionQuestion } from '../shared/selection';

const UNSUPPORTED_MESSAGES: Record<UnsupportedReason, string> = {
  'virtualized-content': 'This page uses virtual scrolling.',
  'iframe-heavy': 'Content is embedded in frames.',
  'shadow-dom-content': "This page structure doesn't support highlighting.",
  'insufficient-text': 'Not enough text content found.',
  'too-large': 'This page is too large to safely highlight.',
  'restricted-page': "This page doesn't allow extensions to read or highlight content.",
};

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`popup markup lacks #${id}`);
  return found as T;
}

async function ask(message: PopupToBackground): Promise<BackgroundToPopup> {
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

function showAnalysis(answer: BackgroundToPopup): void {
  const status = element<HTMLParagraphElement>('status');
  const privacy = element<HTMLElement>('privacy');
  if (answer.type === 'PAGE_ANALYZED') {
    status.textContent = 'Ready. Answers come only from this page.';
    privacy.textContent =
      `Analyzed ${answer.charactersAnalyzed.toLocaleString('en-US')} characters from this page only` +
      (answer.truncated ? ' (truncated)' : '');
    privacy.dataset['characters'] = String(answer.charactersAnalyzed);
    privacy.hidden = false;
  } else if (answer.type === 'PAGE_UNSUPPORTED') {
    status.textContent = UNSUPPORTED_MESSAGES[answer.reason];
    status.className = 'unsupported';
    status.dataset['reason'] = answer.reason;
  }
}

async function prefillFromSelection(tabId: number): Promise<void> {
  const answer = await ask({ type: 'GET_PENDING_CONTEXT', tabId });
  if (answer.type !== 'PENDING_CONTEXT' || answer.payload === null) return;
  element<HTMLTextAreaElement>('question').value = selectionQuestion(answer.payload.selectionText);
  await ask({ type: 'CLEAR_PENDING_CONTEXT', tabId });
}

async function main(): Promise<void> {
  const status = element<HTMLParagraphElement>('status');
  const tabId = await targetTabId();
  if (tabId === undefined) {
    status.textContent = 'No page to read in this window.';
    return;
  }
  document.body.dataset['tabId'] = String(tabId);
  try {
    await prefillFromSelection(tabId);
    showAnalysis(await ask({ type: 'ANALYZE_PAGE', tabId }));
  } catch (error) {
    status.textContent = `Could not read this page: ${error instanceof Error ? error.message : String(error)}`;
    status.className = 'unsupported';
  } finally {
    document.body.dataset['ready'] = 'true';
  }
}

void main();
