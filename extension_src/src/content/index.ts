// DocMind's content script, declared on <all_urls> for cross-browser parity (seed 000 §10): inert by default.
// At load it only registers a message listener; it reads the page only when the background asks, which
// happens only after the user opened the popup or used the context menu. Messages are checked against the
// protocol first: an invalid one is answered with an error, never acted on.
//
// INJECT_HIGHLIGHTS (§6.4–§6.12): clean up, wait for the page to be complete (§8.2), classify (§6.6), index,
// validate and match (§7, §6.8), highlight — in slices that yield to the page (scheduler.ts) — then check that
// the reader sees each citation's marks, and watch for what makes the highlights stale (§6.4: the page's text
// changed, or the page hid or removed the marks) or calls for cleanup (§6.11).
import { onMessage } from '../shared/browser/messaging';
import { cutEnd } from '../shared/page';
import {
  describeInvalidBackgroundToContent,
  isBackgroundToContent,
  type BackgroundToContent,
  type Citation,
  type ContentToBackground,
  type HighlightLifecycle,
  type HighlightResult,
} from '../shared/protocol';
import { checkStale, parseUrlIdentity, type UrlIdentity } from '../shared/url';
import { resolveCitations } from './citationMatcher';
import {
  clearMarks,
  dropCitation,
  hasMarks,
  hiddenCitations,
  highlight,
  holdsMarks,
  isOwnNode,
  scrollToCitation,
  type Plan,
} from './highlighter';
import { fallbackPiece, piecesOf } from './locate';
import { classifyPage } from './pageClassifier';
import { buildIndex, indexRoot } from './pageIndexer';
import { Slicer } from './scheduler';

let lifecycle: HighlightLifecycle = { state: 'idle' };
/** Bumped by every cleanup: work in flight for an older generation stops at its next pause. */
let generation = 0;
/** The URL the active highlights were made for. */
let identity: UrlIdentity | null = null;
let observer: MutationObserver | null = null;
/** The indexing root the observer watches for text changes. */
let watchedRoot: Element | null = null;
/** While an injection waits for the page's first reaction to its marks, the observer's records wait here. */
let held: MutationRecord[] | null = null;
let listening = false;

/** The protocol's bound on TEXT_EXTRACTED.text: far past any article; a page longer still is cut (pairs whole). */
const MAX_EXTRACTED_CHARS = 10_000_000;

/** The page's whole visible text: the background chooses what is read of it for each question (D16). */
function extractText(): ContentToBackground {
  const text = (document.body?.innerText ?? '').trim();
  return { type: 'TEXT_EXTRACTED', text: text.slice(0, cutEnd(text, MAX_EXTRACTED_CHARS)), url: location.href };
}

/** Remove every mark and stop watching; `next` is the lifecycle afterwards. */
function cleanup(next: HighlightLifecycle): void {
  generation++;
  observer?.disconnect();
  observer = null;
  held = null;
  clearMarks();
  lifecycle = next;
}

/** §6.11 on cleanup: active or stale highlights end idle; an unsupported verdict stays. */
function endHighlights(): void {
  cleanup(lifecycle.state === 'unsupported' ? lifecycle : { state: 'idle' });
}

/**
 * popstate / hashchange: active highlights describe another view now (§6.4): stale, with checkStale's reason for
 * the new URL, or dom-changed when only the fragment or unmeaningful parameters moved. (A fragment change fires
 * both events in Chromium: the second finds the state already decided.) Work in flight stops either way.
 */
function navigated(): void {
  if (lifecycle.state !== 'active' || !identity) return cleanup(lifecycle);
  const check = checkStale(identity, parseUrlIdentity(location.href), 0);
  cleanup({ state: 'stale', reason: check.stale ? check.reason : 'dom-changed' });
}

/** Registered once, at the first INJECT_HIGHLIGHTS (§6.11 setupAutoCleanup): never at load. */
function listenForCleanup(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) endHighlights();
  });
  window.addEventListener('popstate', navigated);
  window.addEventListener('hashchange', navigated);
  window.addEventListener('beforeunload', endHighlights);
}

const IGNORED = /^(script|style|noscript|template|link|meta)$/;

/**
 * A text-affecting change (§6.4) in the indexing root: text added, removed or edited, outside script and style.
 * Our own marks, and the text nodes in them, moved or removed by the page are not a text change: that is the
 * page hiding the highlights (hidesMarks).
 */
function changesText(records: MutationRecord[], root: Element): boolean {
  const meaningful = (node: Node): boolean =>
    !isOwnNode(node) &&
    (node.nodeType === Node.TEXT_NODE
      ? (node as Text).data.trim() !== ''
      : node.nodeType === Node.ELEMENT_NODE && !IGNORED.test((node as Element).localName) && !!node.textContent?.trim());
  return records.some((record) => {
    if (record.type === 'attributes' || !root.contains(record.target)) return false;
    const target = record.target.nodeType === Node.ELEMENT_NODE ? (record.target as Element) : record.target.parentElement;
    if (target?.closest('script,style,noscript,template')) return false;
    if (record.type === 'characterData') return true;
    return [...record.addedNodes, ...record.removedNodes].some(meaningful);
  });
}

/**
 * Active highlights end stale when the page's text changed (dom-changed) or the reader no longer sees a mark
 * (highlights-hidden): looked at after any change of the document's nodes (a mark removed, a style sheet
 * added…) and of the attributes of a mark or its ancestors (class, style, hidden…), and always when the popup
 * asks (`look`: a media query or :hover hides with no mutation to see).
 */
function react(records: MutationRecord[], look = records.some((r) => r.type !== 'attributes' || holdsMarks(r.target))): void {
  if (lifecycle.state !== 'active') return; // active: watch() set watchedRoot
  if (changesText(records, watchedRoot!)) cleanup({ state: 'stale', reason: 'dom-changed' });
  else if (look && hiddenCitations(watchedRoot!).length) cleanup({ state: 'stale', reason: 'highlights-hidden' });
}

function onMutations(records: MutationRecord[]): void {
  if (held) held.push(...records);
  else react(records);
}

/** The whole document for attributes and style sheets (what hides marks); text changes count in the root only. */
function watch(root: Element): void {
  watchedRoot = root;
  observer = new MutationObserver(onMutations);
  observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true, attributes: true });
}

function pageComplete(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function injected(results: HighlightResult[], stats: { [key: string]: number }): ContentToBackground {
  const round = (value: number): number => Math.round(value * 10) / 10;
  return {
    type: 'HIGHLIGHTS_INJECTED',
    results,
    lifecycle,
    url: location.href,
    stats: {
      textNodes: stats.textNodes ?? 0,
      segments: stats.segments ?? 0,
      indexMs: round(stats.indexMs ?? 0),
      matchMs: round(stats.matchMs ?? 0),
      highlightMs: round(stats.highlightMs ?? 0),
      longestSliceMs: round(stats.longestSliceMs ?? 0),
    },
  };
}

const skipped = (citationId: string, skipReason: HighlightResult['skipReason'] = 'page-structure-unsupported'): HighlightResult => ({
  citationId,
  status: 'skipped',
  confidence: 0,
  skipReason,
  marks: 0,
});

/** Nothing can be highlighted: every citation skipped, no mark. */
const skipAll = (citations: readonly Citation[]): HighlightResult[] => citations.map((c) => skipped(c.id));

async function injectHighlights(citations: Citation[]): Promise<ContentToBackground> {
  cleanup({ state: 'idle' });
  listenForCleanup();
  const mine = generation;
  const stale = (): boolean => mine !== generation;
  await pageComplete();
  const slicer = new Slicer();
  const stats: { [key: string]: number } = {};
  const done = (results: HighlightResult[]): ContentToBackground => {
    slicer.end();
    stats.longestSliceMs = slicer.longest;
    return injected(stale() ? skipAll(citations) : results, stats);
  };
  if (stale()) return done([]);

  let started = performance.now();
  const reason = classifyPage();
  const outcome = reason ? null : await buildIndex(slicer, stale);
  stats.indexMs = performance.now() - started;
  if (stale()) return done([]);
  if (reason || !outcome || 'tooLarge' in outcome) {
    if (outcome && 'tooLarge' in outcome) stats.textNodes = outcome.textNodes;
    lifecycle = { state: 'unsupported', reason: reason ?? 'too-large' };
    return done(skipAll(citations));
  }
  const { index } = outcome;
  stats.textNodes = index.textNodes;
  stats.segments = index.segments.length;

  started = performance.now();
  const resolutions = await resolveCitations(citations, index, slicer);
  stats.matchMs = performance.now() - started;
  if (stale()) return done([]);

  started = performance.now();
  const root = indexRoot();
  const locate = (): Plan[] =>
    resolutions.flatMap(({ target }, i) => {
      if (!target || !root) return [];
      const citation = citations[i]!;
      const pieces = piecesOf(index.segments[target.segment]!, target.start, target.end);
      const fallback = pieces ? null : fallbackPiece(citation.text, root, index.segments[target.segment]!);
      return [{ citationId: citation.id, pieces: pieces ?? (fallback ? [fallback] : []) }];
    });
  // The offset maps are the costly part: built (and cached) first, a citation per slice...
  for (const { target } of resolutions) {
    if (!target) continue;
    await slicer.breathe();
    if (stale()) return done([]);
    piecesOf(index.segments[target.segment]!, target.start, target.end);
  }
  // ...then nodes resolved, checked and wrapped in one slice, so the page cannot change them in between.
  await slicer.breathe();
  if (stale()) return done([]);
  const counts = highlight(locate());
  let results = resolutions.map(({ result }): HighlightResult => {
    const marks = counts.get(result.citationId) ?? 0;
    if (result.status !== 'matched' || marks > 0) return { ...result, marks };
    // Never claim a match without a mark: the popup only links citations that have one.
    return skipped(result.citationId);
  });
  stats.highlightMs = performance.now() - started;
  if (!hasMarks()) return done(results); // and so root is not null

  // The page reacts to the marks first (a MutationObserver that removes them runs before our next task): its
  // changes wait in `held`. Then only what the reader sees counts as highlighted.
  held = [];
  watch(root!);
  await slicer.pause();
  if (stale()) return done([]);
  const records = [...held, ...observer!.takeRecords()];
  held = null;
  const hidden = new Set(hiddenCitations(root!));
  if (hidden.size > 0) {
    observer!.disconnect(); // our own unwrapping is not the page's change
    observer = null;
    hidden.forEach(dropCitation);
    results = results.map((r) => (hidden.has(r.citationId) ? skipped(r.citationId, 'highlight-hidden') : r));
    if (hasMarks()) watch(root!);
    // None left: stale, so the popup offers Retry (the page may show them another time).
    else lifecycle = { state: 'stale', reason: 'highlights-hidden' };
  }
  if (hasMarks()) {
    lifecycle = { state: 'active', citationIds: results.filter((r) => r.marks > 0).map((r) => r.citationId) };
    identity = parseUrlIdentity(location.href);
  }
  const answer = done(results);
  react(records); // a text change while we waited: stale, as if it had come a moment later
  return answer;
}

function state(): ContentToBackground {
  if (observer && !held) react(observer.takeRecords(), true); // changes not yet delivered count too
  return { type: 'STATE', lifecycle, url: location.href };
}

function handle(message: BackgroundToContent): Promise<ContentToBackground> {
  switch (message.type) {
    case 'EXTRACT_TEXT':
      return Promise.resolve(extractText());
    case 'INJECT_HIGHLIGHTS':
      return injectHighlights(message.citations);
    case 'SCROLL_TO':
      return Promise.resolve({ type: 'SCROLLED', citationId: message.citationId, found: scrollToCitation(message.citationId) });
    case 'CLEAR_HIGHLIGHTS':
      cleanup({ state: 'idle' });
      return Promise.resolve({ type: 'CLEARED' });
    case 'GET_STATE':
      return Promise.resolve(state());
  }
}

onMessage((message) => {
  if (!isBackgroundToContent(message)) {
    const invalid: ContentToBackground = { type: 'ERROR', error: `invalid message: ${describeInvalidBackgroundToContent(message)}` };
    return Promise.resolve(invalid);
  }
  return handle(message);
});
