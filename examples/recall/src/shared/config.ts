// The seed's configuration (lib/config/searchConfig.ts, lib/constants/contentSelectors.ts, TabMonitor) and its URL
// rules (Security & Privacy: URL normalization, content filtering).

export const SEARCH_CONFIG = {
  DEFAULT_TOP_K: 10,
  DEFAULT_MIN_SIMILARITY: 0.3,
  RRF_CONSTANT: 60,
  SEARCH_MULTIPLIER: 2,
  MIN_CONTENT_LENGTH: 100,
  MAX_CONTENT_LENGTH: 50_000,
} as const;

export const CONTENT_SELECTORS = {
  MAIN_CONTENT: ['main', 'article', '[role="main"]', '#content', '.content', '#main'],
  EXCLUDED: ['script', 'style', 'nav', 'footer', 'header', '.ad', '.advertisement', '.sidebar', '.popup', '.modal'],
} as const;

export const CHUNKER_CONFIG = {
  MAX_PASSAGE_WORDS: 200,
  MIN_PASSAGE_WORDS: 20,
  MAX_PASSAGES_PER_PAGE: 30,
  OVERLAP_WORDS: 20,
} as const;

/** The seed's embedding model (384 dimensions), downloaded from the Hugging Face Hub on first use, 8-bit weights. */
export const DEFAULT_EMBEDDING_MODEL = { id: 'Xenova/all-MiniLM-L6-v2', dtype: 'q8', allowRemote: true } as const;

/** TabMonitor: a page is indexed once it has been looked at this long (ms). */
export const MIN_DWELL_TIME = 5000;

/** IndexingQueue: attempts before a page is marked failed; the first retry waits this long, doubling after. */
export const MAX_ATTEMPTS = 3;
export const RETRY_BASE_MS = 1000;

/** The seed's normalization: no query, no fragment (so ?id=1 and ?id=2 are one page, as the seed has it). */
export function normalizeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.search = '';
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url;
  }
}

/** The seed's EXCLUDED_PATTERNS, plus Firefox's own pages (moz-extension:) and anything not http(s). */
const EXCLUDED_PATTERNS = [
  /^chrome:\/\//, /^chrome-extension:\/\//, /^moz-extension:\/\//, /^about:/, /^file:\/\//,
  /\/login/, /\/signin/, /\/password/, /banking/, /checkout/, /payment/,
];

export function isIndexable(url: string): boolean {
  return /^https?:\/\//.test(url) && !EXCLUDED_PATTERNS.some((pattern) => pattern.test(url));
}
