// The content script: counts how long the page is looked at (visible time) and reports it to the background once it
// reaches the seed's MIN_DWELL_TIME, and again when the page is hidden or left; extracts the page when the indexing
// pipeline asks. What it receives is validated first; what the background answers too.
import { onMessage, sendRuntimeMessage } from '../shared/browser';
import { MIN_DWELL_TIME, normalizeUrl } from '../shared/config';
import {
  describeInvalidBackgroundToContent,
  isBackgroundToContent,
  isBackgroundToContentAck,
  type ContentToBackground,
  type ContentToBackgroundAnswer,
} from '../shared/protocol';
import { extractContent } from './extractor';

let visibleSince: number | undefined = document.visibilityState === 'visible' ? performance.now() : undefined;
let dwelled = 0;
let reported = false;
let timer: ReturnType<typeof setTimeout> | undefined;

function dwellTime(): number {
  return dwelled + (visibleSince === undefined ? 0 : performance.now() - visibleSince);
}

function report(): void {
  const message: ContentToBackground = {
    type: 'PAGE_DWELL',
    url: normalizeUrl(location.href).slice(0, 4096),
    title: document.title.slice(0, 2000),
    dwellTime: Math.round(dwellTime()),
  };
  sendRuntimeMessage(message)
    .then((answer) => {
      if (!isBackgroundToContentAck(answer)) throw new Error('invalid answer from the background');
    })
    .catch(() => undefined); // the background may be restarting: the next report tells it again
}

/** Report when the visible time reaches the threshold (a timer for what is left of it while visible). */
function schedule(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (reported || visibleSince === undefined) return;
  timer = setTimeout(() => {
    reported = true;
    report();
  }, Math.max(0, MIN_DWELL_TIME - dwellTime()));
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') {
    visibleSince ??= performance.now();
  } else if (visibleSince !== undefined) {
    dwelled += performance.now() - visibleSince;
    visibleSince = undefined;
    if (reported) report(); // the dwell so far, for the stored page
  }
  schedule();
});

schedule();

// Only the background's tabs.sendMessage reaches a content script.
onMessage((message) => {
  if (!isBackgroundToContent(message)) {
    const invalid: ContentToBackgroundAnswer = {
      type: 'ERROR',
      error: `invalid message: ${describeInvalidBackgroundToContent(message)}`.slice(0, 2000),
    };
    return Promise.resolve(invalid);
  }
  const page = extractContent(document);
  const answer: ContentToBackgroundAnswer = {
    type: 'PAGE_CONTENT',
    title: page.title,
    content: page.content,
    url: normalizeUrl(location.href).slice(0, 4096),
    passages: page.passages,
  };
  return Promise.resolve(answer);
});
