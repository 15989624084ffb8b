"""The frozen configuration of seed 000 (§3 Phase 4, §5.4, §6.1b, §6.3a, §6.8, §8.4).

The TypeScript runtime must carry exactly these values; `frozenConfig` golden vectors check it, and lowering a
trust-critical one needs a change here (and a review of specs/semantics.md), not only in the extension.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

HIGHLIGHT_CONFIG = MappingProxyType(
    {
        # TRUST-CRITICAL: do not lower without team review (seed 000 §8.4).
        "MIN_CONFIDENCE_THRESHOLD": 0.85,
        "MAX_MATCH_TIME_MS": 500,
        "MAX_DOM_NODES": 10_000,
        "MAX_FALLBACK_CHECKS": 500,
        "MAX_NODE_TEXT_LEN": 20_000,
    }
)

CHAT_CONFIG = MappingProxyType({"MAX_PAGE_CHARS": 30_000, "MAX_MESSAGES": 6, "MAX_HISTORY_CHARS": 4_000})

CONTEXT_MENU_CONFIG = MappingProxyType(
    {"MAX_SELECTION_CHARS": 500, "MIN_SELECTION_CHARS": 3, "PENDING_CONTEXT_TTL_MS": 30_000}
)

CITATION_LIMITS = MappingProxyType({"MIN_COUNT": 1, "MAX_COUNT": 5, "MIN_TEXT_LENGTH": 20, "MAX_TEXT_LENGTH": 300})

#: The matcher's own constants (§6.8, §6.4): not in HIGHLIGHT_CONFIG in the seed, frozen all the same. Counts and
#: lengths are ints (slice bounds), scores floats: the value type is the key's, so Any to the type checker.
MATCHING_CONFIG: MappingProxyType[str, Any] = MappingProxyType(
    {
        "MIN_TOKENS_FOR_OVERLAP": 6,
        "MIN_TOKEN_LENGTH": 3,  # tokens are kept when longer than 2 code units
        "SIGNIFICANT_WORD_LENGTH": 5,  # short-quote path: words longer than 4 code units
        "MAX_SHORT_QUOTE_CANDIDATES": 10,
        "MIN_OVERLAP_SCORE": 0.3,
        "MAX_OVERLAP_CANDIDATES": 5,
        "EARLY_EXIT_SIMILARITY": 0.95,
        "MAX_HAYSTACK": 2000,
        "STALE_AFTER_MS": 300_000,
    }
)

CONFIGS: dict[str, MappingProxyType[str, Any]] = {
    "HIGHLIGHT_CONFIG": HIGHLIGHT_CONFIG,
    "CHAT_CONFIG": CHAT_CONFIG,
    "CONTEXT_MENU_CONFIG": CONTEXT_MENU_CONFIG,
    "CITATION_LIMITS": CITATION_LIMITS,
    "MATCHING_CONFIG": MATCHING_CONFIG,
}


def frozen_config(name: str) -> dict[str, Any]:
    """The frozen values of one configuration object, by its name in the runtime."""
    if name not in CONFIGS:
        raise ValueError(f"unknown configuration {name!r}; known: {', '.join(CONFIGS)}")
    return dict(CONFIGS[name])
