"""A plain extension is linted for the browsers its manifest shows it is for (toolchain/lint/browser_inference.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toolchain.lint.browser_inference import browsers_for
from toolchain.lint.engine import run_rules
from toolchain.lint.extension_targets import extension_context

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "lint" / "precision"
GECKO = {"browser_specific_settings": {"gecko": {"id": "x@example.org"}}}


@pytest.mark.parametrize(
    ("manifest", "expected"),
    [
        ({"manifest_version": 2, "background": {"scripts": ["b.js"]}}, ["firefox"]),
        ({"manifest_version": 3, "background": {"service_worker": "sw.js"}}, ["chrome"]),
        ({"manifest_version": 3, "background": {"service_worker": "sw.js"}, **GECKO}, ["chrome", "firefox"]),
        ({"manifest_version": 3, **GECKO}, ["chrome", "firefox"]),
        # Chrome refuses MV3 background scripts/pages; Firefox runs them as an event page
        ({"manifest_version": 3, "background": {"scripts": ["b.js"]}, **GECKO}, ["firefox"]),
        ({"manifest_version": 3, "background": {"page": "b.html"}}, ["firefox"]),
        # both keys: Chrome uses the service worker and ignores the scripts
        (
            {"manifest_version": 3, "background": {"scripts": ["b.js"], "service_worker": "b.js"}, **GECKO},
            ["chrome", "firefox"],
        ),
        ({"manifest_version": 3, "background": "not an object"}, ["chrome"]),
        # legacy MV1 (no manifest_version): a Chrome extension, its background page included
        ({"background": {"page": "background.html"}}, ["chrome"]),
    ],
)
def test_browsers_follow_from_the_manifest(manifest: dict[str, Any], expected: list[str]) -> None:
    assert browsers_for(manifest) == expected


def test_an_mv3_event_page_extension_is_not_judged_for_chrome() -> None:
    ctx = extension_context(FIXTURES / "firefox-mv3-event-page")
    assert [t.browser for t in ctx.targets] == ["firefox"]
    # MV3 pageAction is Firefox's: no XP007 for Chrome (XL016: AMO's data-collection declaration, Firefox only)
    assert [f.code for f in run_rules(ctx, [], [])] == ["XL016"]
    # asked for explicitly, Chrome is still judged
    chrome = run_rules(extension_context(FIXTURES / "firefox-mv3-event-page", ["chrome"]), [], [])
    assert {f.code for f in chrome} == {"XP007"}
