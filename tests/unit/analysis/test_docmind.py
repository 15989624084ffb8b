"""The facts of DocMind itself (extension_src/src): what the lint rules will read about the flagship.

Another engineer may be reshaping the shared runtime (constants moving to config.ts, new modules), so these tests
check the facts that matter — sends, handlers, API uses and their guards — not line numbers or file lists.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from toolchain.analysis.extract import extract_project
from toolchain.analysis.facts import FileFacts

SRC = Path(__file__).resolve().parents[3] / "extension_src" / "src"
ABSTRACTION = SRC / "shared" / "browser"  # a folder: index.ts (polyfill-based) and messaging.ts
POPUP_TYPES = {
    "ANALYZE_PAGE",
    "QUERY",
    "HIGHLIGHT_CITATIONS",
    "SCROLL_TO_CITATION",
    "CLEAR_HIGHLIGHTS",
    "REINDEX_PAGE",
    "GET_HIGHLIGHT_STATE",
    "GET_PENDING_CONTEXT",
    "CLEAR_PENDING_CONTEXT",
}
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


def test_background_asks_the_tab_through_a_helper_that_catches(docmind: dict[str, FileFacts]) -> None:
    sends = docmind["background/index.ts"].sends
    typed = [s for s in sends if not s.forwarded]
    assert {s.message_type for s in typed if s.via == "askContent"} == CONTENT_TYPES
    assert {s.channel for s in typed} == {"tabs"}
    # askContent forwards its request to sendMessageToTab inside try/catch (a missing content script → restricted)
    (forwarded,) = [s for s in sends if s.forwarded]
    assert (forwarded.via, forwarded.scope, forwarded.handles_error) == ("sendMessageToTab", "askContent", True)
    # the popup-closed cleanup sends directly, with .catch()
    (direct,) = [s for s in typed if s.via == "sendMessageToTab"]
    assert (direct.message_type, direct.handles_error, direct.payload) == ("CLEAR_HIGHLIGHTS", True, {})
    injected = next(s for s in typed if s.message_type == "INJECT_HIGHLIGHTS")
    assert injected.payload == {"citations": "array"}


def test_popup_asks_the_background_through_its_helpers(docmind: dict[str, FileFacts]) -> None:
    popup = docmind["popup/index.ts"]
    typed = [s for s in popup.sends if not s.forwarded]
    assert {s.message_type for s in typed} == POPUP_TYPES
    assert {(s.channel, s.via) for s in typed} == {("runtime", "ask"), ("runtime", "Popup.highlight")}
    assert all("tabId" in (s.payload or {}) for s in typed)
    # highlight → ask → sendToBackground → browser.runtime.sendMessage
    forwarded = [s for s in popup.sends if s.forwarded]
    assert sorted((s.channel, s.via, s.scope) for s in forwarded) == [
        ("runtime", "ask", "Popup.highlight"),
        ("runtime", "sendToBackground", "ask"),
    ]
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
    assert {(use.api, use.via) for use in inside if use.location.path == MESSAGING} == {
        ("runtime.onMessage", "browser")
    }
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


def test_a_validator_does_not_count_as_dispatch(docmind: dict[str, FileFacts]) -> None:
    """The background validates with the generated isPopupToBackground (all declared types) and dispatches in
    handle(): handled = its dispatch; so does the content script (isBackgroundToContent, then its own handle())."""
    (background,) = docmind["background/index.ts"].handlers
    assert background.types == frozenset(POPUP_TYPES)
    assert background.validated_types == frozenset(POPUP_TYPES)
    (content,) = docmind["content/index.ts"].handlers
    assert content.types == frozenset(CONTENT_TYPES) and content.handled == frozenset(CONTENT_TYPES)
