// What the popup shows (seed 000 §9): the thread, citation badges with their confidence, the highlight status
// and the privacy indicator. Plain DOM; text always goes in through textContent, never as HTML.
import type { Citation, HighlightLifecycle, HighlightResult, StaleReason, UnsupportedReason } from '../shared/protocol';

const PREVIOUS = ' Highlights are from a previous state.';

/** The status bar's message for stale highlights (they have been removed: Retry makes them again). */
export const STALE_MESSAGES: Record<StaleReason, string> = {
  'path-changed': 'You navigated to a different page.' + PREVIOUS,
  'params-changed': 'Page version or settings changed.' + PREVIOUS,
  expired: 'Highlights are from an earlier session.' + PREVIOUS,
  'dom-changed': 'Page content may have updated.' + PREVIOUS,
  'highlights-hidden': "This page hides or removes DocMind's highlights.",
};

/** A citation whose marks the page hides or removes: found, but the reader would see nothing. */
export const HIDDEN_BY_PAGE = 'Not highlighted: the page hides highlights';

/** What a citation that was highlighted says once its highlight is gone, by why it went. */
export function removedState(reason: StaleReason | null): string {
  return reason === 'highlights-hidden' ? HIDDEN_BY_PAGE : 'Highlight removed';
}

export const UNSUPPORTED_MESSAGES: Record<UnsupportedReason, string> = {
  'virtualized-content': 'This page uses virtual scrolling.',
  'iframe-heavy': 'Content is embedded in frames.',
  'shadow-dom-content': "This page structure doesn't support highlighting.",
  'insufficient-text': 'Not enough text content found.',
  'too-large': 'This page is too large to safely highlight.',
  'restricted-page': "This page doesn't allow extensions to read or highlight content.",
};

export function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`popup markup lacks #${id}`);
  return found as T;
}

function make<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One line under a citation saying what became of it in the page: the confidence indicator of Phase 3b. */
export function citationState(result: HighlightResult | undefined): string {
  if (!result) return 'Locating in the page…';
  const percent = `${Math.floor(result.confidence * 100)}%`;
  if (result.status === 'matched' && result.marks > 0) {
    return result.confidence >= 1 ? 'Highlighted · exact match' : `Highlighted · ${percent} match`;
  }
  switch (result.skipReason) {
    case 'quote-spans-multiple-sections':
      return 'Not highlighted: the quote spans several sections of the page';
    case 'confidence-below-threshold':
      return `Not highlighted: closest text is only a ${percent} match`;
    case 'match-timeout':
      return 'Not highlighted: the page took too long to search';
    case 'highlight-hidden':
      return HIDDEN_BY_PAGE;
    case 'page-structure-unsupported':
      return 'Not highlighted: this part of the page cannot be highlighted';
    default:
      return 'Not found on this page';
  }
}

export interface AnswerView {
  root: HTMLElement;
  /** Null: the highlights are gone; a citation that had one says `removed` instead. */
  setResults(results: HighlightResult[] | null, removed?: string): void;
}

/** Said under an answer no model wrote: the API's offline answerer picked the page's sentences (issue 22). */
export const EXTRACTIVE_NOTE =
  "No model answered: these are the page's own sentences closest to your question (DocMind's API runs without a model).";

/** A question bubble and its answer, with a copy button and one badge per citation; an extractive answer says so. */
export function renderTurn(
  thread: HTMLElement,
  question: string,
  answer: string,
  citations: Citation[],
  answeredBy: 'model' | 'extractive' | 'unknown',
  onScroll: (citationId: string) => void,
  onCopy: (text: string) => Promise<boolean>,
): AnswerView {
  thread.append(make('p', 'question', question));
  const root = make('article', 'answer');
  root.dataset['answeredBy'] = answeredBy;
  root.append(make('p', 'answer-text', answer));
  if (answeredBy === 'extractive') root.append(make('p', 'answer-source', EXTRACTIVE_NOTE));

  const tools = make('div', 'answer-tools');
  const copy = make('button', 'quiet copy', 'Copy answer');
  copy.type = 'button';
  copy.addEventListener('click', () => {
    void onCopy(answer).then((ok) => {
      copy.textContent = ok ? 'Copied' : 'Copy failed';
      setTimeout(() => (copy.textContent = 'Copy answer'), 1500);
    });
  });
  tools.append(copy);
  root.append(tools);

  const list = make('ol', 'citations');
  const rows = citations.map((citation, index) => {
    const row = make('li', 'citation');
    row.dataset['citationId'] = citation.id;
    const badge = make('button', 'badge', String(index + 1));
    badge.type = 'button';
    badge.dataset['citationId'] = citation.id;
    badge.addEventListener('click', () => {
      if (badge.dataset['clickable'] === 'true') onScroll(citation.id);
    });
    const quote = make('span', 'citation-quote', `“${citation.text}”`);
    const state = make('span', 'citation-state');
    quote.append(state);
    row.append(badge, quote);
    list.append(row);
    return { citation, row, badge, state };
  });
  if (rows.length > 0) root.append(list);
  thread.append(root);
  root.scrollIntoView({ block: 'end' });

  const view: AnswerView = {
    root,
    setResults(results, removed = removedState(null)) {
      for (const { citation, row, badge, state } of rows) {
        // Highlights gone: a citation that was never highlighted keeps what it said (it was never on the page).
        const settled = badge.dataset['clickable'] !== 'true' && row.dataset['status'] !== 'pending';
        if (results === null && settled) continue;
        const result = results?.find((r) => r.citationId === citation.id);
        const clickable = result?.status === 'matched' && result.marks > 0;
        badge.disabled = !clickable;
        badge.dataset['clickable'] = String(clickable);
        badge.title = clickable ? 'Click to scroll to source' : citation.text;
        row.dataset['status'] = result?.status ?? 'pending';
        if (result?.skipReason) row.dataset['skipReason'] = result.skipReason;
        else delete row.dataset['skipReason'];
        if (result) row.dataset['confidence'] = result.confidence.toFixed(2);
        state.textContent = results === null ? removed : citationState(result);
      }
    },
  };
  view.setResults([]);
  return view;
}

export function renderNotice(thread: HTMLElement, text: string): void {
  thread.append(make('p', 'notice', text));
}

export function renderError(thread: HTMLElement, text: string): void {
  const node = make('p', 'error', text);
  node.setAttribute('role', 'alert');
  thread.append(node);
  node.scrollIntoView({ block: 'end' });
}

/** The highlight status bar of §9.2: nothing while active or idle, a message otherwise, Retry when stale. */
export function showLifecycle(lifecycle: HighlightLifecycle): void {
  const bar = element<HTMLDivElement>('highlight-status');
  const message = element<HTMLSpanElement>('highlight-message');
  const retry = element<HTMLButtonElement>('retry');
  bar.dataset['state'] = lifecycle.state;
  if (lifecycle.state === 'stale') {
    bar.dataset['reason'] = lifecycle.reason;
    message.textContent = STALE_MESSAGES[lifecycle.reason];
  } else if (lifecycle.state === 'unsupported') {
    bar.dataset['reason'] = lifecycle.reason;
    message.textContent = UNSUPPORTED_MESSAGES[lifecycle.reason];
  } else {
    delete bar.dataset['reason'];
  }
  bar.hidden = lifecycle.state === 'active' || lifecycle.state === 'idle';
  retry.hidden = lifecycle.state !== 'stale';
}

/** What was read (§9.3, D16): the figures of the content script's selection. */
export interface Analysis {
  charactersAnalyzed: number;
  pageLength: number;
  sectionsAnalyzed: number;
  truncated: boolean;
}

/**
 * "Analyzed N characters from this page only" (§9.3); on a long page, which part: "Analyzed 28,400 of 131,000
 * characters: the 6 sections closest to your question" (or, before any question, the sections from the top).
 */
export function showPrivacy(analysis: Analysis, forQuestion: boolean): void {
  const privacy = element<HTMLElement>('privacy');
  const count = (n: number): string => n.toLocaleString('en-US');
  const { charactersAnalyzed, pageLength, sectionsAnalyzed, truncated } = analysis;
  const sections = `${sectionsAnalyzed === 1 ? 'the section' : `the ${count(sectionsAnalyzed)} sections`}`;
  // The text has a span of its own: the line's lock icon (inline SVG in index.html) stays.
  element<HTMLSpanElement>('privacy-text').textContent = truncated
    ? `Analyzed ${count(charactersAnalyzed)} of ${count(pageLength)} characters: ` +
      (forQuestion ? `${sections} closest to your question` : `${sections} from the top of the page`)
    : `Analyzed ${count(charactersAnalyzed)} characters from this page only`;
  privacy.dataset['characters'] = String(charactersAnalyzed);
  privacy.dataset['truncated'] = String(truncated);
  privacy.hidden = false;
}
