// The heading-hierarchy chunker (seed 002 §3 and §6) as a pure function over a simplified DOM tree: the runtime
// twin of reference/chunker_reference/chunker.py, which golden vectors prove it agrees with (`xtk conform`).
// Lengths are UTF-16 code units and case rules ASCII-only, so both languages compute the same thing.
import type { TreeElement } from './tree';

export type ContentType = 'heading' | 'paragraph' | 'list' | 'mixed';
export type Layer = 'headings' | 'regions' | 'blocks' | 'text' | 'none';
export type MainBy = 'main' | 'role-main' | 'heuristic' | 'body';

/** Seed §4.1's Chunk, without what cannot be computed offline (embeddings) or from a tree (the URL: added later). */
export interface Chunk {
  id: string;
  /** `[H1: Title] [H2: Section] content` — what is searched. */
  text: string;
  /** The chunk's own text, without the heading prefixes. */
  rawText: string;
  headingPath: string[];
  headingLevel: number;
  semanticTag: string;
  contentType: ContentType;
  parentChunkId: string | null;
  elementIndex: number | null;
  /** Where the chunk starts in the page: its heading, list item or block (scroll-to-highlight). */
  xpath: string;
  /** The same element as a CSS selector anchored at the nearest ancestor with a unique id (seed §7.5). */
  cssSelector: string;
}

/** An element's place in the page, twice: XPath and CSS selector. */
export interface Place {
  xpath: string;
  cssSelector: string;
}

export interface ChunkResult {
  layer: Layer;
  main: { xpath: string; by: MainBy };
  duplicates: number;
  truncated: number;
  chunks: Chunk[];
}

const EXCLUDED_TAGS = new Set(['nav', 'aside', 'footer']);
const EXCLUDED_ROLES = new Set(['navigation', 'complementary', 'contentinfo', 'search']);
const PAGE_CHROME_TAGS = new Set(['header']);
const PAGE_CHROME_ROLES = new Set(['banner']);
const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const LISTS = new Set(['ul', 'ol']);
const INLINE_TAGS = new Set(
  ('a abbr b bdi bdo big cite code data del dfn em font i ins kbd label mark nobr q s samp small span strike ' +
    'strong sub sup time tt u var wbr').split(' '),
);
const REGION_TAGS = new Set(['section', 'article']);
const REGION_ROLES = new Set(['region', 'article']);
const BLOCK_TAGS = new Set(['p', 'pre', 'blockquote', 'li', 'dd', 'td', 'th', 'figcaption']);
export const MAX_RAW_TEXT = 2000;
export const MAX_CHUNKS = 600;
const DESCEND_TENTHS = 7;
const MIN_CANDIDATE_TEXT = 200;

const WHITESPACE = /[ \t\n\f\r]+/g;
const LINK_PHRASES = /(?<![A-Za-z0-9_])(?:view|learn|read|see) more(?![A-Za-z0-9_])/gi;

function isHeadingTag(tag: string): boolean {
  return Object.hasOwn(HEADINGS, tag);
}

/** HTML's ASCII whitespace runs made one space, trimmed (a no-break space is content). */
export function collapse(text: string): string {
  const spaced = text.replace(WHITESPACE, ' ');
  let start = 0;
  let end = spaced.length;
  while (start < end && spaced.charCodeAt(start) === 32) start++;
  while (end > start && spaced.charCodeAt(end - 1) === 32) end--;
  return spaced.slice(start, end);
}

function removeLinkPhrases(text: string): string {
  return collapse(text.replace(LINK_PHRASES, ' '));
}

function cut(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let kept = text.slice(0, limit);
  const last = kept.charCodeAt(kept.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) kept = kept.slice(0, -1);
  return kept.replace(/ +$/, '');
}

function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

function role(element: TreeElement): string {
  return asciiLower(collapse(element.attrs.role ?? ''));
}

function isExcluded(element: TreeElement, pageLevel = false): boolean {
  const attrs = element.attrs;
  if (element.hidden || Object.hasOwn(attrs, 'data-rag-ignore') || attrs['data-component'] === 'widget-link') return true;
  const r = role(element);
  if (EXCLUDED_TAGS.has(element.tag) || EXCLUDED_ROLES.has(r)) return true;
  return pageLevel && (PAGE_CHROME_TAGS.has(element.tag) || PAGE_CHROME_ROLES.has(r));
}

function elements(node: TreeElement): TreeElement[] {
  return node.children.filter((child): child is TreeElement => typeof child !== 'string');
}

class TextOf {
  constructor(readonly pageLevel = false) {}

  pieces(node: TreeElement, out: string[]): void {
    for (const child of node.children) {
      if (typeof child === 'string') out.push(child);
      else if (isExcluded(child, this.pageLevel)) out.push(' ');
      else if (INLINE_TAGS.has(child.tag)) this.pieces(child, out);
      else {
        out.push(' ');
        this.pieces(child, out);
        out.push(' ');
      }
    }
  }

  text(node: TreeElement): string {
    const out: string[] = [];
    this.pieces(node, out);
    return collapse(out.join(''));
  }

  linkLength(node: TreeElement): number {
    let total = 0;
    for (const child of elements(node)) {
      if (isExcluded(child, this.pageLevel)) continue;
      total += child.tag === 'a' ? this.text(child).length : this.linkLength(child);
    }
    return total;
  }
}

/** An id a selector can name as `#id` without escaping. */
const PLAIN_ID = /^-?[A-Za-z_][A-Za-z0-9_-]*$/;
/** A tag a selector can name as it is (a custom element's too); any other is reached by `:nth-child`. */
const PLAIN_TAG = /^[a-z][a-z0-9-]*$/;

function idCounts(root: TreeElement): Map<string, number> {
  const counts = new Map<string, number>();
  const stack = [root];
  while (stack.length > 0) {
    const element = stack.pop() as TreeElement;
    const id = element.attrs.id;
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
    stack.push(...elements(element));
  }
  return counts;
}

/** Every element's place. XPath: `/html/body/div[2]`, the index only where siblings share the tag. CSS selector:
 * `#id` for an element whose id is plain and unique in the tree, else its parent's selector, ` > `, its tag, with
 * `:nth-of-type(k)` only where siblings share the tag (`:nth-child(k)` for a tag CSS cannot name plainly). */
export function places(root: TreeElement): Map<TreeElement, Place> {
  const found = new Map<TreeElement, Place>();
  const ids = idCounts(root);
  const anchor = (element: TreeElement): string | undefined => {
    const id = element.attrs.id;
    return id !== undefined && ids.get(id) === 1 && PLAIN_ID.test(id) ? `#${id}` : undefined;
  };
  const visit = (element: TreeElement, xpath: string, selector: string): void => {
    const cssSelector = anchor(element) ?? selector;
    found.set(element, { xpath, cssSelector });
    const children = elements(element);
    const counts = new Map<string, number>();
    for (const child of children) counts.set(child.tag, (counts.get(child.tag) ?? 0) + 1);
    const seen = new Map<string, number>();
    children.forEach((child, position) => {
      const index = (seen.get(child.tag) ?? 0) + 1;
      seen.set(child.tag, index);
      const shared = (counts.get(child.tag) ?? 0) > 1;
      const step = !PLAIN_TAG.test(child.tag)
        ? `:nth-child(${position + 1})`
        : shared ? `${child.tag}:nth-of-type(${index})` : child.tag;
      visit(child, shared ? `${xpath}/${child.tag}[${index}]` : `${xpath}/${child.tag}`, `${cssSelector} > ${step}`);
    });
  };
  visit(root, `/${root.tag}`, PLAIN_TAG.test(root.tag) ? root.tag : ':root');
  return found;
}

function findMain(root: TreeElement): [TreeElement, MainBy] {
  const stack: TreeElement[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as TreeElement;
    if (element.hidden || Object.hasOwn(element.attrs, 'data-rag-ignore')) continue;
    if (element.tag === 'main') return [element, 'main'];
    if (role(element) === 'main') return [element, 'role-main'];
    stack.push(...elements(element).reverse());
  }
  const body = elements(root).find((child) => child.tag === 'body') ?? root;
  return descend(body);
}

function holdsHeading(node: TreeElement, measure: TextOf): boolean {
  return elements(node).some(
    (child) =>
      !isExcluded(child, measure.pageLevel) &&
      ((isHeadingTag(child.tag) && measure.text(child) !== '') || holdsHeading(child, measure)),
  );
}

/** Step into the child that keeps most of the text: score = text − 2 × link text, while it keeps ≥ 70 % of its
 * parent's. Never into a paragraph-level element, nor past a heading that precedes the child (its title). */
function descend(start: TreeElement): [TreeElement, MainBy] {
  const measure = new TextOf(true);
  const score = (element: TreeElement): [number, number] => {
    const length = measure.text(element).length;
    return [length, length - 2 * measure.linkLength(element)];
  };
  let current = start;
  let by: MainBy = 'body';
  let currentScore = score(current)[1];
  for (;;) {
    let best: [number, TreeElement, number] | null = null;
    const children = elements(current);
    children.forEach((child, index) => {
      if (isExcluded(child, true)) return;
      const [length, childScore] = score(child);
      if (length >= MIN_CANDIDATE_TEXT && (best === null || childScore > best[2])) best = [index, child, childScore];
    });
    if (best === null) return [current, by];
    const [index, child, childScore]: [number, TreeElement, number] = best;
    if (childScore * 10 < currentScore * DESCEND_TENTHS || childScore <= 0) return [current, by];
    if (BLOCK_TAGS.has(child.tag) || isHeadingTag(child.tag) || INLINE_TAGS.has(child.tag)) return [current, by];
    const titled = children
      .slice(0, index)
      .some((e) => !isExcluded(e, true) && ((isHeadingTag(e.tag) && measure.text(e) !== '') || holdsHeading(e, measure)));
    if (titled) return [current, by];
    [current, currentScore, by] = [child, childScore, 'heuristic'];
  }
}

interface Slot {
  id: string;
  element: TreeElement;
  headingPath: string[];
  headingLevels: number[];
  level: number;
  contentType: ContentType;
  parent: string | null;
  elementIndex: number | null;
  pieces: string[];
  fixedText: string | null;
}

function slot(id: string, element: TreeElement, level: number, contentType: ContentType, rest: Partial<Slot> = {}): Slot {
  return {
    id, element, level, contentType, headingPath: [], headingLevels: [], parent: null, elementIndex: null,
    pieces: [], fixedText: null, ...rest,
  };
}

/** Every visible heading starts a chunk; the text after it, up to the next heading, is its content; a list item
 * outside headings is a chunk of its own, under the current heading. */
class HeadingWalk {
  readonly text = new TextOf();
  readonly preamble: Slot;
  readonly slots: Slot[];
  current: Slot;
  readonly stack: Slot[] = [];
  headings = 0;
  items = 0;

  constructor(main: TreeElement) {
    this.preamble = slot('preamble', main, 0, 'mixed');
    this.slots = [this.preamble];
    this.current = this.preamble;
  }

  walk(node: TreeElement): void {
    for (const child of node.children) {
      if (typeof child === 'string') this.current.pieces.push(child);
      else if (isExcluded(child)) this.current.pieces.push(' ');
      else if (isHeadingTag(child.tag)) this.heading(child);
      else if (LISTS.has(child.tag) && !this.hasHeading(child)) this.list(child);
      else if (INLINE_TAGS.has(child.tag)) this.walk(child);
      else {
        this.current.pieces.push(' ');
        this.walk(child);
        this.current.pieces.push(' ');
      }
    }
  }

  hasHeading(node: TreeElement): boolean {
    return elements(node).some(
      (child) =>
        !isExcluded(child) && ((isHeadingTag(child.tag) && this.text.text(child) !== '') || this.hasHeading(child)),
    );
  }

  heading(element: TreeElement): void {
    const title = this.text.text(element);
    if (title === '') return;
    const level = HEADINGS[element.tag] as number;
    while (this.stack.length > 0 && (this.stack[this.stack.length - 1] as Slot).level >= level) this.stack.pop();
    const parent = this.stack[this.stack.length - 1] ?? null;
    const created = slot(`heading-${this.headings}`, element, level, 'heading', {
      headingPath: [...(parent?.headingPath ?? []), title],
      headingLevels: [...(parent?.headingLevels ?? []), level],
      parent: parent?.id ?? null,
    });
    this.headings++;
    this.slots.push(created);
    this.stack.push(created);
    this.current = created;
    this.current.pieces.push(' ');
  }

  list(element: TreeElement): void {
    this.current.pieces.push(' ');
    let index = 0;
    for (const child of element.children) {
      if (typeof child === 'string') this.current.pieces.push(child);
      else if (isExcluded(child)) continue;
      else if (child.tag === 'li') {
        const owner = this.current;
        this.slots.push(
          slot(`${owner.id}-item-${this.items}`, child, owner.level, 'list', {
            headingPath: owner.headingPath, headingLevels: owner.headingLevels, parent: owner.id,
            elementIndex: index, fixedText: this.text.text(child),
          }),
        );
        this.items++;
        index++;
      } else this.walk(child);
    }
    this.current.pieces.push(' ');
  }
}

function toChunk(from: Slot, text: string, paths: Map<TreeElement, Place>): Chunk {
  const raw = cut(removeLinkPhrases(text), MAX_RAW_TEXT);
  const prefix = from.headingPath.map((title, i) => `[H${from.headingLevels[i] ?? 0}: ${title}]`).join(' ');
  return {
    id: from.id,
    text: prefix && raw ? `${prefix} ${raw}` : prefix || raw,
    rawText: raw,
    headingPath: from.headingPath,
    headingLevel: from.level,
    semanticTag: from.element.tag,
    contentType: from.contentType === 'heading' && raw ? 'mixed' : from.contentType,
    parentChunkId: from.parent,
    elementIndex: from.elementIndex,
    xpath: paths.get(from.element)?.xpath ?? '',
    cssSelector: paths.get(from.element)?.cssSelector ?? '',
  };
}

function byHeadings(main: TreeElement, paths: Map<TreeElement, Place>): Chunk[] {
  const walk = new HeadingWalk(main);
  walk.walk(main);
  if (walk.headings === 0) return [];
  const chunks: Chunk[] = [];
  for (const s of walk.slots) {
    const chunk = toChunk(s, s.fixedText ?? collapse(s.pieces.join('')), paths);
    // A heading is a chunk even without content (its title is searchable); other slots need text.
    if (s.contentType === 'heading' || chunk.rawText) chunks.push(chunk);
  }
  return chunks;
}

function outermost(node: TreeElement, wanted: (element: TreeElement) => boolean): TreeElement[] {
  const found: TreeElement[] = [];
  for (const child of elements(node)) {
    if (isExcluded(child)) continue;
    if (wanted(child)) found.push(child);
    else found.push(...outermost(child, wanted));
  }
  return found;
}

/** Seed §3.3: sections, articles and ARIA regions; else paragraph-level blocks; else the whole text. */
function fallback(main: TreeElement, paths: Map<TreeElement, Place>): [Layer, Chunk[]] {
  const text = new TextOf();
  const layers: [Layer, string, (e: TreeElement) => boolean, ContentType][] = [
    ['regions', 'region', (e) => REGION_TAGS.has(e.tag) || REGION_ROLES.has(role(e)), 'mixed'],
    ['blocks', 'block', (e) => BLOCK_TAGS.has(e.tag), 'paragraph'],
  ];
  for (const [layer, prefix, wanted, contentType] of layers) {
    const chunks: Chunk[] = [];
    for (const element of outermost(main, wanted)) {
      const kind: ContentType = element.tag === 'li' ? 'list' : contentType;
      const chunk = toChunk(slot(`${prefix}-${chunks.length}`, element, 0, kind), text.text(element), paths);
      if (chunk.rawText) chunks.push(chunk);
    }
    if (chunks.length > 0) return [layer, chunks];
  }
  const whole = toChunk(slot('page', main, 0, 'mixed'), text.text(main), paths);
  return whole.rawText ? ['text', [whole]] : ['none', []];
}

/** Seed §7.2: responsive duplicates (the same text twice) keep the first; a kept child's parent follows it. */
function deduplicate(chunks: Chunk[]): [Chunk[], number] {
  const first = new Map<string, string>();
  const renamed = new Map<string, string>();
  const kept: Chunk[] = [];
  for (const chunk of chunks) {
    const earlier = first.get(chunk.text);
    if (earlier !== undefined) {
      renamed.set(chunk.id, earlier);
      continue;
    }
    first.set(chunk.text, chunk.id);
    const parent = chunk.parentChunkId;
    const moved = parent === null ? undefined : renamed.get(parent);
    kept.push(moved === undefined ? chunk : { ...chunk, parentChunkId: moved });
  }
  return [kept, chunks.length - kept.length];
}

/** The chunks of a page's tree (seed §3.1): main content, heading hierarchy, grouping, fallbacks, duplicates. */
export function chunkTree(tree: TreeElement): ChunkResult {
  const paths = places(tree);
  const [main, by] = findMain(tree);
  let layer: Layer = 'headings';
  let chunks = byHeadings(main, paths);
  if (chunks.length === 0) [layer, chunks] = fallback(main, paths);
  const [kept, duplicates] = deduplicate(chunks);
  return {
    layer,
    main: { xpath: paths.get(main)?.xpath ?? '', by },
    duplicates,
    truncated: Math.max(0, kept.length - MAX_CHUNKS),
    chunks: kept.slice(0, MAX_CHUNKS),
  };
}

/** `<code units>:<FNV-1a 32 over the code units, hex>`: page text stands in the corpus vectors only as this. */
export function digest(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${text.length}:${value.toString(16).padStart(8, '0')}`;
}

/** chunkTree with every page-derived string replaced by its digest (what the corpus vectors hold). */
export function chunkTreeDigest(tree: TreeElement): ChunkResult {
  const result = chunkTree(tree);
  return {
    ...result,
    chunks: result.chunks.map((chunk) => ({
      ...chunk, text: digest(chunk.text), rawText: digest(chunk.rawText), headingPath: chunk.headingPath.map(digest),
    })),
  };
}
