// What the popup shows, whatever draws it: it asks the background to describe the tab and turns the answer into text.
import { activeTabId, message, sendToBackground } from '../shared/browser';
import { describeInvalidBackgroundToPopup, isBackgroundToPopup, type PopupToBackground } from '../shared/protocol';

export interface TabSummary {
  /** "ok" when the content script answered; "unavailable" or "error" otherwise. */
  state: 'ok' | 'unavailable' | 'error';
  title: string;
  detail: string;
}

/** The tab to describe: `?tabId=` when the popup is opened as a page (tests, debugging), else the active tab. */
async function targetTabId(): Promise<number | undefined> {
  const named = new URLSearchParams(location.search).get('tabId');
  return named !== null && /^\d+$/u.test(named) ? Number(named) : activeTabId();
}

export async function describeCurrentTab(): Promise<TabSummary> {
  const tabId = await targetTabId();
  if (tabId === undefined) return { state: 'unavailable', title: '', detail: message('noContentScript') };
  const request: PopupToBackground = { type: 'DESCRIBE_TAB', tabId };
  const answer = await sendToBackground(request);
  if (!isBackgroundToPopup(answer)) {
    return { state: 'error', title: '', detail: `invalid answer: ${describeInvalidBackgroundToPopup(answer)}` };
  }
  switch (answer.type) {
    case 'PAGE_DESCRIPTION':
      return { state: 'ok', title: answer.title, detail: message('words', [String(answer.words)]) };
    case 'NO_CONTENT_SCRIPT':
      return { state: 'unavailable', title: '', detail: message('noContentScript') };
    case 'ERROR':
      return { state: 'error', title: '', detail: answer.error };
  }
}
