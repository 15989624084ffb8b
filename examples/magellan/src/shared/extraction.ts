// Magellan's extraction rules (seed 004, "Page Content Extraction") over a serialised simplified DOM tree. Pure:
// the content script builds the tree from the live DOM (content/snapshot.ts); the Python reference
// (reference/magellan_reference/rules.py) is the authority, and `xtk conform` proves this twin agrees with it.
// What each rule computes: specs/extraction.md.

/** A text node, or an element with its tag, whether it breaks the line, and why it is not seen (if it is not). */
export type SnapshotNode = string | SnapshotElement;
export type HiddenReason = 'display' | 'visibility' | 'opacity' | 'size' | 'offscreen';
export interface SnapshotElement {
  tag: string;
  block: boolean;
  hidden?: HiddenReason;
  children: SnapshotNode[];
}

/** The seed's IdentifiedElement, without the element: `node` is its document-order number in the tree. */
export interface IdentifiedElement {
  id: string;
  node: number;
  text: string;
}

export interface ExtractionDigest {
  count: number;
  nodes: number[];
  lengths: number[];
  fullTextLength: number;
  fullTextHash: string;
}

const SIMPLE_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'span', 'blockquote', 'td', 'th', 'pre',
  'article', 'section', 'main']);
const HAS_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'article', 'section', 'main', 'aside', 'nav',
  'header', 'footer', 'form']);
const SUBTREE_HIDING = new Set<HiddenReason | undefined>(['display', 'opacity']);
export const MIN_TEXT_LENGTH = 15;
export const MAX_TEXT_LENGTH = 2500;
export const ID_PREFIX = 'mgl-node-';
const HTML_WHITESPACE = /[ \t\n\f\r]+/g;

export function elementText(element: SnapshotElement): string {
  const parts: string[] = [];
  collect(element, parts);
  return parts.join('').replace(HTML_WHITESPACE, ' ').replace(/^ | $/g, '');
}

function collect(element: SnapshotElement, parts: string[]): void {
  const ownTextSeen = element.hidden !== 'visibility';
  for (const child of element.children) {
    if (typeof child === 'string') {
      if (ownTextSeen) parts.push(child);
    } else if (child.hidden !== 'display') {
      if (child.block) parts.push(' ');
      collect(child, parts);
      if (child.block) parts.push(' ');
    }
  }
}

function hasContainerDescendant(element: SnapshotElement): boolean {
  for (const child of element.children) {
    if (typeof child !== 'string' && (HAS_TAGS.has(child.tag) || hasContainerDescendant(child))) return true;
  }
  return false;
}

export function matchesSelectors(element: SnapshotElement): boolean {
  return SIMPLE_TAGS.has(element.tag) || (element.tag === 'div' && !hasContainerDescendant(element));
}

/** Every element with whether an ancestor hides its subtree, in document order (iterative: pages nest deep). */
function* preorder(root: SnapshotElement): Generator<[SnapshotElement, boolean]> {
  const stack: [SnapshotElement, boolean][] = [[root, false]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [element, hiddenAbove] = next;
    yield next;
    const below = hiddenAbove || SUBTREE_HIDING.has(element.hidden);
    for (let i = element.children.length - 1; i >= 0; i -= 1) {
      const child = element.children[i];
      if (child !== undefined && typeof child !== 'string') stack.push([child, below]);
    }
  }
}

/** The identified elements, in document order: visible, matching, 15–2,500 code units, first of their text. */
export function extractElements(tree: SnapshotElement): IdentifiedElement[] {
  const kept: IdentifiedElement[] = [];
  const seen = new Set<string>();
  let node = -1;
  for (const [element, hiddenAbove] of preorder(tree)) {
    node += 1;
    if (hiddenAbove || element.hidden !== undefined || !matchesSelectors(element)) continue;
    const text = elementText(element);
    if (text.length < MIN_TEXT_LENGTH || text.length > MAX_TEXT_LENGTH || seen.has(text)) continue;
    seen.add(text);
    kept.push({ id: `${ID_PREFIX}${kept.length}`, node, text });
  }
  return kept;
}

/** The seed's full text format: one `[mgl-node-N] text` line per element. */
export function fullText(elements: readonly Pick<IdentifiedElement, 'id' | 'text'>[]): string {
  return elements.map((element) => `[${element.id}] ${element.text}`).join('\n');
}

/** FNV-1a (32 bits) over the UTF-16 code units, as 8 hex digits. */
export function fnv1a32(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  return value.toString(16).padStart(8, '0');
}

/** The extraction without its text: which nodes, how long, and the full text's fingerprint. */
export function extractionDigest(tree: SnapshotElement): ExtractionDigest {
  const elements = extractElements(tree);
  const text = fullText(elements);
  return {
    count: elements.length,
    nodes: elements.map((element) => element.node),
    lengths: elements.map((element) => element.text.length),
    fullTextLength: text.length,
    fullTextHash: fnv1a32(text),
  };
}
