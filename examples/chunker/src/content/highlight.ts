// Scroll-to-highlight (seed §8.2): the chunk's element is found again by its XPath (seed §7.5: re-queried before
// scrolling, the page may have changed), scrolled to smoothly and outlined until the next search, Esc, or 3 s.
const ATTRIBUTE = 'data-chunker-highlight';
const STYLE_ID = 'chunker-highlight-style';
const DISMISS_AFTER_MS = 3000;

let dismissTimer: ReturnType<typeof setTimeout> | undefined;

function ensureStyle(): void {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent =
    `[${ATTRIBUTE}] { outline: 3px solid #f59e0b !important; outline-offset: 2px; ` +
    'background-color: rgba(253, 230, 138, 0.45) !important; transition: outline-color 0.3s; }';
  (document.head ?? document.documentElement).append(style);
}

export function clearHighlight(): void {
  if (dismissTimer !== undefined) clearTimeout(dismissTimer);
  dismissTimer = undefined;
  for (const element of document.querySelectorAll(`[${ATTRIBUTE}]`)) element.removeAttribute(ATTRIBUTE);
  document.getElementById(STYLE_ID)?.remove();
}

function elementAt(xpath: string): Element | null {
  try {
    const node = document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
    return node instanceof Element ? node : null;
  } catch {
    return null; // a malformed XPath finds nothing
  }
}

/** Highlight the chunk's element; false when the page no longer has it. */
export function highlight(chunkId: string, xpath: string): boolean {
  clearHighlight();
  const element = elementAt(xpath);
  if (!element) return false;
  ensureStyle();
  element.setAttribute(ATTRIBUTE, chunkId);
  element.scrollIntoView({ behavior: 'smooth', block: 'center' });
  dismissTimer = setTimeout(clearHighlight, DISMISS_AFTER_MS);
  return true;
}
