"""D15's domain: parseUrlIdentity vectors keep to URLs every engine's parser reads as the standard (ada) does.
Each refused URL below was measured to differ in at least one engine; each accepted one agrees in all five."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from docmind_reference.golden.domain import case_problems
from docmind_reference.golden.url_domain import url_domain_problems

from toolchain.cli import main

EXTENSION_ID = "abcdefghijklmnopabcdefghijklmnop"


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("file://host/share/a.html", "file: URL with a host"),  # Firefox drops the host
        ("file://localhost/a", "file: URL with a host"),  # Chromium keeps 'localhost'
        ("file:\\\\host\\a", "file: URL with a host"),
        ("file:////host/x", "starting with '//'"),
        ("file:///C:/../x", "drive letter and a dot segment"),
        ("file:///a|b/c", "encode it differently"),
        ("chrome-extension://ABCDEFGHIJKLMNOPABCDEFGHIJKLMNOP/x", "not lowercase"),
        ("chrome-extension://ab%41c/x", "not lowercase"),
        ("chrome-extension://abc:123/x", "port"),
        ("chrome-extension://abc", "without a path"),
        ("chrome-extension:x", "without '//'"),
        ("chrome-extension://abc\\x\\y", "cannot parse"),
        ("MOZ-EXTENSION://0D5C4B1E-1B0A-4C9E-9D8F-2F3A4B5C6D7E/X", "not lowercase"),
        ("chrome:x", "without '//'"),
        ("about://x/y", "about: with a host"),
        ("data:text/html,a ?x", "space just before"),
        ("about:blank #x", "space just before"),
        ("https://example.com/a|b", "encode it differently"),
        (f"chrome-extension://{EXTENSION_ID}/x^y", "encode it differently"),
    ],
)
def test_urls_the_engines_parse_differently_are_outside(url: str, reason: str) -> None:
    problems = case_problems("parseUrlIdentity", {"url": url})
    assert any(where == "/url" and "D15" in message and reason in message for where, message in problems), problems


@pytest.mark.parametrize(
    "url",
    [
        "https://example.com/a?lang=en",
        "file:///home/me/a.html",
        "file:///C:/Users/me/a.html",
        "file:",
        "FILE:///A/b",
        "data:text/html,<h1>a|b^c</h1>",
        "data:text/html,a b  ",
        "blob:https://example.com/1",
        "blob:https://example.com/a|b",
        "about:blank",
        "about:srcdoc?page=2",
        f"chrome-extension://{EXTENSION_ID}/popup.html?tab=1",
        f"CHROME-EXTENSION://{EXTENSION_ID}/a/../b.html",
        "moz-extension://0d5c4b1e-1b0a-4c9e-9d8f-2f3a4b5c6d7e/p.html",
        "web+demo://host/x",
        "javascript:void(0)",
        "not a url",
        "",
    ],
)
def test_urls_every_engine_agrees_on_are_inside(url: str) -> None:
    assert url_domain_problems(url) == []


def test_golden_make_refuses_a_url_outside_the_domain_with_its_location(tmp_path: Path) -> None:
    inputs = tmp_path / "urls.json"
    inputs.write_text(
        json.dumps(
            {
                "function": "parseUrlIdentity",
                "parameters": ["url"],
                "cases": [
                    {
                        "id": "u/ok",
                        "source": "adversarial",
                        "description": "inside",
                        "arguments": {"url": "file:///a.html"},
                    },
                    {
                        "id": "u/host",
                        "source": "adversarial",
                        "description": "outside",
                        "arguments": {"url": "file://server/a.html"},
                    },
                ],
            }
        ),
        encoding="utf-8",
    )
    out = tmp_path / "out.json"
    result = CliRunner().invoke(main, ["golden", "make", "--inputs", str(inputs), "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert "urls.json" in result.output and "/cases/1/arguments/url" in result.output, result.output
    assert "file: URL with a host ('server')" in result.output
    assert "Traceback" not in result.output and not out.exists()
