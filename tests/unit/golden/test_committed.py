"""DocMind's committed golden files (extension_src/specs/golden/): complete, well-formed, and the hand-written
boundaries hold.

These read the committed files only (no corpus, no regeneration); `tests/corpus/test_golden_corpus.py` runs the
full `check` against the corpus.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from docmind_reference import FUNCTIONS

from tests.unit.golden.conftest import docmind
from toolchain.golden.format import CORPUS_KEY, GoldenFile, load_golden

ALLOWED_CORPUS_KEYS = {
    "page",
    "segment",
    "joined",
    "separator",
    "fullText",
    "segments",
    "segmentTexts",
    "normalize",
    "slice",
    "edits",
}


@cache
def committed() -> dict[str, GoldenFile]:
    return {name: load_golden(docmind().vectors / f"{name}.json") for name in FUNCTIONS}


@cache
def by_id() -> dict[str, Any]:
    return {case.id: case for golden in committed().values() for case in golden.cases}


def test_every_function_has_a_file_with_its_parameters() -> None:
    for name, golden in committed().items():
        assert golden.function == name
        assert golden.parameters == list(FUNCTIONS[name].parameters)
        assert golden.unicode_version == "14.0.0"
        assert golden.cases and all(c.has_expected for c in golden.cases)
        assert any(c.source == "adversarial" for c in golden.cases), name


def test_totals_sources_and_unique_ids() -> None:
    cases = [c for g in committed().values() for c in g.cases]
    assert len(cases) >= 5000
    assert {c.source for c in cases} == {"adversarial", "corpus", "property"}
    assert len({c.id for c in cases}) == len(cases)
    assert all(c.id.startswith(f"{name}/{c.source}/") for name, g in committed().items() for c in g.cases)


def _outside_references(value: Any) -> list[str]:
    """Strings of a value that are not inside a corpus reference."""
    if isinstance(value, dict):
        if set(value) == {CORPUS_KEY}:
            return []
        return [s for item in value.values() for s in _outside_references(item)]
    if isinstance(value, list):
        return [s for item in value for s in _outside_references(item)]
    return [value] if isinstance(value, str) else []


def test_corpus_cases_hold_references_not_page_text() -> None:
    for golden in committed().values():
        for case in golden.cases:
            if case.source != "corpus":
                continue
            assert case.uses_corpus, case.id
            assert all(s.startswith("cite-") for s in _outside_references(case.arguments)), case.id
            assert all(
                not isinstance(v, str)
                or v.startswith("cite-")
                or v
                in (
                    "matched",
                    "low-confidence",
                    "not-found",
                    "skipped",
                    "quote-spans-multiple-sections",
                    "match-timeout",
                    "confidence-below-threshold",
                )
                for v in _outside_references(case.expected)
            ), case.id
            for spec in _references(case.arguments):
                assert set(spec) <= ALLOWED_CORPUS_KEYS
                for edit in spec.get("edits", []):
                    assert len(edit[2]) <= 3  # inserted text is ours: one character or one emoji sequence


def _references(value: Any) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        if set(value) == {CORPUS_KEY}:
            return [value[CORPUS_KEY]]
        return [r for item in value.values() for r in _references(item)]
    if isinstance(value, list):
        return [r for item in value for r in _references(item)]
    return []


@pytest.mark.parametrize(
    ("case", "expected"),
    [
        ("preciseMatch/adversarial/exact-0.85-n20-d3", 0.85),
        ("preciseMatch/adversarial/exact-0.95-n20-d1", 0.95),
        ("preciseMatch/adversarial/early-exit-at-0.95", 0.95),
        ("preciseMatch/adversarial/no-early-exit-below-0.95", 0.975),
        ("preciseMatch/adversarial/cut-splits-pair-window-with-half", 0.75),
        ("tokenOverlap/adversarial/dice-two-thirds", 2 / 3),
        ("tokenOverlap/adversarial/cut-off-exact-0.3", 0.3),
        ("levenshteinDistance/adversarial/astral-vs-bmp", 2),
        ("validateCitation/adversarial/length-20", True),
        ("validateCitation/adversarial/length-301", False),
        ("validateCitation/adversarial/whitespace-only-25", False),
        ("truncateSelection/adversarial/pair-across-500", "a" * 499 + "..."),
        (
            "cutPage/adversarial/pair-across-the-cut",
            {"end": 29_999, "pageLength": 30_005, "charactersAnalyzed": 29_999, "truncated": True},
        ),
        (
            "cutPage/adversarial/exactly-30000",
            {"end": 30_000, "pageLength": 30_000, "charactersAnalyzed": 30_000, "truncated": False},
        ),
        (
            "cutPage/adversarial/lone-high-at-cut",
            {"end": 30_000, "pageLength": 30_001, "charactersAnalyzed": 30_000, "truncated": True},
        ),
        ("normalizeForMatching/adversarial/final-sigma-prose", "\u03bf\u03b4\u03bf\u03c2"),
    ],
)
def test_hand_written_boundaries(case: str, expected: Any) -> None:
    assert by_id()[case].expected == expected


def _statuses(case: str) -> list[tuple[str, float, Any, str | None]]:
    return [(r["status"], r["confidence"], r["segmentIndex"], r.get("skipReason")) for r in by_id()[case].expected]


def test_match_citations_boundaries() -> None:
    assert _statuses("matchCitations/adversarial/short-exact-0.85") == [("matched", 0.85, 0, None)]
    assert _statuses("matchCitations/adversarial/long-below-0.85") == [
        ("low-confidence", 0.84, 0, "confidence-below-threshold")
    ]
    assert _statuses("matchCitations/adversarial/long-exact-0.95") == [("matched", 0.95, 0, None)]
    assert _statuses("matchCitations/adversarial/five-tokens-short-path")[0][0] == "low-confidence"
    assert _statuses("matchCitations/adversarial/six-tokens-overlap-path")[0][0] == "not-found"
    assert _statuses("matchCitations/adversarial/cross-segment") == [
        ("skipped", 0, None, "quote-spans-multiple-sections")
    ]
    assert [s[0] for s in _statuses("matchCitations/adversarial/timeout-third-read")] == [
        "matched",
        "skipped",
        "skipped",
    ]
    assert [s[0] for s in _statuses("matchCitations/adversarial/timeout-exactly-500")] == ["matched"] * 3
    assert [s[0] for s in _statuses("matchCitations/adversarial/timeout-500.5")] == ["skipped"] * 3
    assert _statuses("matchCitations/adversarial/empty-quote") == [("not-found", 0, None, None)]
