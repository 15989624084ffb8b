// HybridSearch (seed: "Hybrid Search"): semantic and keyword rankings fused by Reciprocal Rank Fusion (K = 60). The
// semantic ranking is the seed's passage search: the query's embedding against every stored passage embedding,
// each page by its best passage (cosine similarity at least 0.3). When the embedding model cannot be loaded, or no
// stored page has embeddings, hybrid search fuses the keyword ranking alone and a semantic search falls back to
// keyword search; each answer says so in its `notice`.
import { SEARCH_CONFIG } from '../shared/config';
import type { SearchMode, SearchResult, SearchResults } from '../shared/protocol';
import {
  keywordSearch,
  reciprocalRankFusion,
  semanticSearch,
  type EmbeddedPage,
  type KeywordHit,
  type SearchablePage,
  type SemanticHit,
} from '../shared/search';
import type { PageRecord } from './store';

export const NO_EMBEDDINGS = 'Semantic search needs the embedding model, which could not be loaded';
export const NOTHING_EMBEDDED = 'No indexed page has embeddings yet';

export function searchable(record: PageRecord): SearchablePage {
  return {
    id: record.id,
    url: record.url,
    title: record.title,
    summary: record.summary,
    passages: record.passages.map((passage) => passage.text),
    content: record.content,
  };
}

export function embeddedPage(record: PageRecord): EmbeddedPage {
  return {
    id: record.id,
    vectors: (record.passageEmbeddings ?? []).map((buffer) => Array.from(new Float32Array(buffer))),
  };
}

/** The query's embedding, or why there is none (the model unavailable, nothing embedded). */
export type QueryEmbedding = { vector: number[] } | { unavailable: string };

function result(
  record: PageRecord,
  hits: { keyword: KeywordHit | undefined; semantic: SemanticHit | undefined },
  score: number,
  includeContent: boolean,
): SearchResult {
  const found: SearchResult = {
    id: record.id,
    url: record.url,
    title: record.title,
    summary: record.summary,
    timestamp: record.timestamp,
    score,
    keywordScore: hits.keyword?.score ?? 0,
    matchedTerms: hits.keyword?.matchedTerms ?? [],
  };
  if (hits.semantic !== undefined) {
    found.semanticScore = Math.round(hits.semantic.similarity * 1e6) / 1e6;
    const passage = record.passages[hits.semantic.passage];
    if (passage !== undefined) found.semanticPassage = passage.text;
  }
  if (includeContent) found.passages = record.passages;
  return found;
}

export function search(
  query: string,
  records: PageRecord[],
  options: { topK?: number; mode?: SearchMode; includeContent?: boolean },
  embedding: QueryEmbedding,
): SearchResults {
  const topK = options.topK ?? SEARCH_CONFIG.DEFAULT_TOP_K;
  const mode = options.mode ?? 'hybrid';
  const includeContent = options.includeContent ?? false;
  const byId = new Map(records.map((record) => [record.id, record]));
  const wide = topK * SEARCH_CONFIG.SEARCH_MULTIPLIER;
  const keywordHits = mode === 'semantic' && 'vector' in embedding ? [] : keywordSearch(query, records.map(searchable), wide);
  const keywordById = new Map(keywordHits.map((hit) => [hit.id, hit]));
  const semanticHits = 'vector' in embedding && mode !== 'keyword'
    ? semanticSearch(embedding.vector, records.map(embeddedPage), wide, SEARCH_CONFIG.DEFAULT_MIN_SIMILARITY)
    : [];
  const semanticById = new Map(semanticHits.map((hit) => [hit.id, hit]));
  const shown = (id: string, score: number): SearchResult[] => {
    const record = byId.get(id);
    const hits = { keyword: keywordById.get(id), semantic: semanticById.get(id) };
    return record === undefined ? [] : [result(record, hits, score, includeContent)];
  };

  if (mode === 'keyword') {
    const results = keywordHits.slice(0, topK).flatMap((hit) => shown(hit.id, hit.score));
    return { type: 'SEARCH_RESULTS', results, mode: 'keyword' };
  }
  if (mode === 'semantic') {
    if ('unavailable' in embedding) {
      const results = keywordHits.slice(0, topK).flatMap((hit) => shown(hit.id, hit.score));
      return { type: 'SEARCH_RESULTS', results, mode: 'keyword', notice: `${embedding.unavailable}: keyword results instead.` };
    }
    const results = semanticHits.slice(0, topK).flatMap((hit) => shown(hit.id, hit.similarity));
    return { type: 'SEARCH_RESULTS', results, mode: 'semantic' };
  }
  const fused = reciprocalRankFusion(
    [semanticHits.map((hit) => hit.id), keywordHits.map((hit) => hit.id)],
    SEARCH_CONFIG.RRF_CONSTANT,
    topK,
  );
  const results = fused.flatMap((entry) => shown(entry.id, entry.score));
  return 'unavailable' in embedding
    ? { type: 'SEARCH_RESULTS', results, mode: 'hybrid', notice: `${embedding.unavailable}: fused from the keyword ranking alone.` }
    : { type: 'SEARCH_RESULTS', results, mode: 'hybrid' };
}
