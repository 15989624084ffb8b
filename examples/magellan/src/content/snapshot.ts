// The live DOM → the simplified tree the extraction rules read (shared/extraction.ts), and the elements behind
// its node numbers. Visibility comes from what the browser computed: style (display, visibility, opacity) and
// layout (a zero-sized box, a box off the top or left of the document). specs/extraction.md says what each flag is.
import type { HiddenReason, SnapshotElement, SnapshotNode } from '../shared/extraction';

/** Not text a reader sees, and left out of the tree with their content (the Python snapshot leaves the same out). */
const SKIPPED_TAGS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'canvas',
  'video', 'audio', 'select', 'textarea', 'title']);

export interface Snapshot {
  tree: SnapshotElement;
  /** elements[node] is the element numbered `node` in the tree (document order, the body first). */
  elements: Element[];
}

function hiddenReason(element: Element, style: CSSStyleDeclaration): HiddenReason | undefined {
  if (style.display === 'none') return 'display';
  if (style.visibility === 'hidden' || style.visibility === 'collapse') return 'visibility';
  if (Number.parseFloat(style.opacity) === 0) return 'opacity';
  if (style.display === 'contents') return undefined; // no box of its own; its children have theirs
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return 'size';
  if (box.right + window.scrollX <= 0 || box.bottom + window.scrollY <= 0) return 'offscreen';
  return undefined;
}

function isBlock(element: Element, display: string): boolean {
  return element.localName === 'br' || !(display === 'none' || display === 'contents' || display.startsWith('inline'));
}

function snapshotElement(element: Element, elements: Element[]): SnapshotElement {
  elements.push(element);
  const style = getComputedStyle(element);
  const children: SnapshotNode[] = [];
  const node: SnapshotElement = { tag: element.localName, block: isBlock(element, style.display), children };
  const hidden = hiddenReason(element, style);
  if (hidden !== undefined) node.hidden = hidden;
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      children.push((child as Text).data);
    } else if (child.nodeType === Node.ELEMENT_NODE && !SKIPPED_TAGS.has((child as Element).localName)) {
      children.push(snapshotElement(child as Element, elements));
    }
  }
  return node;
}

export function snapshotPage(): Snapshot {
  const elements: Element[] = [];
  const body = document.body;
  if (body === null) return { tree: { tag: 'body', block: true, children: [] }, elements: [document.documentElement] };
  return { tree: snapshotElement(body, elements), elements };
}
