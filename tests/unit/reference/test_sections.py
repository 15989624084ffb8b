"""The long-page selection's decisions (semantics.md D16) on inputs built to show each one."""

from __future__ import annotations

import itertools
import math

from docmind_reference.sections import BUDGET, MAX_SECTION, ln, select_sections, split_sections
from docmind_reference.text import units

TOPICS = ["gardens", "rivers", "engines", "castles", "violins", "glaciers", "spices", "comets", "bridges", "lanterns"]


def chapters(per: int = 70) -> str:
    return "\n".join(
        f"Chapter on {topic}\n"
        + "\n".join(f"Paragraph {i} is about {topic} and little else, line {i}." for i in range(per))
        for topic in TOPICS
    )


def test_sections_are_consecutive_cover_the_page_and_stay_under_the_maximum() -> None:
    page = units(chapters() + "\n" + "x" * 9_000)  # and one line longer than a section
    spans = split_sections(page)
    assert spans[0][0] == 0 and spans[-1][1] == len(page)
    assert all(a[1] == b[0] for a, b in itertools.pairwise(spans))
    assert all(0 < end - start <= MAX_SECTION for start, end in spans)


def test_a_heading_starts_a_section_once_the_current_one_is_long_enough() -> None:
    starts = [start for start, _ in split_sections(units(chapters()))]
    page = chapters()
    assert all(page[start:].startswith("Chapter on ") for start in starts)  # every cut is at a heading here


def test_within_the_budget_the_page_is_read_whole() -> None:
    assert select_sections("a" * BUDGET, "a?")["sections"] == [{"start": 0, "end": BUDGET}]
    assert select_sections("", "a?") == {
        "sections": [],
        "sectionCount": 0,
        "pageLength": 0,
        "charactersAnalyzed": 0,
        "truncated": False,
    }
    assert select_sections("a " * 15_001, "a?")["truncated"] is True


def test_the_question_chooses_the_sections_and_a_follow_up_may_choose_others() -> None:
    page = chapters()
    assert len(page) > BUDGET
    for topic in ("lanterns", "comets", "gardens"):
        chosen = select_sections(page, f"What about the {topic}?")
        assert chosen["charactersAnalyzed"] <= BUDGET and chosen["truncated"]
        texts = [page[s["start"] : s["end"]] for s in chosen["sections"]]
        assert any(f"Chapter on {topic}" in t for t in texts), topic
        assert [s["start"] for s in chosen["sections"]] == sorted(s["start"] for s in chosen["sections"])
    lanterns = select_sections(page, "lanterns?")["sections"]
    bridges = select_sections(page, "bridges?")["sections"]
    assert lanterns != bridges


def test_without_terms_the_lead_is_read() -> None:
    chosen = select_sections(chapters(), "What is this about?")
    assert chosen["sections"][0]["start"] == 0
    assert all(a["end"] == b["start"] for a, b in zip(chosen["sections"], chosen["sections"][1:]))


def test_the_logarithm_by_series_matches_the_libraries_to_the_last_bits() -> None:
    for x in (1.0, 1.5, 2.0, 3.0, 10.0, 1 + 1e-9, 123.456, 2.0**40 + 0.5):
        assert math.isclose(ln(x), math.log(x), rel_tol=4e-16, abs_tol=1e-300), x
