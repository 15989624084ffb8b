// HybridSearch (seed: "Hybrid Search"): semantic and keyword rankings fused by Reciprocal Rank Fusion (K = 60).
// Offline there is no embedding model, so the semantic ranking is empty: hybrid search is RRF over the keyword
// ranking alone, and a semantic search falls back to keyword search. Each answer says so in its `notice`.
import { SEARCH_CONFIG } from '../shared/config';
import type { SearchMode, SearchResult, SearchResults } from '../shared/protocol';
import { keywordSearch, reciprocalRankFusion, type KeywordHit, type SearchablePage } from '../shared/search';
import type { PageRecord } from './store';

export const NO_EMBEDDINGS =
  'Semantic search needs the embedding model (all-MiniLM-L6-v2 in WebAssembly), which cannot be downloaded offline';

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

function result(record: PageRecord, hit: KeywordHit, score: number, includeContent: boolean): SearchResult {
  const found: SearchResult = {
    id: record.id,
    url: record.url,
    title: record.title,
    summary: record.summary,
    timestamp: record.timestamp,
    score,
    keywordScore: hit.score,
    matchedTerms: hit.matchedTerms,
  };
  if (includeContent) found.passages = record.passages;
  return found;
}

export function search(
  query: string,
  records: PageRecord[],
  options: { topK?: number; mode?: SearchMode; includeContent?: boolean },
): SearchResults {
  const topK = options.topK ?? SEARCH_CONFIG.DEFAULT_TOP_K;
  const mode = options.mode ?? 'hybrid';
  const includeContent = options.includeContent ?? false;
  const byId = new Map(records.map((record) => [record.id, record]));
  const keywordHits = keywordSearch(query, records.map(searchable), topK * SEARCH_CONFIG.SEARCH_MULTIPLIER);
  const hitById = new Map(keywordHits.map((hit) => [hit.id, hit]));

  if (mode !== 'hybrid') {
    const results = keywordHits.slice(0, topK).flatMap((hit) => {
      const record = byId.get(hit.id);
      return record === undefined ? [] : [result(record, hit, hit.score, includeContent)];
    });
    return mode === 'semantic'
      ? { type: 'SEARCH_RESULTS', results, mode: 'keyword', notice: `${NO_EMBEDDINGS}: keyword results instead.` }
      : { type: 'SEARCH_RESULTS', results, mode: 'keyword' };
  }

  const semanticRanking: string[] = []; // no embeddings offline
  const fused = reciprocalRankFusion([semanticRanking, keywordHits.map((hit) => hit.id)], SEARCH_CONFIG.RRF_CONSTANT, topK);
  const results = fused.flatMap((entry) => {
    const record = byId.get(entry.id);
    const hit = hitById.get(entry.id);
    return record === undefined || hit === undefined ? [] : [result(record, hit, entry.score, includeContent)];
  });
  return {
    type: 'SEARCH_RESULTS',
    results,
    mode: 'hybrid',
    notice: `${NO_EMBEDDINGS}: fused from the keyword ranking alone.`,
  };
}
