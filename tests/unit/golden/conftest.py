"""A tiny handwritten corpus and inputs folder, so the golden tooling's tests run in well under a second each;
DocMind's golden setup (its [golden] table and reference module), which the generic commands are tested with."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from toolchain.golden.project import GoldenProject, load_golden_project
from toolchain.project import load_project

REPO = Path(__file__).resolve().parents[3]


@cache
def docmind() -> GoldenProject:
    """DocMind's golden project: reference docmind_reference, vectors in extension_src/specs/golden."""
    return load_golden_project(load_project(REPO))


PAGE_A = """<!DOCTYPE html>
<html><head><title>Ignored title</title><style>p { color: red }</style>
<script>var markup = "<p>not text</p>";</script></head>
<body>
<h1>Main &amp; title</h1>
<p>First <b>bold</b> para&nbsp;graph with several words in it, enough for a quote of six tokens or more.</p>
<div>Block one<br>after the break</div>
<pre><code>def f(x):
    return x  +  1</code></pre>
<noscript>no script text</noscript><svg><text>svg text</text></svg><template><p>template text</p></template>
<ul><li>one item here</li><li> </li><li>two items there</li></ul>
<p hidden>Hidden paragraphs are still text for the extractor.</p>
<p>The last paragraph ends the page with a final sentence about quotes and segments.</p>
</body></html>
"""

PAGE_B = """<html><body>
<h2>Second page</h2>
<p>Another page entirely, with its own words: astronomy, telescopes, comets and the night sky.</p>
<p>Caf\u00e9 cr\u00e8me \u2014 \u201cquoted\u201d text with \U0001f600 emoji and CRLF\r\nline ends.</p>
<table><tr><td>cell one</td><td>cell two</td></tr></table>
</body></html>
"""


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    root.mkdir()
    (root / "a.html").write_text(PAGE_A, encoding="utf-8")
    (root / "b.html").write_text(PAGE_B, encoding="utf-8")
    return root


def inputs_file(function: str, parameters: list[str], cases: list[dict], **extra: object) -> dict:
    return {"function": function, "parameters": parameters, **extra, "cases": cases}


@pytest.fixture
def inputs(tmp_path: Path) -> Path:
    """Small hand-written inputs for two functions."""
    folder = tmp_path / "inputs"
    folder.mkdir()
    (folder / "levenshteinDistance.json").write_text(
        json.dumps(
            inputs_file(
                "levenshteinDistance",
                ["a", "b"],
                [
                    {
                        "id": "levenshteinDistance/adversarial/astral",
                        "source": "adversarial",
                        "description": "emoji vs letter",
                        "arguments": {"a": "\U0001f600", "b": "a"},
                    },
                    {
                        "id": "levenshteinDistance/adversarial/empty",
                        "description": "empty",
                        "arguments": {"a": "", "b": "abc"},
                    },
                ],
            )
        ),
        encoding="utf-8",
    )
    (folder / "frozenConfig.json").write_text(
        json.dumps(
            inputs_file(
                "frozenConfig",
                ["name"],
                [
                    {
                        "id": "frozenConfig/adversarial/chat",
                        "source": "adversarial",
                        "description": "chat",
                        "arguments": {"name": "CHAT_CONFIG"},
                    },
                ],
            )
        ),
        encoding="utf-8",
    )
    return folder


#: A small slice of generation: a few functions, a few property cases each.
SMALL = {
    "functions": ["levenshteinDistance", "frozenConfig", "matchCitations", "validateCitation"],
    "property_counts": {"levenshteinDistance": 5, "matchCitations": 3, "validateCitation": 2},
}
