"""The Python reference does what specs/semantics.md says, decision by decision."""

from __future__ import annotations

import pytest
from docmind_reference import FUNCTIONS
from docmind_reference.config import frozen_config
from docmind_reference.conversation import truncate_conversation, truncate_selection
from docmind_reference.matching import could_span_segments, match_citations, validate_citation
from docmind_reference.normalize import normalize_for_matching
from docmind_reference.parsing import parse_api_response
from docmind_reference.similarity import levenshtein_distance, precise_match, token_overlap, window_starts
from docmind_reference.text import domain_violations, js_split_whitespace, js_trim, length, text, units, well_formed
from docmind_reference.url import check_stale, parse_url_identity

# -- text model ---------------------------------------------------------------------------------------------


def test_units_and_length_count_utf16_code_units() -> None:
    assert length("😀") == 2 and len(units("😀a")) == 3
    assert text(units("a😀b")) == "a😀b"
    assert units("😀")[:1] == "\ud83d"  # a slice may split a pair, as in JavaScript


def test_whitespace_is_ecmascripts_set() -> None:
    assert js_split_whitespace("a\u0085b\u001cc\u200bd") == ["a\u0085b\u001cc\u200bd"]  # none of these split
    assert js_split_whitespace("a\ufeffb\u3000c\u2028d") == ["a", "b", "c", "d"]
    assert js_trim("\ufeff\u00a0 x \u2029") == "x"


def test_well_formed_replaces_only_lone_surrogates() -> None:
    assert well_formed("a\ud83d\ude00b\udc00") == "a😀b\ufffd"


def test_domain() -> None:
    assert domain_violations("plain café 😀") == []
    assert domain_violations("\u0295") and domain_violations("\U0001171e")
    assert domain_violations("\ud800") == ["lone surrogate U+D800"]
    assert domain_violations("\ud800", allow_lone_surrogates=True) == []
    assert "unassigned" in domain_violations("\U0001fae8")[0]  # added in Unicode 15


# -- normalizeForMatching --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "kind", "expected"),
    [
        ("  Café — “Quoted” ‘x’ …  ", "prose", "cafe - \"quoted\" 'x' ..."),
        ("ﬁnal ①½™ Ｗｉｄｅ", "prose", "final 11\u20442tm wide"),  # ½ decomposes with U+2044 FRACTION SLASH
        ("ΟΔΟΣ", "prose", "οδος"),  # final sigma, as toLowerCase
        ("İ", "prose", "i"),  # NFKD splits off the dot (U+0307), which is then removed
        ("a\u200bb", "prose", "a b"),  # zero-width space counts as a space (seed)
        ("a\u0085b", "prose", "a\u0085b"),  # NEL is not whitespace in ECMAScript
        ("x\u1ab0y", "prose", "xy"),  # D4: extended diacritical marks go too
        ("\u304b\u3099", "prose", "\u304b\u3099"),  # kana voicing mark is kept
        ("a\ud800b", "prose", "a\ufffdb"),  # D2
        ("if (a)  {\r\n\t\treturn  b;\r\n}", "code", "if (a) {\r\n\t\treturn b;\r\n}"),
        ("if (a)  {\r\n\t\treturn  b;\r\n}", "prose", "if (a) { return b; }"),
    ],
)
def test_normalize_for_matching(raw: str, kind: str, expected: str) -> None:
    assert normalize_for_matching(raw, kind) == expected  # type: ignore[arg-type]


# -- similarity ----------------------------------------------------------------------------------------------


def test_token_overlap_dice_over_sets_of_long_tokens() -> None:
    assert token_overlap("the cat sat", "the dog sat") == 2 * 2 / (3 + 3)
    assert token_overlap("a an to", "anything") == 0  # no token longer than 2 on one side
    assert token_overlap("😀a xyz", "😀a") == 2 * 1 / (2 + 1)  # "😀a" is 3 code units: a token


def test_levenshtein_in_code_units() -> None:
    assert levenshtein_distance("😀", "a") == 2
    assert levenshtein_distance("kitten", "sitting") == 3


def test_precise_match_windows_and_thresholds() -> None:
    assert precise_match("brown fox", "the quick brown fox") == 1.0
    assert precise_match("", "anything") == 1.0
    assert precise_match("abc", "") == 0
    # 20-unit needle, one substitution against its window: exactly 0.95 — and the walk stops there.
    needle = "abcdefghijklmnopqrst"
    assert precise_match(needle, "xx abcdefghijklmnopqrsX yy") == 0.95
    assert (
        precise_match(needle, "xx abcdefghijklmnopqXXX yy") == pytest.approx(0.85)
        and precise_match(needle, "xx abcdefghijklmnopqXXX yy") == 1 - 3 / 20
    )


def test_window_starts_follow_real_word_starts_d3() -> None:
    assert list(window_starts("ab cd")) == [0, 3]
    assert list(window_starts("a\r\n\tb")) == [0, 4]  # the seed's walk would try 2 (inside the separator)


def test_haystack_cut_at_2000_units() -> None:
    haystack = "x " * 1000 + "needle here"
    assert precise_match("needle here", haystack) == 1.0  # containment looks at the whole haystack
    assert precise_match("needle herf", haystack) < 0.85  # windows only within the first 2,000 units


# -- matching ------------------------------------------------------------------------------------------------


SEGMENTS = [
    {"normalizedText": "the cat sat on the mat and looked around the quiet room", "type": "prose"},
    {"normalizedText": "dogs bark at night when the moon is full", "type": "prose"},
    {"normalizedText": "const cat = sat on the mat and looked around", "type": "code"},
]


def test_match_statuses() -> None:
    results = match_citations(
        [
            {"id": "cite-1", "text": "The cat sat on the mat and looked around"},
            {"id": "cite-2", "text": "looked around the quiet room dogs bark at night"},
            {"id": "cite-3", "text": "Something entirely different about spaceships"},
            {"id": "cite-4", "text": "   "},
        ],
        SEGMENTS,
    )
    assert [r["status"] for r in results] == ["matched", "skipped", "not-found", "not-found"]
    assert results[0] == {"citationId": "cite-1", "status": "matched", "confidence": 1.0, "segmentIndex": 0}
    assert results[1]["skipReason"] == "quote-spans-multiple-sections"
    assert "skipReason" not in results[2] and "skipReason" not in results[3]  # D5: empty quote not found


def test_low_confidence_carries_its_reason() -> None:
    (result,) = match_citations(
        [{"id": "cite-9", "text": "the cat sat on a carpet and looked about the quiet room"}], SEGMENTS
    )
    assert result["status"] == "low-confidence" and result["skipReason"] == "confidence-below-threshold"
    assert 0 < result["confidence"] < 0.85 and result["segmentIndex"] == 0


def test_scripted_clock_times_out_the_rest_d8() -> None:
    citations = [{"id": f"cite-{i}", "text": "The cat sat on the mat and looked around"} for i in range(3)]
    results = match_citations(citations, SEGMENTS, clock=[0, 0, 501])
    assert [r["status"] for r in results] == ["matched", "skipped", "skipped"]
    assert results[1] == {
        "citationId": "cite-1",
        "status": "skipped",
        "confidence": 0,
        "segmentIndex": None,
        "skipReason": "match-timeout",
    }
    assert [r["status"] for r in match_citations(citations, SEGMENTS, clock=[0, 500])] == ["matched"] * 3


def test_could_span_segments() -> None:
    texts = [s["normalizedText"] for s in SEGMENTS]
    assert could_span_segments("quiet room dogs bark", 0, texts)
    assert not could_span_segments("quiet room", 0, texts)
    assert not could_span_segments(texts[1][:12], 0, texts)  # D12: wholly inside the next segment
    assert not could_span_segments("anything", 2, texts)  # the last segment has no next one
    assert not could_span_segments("anything", -1, texts)


def test_validate_citation() -> None:
    full = normalize_for_matching(" ".join(s["normalizedText"] for s in SEGMENTS), "prose")
    assert validate_citation({"id": "cite-1", "text": "The cat sat on the mat"}, full)
    assert not validate_citation({"id": "cite-1", "text": "the cat sat"}, full)  # 11 < 20 units
    assert not validate_citation({"id": "cite-1", "text": " " * 25}, full)  # D5


# -- parsing ---------------------------------------------------------------------------------------------------


def test_parse_api_response() -> None:
    raw = (
        'Here:\n```json\n{"answer": "Yes.", "citations": [{"id": "cite-1", "text": "' + "q" * 25 + '", "extra": 1},'
        ' {"id": "cite-2\\n", "text": "' + "r" * 25 + '"}, {"id": "cite-3", "text": "short"}]}\n```'
    )
    assert parse_api_response(raw) == {
        "success": True,
        "data": {"answer": "Yes.", "citations": [{"id": "cite-1", "text": "q" * 25, "relevance": ""}]},
    }
    assert parse_api_response("no json here") == {"success": False, "error": "JSON_PARSE_FAILED"}
    assert parse_api_response('{"answer": NaN}')["error"] == "JSON_PARSE_FAILED"  # D11
    assert parse_api_response('{"answer": ""}')["error"] == "INVALID_RESPONSE"
    assert (
        parse_api_response(
            '{"answer": "x", "citations": ['
            + ",".join(f'{{"id": "cite-{i}", "text": "{"t" * 20}"}}' for i in range(8))
            + "]}"
        )["data"]["citations"][-1]["id"]
        == "cite-4"
    )
    # The model's text only: what was read of the page is the cut's and the selection's (D17), never the model's.
    claims = parse_api_response('{"answer": "x", "truncated": true, "charactersAnalyzed": 5, "citations": []}')
    assert claims == {"success": True, "data": {"answer": "x", "citations": []}}


def test_citation_id_digits_are_ascii() -> None:
    raw = '{"answer": "a", "citations": [{"id": "cite-\u0663", "text": "' + "t" * 20 + '"}]}'
    assert parse_api_response(raw)["data"]["citations"] == []


# -- URLs ------------------------------------------------------------------------------------------------------


def test_parse_url_identity_whatwg() -> None:
    identity = parse_url_identity("HTTPS://Docs.Example.com:443/a/./b/../c?utm=1&V=2&lang=fr+CA&tab=%F0%9F%98%80#top")
    assert identity == {
        "origin": "https://docs.example.com",
        "pathname": "/a/c",
        "meaningfulParams": "V=2&lang=fr CA&tab=😀",
        "full": "https://docs.example.com/a/c?V=2&lang=fr CA&tab=😀",
    }
    assert parse_url_identity("not a url") == {
        "origin": "",
        "pathname": "not a url",
        "meaningfulParams": "",
        "full": "not a url",
    }


def test_check_stale() -> None:
    a = parse_url_identity("https://x.org/a?v=1")
    assert check_stale(a, parse_url_identity("https://x.org/b?v=1"), 0) == {"stale": True, "reason": "path-changed"}
    assert check_stale(a, parse_url_identity("https://x.org/a?v=2"), 0) == {"stale": True, "reason": "params-changed"}
    assert check_stale(a, parse_url_identity("https://x.org/a?v=1&utm=3"), 300_000) == {"stale": False}
    assert check_stale(a, a, 300_001) == {"stale": True, "reason": "expired"}


# -- conversation and selection --------------------------------------------------------------------------------


def test_truncate_conversation() -> None:
    messages = [{"role": "user" if i % 2 == 0 else "assistant", "content": str(i)} for i in range(9)]
    assert [m["content"] for m in truncate_conversation(messages)] == ["3", "4", "5", "6", "7", "8"]
    long = [{"role": "user", "content": "a" * 3000}, {"role": "assistant", "content": "b" * 1001}]
    assert truncate_conversation(long) == [long[1]]
    assert truncate_conversation([{"role": "user", "content": "😀" * 2001}]) == []  # 4,002 units


def test_truncate_selection() -> None:
    assert truncate_selection("  ab ") is None
    assert truncate_selection("\ufeffabc\u3000") == "abc"
    assert truncate_selection("a" * 500) == "a" * 500
    assert truncate_selection("a" * 501) == "a" * 500 + "..."
    cut = truncate_selection("a" * 499 + "😀" + "b")  # the pair straddles unit 500: D7 moves the cut back
    assert cut == "a" * 499 + "..."


def test_frozen_config_and_catalogue() -> None:
    assert frozen_config("HIGHLIGHT_CONFIG")["MIN_CONFIDENCE_THRESHOLD"] == 0.85
    with pytest.raises(ValueError):
        frozen_config("NOPE")
    assert FUNCTIONS["preciseMatch"]({"needle": "a", "haystack": "a"}) == 1.0
    with pytest.raises(ValueError, match="missing"):
        FUNCTIONS["preciseMatch"]({"needle": "a"})
