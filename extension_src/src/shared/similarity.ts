// Token overlap, edit distance and precise match (seed 000 §6.8, Appendix B), on UTF-16 code units.
//
// The results are those of specs/semantics.md §2 to the bit; the way they are computed is not the seed's
// (which costs ~136 ms in V8 for a 200-unit needle over a 2,000-unit haystack). Edit distances use Myers'
// bit-parallel algorithm in Hyyrö's multi-word form (32-bit blocks), restricted to the cells that can still lead
// to a distance ≤ k (Ukkonen's cut-off). preciseMatch bounds every window from below with two approximate
// searches over the haystack, then computes only the windows that can still change its result, each with the
// cut-off that settles it.
import { MATCHING_CONFIG } from './config';
import { isWhitespace, tokens } from './text';

/** Sørensen–Dice coefficient of the texts' token sets (tokens: longer than 2 code units); 0 when one is empty. */
export function tokenOverlap(a: string, b: string): number {
  const setA = new Set(tokens(a));
  const setB = new Set(tokens(b));
  if (setA.size === 0 || setB.size === 0) return 0;
  let shared = 0;
  for (const token of setA) if (setB.has(token)) shared++;
  return (2 * shared) / (setA.size + setB.size);
}

// -- bit-parallel edit distance -----------------------------------------------------------------------------

/** code unit → its slot in the compiled pattern (0: not in the pattern); shared, reset after each compile. */
let slotOf: Int32Array | undefined;
// Per-block state, grown on demand: vertical deltas (+1 bits, −1 bits) and the value at the block's last row.
let PV = new Int32Array(16);
let MV = new Int32Array(16);
let SC = new Int32Array(16);

interface Compiled {
  /** Match masks, `peq[slot * blocks + block]`: bit r set when the pattern's unit 32·block + r has that slot. */
  peq: Int32Array;
  /** The same for the pattern read backwards. */
  reversed: Int32Array;
  blocks: number;
  /** The text as slots. */
  text: Int32Array;
}

function compile(pattern: string, text: string): Compiled {
  const table = (slotOf ??= new Int32Array(65536));
  const m = pattern.length;
  const blocks = (m + 31) >>> 5;
  let slots = 0;
  for (let i = 0; i < m; i++) {
    const unit = pattern.charCodeAt(i);
    if (table[unit] === 0) table[unit] = ++slots;
  }
  const peq = new Int32Array((slots + 1) * blocks);
  const reversed = new Int32Array((slots + 1) * blocks);
  for (let i = 0; i < m; i++) {
    const slot = table[pattern.charCodeAt(i)]! * blocks;
    peq[slot + (i >>> 5)]! |= 1 << (i & 31);
    const r = m - 1 - i;
    reversed[slot + (r >>> 5)]! |= 1 << (r & 31);
  }
  const units = new Int32Array(text.length);
  for (let j = 0; j < text.length; j++) units[j] = table[text.charCodeAt(j)]!;
  for (let i = 0; i < m; i++) table[pattern.charCodeAt(i)] = 0;
  if (PV.length < blocks) {
    PV = new Int32Array(blocks * 2);
    MV = new Int32Array(blocks * 2);
    SC = new Int32Array(blocks * 2);
  }
  return { peq, reversed, blocks, text: units };
}

/**
 * Approximate search (Myers): with `backwards` false, out[j] = the least distance between the pattern and a
 * substring of the text ending at j (any start); with `backwards` true, out[j] = the least distance between the
 * pattern and a substring starting at j (any end). Both bound from below the distance to any window ending,
 * respectively starting, there.
 */
function search(compiled: Compiled, m: number, backwards: boolean, out: Int32Array): void {
  const { blocks, text } = compiled;
  const peq = backwards ? compiled.reversed : compiled.peq;
  const pv = PV;
  const mv = MV;
  const last = blocks - 1;
  const lastBit = 1 << ((m - 1) & 31);
  const length = text.length;
  for (let b = 0; b < blocks; b++) {
    pv[b] = -1;
    mv[b] = 0;
  }
  let score = m;
  out[backwards ? length : 0] = m;
  for (let step = 0; step < length; step++) {
    const j = backwards ? length - 1 - step : step;
    const base = text[j]! * blocks;
    let hin = 0; // row 0 is all zeros: the match may start anywhere
    for (let b = 0; b < blocks; b++) {
      let eq = peq[base + b]!;
      const p = pv[b]!;
      const x = eq | mv[b]!;
      const negative = hin >>> 31;
      eq |= negative;
      const xh = (((eq & p) + p) ^ p) | eq;
      let ph = mv[b]! | ~(xh | p);
      let mh = p & xh;
      const bit = b === last ? lastBit : -2147483648;
      const hout = ((ph & bit) !== 0 ? 1 : 0) - ((mh & bit) !== 0 ? 1 : 0);
      ph = (ph << 1) | (hin === 1 ? 1 : 0);
      mh = (mh << 1) | negative;
      pv[b] = mh | ~(x | ph);
      mv[b] = ph & x;
      hin = hout;
    }
    score += hin;
    out[backwards ? j : j + 1] = score;
  }
}

/**
 * The edit distance between the compiled pattern (m ≥ 1 units) and text[from, from + n) when it is ≤ k,
 * else k + 1.
 *
 * Rows are the pattern's units (1…m), columns the text's; V[i][j] is the usual table. A cell on an optimal path
 * to (m, n) has V[i][j] + |(m − i) − (n − j)| ≤ V[m][n], so when V[m][n] ≤ k every such cell has
 * f(i) = V[i][j] + |i − (j + m − n)| ≤ k. In a column, f does not increase down to the diagonal row j + m − n
 * and does not decrease below it (vertical deltas are −1, 0 or +1), so the cells with f ≤ k are one run of rows
 * around the diagonal. Only the blocks holding that run are computed: a block whose last row is at or above the
 * diagonal with f > k is dropped for good (rows only grow along a path), and a block below the band is added,
 * its previous column taken as V[R] + 1, V[R] + 2… (above the truth); the row above the first computed block
 * is taken to grow by one per column (above the truth too). Values computed that way are never below the true
 * ones and are exact on an optimal path whose cost is ≤ k, which is all the result needs (Ukkonen's cut-off,
 * as in Hyyrö's banded algorithm and edlib).
 */
function bounded(compiled: Compiled, m: number, from: number, n: number, k: number): number {
  const { peq, blocks, text } = compiled;
  const pv = PV;
  const mv = MV;
  const sc = SC;
  const shift = m - n; // the diagonal row of column j is j + shift
  if (shift > k || -shift > k) return k + 1;
  const last = blocks - 1;
  const lastBit = 1 << ((m - 1) & 31);
  // Column 0: V[i][0] = i. The first block, then every block the band reaches.
  let first = 0;
  let end = 0; // the last computed block
  pv[0] = -1;
  mv[0] = 0;
  sc[0] = last === 0 ? m : 32;
  for (let row = sc[0]!; end < last && (row < shift || row + row - shift <= k); row = sc[end]!) {
    end++;
    pv[end] = -1;
    mv[end] = 0;
    sc[end] = end === last ? m : (end + 1) << 5;
  }
  for (let j = 1; j <= n; j++) {
    const base = text[from + j - 1]! * blocks;
    const diagonal = j + shift;
    let hin = 1; // V[top − 1][j] − V[top − 1][j − 1]: exact on row 0, an over-estimate below
    for (let b = first; ; b++) {
      let eq = peq[base + b]!;
      const p = pv[b]!;
      const x = eq | mv[b]!;
      const negative = hin >>> 31; // 1 when hin is −1
      eq |= negative;
      const xh = (((eq & p) + p) ^ p) | eq;
      let ph = mv[b]! | ~(xh | p);
      let mh = p & xh;
      const bit = b === last ? lastBit : -2147483648;
      const hout = ((ph & bit) !== 0 ? 1 : 0) - ((mh & bit) !== 0 ? 1 : 0);
      sc[b]! += hout;
      ph = (ph << 1) | (hin === 1 ? 1 : 0);
      mh = (mh << 1) | negative;
      pv[b] = mh | ~(x | ph);
      mv[b] = ph & x;
      hin = hout;
      if (b < end) continue;
      // Past the band's last block: add the next one while the cells below may still be on a path ≤ k.
      if (b === last) break;
      const row = (b + 1) << 5;
      if (row >= diagonal && sc[b]! + row - diagonal > k) break;
      end = b + 1;
      pv[end] = -1;
      mv[end] = 0;
      sc[end] = sc[b]! - hout + (end === last ? m : (end + 1) << 5) - row; // its column j − 1, from above
    }
    // Drop leading blocks that lie at or above the diagonal and hold no cell with f ≤ k.
    for (;;) {
      const row = first === last ? m : (first + 1) << 5;
      if (row > diagonal || sc[first]! + diagonal - row <= k) break;
      if (++first > end) return k + 1;
    }
  }
  return end === last && sc[last]! <= k ? sc[last]! : k + 1;
}

/** Insertions, deletions and substitutions of UTF-16 code units (Appendix B). */
export function levenshteinDistance(a: string, b: string): number {
  const [pattern, text] = a.length <= b.length ? [a, b] : [b, a];
  if (pattern.length === 0) return text.length;
  return bounded(compile(pattern, text), pattern.length, 0, text.length, text.length);
}

/**
 * 1 when the needle occurs in the haystack; else the best `1 − distance / needle length` over windows of the
 * needle's length starting at 0 and at every word start (D3) within the first 2,000 units, stopping at the
 * first window that brings the best to ≥ 0.95.
 *
 * The same number, computed with less work. The similarity only falls as the distance grows, so the reference's
 * result is the distance of the first window (in page order) at or under the early-exit distance if there is
 * one, else the least distance over all windows. Two approximate searches give every window a lower bound (the
 * best match of the needle ending where the window ends, or starting where it starts); windows are then computed
 * with a cut-off: first, in page order, those whose bound allows the early exit (k = the early-exit distance);
 * otherwise most promising first, each with k = the best distance so far − 1, until no bound is below the best.
 */
export function preciseMatch(needle: string, haystack: string): number {
  if (haystack.includes(needle)) return 1;
  const h = haystack.length > MATCHING_CONFIG.MAX_HAYSTACK ? haystack.slice(0, MATCHING_CONFIG.MAX_HAYSTACK) : haystack;
  const m = needle.length; // ≥ 1: the empty needle is in every haystack
  const size = Math.min(m, h.length);
  const starts: number[] = [];
  for (let start = 0; start + size <= h.length; ) {
    starts.push(start);
    // The next word start: a unit outside the whitespace set after one inside it.
    do start++;
    while (start < h.length && !(isWhitespace(h.charCodeAt(start - 1)) && !isWhitespace(h.charCodeAt(start))));
  }
  const compiled = compile(needle, h);
  // The largest distance whose similarity reaches the early exit (exact in floating point: found by testing).
  let exit = Math.floor(m * (1 - MATCHING_CONFIG.EARLY_EXIT_SIMILARITY)) + 2;
  while (exit > 0 && !(1 - exit / m >= MATCHING_CONFIG.EARLY_EXIT_SIMILARITY)) exit--;
  const bound = new Int32Array(starts.length); // 0: no bound
  if (starts.length > 4) {
    const ending = new Int32Array(h.length + 1);
    const starting = new Int32Array(h.length + 1);
    search(compiled, m, false, ending);
    search(compiled, m, true, starting);
    starts.forEach((start, i) => (bound[i] = Math.max(ending[start + size]!, starting[start]!)));
  }
  for (let i = 0; i < starts.length; i++) {
    if (bound[i]! > exit) continue;
    const distance = bounded(compiled, m, starts[i]!, size, exit);
    if (distance <= exit) return 1 - distance / m;
  }
  let best = m; // no window reaches the early exit: the least distance (m: similarity 0)
  const order = starts.map((_, i) => i).sort((a, b) => bound[a]! - bound[b]! || a - b);
  for (const i of order) {
    if (bound[i]! >= best) break;
    best = Math.min(best, bounded(compiled, m, starts[i]!, size, best - 1));
  }
  return 1 - best / m;
}
