"""Corpus-derived cases of the page-level functions (`cutPage`, and the long-page selection): whole pages.

A page's text here is its segments' raw texts joined with "\\n" (`{"page": P, "joined": [0, N]}`), close to what
`innerText` gives the content script. The results carry offsets and counts only, never page text, so the cases
hold references like every corpus case (docs/golden.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from docmind_reference.golden.derive import pick_words, ref, word_spans
from docmind_reference.golden.properties import Rng
from docmind_reference.sections import BUDGET


def whole_page(name: str, segment_count: int) -> dict[str, Any]:
    return ref(page=name, joined=[0, segment_count])


def cut_page_cases(name: str, segment_count: int) -> list[tuple[str, str, dict[str, Any]]]:
    """(kind, description, arguments): the whole page, and its first half (most pages are shorter than the cut)."""
    cases = [("whole", "the whole page", {"pageText": whole_page(name, segment_count)})]
    if segment_count > 1:
        half = segment_count // 2
        cases.append(("first-half", f"segments 0-{half - 1}", {"pageText": ref(page=name, joined=[0, half])}))
    return cases


def _offsets(raw: list[str]) -> list[int]:
    """Where each segment starts in the joined page text (segments joined with one "\\n")."""
    starts, position = [], 0
    for segment in raw:
        starts.append(position)
        position += len(segment) + 1
    return starts


def select_sections_cases(
    rng_for: Callable[[str], Rng], name: str, raw: list[str]
) -> list[tuple[str, str, dict[str, Any]]]:
    """(kind, description, arguments): questions made of 3–8 words of one segment — far past the budget (from the
    last 40 % of the page), from the lead (the first 20 %), and from the middle — over the whole page."""
    starts = _offsets(raw)
    total = starts[-1] + len(raw[-1]) if raw else 0
    shapes = {"far": (0.6, 1.0), "lead": (0.0, 0.2), "middle": (0.4, 0.6)}
    cases = []
    for kind, (low, high) in shapes.items():
        if kind != "middle" and total <= BUDGET:
            continue  # a page within the budget is read whole: one case says so
        rng = rng_for(kind)
        pool = [
            i for i, start in enumerate(starts) if low * total <= start < high * total and len(word_spans(raw[i])) >= 8
        ]
        if not pool:
            continue
        index = rng.choice(pool)
        picked = pick_words(rng, raw[index], 3, 8, 120)
        if picked is None:
            continue
        question = ref(page=name, segment=index, slice=list(picked))
        description = f"a question from segment {index} (page unit {starts[index] + picked[0]} of {total})"
        cases.append((f"{kind}-question", description, {"pageText": whole_page(name, len(raw)), "question": question}))
    return cases
