"""The facts of DocMind itself (extension_src/src): what the lint rules will read about the flagship.

Another engineer may be reshaping the shared runtime (constants moving to config.ts, new modules), so these tests
check the facts that matter — sends, handlers, API uses and their guards — not line numbers or file lists.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from toolchain.analysis import parse
from toolchain.analysis.extract import extract_project
from toolchain.analysis.facts import FileFacts

SRC = Path(__file__).resolve().parents[3] / "extension_src" / "src"
ABSTRACTION = SRC / "shared" / "browser"  # a folder: index.ts (polyfill-based) and messaging.ts
POPUP_TYPES = {"ANALYZE_PAGE", "GET_PENDING_CONTEXT", "CLEAR_PENDING_CONTEXT"}
CONTENT_TYPES = {"EXTRACT_TEXT", "INJECT_HIGHLIGHTS", "SCROLL_TO", "CLEAR_HIGHLIGHTS", "GET_STATE"}
MESSAGING = ABSTRACTION / "messaging.ts"

pytestmark = pytest.mark.skipif(not ABSTRACTION.is_dir(), reason="DocMind's sources are absent")


def sources() -> list[Path]:
    return sorted(p for p in SRC.rglob("*") if p.suffix in (".ts", ".tsx", ".mts") and not p.name.endswith(".d.ts"))


@pytest.fixture(scope="module")
def docmind() -> dict[str, FileFacts]:
    found = extract_project(sources(), abstraction=ABSTRACTION, root=SRC.parent)
    return {path.relative_to(SRC).as_posix(): facts for path, facts in found.items()}


def test_every_source_parses(docmind: dict[str, FileFacts]) -> None:
    assert {"background/index.ts", "content/index.ts", "popup/index.ts", "shared/browser/index.ts"} <= set(docmind)
    assert {name: facts.parse_errors for name, facts in docmind.items() if facts.parse_errors} == {}


def test_background_sends_extract_text_to_the_tab_inside_try(docmind: dict[str, FileFacts]) -> None:
    sends = [s for s in docmind["background/index.ts"].sends if not s.forwarded]
    assert [(s.channel, s.message_type, s.via) for s in sends] == [("tabs", "EXTRACT_TEXT", "sendMessageToTab")]
    (send,) = sends
    assert send.handles_error is True
    assert send.payload == {}


def test_popup_asks_the_background_through_its_helpers(docmind: dict[str, FileFacts]) -> None:
    popup = docmind["popup/index.ts"]
    typed = [s for s in popup.sends if not s.forwarded]
    assert {s.message_type for s in typed} == POPUP_TYPES
    assert {(s.channel, s.via) for s in typed} == {("runtime", "ask")}
    assert all(set(s.payload or {}) == {"tabId"} for s in typed)
    # ask → sendToBackground → browser.runtime.sendMessage
    forwarded = [s for s in popup.sends if s.forwarded]
    assert [(s.channel, s.via, s.scope) for s in forwarded] == [("runtime", "sendToBackground", "ask")]
    abstraction_sends = {(s.channel, s.via, s.forwarded) for s in docmind["shared/browser/index.ts"].sends}
    assert abstraction_sends == {("runtime", "api", True), ("tabs", "api", True)}


def test_handlers_and_their_types(docmind: dict[str, FileFacts]) -> None:
    (background,) = docmind["background/index.ts"].handlers
    assert background.types == frozenset(POPUP_TYPES)
    assert background.answer == "promise"
    assert background.validates == "isPopupToBackground"
    (content,) = docmind["content/index.ts"].handlers
    assert content.handled == frozenset(CONTENT_TYPES)  # dispatched in handle()
    assert content.answer == "return-true"  # the polyfill-free listener: sendResponse, return true
    assert content.validates == "isBackgroundToContent"
    # the abstraction's own registrations (inside its onMessage helpers) are not handlers
    assert docmind["shared/browser/index.ts"].handlers == []
    assert docmind["shared/browser/messaging.ts"].handlers == []


def test_api_uses_and_guards(docmind: dict[str, FileFacts]) -> None:
    uses = [use for facts in docmind.values() for use in facts.api_uses]
    found = {(use.api, use.kind) for use in uses}
    assert {
        ("runtime.onMessage", "event"),
        ("tabs.sendMessage", "call"),
        ("contextMenus.create", "call"),
        ("contextMenus.onClicked", "event"),
        ("runtime.onInstalled", "event"),
        ("tabs.query", "call"),
        ("action.openPopup", "call"),
        ("browserAction.openPopup", "call"),
        ("runtime.id", "property"),
        ("runtime.getURL", "call"),
        ("runtime.sendMessage", "call"),
    } <= found
    guards = {use.api: use.guard.expression if use.guard else None for use in uses}
    assert guards["action.openPopup"] == "MANIFEST_VERSION == 3"
    assert guards["browserAction.openPopup"] == "MANIFEST_VERSION != 3"
    assert guards["tabs.sendMessage"] is None and guards["runtime.onMessage"] is None
    # the abstraction uses the polyfill import (index.ts) and the browser's own global (messaging.ts, for the
    # content script); anything else may only go through the abstraction (seed 000 §6.1c)
    inside = [use for use in uses if use.location.path.is_relative_to(ABSTRACTION)]
    assert {use.via for use in inside if use.location.path != MESSAGING} == {"polyfill"}
    assert {(use.api, use.via) for use in inside if use.location.path == MESSAGING} == {("runtime.onMessage", "browser")}
    assert {use.via for use in uses if not use.location.path.is_relative_to(ABSTRACTION)} <= {"abstraction"}


def test_scripts_do_no_work_at_load(docmind: dict[str, FileFacts]) -> None:
    assert docmind["content/index.ts"].load_time_work == []
    assert docmind["background/index.ts"].load_time_work == []
    assert [(w.kind, w.description) for w in docmind["popup/index.ts"].load_time_work] == [("other", "main()")]
    assert {name: facts.dynamic_code for name, facts in docmind.items() if facts.dynamic_code} == {}


def test_reachability_facts(docmind: dict[str, FileFacts]) -> None:
    content = docmind["content/index.ts"]
    assert ("handle", "extractText", None) in {(c.scope, c.callee, c.module) for c in content.calls}
    assert ("", "onMessage", MESSAGING) in {(c.scope, c.callee, c.module) for c in content.calls}
    browser = docmind["shared/browser/index.ts"]
    assert {"sendToBackground", "sendMessageToTab", "onMessage", "tryOpenPopup"} <= set(browser.exports)
    scopes = {use.api: use.scope for use in browser.api_uses}
    assert scopes["tabs.sendMessage"] == "sendMessageToTab" and scopes["action.openPopup"] == "tryOpenPopup"


def test_constants_are_read(docmind: dict[str, FileFacts]) -> None:
    constants = {c.name: c.value for facts in docmind.values() for c in facts.constants}
    chat = constants.get("CHAT_CONFIG")
    assert isinstance(chat, dict) and chat["MAX_PAGE_CHARS"] == 30000


def test_extraction_is_fast() -> None:
    files = sources()
    extract_project(files[:1], abstraction=ABSTRACTION, root=SRC.parent)  # parsers created, modules imported
    timings = []
    for _ in range(3):
        parse.clear_cache()  # every file parsed again
        start = time.perf_counter()
        extract_project(files, abstraction=ABSTRACTION, root=SRC.parent)
        timings.append(time.perf_counter() - start)
    assert min(timings) < 0.060, timings


def test_a_validator_does_not_count_as_dispatch(docmind: dict[str, FileFacts]) -> None:
    """The background validates with the generated isPopupToBackground (all declared types) and dispatches in
    handle(): handled = its dispatch; so does the content script (isBackgroundToContent, then its own handle())."""
    (background,) = docmind["background/index.ts"].handlers
    assert background.types == frozenset(POPUP_TYPES)
    assert background.validated_types == frozenset(POPUP_TYPES)
    (content,) = docmind["content/index.ts"].handlers
    assert content.types == frozenset(CONTENT_TYPES) and content.handled == frozenset(CONTENT_TYPES)
