"""The Python reference of DocMind's trust-critical algorithms (seed 000 §3 Phase 4, §5.4, §6, §7, §8.4).

Readable first: each function follows the seed, except where specs/semantics.md records a deliberate departure
(decisions D1–D7). No I/O. Every function here has a golden-vector file `extension_src/specs/golden/<name>.json`,
and the TypeScript runtime in extension_src/src/shared/ must reproduce every vector exactly.

This package is DocMind's reference module for xtk (`[golden] reference_module` in xtk.toml; docs/golden.md):
`FUNCTIONS` is the catalogue `xtk golden` and `xtk conform` share — name, parameters in order, and whether inputs
may hold lone surrogates (only where the function makes text well-formed or works on code units alone) — and
`golden_sources()` hands xtk DocMind's case sources (`docmind_reference.golden`). The API server imports the
functions only; nothing here imports xtk except `docmind_reference.golden`, which only xtk loads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from docmind_reference.config import frozen_config
from docmind_reference.conversation import truncate_conversation, truncate_selection
from docmind_reference.matching import could_span_segments, match_citations, validate_citation
from docmind_reference.normalize import normalize_for_matching
from docmind_reference.page import cut_page
from docmind_reference.parsing import parse_api_response
from docmind_reference.sections import select_sections
from docmind_reference.similarity import levenshtein_distance, precise_match, token_overlap
from docmind_reference.text import UNICODE_VERSION
from docmind_reference.url import check_stale, parse_url_identity


@dataclass(frozen=True)
class ReferenceFunction:
    name: str  # as the runtime exports it
    parameters: tuple[str, ...]
    implementation: Callable[..., Any]
    lone_surrogates: bool  # may string inputs hold lone surrogates?
    summary: str

    def __call__(self, arguments: Mapping[str, Any]) -> Any:
        missing = [p for p in self.parameters if p not in arguments]
        extra = [k for k in arguments if k not in self.parameters]
        if missing or extra:
            raise ValueError(
                f"{self.name}: missing {missing}, unexpected {extra}; parameters are {list(self.parameters)}"
            )
        return self.implementation(*(arguments[p] for p in self.parameters))


FUNCTIONS: dict[str, ReferenceFunction] = {
    f.name: f
    for f in (
        ReferenceFunction(
            "normalizeForMatching",
            ("text", "type"),
            normalize_for_matching,
            True,
            "text as the matcher compares it (§6.5)",
        ),
        ReferenceFunction("tokenOverlap", ("a", "b"), token_overlap, True, "Sørensen–Dice over token sets (§6.8)"),
        ReferenceFunction(
            "levenshteinDistance",
            ("a", "b"),
            levenshtein_distance,
            True,
            "edit distance in UTF-16 code units (Appendix B)",
        ),
        ReferenceFunction(
            "preciseMatch",
            ("needle", "haystack"),
            precise_match,
            True,
            "best windowed similarity, capped haystack (§6.8)",
        ),
        ReferenceFunction(
            "couldSpanSegments",
            ("quote", "segmentIndex", "segments"),
            could_span_segments,
            True,
            "quote found only across a segment and the next (§6.8)",
        ),
        ReferenceFunction(
            "matchCitations",
            ("citations", "segments", "clock"),
            match_citations,
            True,
            "two-phase matching with statuses and skip reasons (§6.8)",
        ),
        ReferenceFunction(
            "validateCitation",
            ("citation", "normalizedFullText"),
            validate_citation,
            True,
            "quote present and 20–300 units long (§7)",
        ),
        ReferenceFunction(
            "parseApiResponse", ("raw",), parse_api_response, True, "defensive parsing of the model's JSON (§6.3a)"
        ),
        ReferenceFunction(
            "parseUrlIdentity", ("url",), parse_url_identity, False, "origin, path and meaningful params (§6.4)"
        ),
        ReferenceFunction("checkStale", ("stored", "current", "ageMs"), check_stale, True, "stale reason (§6.4)"),
        ReferenceFunction(
            "truncateConversation",
            ("messages",),
            truncate_conversation,
            True,
            "history within MAX_MESSAGES and MAX_HISTORY_CHARS (Phase 4)",
        ),
        ReferenceFunction(
            "truncateSelection", ("selection",), truncate_selection, True, "context-menu selection bounds (§5.4)"
        ),
        ReferenceFunction("frozenConfig", ("name",), frozen_config, False, "the frozen configuration values (§8.4)"),
        ReferenceFunction(
            "cutPage",
            ("pageText",),
            cut_page,
            True,
            "how much of the page is read: MAX_PAGE_CHARS, pairs kept whole (D14)",
        ),
        ReferenceFunction(
            "selectSections",
            ("pageText", "question"),
            select_sections,
            True,
            "the sections of a long page read for a question, within MAX_PAGE_CHARS (D16)",
        ),
    )
}


def golden_sources() -> ModuleType:
    """DocMind's golden case sources for xtk: property and corpus cases, the argument domain, corpus references."""
    from docmind_reference import golden

    return golden


__all__ = ["FUNCTIONS", "UNICODE_VERSION", "ReferenceFunction", "golden_sources"]
