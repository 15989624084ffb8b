// From a match in a segment's normalized text to the page's text nodes (seed 000 §6.9, §6.10; Phase 3a
// "ephemeral range resolution", 3b multi-node). A normalized→raw offset map is built by normalizing the segment
// piece by piece with normalizeForMatching itself, and trusted only when the pieces put together equal
// normalizeForMatching(segment text) exactly. Nodes are resolved from their paths just in time and must hold the
// text that was indexed. Anything that does not check out returns null: the caller falls back to an exact raw
// search, or makes no mark.
import { HIGHLIGHT_CONFIG } from '../shared/config';
import { normalizeForMatching, type SegmentType } from '../shared/normalize';
import { isWhitespace, trim } from '../shared/text';
import { isVisibleText, type IndexedSegment } from './pageIndexer';

/** Part of one text node, [start, end) in its data. */
export interface Piece {
  node: Text;
  start: number;
  end: number;
}

/** For each unit of the normalized text: the raw range [from, to) it comes from. */
interface OffsetMap {
  from: number[];
  to: number[];
}

const maps = new WeakMap<IndexedSegment, OffsetMap | null>();

/** What one code point (or lone surrogate) becomes, on its own, between two letters. */
function piece(unit: string, mode: SegmentType): string | null {
  const code = unit.charCodeAt(0);
  if (code < 0x80) {
    if (mode !== 'code' && isWhitespace(code)) return ' ';
    return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : unit;
  }
  const around = normalizeForMatching('a' + unit + 'a', mode);
  return around.length >= 2 && around[0] === 'a' && around[around.length - 1] === 'a' ? around.slice(1, -1) : null;
}

/** The offset map of `text` under normalizeForMatching(text, mode), or null when it cannot be trusted. */
export function offsetMap(text: string, mode: SegmentType): OffsetMap | null {
  const units: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  // Units that collapse into one space: any whitespace in prose, runs of U+0020 in code.
  const collapsible = (unit: string): boolean => (mode === 'code' ? unit === ' ' : isWhitespace(unit.charCodeAt(0)));
  const known = new Map<string, string | null>(); // pages repeat their characters: normalize each one once
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    const size = code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
    const unit = text.slice(i, i + size);
    let out = known.get(unit);
    if (out === undefined) known.set(unit, (out = piece(unit, mode)));
    if (out === null) return null;
    if (out === '' && units.length) to[to.length - 1] = i + size; // a removed mark stays with its letter
    for (let k = 0; k < out.length; k++) {
      const u = out[k]!; // code units, as the normalized text is indexed
      const last = units.length - 1;
      if (collapsible(u) && last >= 0 && collapsible(units[last]!)) {
        to[last] = i + size;
        continue;
      }
      units.push(collapsible(u) ? ' ' : u);
      from.push(i);
      to.push(i + size);
    }
    i += size;
  }
  let start = 0;
  let end = units.length;
  while (start < end && isWhitespace(units[start]!.charCodeAt(0))) start++;
  while (end > start && isWhitespace(units[end - 1]!.charCodeAt(0))) end--;
  if (units.slice(start, end).join('') !== normalizeForMatching(text, mode)) return null;
  return { from: from.slice(start, end), to: to.slice(start, end) };
}

function resolvePath(path: readonly number[]): Node | null {
  let node: Node | null | undefined = document.body;
  for (const index of path) node = node?.childNodes[index];
  return node ?? null;
}

/**
 * The text-node pieces of [start, end) in the segment's normalized text, in document order, whitespace-only
 * pieces left out; null when the map or any node cannot be trusted.
 */
export function piecesOf(segment: IndexedSegment, start: number, end: number): Piece[] | null {
  let map = maps.get(segment);
  if (map === undefined) {
    map = offsetMap(segment.text, segment.type === 'code' ? 'code' : 'prose');
    maps.set(segment, map);
  }
  if (!map || start < 0 || end > map.from.length || start >= end) return null;
  const rawStart = map.from[start]!;
  const rawEnd = map.to[end - 1]!;
  const pieces: Piece[] = [];
  const { parts, text } = segment;
  for (let k = 0; k < parts.length; k++) {
    const partStart = parts[k]!.start;
    const partEnd = parts[k + 1]?.start ?? text.length;
    const a = Math.max(rawStart, partStart);
    const b = Math.min(rawEnd, partEnd);
    if (a >= b) continue;
    const node = resolvePath(parts[k]!.path);
    if (!(node instanceof Text) || node.data !== text.slice(partStart, partEnd)) return null;
    if (trim(node.data.slice(a - partStart, b - partStart)) === '') continue;
    pieces.push({ node, start: a - partStart, end: b - partStart });
  }
  return pieces.length ? pieces : null;
}

/**
 * §6.10's fallback: the quote's exact raw text, case-insensitively, within one visible text node — the matched
 * segment's own nodes first, then the root's in document order; at most MAX_FALLBACK_CHECKS nodes, none longer
 * than MAX_NODE_TEXT_LEN.
 */
export function fallbackPiece(quote: string, root: Element, segment: IndexedSegment): Piece | null {
  const search = quote.toLowerCase();
  if (search.length !== quote.length || !trim(quote)) return null;
  const own = segment.parts.map((part) => resolvePath(part.path));
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let checked = 0, node = own.shift() ?? walker.nextNode(); node; node = own.length ? own.shift()! : walker.nextNode()) {
    if (++checked > HIGHLIGHT_CONFIG.MAX_FALLBACK_CHECKS) break;
    if (!(node instanceof Text)) continue;
    const raw = node.data;
    if (raw.length < quote.length || raw.length > HIGHLIGHT_CONFIG.MAX_NODE_TEXT_LEN) continue;
    const lower = raw.toLowerCase();
    if (lower.length !== raw.length) continue; // offsets would drift (İ lowercases to two units)
    const at = lower.indexOf(search);
    if (at >= 0 && isVisibleText(node, root)) return { node, start: at, end: at + quote.length };
  }
  return null;
}
