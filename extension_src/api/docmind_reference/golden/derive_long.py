"""Corpus-derived cases of the page-level functions (`cutPage`, and the long-page selection): whole pages.

A page's text here is its segments' raw texts joined with "\\n" (`{"page": P, "joined": [0, N]}`), close to what
`innerText` gives the content script. The results carry offsets and counts only, never page text, so the cases
hold references like every corpus case (docs/golden.md).
"""

from __future__ import annotations

from typing import Any

from docmind_reference.golden.derive import ref


def whole_page(name: str, segment_count: int) -> dict[str, Any]:
    return ref(page=name, joined=[0, segment_count])


def cut_page_cases(name: str, segment_count: int) -> list[tuple[str, str, dict[str, Any]]]:
    """(kind, description, arguments): the whole page, and its first half (most pages are shorter than the cut)."""
    cases = [("whole", "the whole page", {"pageText": whole_page(name, segment_count)})]
    if segment_count > 1:
        half = segment_count // 2
        cases.append(("first-half", f"segments 0-{half - 1}", {"pageText": ref(page=name, joined=[0, half])}))
    return cases
