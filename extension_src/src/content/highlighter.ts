// Safe highlighting and its exact undoing (seed 000 §6.9, §6.11, §6.12, §6.1e). Each piece of a quote — part of
// one text node — is wrapped with splitText, never surroundContents: one <mark class="docmind-highlight"
// data-citation-id="cite-N"> per text node. Every node a split creates is remembered with the node it came from,
// so cleanup puts back exactly the page's own text nodes (same objects, same data) without normalize(), which
// would also merge the page's own neighbouring text nodes. The style exists only while marks do. A mark counts
// as highlighted only while the reader can see it (hiddenCitations): laid out with some area, and passing the
// indexer's own visibility test (§6.7) as the page's styles are now.
import type { Piece } from './locate';
import { isVisibleText } from './pageIndexer';

const MARK_CLASS = 'docmind-highlight';
const PULSE_CLASS = 'docmind-pulse';
const PULSE_MS = 900;

const M = '.' + MARK_CLASS;
const P = M + '.' + PULSE_CLASS;
const STYLE =
  `${M}{background-color:#fef08a;border-radius:2px;padding:0 2px;transition:background-color .3s}` +
  `${P}{background-color:#fde047;box-shadow:0 0 8px rgba(250,204,21,.6)}` +
  `@media (prefers-color-scheme:dark){${M}{background-color:#854d0e;color:#fef9c3}${P}{background-color:#a16207}}`;

/** Each citation's marks, in document order. */
const marks = new Map<string, HTMLElement[]>();
/** Each page text node we split → the nodes split off it (all ours). */
const splits = new Map<Text, Set<Node>>();
const pulses = new Map<HTMLElement, ReturnType<typeof setTimeout>>();
let style: HTMLStyleElement | null = null;
/** Every mark made and every text node put in one: what the page's mutations of our own marks involve. */
let own = new WeakSet<Node>();

export interface Plan {
  citationId: string;
  pieces: Piece[];
}

/** §6.9 on a page text node, [start, end) in its current data (which starts where the page's did). */
function wrapTextRange(node: Text, start: number, end: number, citationId: string): HTMLElement | null {
  try {
    if (start < 0 || end > node.data.length || start >= end) return null;
    const made = splits.get(node) ?? new Set<Node>();
    splits.set(node, made);
    const match = start > 0 ? node.splitText(start) : node;
    if (match !== node) made.add(match);
    if (match.data.length > end - start) made.add(match.splitText(end - start));
    const parent = match.parentNode;
    if (!parent) return null;
    const mark = newMark(citationId);
    parent.insertBefore(mark, match);
    mark.appendChild(match);
    own.add(match);
    return mark;
  } catch {
    return null;
  }
}

function newMark(citationId: string): HTMLElement {
  const mark = document.createElement('mark');
  mark.className = MARK_CLASS;
  mark.dataset.citationId = citationId;
  own.add(mark);
  return mark;
}

/**
 * Wrap the plans' pieces; answers each citation's number of marks. Where citations overlap, a node is cut at
 * every piece's ends and each run is wrapped once per citation covering it, the later marks nested inside the
 * earlier ones: every citation's marks still join to exactly its quote.
 */
export function highlight(plans: readonly Plan[]): Map<string, number> {
  const byNode = new Map<Text, { start: number; end: number; id: string }[]>();
  const made = new Map<string, HTMLElement[]>();
  for (const { citationId, pieces } of plans) {
    if (made.has(citationId)) continue;
    made.set(citationId, []);
    for (const { node, start, end } of pieces) byNode.set(node, [...(byNode.get(node) ?? []), { start, end, id: citationId }]);
  }
  for (const [node, pieces] of byNode) {
    // From the last run to the first: the page's node keeps the text before, so every offset stays valid.
    const cuts = [...new Set(pieces.flatMap((p) => [p.start, p.end]))].sort((a, b) => b - a);
    for (let k = 1; k < cuts.length; k++) {
      const start = cuts[k]!;
      const end = cuts[k - 1]!;
      const ids = pieces.filter((p) => p.start <= start && end <= p.end).map((p) => p.id);
      let mark = ids.length ? wrapTextRange(node, start, end, ids[0]!) : null;
      for (let i = 0; mark && i < ids.length; i++) {
        if (i > 0) {
          const inner = newMark(ids[i]!);
          inner.appendChild(mark.firstChild!);
          mark.appendChild(inner);
          mark = inner;
        }
        made.get(ids[i]!)!.push(mark);
      }
    }
  }
  const counts = new Map<string, number>();
  for (const [id, list] of made) {
    counts.set(id, list.length);
    if (list.length) marks.set(id, list.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1)));
  }
  if (marks.size && !style) {
    style = document.createElement('style');
    style.textContent = STYLE;
    (document.head ?? document.documentElement).appendChild(style);
  }
  return counts;
}

export function hasMarks(): boolean {
  return marks.size > 0;
}

/** A node DocMind made or wrapped: a mark, or a text node that was put in one. */
export function isOwnNode(node: Node): boolean {
  return own.has(node);
}

/** True when `node` is one of the marks or holds one. */
export function holdsMarks(node: Node): boolean {
  return [...marks.values()].flat().some((mark) => node.contains(mark));
}

/**
 * The citations with a mark the reader cannot see now: removed or emptied, without client rects of some area, or
 * failing §6.7's test (the indexer's own) on the mark or an ancestor up to `root`.
 */
export function hiddenCitations(root: Element): string[] {
  const cache = new WeakMap<Element, number>(); // styles as they are now, not as the last index saw them
  const seen = (mark: HTMLElement): boolean =>
    [...mark.getClientRects()].some((rect) => rect.width * rect.height > 0) && isVisibleText(mark.firstChild!, root, cache);
  return [...marks].filter(([, list]) => !list.every((mark) => mark.firstChild && seen(mark))).map(([id]) => id);
}

function unwrap(mark: HTMLElement): void {
  const parent = mark.parentNode;
  if (!parent) return;
  while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
  parent.removeChild(mark);
}

/**
 * Take one citation's marks off (the page hides them). Split text nodes stay split, next to each other, until
 * clearMarks joins them; the last citation's going is a full clearMarks.
 */
export function dropCitation(citationId: string): void {
  for (const mark of marks.get(citationId) ?? []) unwrap(mark);
  marks.delete(citationId);
  if (!marks.size) clearMarks();
}

/** §6.11: unwrap every mark, give each split node its text back, remove the style. */
export function clearMarks(): void {
  for (const list of marks.values()) list.forEach(unwrap);
  for (const [node, made] of splits) {
    for (let next = node.nextSibling; next && made.has(next); next = node.nextSibling) {
      node.appendData((next as Text).data);
      next.parentNode!.removeChild(next);
    }
  }
  for (const timer of pulses.values()) clearTimeout(timer);
  marks.clear();
  splits.clear();
  own = new WeakSet(); // the page's own text nodes are the page's again
  pulses.clear();
  style?.remove();
  style = null;
}

/** §6.1e: the citation's first mark, scrolled to the middle and pulsed for 900 ms. False when it has none. */
export function scrollToCitation(citationId: string): boolean {
  const mark = marks.get(citationId)?.[0];
  if (!mark?.isConnected) return false;
  mark.scrollIntoView({ block: 'center', behavior: 'smooth' });
  mark.classList.add(PULSE_CLASS);
  clearTimeout(pulses.get(mark));
  pulses.set(
    mark,
    setTimeout(() => {
      mark.classList.remove(PULSE_CLASS);
      pulses.delete(mark);
    }, PULSE_MS),
  );
  return true;
}
