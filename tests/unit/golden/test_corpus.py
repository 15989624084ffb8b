"""The HTML → segments extractor and the `$corpus` reference forms, on a handwritten corpus."""

from __future__ import annotations

from pathlib import Path

import pytest
from docmind_reference.golden.corpus import (
    CorpusReferenceError,
    CorpusUnavailable,
    Segment,
    extract_segments,
    page_names,
    resolve_reference,
)
from docmind_reference.normalize import normalize_for_matching

from tests.unit.golden.conftest import PAGE_A
from toolchain.golden.format import resolve


def test_extractor_segments_types_and_skipped_elements() -> None:
    segments = extract_segments(PAGE_A)
    assert segments == [
        Segment("Main & title", "heading"),
        Segment(
            "First bold para\u00a0graph with several words in it, enough for a quote of six tokens or more.", "prose"
        ),
        Segment("Block one", "prose"),
        Segment("after the break", "prose"),
        Segment("def f(x):\n    return x  +  1", "code"),
        Segment("one item here", "prose"),
        Segment("two items there", "prose"),
        Segment("Hidden paragraphs are still text for the extractor.", "prose"),
        Segment("The last paragraph ends the page with a final sentence about quotes and segments.", "prose"),
    ]


def test_extractor_keeps_raw_whitespace_and_inline_markup() -> None:
    segments = extract_segments("<p>  two\r\n  lines <em>and</em>\t<a href=x>a link</a> </p><p>\u3000</p>")
    assert segments == [Segment("  two\r\n  lines and\ta link ", "prose")]  # the U+3000-only paragraph is dropped


def test_extractor_head_ends_at_flow_content_and_pre_descendants_are_code() -> None:
    segments = extract_segments("<head><title>t</title><div>flow</div><pre>a<div>b</div>c</pre><h3>x<p>y</p></h3>")
    assert segments == [
        Segment("flow", "prose"),
        Segment("a", "code"),
        Segment("b", "code"),
        Segment("c", "code"),
        Segment("x", "heading"),
        Segment("y", "heading"),
    ]


def test_extractor_is_deterministic() -> None:
    assert extract_segments(PAGE_A) == extract_segments(PAGE_A)


def test_segment_reference_with_modifiers(corpus: Path) -> None:
    assert resolve_reference({"page": "a.html", "segment": 2}, corpus) == "Block one"
    assert resolve_reference({"page": "a.html", "segment": 0, "normalize": "heading"}, corpus) == "main & title"
    assert resolve_reference({"page": "a.html", "segment": 2, "slice": [0, 5]}, corpus) == "Block"
    edited = resolve_reference(
        {"page": "a.html", "segment": 2, "edits": [[0, 1, "Cl"], [3, 1, ""], [7, 0, "!"]]}, corpus
    )
    assert edited == "Cllck o!ne"  # each edit applies to the result of the previous one


def test_slices_and_edits_count_utf16_units(corpus: Path) -> None:
    # page b, segment 2: "Café crème — “quoted” text with 😀 emoji and CRLF\r\nline ends."
    raw = resolve_reference({"page": "b.html", "segment": 2}, corpus)
    start = raw.index("\U0001f600")
    half = resolve_reference({"page": "b.html", "segment": 2, "slice": [start, start + 1]}, corpus)
    assert half == "\ud83d"  # a slice may split a surrogate pair
    swapped = resolve_reference(
        {"page": "b.html", "segment": 2, "slice": [start, start + 2], "edits": [[1, 1, "\U0001f601"]]}, corpus
    )
    assert swapped == "\ud83d\U0001f601"  # the edit replaced the low surrogate by a whole pair


def test_joined_and_full_text(corpus: Path) -> None:
    assert resolve_reference({"page": "a.html", "joined": [2, 4]}, corpus) == "Block one\nafter the break"
    assert (
        resolve_reference({"page": "a.html", "joined": [2, 4], "separator": " | "}, corpus)
        == "Block one | after the break"
    )
    full = resolve_reference({"page": "b.html", "fullText": "prose"}, corpus)
    raw = "\n".join(resolve_reference({"page": "b.html", "segment": i}, corpus) for i in range(5))
    assert full == normalize_for_matching(raw, "prose")
    assert resolve_reference({"page": "b.html", "fullText": "prose", "slice": [0, 6]}, corpus) == "second"


def test_list_forms(corpus: Path) -> None:
    segments = resolve_reference({"page": "a.html", "segments": [3, 5]}, corpus)
    assert segments == [
        {"normalizedText": "after the break", "type": "prose"},
        {"normalizedText": "def f(x):\n return x + 1", "type": "code"},
    ]
    assert resolve_reference({"page": "a.html", "segmentTexts": [0, 1]}, corpus) == ["main & title"]
    assert resolve_reference({"page": "a.html", "segments": [4, 4]}, corpus) == []


def test_format_resolve_replaces_references_at_any_depth(corpus: Path) -> None:
    arguments = {
        "citations": [{"id": "cite-1", "text": {"$corpus": {"page": "a.html", "segment": 2}}}],
        "segments": {"$corpus": {"page": "a.html", "segmentTexts": [2, 3]}},
    }
    assert resolve(arguments, lambda spec: resolve_reference(spec, corpus)) == {
        "citations": [{"id": "cite-1", "text": "Block one"}],
        "segments": ["block one"],
    }


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"page": "a.html"}, "exactly one of"),
        ({"page": "a.html", "segment": 1, "segments": [0, 1]}, "exactly one of"),
        ({"segment": 1}, 'needs "page"'),
        ({"page": "missing.html", "segment": 0}, "not in the corpus"),
        ({"page": "../a.html", "segment": 0}, "file name"),
        ({"page": "a.html", "segment": 99}, "not a segment index"),
        ({"page": "a.html", "segment": -1}, "not a segment index"),
        ({"page": "a.html", "segment": True}, "not a segment index"),
        ({"page": "a.html", "segment": 2, "slice": [5, 2]}, "outside"),
        ({"page": "a.html", "segment": 2, "slice": [0, 999]}, "outside"),
        ({"page": "a.html", "segment": 2, "slice": [0]}, "two integers"),
        ({"page": "a.html", "segment": 2, "edits": [[50, 1, "x"]]}, "outside the text"),
        ({"page": "a.html", "segment": 2, "edits": [[0, 1]]}, "offset, deleteCount, insertText"),
        ({"page": "a.html", "segment": 2, "edits": "x"}, "list"),
        ({"page": "a.html", "segment": 2, "normalize": "poetry"}, "prose, code, heading"),
        ({"page": "a.html", "segment": 2, "colour": "red"}, "unknown key"),
        ({"page": "a.html", "fullText": "prose", "normalize": "prose"}, "unknown key"),
        ({"page": "a.html", "segments": [0, 99]}, "outside"),
        ({"page": "a.html", "joined": [0, 2], "separator": 1}, "separator"),
        ("a.html", "is an object"),
    ],
)
def test_bad_references_are_errors(corpus: Path, spec: object, message: str) -> None:
    with pytest.raises(CorpusReferenceError, match=message):
        resolve_reference(spec, corpus)


def test_missing_corpus(tmp_path: Path) -> None:
    with pytest.raises(CorpusUnavailable):
        resolve_reference({"page": "a.html", "segment": 0}, tmp_path / "nowhere")
    with pytest.raises(CorpusUnavailable):
        page_names(tmp_path / "nowhere")


def test_page_names(corpus: Path) -> None:
    assert page_names(corpus) == ["a.html", "b.html"]
