"""Argument shapes and the agreed character domain: what may be a golden vector and what may not."""

from __future__ import annotations

import pytest
from docmind_reference.golden.domain import case_problems
from docmind_reference.golden.properties import COUNTS, Rng, property_case


def test_inside_the_domain_has_no_problems() -> None:
    assert (
        case_problems(
            "normalizeForMatching", {"text": "Caf\u00e9 \U0001f600 \u039f\u0394\u039f\u03a3", "type": "prose"}
        )
        == []
    )


@pytest.mark.parametrize(
    ("function", "arguments", "where", "message"),
    [
        ("normalizeForMatching", {"text": "a\u0378b", "type": "prose"}, "/text", "U+0378 is unassigned"),
        ("normalizeForMatching", {"text": "\U0001fae8", "type": "prose"}, "/text", "unassigned in Unicode 14.0.0"),
        ("normalizeForMatching", {"text": "\u039f\u0295\u03a3", "type": "prose"}, "/text", "U+0295"),
        ("normalizeForMatching", {"text": "\U0001171e", "type": "code"}, "/text", "U+1171E"),
        ("parseUrlIdentity", {"url": "https://example.com/\ud800"}, "/url", "lone surrogate"),
        ("frozenConfig", {"name": "CHAT_CONFIG\ud800"}, "/name", "lone surrogate"),
        (
            "matchCitations",
            {"citations": [{"id": "c", "text": "x\u0378"}], "segments": [], "clock": []},
            "/citations/0/text",
            "unassigned",
        ),
        (
            "truncateConversation",
            {"messages": [{"role": "user", "content": "ok", "\u0378": 1}]},
            "/messages/0",
            "unassigned",
        ),
    ],
)
def test_out_of_domain_strings_are_rejected_where_they_are(
    function: str, arguments: dict, where: str, message: str
) -> None:
    problems = case_problems(function, arguments)
    assert any(path == where and message in text for path, text in problems), problems


def test_lone_surrogates_only_where_the_function_allows_them() -> None:
    assert case_problems("normalizeForMatching", {"text": "a\ud800", "type": "prose"}) == []
    assert case_problems("truncateSelection", {"selection": "\udc00bc"}) == []
    assert case_problems("parseUrlIdentity", {"url": "\udc00"})


@pytest.mark.parametrize(
    ("function", "arguments", "where"),
    [
        ("normalizeForMatching", {"text": "x", "type": "poetry"}, "/type"),
        ("normalizeForMatching", {"text": 5, "type": "prose"}, "/text"),
        ("couldSpanSegments", {"quote": "x", "segmentIndex": -2, "segments": ["a"]}, "/segmentIndex"),
        ("couldSpanSegments", {"quote": "x", "segmentIndex": 0.5, "segments": ["a"]}, "/segmentIndex"),
        ("matchCitations", {"citations": [{"text": "x"}], "segments": [], "clock": []}, "/citations/0"),
        (
            "matchCitations",
            {"citations": [], "segments": [{"normalizedText": "x", "type": "table"}], "clock": []},
            "/segments/0/type",
        ),
        ("matchCitations", {"citations": [], "segments": [], "clock": ["0"]}, "/clock/0"),
        ("parseApiResponse", {"raw": ["{}"]}, "/raw"),
        (
            "checkStale",
            {"stored": {"origin": ""}, "current": {"origin": "", "pathname": "", "meaningfulParams": ""}, "ageMs": 0},
            "/stored",
        ),
        ("frozenConfig", {"name": "SECRET_CONFIG"}, "/name"),
    ],
)
def test_wrong_shapes_are_rejected(function: str, arguments: dict, where: str) -> None:
    problems = case_problems(function, arguments)
    assert problems and problems[0][0] == where, problems


def test_missing_and_unexpected_parameters() -> None:
    assert "missing" in case_problems("levenshteinDistance", {"a": "x"})[0][1]
    assert "unexpected" in case_problems("levenshteinDistance", {"a": "x", "b": "y", "c": "z"})[0][1]
    assert "unexpected" in case_problems("parseApiResponse", {"raw": "{}", "pageCharCount": 1})[0][1]  # D17


def test_rng_is_built_on_random_only_and_reproducible() -> None:
    first, second = Rng(7), Rng(7)
    draws = [
        (first.below(10), first.between(-3, 3), first.choice("abc"), first.shuffled([1, 2, 3, 4])) for _ in range(20)
    ]
    assert draws == [
        (second.below(10), second.between(-3, 3), second.choice("abc"), second.shuffled([1, 2, 3, 4]))
        for _ in range(20)
    ]
    assert {Rng(1).below(1) for _ in range(5)} == {0}


@pytest.mark.parametrize("function", sorted(COUNTS))
def test_property_cases_are_inside_the_domain_and_stable(function: str) -> None:
    for index in (0, 1, 17):
        case = property_case(function, index)
        assert case_problems(function, case.arguments) == []
        assert property_case(function, index).arguments == case.arguments


def test_json_nesting_beyond_500_is_outside_the_domain() -> None:
    deep = '{"answer": "x", "d": ' + "[" * 499 + "]" * 499 + "}"  # 500 levels, the object included
    deeper = '{"answer": "x", "d": ' + "[" * 500 + "]" * 500 + "}"
    quoted = '{"answer": "' + "[" * 900 + '\\" {"}'
    assert case_problems("parseApiResponse", {"raw": deep}) == []
    assert case_problems("parseApiResponse", {"raw": quoted}) == []  # brackets inside a string
    assert case_problems("parseApiResponse", {"raw": deeper}) == [
        ("/raw", "outside the agreed domain: JSON nested 501 levels deep (at most 500)")
    ]
