"""Token overlap, edit distance and precise match (seed 000 §6.8, Appendix B) on UTF-16 code units.

Functions ending in `_units` take unit strings (see text.py); the others take ordinary strings.
"""

from __future__ import annotations

from collections.abc import Iterator

from rapidfuzz.distance import Levenshtein

from docmind_reference.config import MATCHING_CONFIG
from docmind_reference.text import WHITESPACE, js_split_whitespace, units

MIN_TOKEN_LENGTH = MATCHING_CONFIG["MIN_TOKEN_LENGTH"]
MAX_HAYSTACK = MATCHING_CONFIG["MAX_HAYSTACK"]
EARLY_EXIT = MATCHING_CONFIG["EARLY_EXIT_SIMILARITY"]


def tokens_units(value: str) -> list[str]:
    """`value.split(/\\s+/).filter(t => t.length > 2)`, duplicates kept, in order."""
    return [token for token in js_split_whitespace(value) if len(token) >= MIN_TOKEN_LENGTH]


def token_overlap_units(a: str, b: str) -> float:
    tokens_a, tokens_b = set(tokens_units(a)), set(tokens_units(b))
    if not tokens_a or not tokens_b:
        return 0
    return (2 * len(tokens_a & tokens_b)) / (len(tokens_a) + len(tokens_b))


def token_overlap(a: str, b: str) -> float:
    """Sørensen–Dice coefficient of the two texts' token sets (tokens: longer than 2 code units)."""
    return token_overlap_units(units(a), units(b))


def levenshtein_distance(a: str, b: str) -> int:
    """Insertions, deletions and substitutions of UTF-16 code units (rapidfuzz on unit strings)."""
    return Levenshtein.distance(units(a), units(b))


def window_starts(haystack: str) -> Iterator[int]:
    """Where precise matching tries a window: at 0, then at the first unit of every word after whitespace.

    The seed walks `position += word.length + 1` over `split(/\\s+/)`, which is the same on text whose words are
    separated by single spaces (normalized prose) but drifts after `\\r\\n` or runs of tabs (code). We use the
    words' real starts instead (specs/semantics.md, decision D3).
    """
    yield 0
    previous_space = haystack[:1] in WHITESPACE if haystack else False
    for index in range(1, len(haystack)):
        space = haystack[index] in WHITESPACE
        if previous_space and not space:
            yield index
        previous_space = space


def precise_match_units(needle: str, haystack: str) -> float:
    if needle in haystack:
        return 1.0
    truncated = haystack[:MAX_HAYSTACK]
    window_size = min(len(needle), len(truncated))
    best: float = 0
    for start in window_starts(truncated):
        if start + window_size > len(truncated):
            break
        window = truncated[start : start + window_size]
        distance = Levenshtein.distance(needle, window)
        similarity = 1 - (distance / max(len(needle), len(window)))
        best = max(best, similarity)
        if best >= EARLY_EXIT:
            break
    return best


def precise_match(needle: str, haystack: str) -> float:
    """1.0 when the needle occurs in the haystack; else the best `1 − distance / needle length` over windows of
    the needle's length at word starts within the first 2,000 units, stopping early at ≥ 0.95."""
    return precise_match_units(units(needle), units(haystack))
