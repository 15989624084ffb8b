// DocMind's frozen configuration (seed 000 §3 Phase 4, §5.4, §6.3a, §6.8, §8.4). The values are those of
// extension_src/api/docmind_reference/config.py, which the `frozenConfig` golden vectors check: lowering a
// trust-critical value takes a change there, in the vectors and a review of specs/semantics.md, not only here.

export const HIGHLIGHT_CONFIG = /* @__PURE__ */ Object.freeze({
  // TRUST-CRITICAL: do not lower without team review (seed 000 §8.4).
  MIN_CONFIDENCE_THRESHOLD: 0.85,
  MAX_MATCH_TIME_MS: 500,
  MAX_DOM_NODES: 10_000,
  MAX_FALLBACK_CHECKS: 500,
  MAX_NODE_TEXT_LEN: 20_000,
} as const);

export const CHAT_CONFIG = /* @__PURE__ */ Object.freeze({
  MAX_PAGE_CHARS: 30_000,
  MAX_MESSAGES: 6,
  MAX_HISTORY_CHARS: 4_000, // UTF-16 code units, not tokens (deterministic client-side)
} as const);

export const CONTEXT_MENU_CONFIG = /* @__PURE__ */ Object.freeze({
  MAX_SELECTION_CHARS: 500,
  MIN_SELECTION_CHARS: 3,
  PENDING_CONTEXT_TTL_MS: 30_000,
} as const);

export const CITATION_LIMITS = /* @__PURE__ */ Object.freeze({
  MIN_COUNT: 1,
  MAX_COUNT: 5,
  MIN_TEXT_LENGTH: 20,
  MAX_TEXT_LENGTH: 300,
} as const);

/** The matcher's own constants (§6.8, §6.4): not in HIGHLIGHT_CONFIG in the seed, frozen all the same. */
export const MATCHING_CONFIG = /* @__PURE__ */ Object.freeze({
  MIN_TOKENS_FOR_OVERLAP: 6,
  MIN_TOKEN_LENGTH: 3, // tokens are kept when longer than 2 code units
  SIGNIFICANT_WORD_LENGTH: 5, // short-quote path: words longer than 4 code units
  MAX_SHORT_QUOTE_CANDIDATES: 10,
  MIN_OVERLAP_SCORE: 0.3,
  MAX_OVERLAP_CANDIDATES: 5,
  EARLY_EXIT_SIMILARITY: 0.95,
  MAX_HAYSTACK: 2000,
  STALE_AFTER_MS: 300_000,
} as const);
