"""XM006 listener-answer-style: per target browser."""

from __future__ import annotations

import shutil

from tests.unit.lint.rules.support import FIXTURES, lint_extension, messages, places


def test_fires_on_raw_promise_answers_in_chromium_and_silent_request_handlers(project) -> None:
    ctx = project("protocol")
    assert places(ctx, "XM006") == {
        ("src/background/index.ts", 16, "chrome,edge"),  # async listener on chrome.runtime.onMessage; fine in Firefox
        ("src/content/index.ts", 7, None),  # HIGHLIGHT is a request whose channel declares a response
    }
    assert sorted(messages(ctx, "XM006")) == [
        "the listener answers with a Promise through chrome.runtime.onMessage, not webextension-polyfill: in Chrome "
        "and Edge the sender gets undefined",
        "the listener never answers, but `HIGHLIGHT` expects a response (the protocol declares one)",
    ]


def test_fires_on_plain_extensions_for_chrome_only(extension) -> None:
    assert places(extension("mv3-issues"), "XM006") == {("background.js", 6, "chrome")}  # not in Firefox


def test_near_misses(extension, project) -> None:
    # the polyfill helper's Promise answers (protocol: line 5), sendResponse answers, return true
    assert ("src/background/index.ts", 5, None) not in places(project("protocol"), "XM006")
    assert places(extension("mv3-clean"), "XM006") == set()
    assert places(extension("mv2-firefox"), "XM006") == set()  # a Promise through browser.* in Firefox


def test_a_vendored_polyfill_makes_the_browser_global_safe(tmp_path) -> None:
    # mv3-clean's reader.js answers with a Promise through `browser`, after vendor/browser-polyfill.min.js
    copy = tmp_path / "ext"
    shutil.copytree(FIXTURES / "extensions" / "mv3-clean", copy)
    manifest = copy / "manifest.json"
    manifest.write_text(manifest.read_text().replace('"vendor/browser-polyfill.min.js", ', ""))
    assert places(lint_extension(copy), "XM006") == {("reader.js", 2, None)}  # chrome only: its one target
