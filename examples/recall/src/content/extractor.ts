// ContentExtractor and DocumentChunker (seed: "ContentExtractor", "DocumentChunker"): the page's main text, cut into
// passages of at most 200 words with a quality score. The seed names the score's parts, not its numbers; ours are
// in specs/recall.md.
import { CHUNKER_CONFIG, CONTENT_SELECTORS, SEARCH_CONFIG } from '../shared/config';
import type { Passage } from '../shared/protocol';

/** Elements whose text is one paragraph. */
const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, pre, blockquote, td, th, dd, dt, figcaption';
const BOILERPLATE = /\b(cookies?|subscribe|newsletter|copyright|all rights reserved|sign up|log in|privacy policy)\b/i;

function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function wordsOf(text: string): string[] {
  return text.split(' ').filter((word) => word.length > 0);
}

/** The first main-content element with enough text, else the body. */
function mainElement(doc: Document): Element {
  for (const selector of CONTENT_SELECTORS.MAIN_CONTENT) {
    const found = doc.querySelector(selector);
    if (found !== null && squeeze(found.textContent ?? '').length >= SEARCH_CONFIG.MIN_CONTENT_LENGTH) return found;
  }
  return doc.body ?? doc.documentElement;
}

/** The main element's paragraphs, on a clone without the excluded parts (scripts, navigation, ads…). */
export function extractParagraphs(doc: Document): string[] {
  const clone = mainElement(doc).cloneNode(true) as Element;
  for (const excluded of clone.querySelectorAll(CONTENT_SELECTORS.EXCLUDED.join(', '))) excluded.remove();
  const paragraphs: string[] = [];
  for (const block of clone.querySelectorAll(BLOCKS)) {
    if (block.querySelector(BLOCKS) !== null) continue; // its inner blocks are paragraphs of their own
    const text = squeeze(block.textContent ?? '');
    if (text.length > 0) paragraphs.push(text);
  }
  if (paragraphs.length === 0) {
    const text = squeeze(clone.textContent ?? '');
    if (text.length > 0) paragraphs.push(text);
  }
  return paragraphs;
}

/** The paragraphs' words as windows of at most MAX_PASSAGE_WORDS: paragraphs grouped, long ones cut with overlap. */
function group(paragraphs: string[]): { text: string; paragraphs: number }[] {
  const { MAX_PASSAGE_WORDS, OVERLAP_WORDS } = CHUNKER_CONFIG;
  const groups: { text: string; paragraphs: number }[] = [];
  let current: string[] = [];
  let count = 0;
  const flush = (): void => {
    if (current.length > 0) groups.push({ text: current.join(' '), paragraphs: count });
    current = [];
    count = 0;
  };
  for (const paragraph of paragraphs) {
    const words = wordsOf(paragraph);
    if (words.length > MAX_PASSAGE_WORDS) {
      flush();
      for (let start = 0; start < words.length; start += MAX_PASSAGE_WORDS - OVERLAP_WORDS) {
        groups.push({ text: words.slice(start, start + MAX_PASSAGE_WORDS).join(' '), paragraphs: 1 });
        if (start + MAX_PASSAGE_WORDS >= words.length) break;
      }
      continue;
    }
    if (current.length + words.length > MAX_PASSAGE_WORDS) flush();
    current.push(...words);
    count += 1;
  }
  flush();
  return groups;
}

/** Quality in [0, 1]: a base, length and content bonuses, navigation and boilerplate penalties. */
export function qualityScore(text: string, paragraphs: number): number {
  const words = wordsOf(text);
  let score = 0.5;
  if (words.length >= 100) score += 0.2;
  else if (words.length >= 50) score += 0.1;
  const sentences = (text.match(/[.!?](\s|$)/g) ?? []).length;
  if (sentences >= 2) score += 0.1;
  if (/\d/.test(text)) score += 0.05;
  if (words.length / Math.max(paragraphs, 1) < 6) score -= 0.3; // many tiny paragraphs: a menu or a list of links
  if (BOILERPLATE.test(text)) score -= 0.2;
  return Math.min(1, Math.max(0, Math.round(score * 100) / 100));
}

/** DocumentChunker: passages of MIN..MAX words, the best MAX_PASSAGES_PER_PAGE by quality, best first. */
export function chunk(paragraphs: string[]): Passage[] {
  const passages = group(paragraphs)
    .map((candidate, position) => ({
      text: candidate.text.slice(0, 20_000), // a "word" may be a long run without spaces
      wordCount: wordsOf(candidate.text).length,
      qualityScore: qualityScore(candidate.text, candidate.paragraphs),
      position,
    }))
    .filter((passage) => passage.wordCount >= CHUNKER_CONFIG.MIN_PASSAGE_WORDS);
  passages.sort((a, b) => b.qualityScore - a.qualityScore || a.position - b.position);
  return passages.slice(0, CHUNKER_CONFIG.MAX_PASSAGES_PER_PAGE);
}

export interface ExtractedPage {
  title: string;
  content: string;
  passages: Passage[];
}

export function extractContent(doc: Document): ExtractedPage {
  const paragraphs = extractParagraphs(doc);
  return {
    title: squeeze(doc.title).slice(0, 2000),
    content: paragraphs.join('\n\n').slice(0, SEARCH_CONFIG.MAX_CONTENT_LENGTH),
    passages: chunk(paragraphs),
  };
}
