"""XM006 listener-answer-style: per target browser. Where it fires in its own fixture, line by line:
tests/fixtures/lint/rules/XM006/XM006.snap."""

from __future__ import annotations

import pytest

from tests.unit.lint.rules.support import lint_extension, messages, places


def test_fires_on_raw_promise_answers_in_chromium_and_silent_request_handlers(project) -> None:
    ctx = project("protocol")
    # an async listener on chrome.runtime.onMessage (fine in Firefox); HIGHLIGHT, a request whose channel declares
    # a response
    assert {(path, browser) for path, _, browser in places(ctx, "XM006")} == {
        ("src/background/index.ts", "chrome,edge"),
        ("src/content/index.ts", None),
    }
    assert sorted(messages(ctx, "XM006")) == [
        "the listener answers with a Promise through chrome.runtime.onMessage, not webextension-polyfill: in Chrome "
        "and Edge the sender gets undefined",
        "the listener never answers, but `HIGHLIGHT` expects a response (the protocol declares one)",
    ]


def test_near_misses(extension) -> None:
    # sendResponse answers, return true; the polyfill helper's Promise answers are in the rule's own fixture
    assert places(extension("mv3-clean"), "XM006") == set()
    assert places(extension("mv2-firefox"), "XM006") == set()  # a Promise through browser.* in Firefox


# -- what the listener returns, and whether any sender reads it (issue "xtk lint earns trust": 8 of 8 wrong) -------

MANIFEST = (
    '{"manifest_version": 3, "name": "x", "version": "1.0", "background": {"service_worker": "bg.js"}, '
    '"permissions": ["storage"], "content_scripts": [{"matches": ["https://example.com/*"], "js": ["cs.js"]}]}'
)
ACTS_ONLY = """chrome.runtime.onMessage.addListener(async (message) => {
  if (message.type === 'SAVE') {
    await chrome.storage.local.set({ value: message.value });
  }
});
"""
ANSWERS = """chrome.runtime.onMessage.addListener(async (message) => {
  if (message.type === 'LOAD') return (await chrome.storage.local.get('value')).value;
});
"""
SENDS_RESPONSE_LATER = """chrome.runtime.onMessage.addListener(async (message, sender, sendResponse) => {
  chrome.storage.local.get('value').then((stored) => sendResponse(stored.value));
});
"""


def _extension(tmp_path, background: str, content: str):
    folder = tmp_path / "ext"
    folder.mkdir()
    (folder / "manifest.json").write_text(MANIFEST)
    (folder / "bg.js").write_text(background)
    (folder / "cs.js").write_text(content)
    return lint_extension(folder)


@pytest.mark.parametrize(
    ("background", "content"),
    [
        (ACTS_ONLY, "chrome.runtime.sendMessage({ type: 'SAVE', value: document.title });\n"),
        (ACTS_ONLY, "const ok = await chrome.runtime.sendMessage({ type: 'SAVE', value: 1 });\nconsole.log(ok);\n"),
        (ANSWERS, "chrome.runtime.sendMessage({ type: 'LOAD' });\n"),  # an answer nobody reads
        (ANSWERS, "await chrome.runtime.sendMessage({ type: 'LOAD' });\n"),
        (ANSWERS, "void chrome.runtime.sendMessage({ type: 'LOAD' }).catch(() => {});\n"),
        (ANSWERS, "chrome.runtime.sendMessage({ type: 'LOAD' }).then(() => console.log('sent'));\n"),
        (ANSWERS, "function send(m) { return chrome.runtime.sendMessage(m); }\nsend({ type: 'LOAD' });\n"),
    ],
    ids=[
        "acts-only",
        "acts-only-reply-read",
        "unread",
        "awaited-statement",
        "void-catch",
        "then-without-reply",
        "helper-unread",
    ],
)
def test_a_promise_nobody_needs_is_not_reported(tmp_path, background: str, content: str) -> None:
    assert places(_extension(tmp_path, background, content), "XM006") == set()


@pytest.mark.parametrize(
    ("background", "content"),
    [
        (ANSWERS, "const value = await chrome.runtime.sendMessage({ type: 'LOAD' });\nconsole.log(value);\n"),
        (ANSWERS, "chrome.runtime.sendMessage({ type: 'LOAD' }).then((value) => console.log(value));\n"),
        (ANSWERS, "chrome.runtime.sendMessage({ type: 'LOAD' }, (value) => console.log(value));\n"),
        (
            ANSWERS,
            "function send(m) { return chrome.runtime.sendMessage(m); }\nsend({ type: 'LOAD' }).then(console.log);\n",
        ),
        (SENDS_RESPONSE_LATER, "chrome.runtime.sendMessage({ type: 'LOAD' }, (value) => console.log(value));\n"),
    ],
    ids=["awaited-value", "then-reply", "callback", "helper-read", "send-response-after-async"],
)
def test_a_promise_answer_a_sender_reads_is_reported_in_chrome(tmp_path, background: str, content: str) -> None:
    assert places(_extension(tmp_path, background, content), "XM006") == {("bg.js", 1, None)}  # its one target: chrome


def test_a_content_script_listener_is_judged_by_the_tabs_channel(tmp_path) -> None:
    # The content script answers with a Promise; the only reply read is the background's own runtime send
    # (reaching other extension pages, not content scripts).
    background = (
        "chrome.runtime.sendMessage({ type: 'LOAD' }).then((v) => console.log(v));\n"
        "chrome.tabs.sendMessage(1, { type: 'READ' }).catch(() => {});\n"
    )
    content = "chrome.runtime.onMessage.addListener(async (m) => { if (m.type === 'READ') return document.title; });\n"
    assert places(_extension(tmp_path, background, content), "XM006") == set()
    background = background.replace(
        "chrome.tabs.sendMessage(1, { type: 'READ' }).catch(() => {});",
        "chrome.tabs.sendMessage(1, { type: 'READ' }).then((t) => console.log(t), () => {});",
    )
    (tmp_path / "ext").rename(tmp_path / "first")
    assert places(_extension(tmp_path, background, content), "XM006") == {("cs.js", 1, None)}
