"""Citation matching and validation (seed 000 §6.8, §7), with a deterministic clock.

`match_citations` takes the clock as data: the successive values `performance.now()` would return. The
runtime calls the real clock in the extension and a scripted one under the golden vectors, at exactly the same
points (once before the first citation, then once before each citation), so a time budget is exercised
without results ever depending on machine speed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, TypedDict

from docmind_reference.config import CITATION_LIMITS, HIGHLIGHT_CONFIG, MATCHING_CONFIG
from docmind_reference.normalize import normalize_for_matching
from docmind_reference.similarity import precise_match_units, token_overlap_units, tokens_units
from docmind_reference.text import length, units

Status = Literal["matched", "low-confidence", "not-found", "skipped"]
SkipReason = Literal[
    "quote-spans-multiple-sections", "page-structure-unsupported", "confidence-below-threshold", "match-timeout"
]

CONFIDENCE_THRESHOLD = HIGHLIGHT_CONFIG["MIN_CONFIDENCE_THRESHOLD"]
MAX_MATCH_TIME_MS = HIGHLIGHT_CONFIG["MAX_MATCH_TIME_MS"]
M = MATCHING_CONFIG


class Segment(TypedDict):
    normalizedText: str
    type: Literal["prose", "code", "heading"]


class Citation(TypedDict, total=False):
    id: str
    text: str
    relevance: str


class ScriptedClock:
    """`performance.now()` under test: returns the given values in turn, then the last one; 0 when empty."""

    def __init__(self, values: Sequence[float]) -> None:
        self.values = list(values)
        self.calls = 0

    def __call__(self) -> float:
        if not self.values:
            return 0
        value = self.values[min(self.calls, len(self.values) - 1)]
        self.calls += 1
        return value


def could_span_units(quote: str, index: int, segments: Sequence[str]) -> bool:
    if index < 0 or index >= len(segments) - 1:
        return False
    current, following = segments[index], segments[index + 1]
    # D12: a quote inside the following segment alone is that segment's, not a cross-segment quote.
    return quote not in current and quote not in following and quote in current + " " + following


def could_span_segments(quote: str, segment_index: int, segments: Sequence[str]) -> bool:
    """True when the quote is found only across this segment and the next one (within neither of them, D12)."""
    return could_span_units(units(quote), segment_index, [units(s) for s in segments])


def _result(
    citation_id: Any, status: Status, confidence: float, segment: int | None, skip: SkipReason | None = None
) -> dict[str, Any]:
    result: dict[str, Any] = {
        "citationId": citation_id,
        "status": status,
        "confidence": confidence,
        "segmentIndex": segment,
    }
    if skip is not None:
        result["skipReason"] = skip
    return result


def _candidates(quote: str, segments: list[str], prose: list[int]) -> list[int]:
    """Phase 1: segments worth a precise match (indices into the page's segments, best first)."""
    quote_tokens = tokens_units(quote)
    if len(quote_tokens) < M["MIN_TOKENS_FOR_OVERLAP"]:
        significant = [t for t in quote_tokens if len(t) >= M["SIGNIFICANT_WORD_LENGTH"]]

        def keep(index: int) -> bool:
            segment = segments[index]
            if quote in segment:
                return True
            if len(significant) >= 2:
                return sum(1 for word in significant if word in segment) >= 2
            return any(word in segment for word in significant)

        return [i for i in prose if keep(i)][: M["MAX_SHORT_QUOTE_CANDIDATES"]]
    scored = [(i, token_overlap_units(quote, segments[i])) for i in prose]
    scored = [pair for pair in scored if pair[1] > M["MIN_OVERLAP_SCORE"]]
    scored.sort(key=lambda pair: -pair[1])  # stable, like Array.prototype.sort
    return [i for i, _ in scored[: M["MAX_OVERLAP_CANDIDATES"]]]


def match_citations(
    citations: Sequence[Citation], segments: Sequence[Segment], clock: Sequence[float] = ()
) -> list[dict[str, Any]]:
    """One result per citation: matched / low-confidence (below 0.85) / not-found / skipped (cross-segment quote,
    or the time budget ran out before it), with the segment index of the best match."""
    now = ScriptedClock(clock)
    texts = [units(s["normalizedText"]) for s in segments]
    prose = [i for i, s in enumerate(segments) if s["type"] == "prose"]
    results: list[dict[str, Any]] = []
    start = now()
    for position, citation in enumerate(citations):
        if now() - start > MAX_MATCH_TIME_MS:
            results += [_result(c["id"], "skipped", 0, None, "match-timeout") for c in citations[position:]]
            break
        quote = units(normalize_for_matching(citation["text"], "prose"))
        if quote == "":  # decision D5: an empty quote matches nothing (the seed would match it anywhere at 1.0)
            results.append(_result(citation["id"], "not-found", 0, None))
            continue
        best: dict[str, Any] | None = None
        skipped: dict[str, Any] | None = None
        for index in _candidates(quote, texts, prose):
            if could_span_units(quote, index, texts):
                skipped = _result(citation["id"], "skipped", 0, None, "quote-spans-multiple-sections")
                break
            similarity = precise_match_units(quote, texts[index])
            if similarity > (best["confidence"] if best else 0):
                matched = similarity >= CONFIDENCE_THRESHOLD
                best = _result(
                    citation["id"],
                    "matched" if matched else "low-confidence",
                    similarity,
                    index,
                    None if matched else "confidence-below-threshold",
                )
                if similarity >= M["EARLY_EXIT_SIMILARITY"]:
                    break
        results.append(skipped or best or _result(citation["id"], "not-found", 0, None))
    return results


def validate_citation(citation: Citation, normalized_full_text: str) -> bool:
    """The quote occurs in the page's normalized text and its raw text is 20–300 code units long."""
    quote = units(normalize_for_matching(citation["text"], "prose"))
    if quote == "" or quote not in units(normalized_full_text):  # decision D5 for the empty quote
        return False
    return CITATION_LIMITS["MIN_TEXT_LENGTH"] <= length(citation["text"]) <= CITATION_LIMITS["MAX_TEXT_LENGTH"]
