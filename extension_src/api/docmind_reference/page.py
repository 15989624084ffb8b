"""The page cut (seed 000 §6.2, §6.3a): how much of a page DocMind reads, and what the popup says about it.

One definition for the content script (which cuts the text it sends), the background (which reports
`charactersAnalyzed` and `truncated`) and the API (which never reads past the cut): decision D14 in
specs/semantics.md. Lengths and offsets are UTF-16 code units.
"""

from __future__ import annotations

from typing import Any

from docmind_reference.config import CHAT_CONFIG
from docmind_reference.text import units


def _is_high(unit: str) -> bool:
    return "\ud800" <= unit <= "\udbff"


def _is_low(unit: str) -> bool:
    return "\udc00" <= unit <= "\udfff"


def cut_end(unit_text: str, limit: int) -> int:
    """Where a cut of `unit_text` at `limit` code units ends: `limit`, or one unit before it when the cut would
    separate the two halves of a surrogate pair (as D7 does for selections); the whole text when it is shorter."""
    if len(unit_text) <= limit:
        return len(unit_text)
    if limit > 0 and _is_high(unit_text[limit - 1]) and _is_low(unit_text[limit]):
        return limit - 1
    return limit


def cut_page(page_text: str) -> dict[str, Any]:
    """`{end, pageLength, charactersAnalyzed, truncated}`: the page is read from 0 to `end` (at most MAX_PAGE_CHARS
    code units, never splitting a surrogate pair); `charactersAnalyzed` is what was read (`end`), `truncated` says
    whether anything was left out."""
    unit_text = units(page_text)
    end = cut_end(unit_text, CHAT_CONFIG["MAX_PAGE_CHARS"])
    return {"end": end, "pageLength": len(unit_text), "charactersAnalyzed": end, "truncated": end < len(unit_text)}
