// Page indexing (seed 000 §6.4, §6.7, §6.1b). A TreeWalker from <main> or <article> (else <body>) over elements
// and text: hidden subtrees (§6.7's cached visibility test) and non-content elements are rejected whole, only
// text-bearing text nodes (not whitespace-only, D13) count against MAX_DOM_NODES. Text is cut into segments at
// block boundaries and <br>: a segment is the concatenation of its text nodes' data, typed heading (in h1–h6),
// code (in <pre> or a block-level <code>) or prose. The index keeps node paths (childNodes indices from <body>),
// never node references: the DOM is resolved again, and checked, only at the moment of highlighting.
import { HIGHLIGHT_CONFIG } from '../shared/config';
import type { TextSegment } from '../shared/matching';
import { normalizeForMatching, type SegmentType } from '../shared/normalize';
import type { Slicer } from './scheduler';

/** One text node of a segment: where it is, and where its data starts in the segment's text. */
export interface SegmentPart {
  path: number[];
  start: number;
}

export interface IndexedSegment extends TextSegment {
  parts: SegmentPart[];
  /** The text as normalizedFullText holds it: normalizedText, except code segments, normalized as prose. */
  fold: string;
}

export interface PageIndex {
  segments: IndexedSegment[];
  /** The segments' texts joined with ' '. */
  fullText: string;
  /** The segments' `fold`s joined with ' ', as couldSpanSegments joins neighbours (§7 validates against it). */
  normalizedFullText: string;
  /** Where each segment's fold starts in normalizedFullText. */
  offsets: number[];
  /** Text-bearing text nodes (not whitespace-only): what MAX_DOM_NODES limits. */
  textNodes: number;
  builtAt: number;
}

export type IndexOutcome = { index: PageIndex } | { tooLarge: true; textNodes: number } | null;

/** Never indexed, never highlighted: not page text (or not rendered as such). */
const NOT_TEXT = new Set(['script', 'style', 'noscript', 'template', 'textarea', 'select', 'iframe', 'object', 'video', 'audio', 'canvas']);

/** A text node that holds something besides whitespace (JavaScript's \s is exactly semantics.md's whitespace set). */
const TEXT_BEARING = /\S/;

const VISIBLE = 1;
const BLOCK = 2; // block-level box: a segment boundary
const RENDERED = 4; // display is not none

// Per-build caches (styles may change between builds); the last build's is kept for the fallback search.
let info = new WeakMap<Element, number>();

/** The indexing root (§6.1b): <main> or <article> when present, else <body>. */
export function indexRoot(): Element | null {
  return document.querySelector('main') ?? document.querySelector('article') ?? document.body;
}

/**
 * A zero-size clip hides an element whatever its box (the "visually hidden" patterns): `clip: rect(t, r, b, l)`
 * with r ≤ l or b ≤ t (absolutely positioned elements only), or a one-value `clip-path: inset(p%)` with p ≥ 50.
 * Other clip-path shapes are not evaluated.
 */
function clippedAway(style: CSSStyleDeclaration): boolean {
  const [top, right, bottom, left] = style.clip.split(/[(,]/).slice(1).map(parseFloat); // auto: NaN, never ≤
  const path = style.clipPath;
  return (
    (/^(absolute|fixed)$/.test(style.position) && (right! <= left! || bottom! <= top!)) ||
    (/^inset\(\S+%\)$/.test(path) && parseFloat(path.slice(6)) >= 50)
  );
}

/** The element's flags; VISIBLE is §6.7's test, and a zero-size clip hides too. */
function flags(element: Element, cache: WeakMap<Element, number> = info): number {
  let value = cache.get(element);
  if (value !== undefined) return value;
  const html = element as HTMLElement;
  let visible = true;
  if (html.offsetParent === null && element.tagName !== 'BODY' && element.tagName !== 'HTML') {
    const position = getComputedStyle(element).position;
    if (position !== 'fixed' && position !== 'sticky') visible = false;
  }
  const style = getComputedStyle(element);
  const display = style.display;
  const isInline = display === 'inline' || display === 'inline-block';
  if (visible && !isInline && html.offsetWidth === 0 && html.offsetHeight === 0) visible = false;
  visible &&= display !== 'none' && style.visibility !== 'hidden' && parseFloat(style.opacity) > 0 && !clippedAway(style);
  value =
    (visible ? VISIBLE : 0) |
    (/^(inline|contents|ruby)/.test(display) ? 0 : BLOCK) |
    (display === 'none' ? 0 : RENDERED);
  cache.set(element, value);
  return value;
}

/**
 * §6.7 for a node: it and its ancestors up to the root are visible page text. Answers from the last index's
 * cache by default; `cache` (a fresh WeakMap) asks the page's styles as they are now — the highlighter's check.
 */
export function isVisibleText(node: Node, root: Element, cache: WeakMap<Element, number> = info): boolean {
  for (let element = node.parentElement; element; element = element.parentElement) {
    if (NOT_TEXT.has(element.localName) || !(flags(element, cache) & VISIBLE)) return false;
    if (element === root) return true;
  }
  return false;
}

/** Build the index in slices. Null when `cancelled()` turned true at a pause. */
export async function buildIndex(slicer: Slicer, cancelled: () => boolean): Promise<IndexOutcome> {
  info = new WeakMap();
  const root = indexRoot();
  const body = document.body;
  const segments: IndexedSegment[] = [];
  if (!root || !body) return { index: finish(segments, 0) };

  const indexOf = new Map<Node, number>(); // childNodes index, found by walking back to a known sibling
  const paths = new Map<Node, number[] | null>();
  const childIndex = (node: Node): number => {
    let known = indexOf.get(node);
    if (known !== undefined) return known;
    let steps = 0;
    let sibling = node.previousSibling;
    while (sibling && (known = indexOf.get(sibling)) === undefined) {
      sibling = sibling.previousSibling;
      steps++;
    }
    const index = sibling ? known! + 1 + steps : steps;
    indexOf.set(node, index);
    return index;
  };
  const pathOf = (node: Node): number[] | null => {
    if (node === body) return [];
    let path = paths.get(node);
    if (path === undefined) {
      const parent = node.parentNode;
      const above = parent ? pathOf(parent) : null;
      path = above ? [...above, childIndex(node)] : null;
      if (node.nodeType === Node.ELEMENT_NODE) paths.set(node, path);
    }
    return path;
  };
  // The block each element's inline content belongs to, and the segment type of its text.
  const blocks = new Map<Element, Element>();
  const blockOf = (element: Element): Element => {
    let block = blocks.get(element);
    if (!block) {
      block = element === root || flags(element) & BLOCK || !element.parentElement ? element : blockOf(element.parentElement);
      blocks.set(element, block);
    }
    return block;
  };
  const types = new Map<Element, SegmentType>();
  const typeOf = (element: Element): SegmentType => {
    let type = types.get(element);
    if (!type) {
      const name = element.localName;
      type =
        name === 'pre' || (name === 'code' && flags(element) & BLOCK)
          ? 'code'
          : /^h[1-6]$/.test(name)
            ? 'heading'
            : element === root || !element.parentElement
              ? 'prose'
              : typeOf(element.parentElement);
      types.set(element, type);
    }
    return type;
  };

  let pendingBreak = false;
  let text = '';
  let parts: SegmentPart[] = [];
  let block: Element | null = null;
  let type: SegmentType = 'prose';
  const flush = (): void => {
    if (parts.length) {
      const normalizedText = normalizeForMatching(text, type);
      // Whitespace-only runs between blocks are not segments: they would hide a neighbour from couldSpanSegments.
      if (normalizedText) {
        const fold = type === 'code' ? normalizeForMatching(text, 'prose') : normalizedText;
        segments.push({ text, normalizedText, type, nodePath: parts[0]!.path, textOffset: 0, parts, fold });
      }
    }
    text = '';
    parts = [];
  };

  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(node: Node): number {
      if (node.nodeType !== Node.ELEMENT_NODE) return NodeFilter.FILTER_ACCEPT;
      const element = node as Element;
      if (NOT_TEXT.has(element.localName)) return NodeFilter.FILTER_REJECT;
      const value = flags(element);
      if (value & VISIBLE) return NodeFilter.FILTER_ACCEPT;
      // A hidden box that still takes room (visibility: hidden, opacity: 0) separates what is around it.
      if (value & RENDERED && value & BLOCK) pendingBreak = true;
      return NodeFilter.FILTER_REJECT;
    },
  });
  if (!(flags(root) & VISIBLE)) return { index: finish(segments, 0) };

  let textNodes = 0;
  let visits = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if ((++visits & 31) === 0 && slicer.due()) {
      await slicer.pause();
      if (cancelled()) return null;
    }
    if (node.nodeType === Node.ELEMENT_NODE) {
      if (flags(node as Element) & BLOCK || (node as Element).localName === 'br') pendingBreak = true;
      continue;
    }
    // D13: the whitespace between tags costs no more than the elements around it, which never counted; only nodes
    // with text say how much work the page is. Whitespace nodes still join their segment's text.
    if (TEXT_BEARING.test((node as Text).data) && ++textNodes > HIGHLIGHT_CONFIG.MAX_DOM_NODES) {
      return { tooLarge: true, textNodes };
    }
    const parent = node.parentElement;
    const path = pathOf(node);
    if (!parent || !path) continue;
    const nodeBlock = blockOf(parent);
    const nodeType = typeOf(parent);
    if (pendingBreak || nodeBlock !== block || nodeType !== type) {
      flush();
      pendingBreak = false;
      block = nodeBlock;
      type = nodeType;
    }
    parts.push({ path, start: text.length });
    text += (node as Text).data;
  }
  flush();
  return { index: finish(segments, textNodes) };
}

function finish(segments: IndexedSegment[], textNodes: number): PageIndex {
  const offsets: number[] = [];
  let at = 0;
  for (const segment of segments) {
    offsets.push(at);
    at += segment.fold.length + 1;
  }
  return {
    segments,
    fullText: segments.map((s) => s.text).join(' '),
    normalizedFullText: segments.map((s) => s.fold).join(' '),
    offsets,
    textNodes,
    builtAt: Date.now(),
  };
}
