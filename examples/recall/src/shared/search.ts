// The seed's keyword search (lib/search/KeywordSearch.ts) and Reciprocal Rank Fusion (lib/search/HybridSearch.ts),
// as pure functions over plain records. Python twin: reference/recall_reference/search.py (the formulas are there
// and in specs/recall.md); golden vectors prove they agree in five engines.
import { terms, tokenize, words } from './text';

export const FIELD_WEIGHTS = { title: 3.0, url: 2.0, summary: 1.5, passages: 1.5, content: 1.0 } as const;
export const PHRASE_BONUS = 2.0;
export const DOMAIN_BONUS = 1.5;
export const RRF_CONSTANT = 60;

type Field = keyof typeof FIELD_WEIGHTS;
const FIELDS = Object.keys(FIELD_WEIGHTS) as Field[];

/** What keyword search reads of a page. */
export interface SearchablePage {
  id: string;
  url: string;
  title: string;
  summary: string;
  passages: string[];
  content: string;
}

export interface KeywordHit {
  id: string;
  /** TF-IDF with bonuses, rounded to 6 decimals. */
  score: number;
  /** The query's stems found on the page, in query order. */
  matchedTerms: string[];
}

export interface FusedHit {
  id: string;
  score: number;
  /** The id's rank (from 1) in each ranking, null where absent. */
  ranks: (number | null)[];
}

/** The labels of a URL's host, read without a URL parser (userinfo and port dropped): the same in every engine. */
export function hostLabels(url: string): string[] {
  const found = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/.exec(url.toLowerCase());
  if (found === null) return [];
  const authority = found[1] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:[0-9]*$/, '');
  return host.split('.').filter((label) => label.length > 0);
}

function counts(items: string[]): Map<string, number> {
  const counted = new Map<string, number>();
  for (const item of items) counted.set(item, (counted.get(item) ?? 0) + 1);
  return counted;
}

function fieldTerms(page: SearchablePage): Record<Field, string[]> {
  return {
    title: terms(page.title),
    url: terms(page.url),
    summary: terms(page.summary),
    passages: terms(page.passages.join(' ')),
    content: terms(page.content),
  };
}

export function keywordSearch(query: string, pages: SearchablePage[], topK: number): KeywordHit[] {
  const queryTerms = [...new Set(terms(query))];
  if (queryTerms.length === 0 || pages.length === 0) return [];
  const fields = pages.map(fieldTerms);
  const counted = fields.map((page) => FIELDS.map((name) => counts(page[name])));
  const documentFrequency = new Map<string, number>();
  for (const term of queryTerms) {
    documentFrequency.set(term, counted.filter((page) => page.some((field) => field.has(term))).length);
  }
  const phrase = words(query);
  const queryTokens = new Set(tokenize(query));
  const scored: { score: number; index: number; hit: KeywordHit }[] = [];
  pages.forEach((page, index) => {
    let score = 0;
    const matched: string[] = [];
    for (const term of queryTerms) {
      const idf = Math.log(1 + pages.length / (1 + (documentFrequency.get(term) ?? 0)));
      let found = false;
      FIELDS.forEach((name, which) => {
        const count = counted[index]?.[which]?.get(term) ?? 0;
        if (count > 0) {
          found = true;
          score += (count / (fields[index]?.[name].length ?? 1)) * idf * FIELD_WEIGHTS[name];
        }
      });
      if (found) matched.push(term);
    }
    if (score <= 0) return;
    if (phrase.length >= 2) {
      const text = [page.title, page.summary, ...page.passages, page.content].join(' ');
      if (` ${words(text).join(' ')} `.includes(` ${phrase.join(' ')} `)) score *= PHRASE_BONUS;
    }
    if (hostLabels(page.url).some((label) => queryTokens.has(label))) score *= DOMAIN_BONUS;
    scored.push({ score, index, hit: { id: page.id, score: Math.round(score * 1e6) / 1e6, matchedTerms: matched } });
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.slice(0, topK).map((entry) => entry.hit);
}

/** The seed's RRF: an id's score is the sum of 1 / (k + rank) over the rankings holding it (rank from 1, first place). */
export function reciprocalRankFusion(rankings: string[][], k: number, topK: number): FusedHit[] {
  const fused = new Map<string, FusedHit>();
  rankings.forEach((ranking, which) => {
    const seen = new Set<string>();
    ranking.forEach((id, position) => {
      if (seen.has(id)) return;
      seen.add(id);
      let hit = fused.get(id);
      if (hit === undefined) {
        hit = { id, score: 0, ranks: rankings.map(() => null) };
        fused.set(id, hit);
      }
      hit.score += 1 / (k + position + 1);
      hit.ranks[which] = position + 1;
    });
  });
  // Map keeps insertion order, so a stable sort leaves ties in the order ids were first met.
  return [...fused.values()].sort((a, b) => b.score - a.score).slice(0, topK);
}

/** A page's passage embeddings, as semantic search reads them. */
export interface EmbeddedPage {
  id: string;
  vectors: number[][];
}

export interface SemanticHit {
  id: string;
  /** Cosine similarity of the page's best passage to the query. */
  similarity: number;
  /** Which passage (its index among the page's vectors): the first of equals. */
  passage: number;
}

/** The seed's cosineSimilarity, summed in index order; 0 when a vector is all zeros or the lengths differ. */
export function cosineSimilarity(a: number[], b: number[]): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 0;
  return dot / (Math.sqrt(normA) * Math.sqrt(normB));
}

/**
 * The seed's passage search: each page scored by its best passage's cosine similarity to the query, kept at
 * `minSimilarity` or above, best first (ties: the page met first), cut to `topK`.
 */
export function semanticSearch(query: number[], pages: EmbeddedPage[], topK: number, minSimilarity: number): SemanticHit[] {
  const hits: { hit: SemanticHit; index: number }[] = [];
  pages.forEach((page, index) => {
    let best: SemanticHit | undefined;
    page.vectors.forEach((vector, passage) => {
      const similarity = cosineSimilarity(query, vector);
      if (best === undefined || similarity > best.similarity) best = { id: page.id, similarity, passage };
    });
    if (best !== undefined && best.similarity >= minSimilarity) hits.push({ hit: best, index });
  });
  hits.sort((a, b) => b.hit.similarity - a.hit.similarity || a.index - b.index);
  return hits.slice(0, topK).map((entry) => entry.hit);
}
