// The content script (seed 004, "Page Content Extraction" and "Highlight Management"): inert until the background
// asks. It identifies the page's elements (mgl-node-N) with the shared extraction rules, keeps the id → element
// map, and highlights the cited elements; clearing restores every class attribute exactly as it was.
import { onMessage } from '../shared/browser';
import { extractElements } from '../shared/extraction';
import {
  describeInvalidBackgroundToContent,
  isBackgroundToContent,
  type ContentToBackground,
} from '../shared/protocol';
import { snapshotPage } from './snapshot';

const CITED = 'mgl-cited-element-highlight';
const ACTIVE = 'mgl-active-element-highlight';

let identified = new Map<string, Element>();
/** The highlighted elements, and whether each had a class attribute before we touched it. */
const highlighted = new Map<Element, boolean>();

function extract(): ContentToBackground {
  clearHighlights(); // the ids are about to change
  const { tree, elements } = snapshotPage();
  const found = extractElements(tree);
  identified = new Map(found.flatMap((item) => {
    const element = elements[item.node];
    return element === undefined ? [] : [[item.id, element] as const];
  }));
  return { type: 'PAGE_CONTENT', elements: found.map(({ id, text }) => ({ id, text })) };
}

function mark(element: Element, ...classes: string[]): void {
  if (!highlighted.has(element)) highlighted.set(element, element.hasAttribute('class'));
  element.classList.add(...classes);
}

function clearHighlights(): void {
  for (const [element, hadClass] of highlighted) {
    element.classList.remove(CITED, ACTIVE);
    if (!hadClass && element.getAttribute('class') === '') element.removeAttribute('class');
  }
  highlighted.clear();
}

function highlight(ids: readonly string[], activeId: string | undefined): ContentToBackground {
  clearHighlights();
  const shown: string[] = [];
  for (const id of ids) {
    const element = identified.get(id);
    if (element === undefined || !element.isConnected) continue;
    mark(element, CITED);
    shown.push(id);
  }
  const active = activeId === undefined ? undefined : identified.get(activeId);
  if (active !== undefined && active.isConnected) {
    mark(active, ACTIVE);
    active.scrollIntoView({ block: 'center' });
  }
  return { type: 'HIGHLIGHTED', ids: shown };
}

onMessage((message) => {
  if (!isBackgroundToContent(message)) {
    const answer: ContentToBackground = { type: 'ERROR', error: `invalid message: ${describeInvalidBackgroundToContent(message)}` };
    return Promise.resolve(answer);
  }
  switch (message.type) {
    case 'EXTRACT_PAGE_CONTENT':
      return Promise.resolve(extract());
    case 'HIGHLIGHT_ELEMENTS':
      return Promise.resolve(highlight(message.ids, message.activeId));
    case 'CLEAR_HIGHLIGHTS':
      clearHighlights();
      return Promise.resolve<ContentToBackground>({ type: 'HIGHLIGHTED', ids: [] });
  }
});

// Memory management (seed 004): a page going away drops its highlights and element references.
addEventListener('pagehide', () => {
  clearHighlights();
  identified = new Map();
});
