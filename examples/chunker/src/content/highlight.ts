// Scroll-to-highlight (seed §8.2): the chunk's element is found again (seed §7.5: re-queried before scrolling, the
// page may have changed) by its CSS selector when that names exactly one element — anchored at an id, it survives
// changes an XPath does not — else by its XPath; scrolled to smoothly and outlined until the next search, Esc, or 3 s.
import type { Place } from '../shared/chunker';

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

function selected(cssSelector: string): Element | null {
  try {
    const found = document.querySelectorAll(cssSelector);
    return found.length === 1 ? (found[0] ?? null) : null; // none, or an id the page now repeats: not this one
  } catch {
    return null; // a selector this browser cannot parse finds nothing
  }
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
export function highlight(chunkId: string, place: Place): boolean {
  clearHighlight();
  const element = selected(place.cssSelector) ?? elementAt(place.xpath);
  if (!element) return false;
  ensureStyle();
  element.setAttribute(ATTRIBUTE, chunkId);
  element.scrollIntoView({ behavior: 'smooth', block: 'center' });
  dismissTimer = setTimeout(clearHighlight, DISMISS_AFTER_MS);
  return true;
}
