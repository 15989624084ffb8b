"""Issue 19, class 1: a send whose receiving end is known to exist is not XM005 (toolchain/analysis/receivers.py).

tests/fixtures/lint/false_positives/receivers/background.js holds the shapes real extensions ship — each was an
XM005 error before — and the true twins: a send to any tab at any time, a promise kept and never handled, a
`sender.tab.id` that is not the runtime's sender (the function is not a message listener).
"""

from __future__ import annotations

from pathlib import Path

from toolchain.lint.engine import run_rules
from toolchain.lint.extension_targets import extension_context

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "lint" / "false_positives" / "receivers"


def _xm005_lines() -> list[int | None]:
    return sorted(f.line for f in run_rules(extension_context(FIXTURE), [], []) if f.code == "XM005")


def test_sends_whose_receiver_is_known_are_not_reported_and_the_twins_are() -> None:
    # not reported: 3, 5 (a reply to `sender.tab.id`, directly and through a const), 8 (a named listener's sender),
    # 16 (`p = withTimeout(p).catch(…)`), 22 (`Promise.all([executeScript(…)]).then(…)`), 25 (after an awaited
    # executeScript), 29 and 32 (the tab finished loading)
    # 51, 54: a handler reached through a dispatch table replies to its `sender` (its frame, its tab); 57 does not
    # 71: after an awaited helper that injects (through another helper: SingleFile's Nn -> Pn); 72 is a new tab
    # 85: Vimium's nextFrame sends to a frame that just answered a probe whose failure was caught; 91 follows a
    # probe that swallowed its failure and read nothing
    assert _xm005_lines() == [37, 38, 46, 57, 72, 91]


def test_a_later_use_of_the_promise_that_reaches_no_catch_is_not_handling() -> None:
    from toolchain.analysis.parse import parse_source
    from toolchain.analysis.receivers import handled_through_variable

    def send_in(code: str) -> bool:
        parsed = parse_source(code.encode(), Path("background.js"))
        calls = [n for n in parsed.nodes("call_expression") if n.text.startswith(b"chrome.tabs.sendMessage")]
        return handled_through_variable(calls[0])

    assert send_in("let p = chrome.tabs.sendMessage(1, m); p = guard(p).catch(() => null);")
    assert send_in("async function f() { const p = chrome.tabs.sendMessage(1, m); try { await p; } catch {} }")
    assert not send_in("const p = chrome.tabs.sendMessage(1, m); console.log(p);")
    assert not send_in("const p = chrome.tabs.sendMessage(1, m); q.catch(() => null);")
    # the promise chosen by a condition (the chat widget's pushToSender): the variable holds either branch's
    assert send_in("const p = page ? chrome.runtime.sendMessage(m) : chrome.tabs.sendMessage(1, m); p.catch(f);")
    assert not send_in("const p = page ? chrome.runtime.sendMessage(m) : chrome.tabs.sendMessage(1, m); log(p);")
    assert not send_in("const p = chrome.tabs.sendMessage(1, m) ? a : b; p.catch(f);")  # the condition: not held


def test_a_catch_on_a_conditional_expression_handles_each_branch() -> None:
    from toolchain.analysis.parse import parse_source
    from toolchain.analysis.syntax import has_chained_catch

    def send_in(code: str) -> bool:
        parsed = parse_source(code.encode(), Path("background.ts"))
        calls = [n for n in parsed.nodes("call_expression") if n.text.startswith(b"chrome.tabs.sendMessage")]
        return has_chained_catch(calls[0])

    assert send_in("(page ? chrome.runtime.sendMessage(m) : chrome.tabs.sendMessage(1, m)).catch(f);")
    assert send_in("(page ? chrome.tabs.sendMessage(1, m) : other()).then(ok, failed);")
    assert not send_in("(page ? chrome.tabs.sendMessage(1, m) : other()).then(ok);")
    assert not send_in("(chrome.tabs.sendMessage(1, m) ? a : b).catch(f);")  # the condition's promise is not handled


def test_an_mv2_chrome_send_without_callback_returns_no_promise_and_a_browser_send_does() -> None:
    # Privacy Badger: `chrome.tabs.sendMessage(tab_id, {...})` in MV2 returns nothing (Chrome, Firefox's chrome
    # namespace): the error is runtime.lastError, no rejection. Line 8 is `browser.tabs.sendMessage`: a promise.
    fixture = FIXTURE.parent / "receivers-mv2"
    findings = run_rules(extension_context(fixture), [], [])
    assert [(f.code, f.line) for f in findings if f.severity == "error"] == [("XM005", 8)]


def test_a_tab_id_parameter_is_judged_by_what_the_callers_pass() -> None:
    # SingleFile: helpers only ever given `sender.tab.id` (3), directly or through an IIFE and a constant (10); a
    # method nothing visible calls (19) and a call under a test of the extension's own per-tab record (26) are not
    # settled. Twins: a helper also given an event's tab (34), a method given a message's tab id (42, MAC).
    fixture = FIXTURE.parent / "receivers-callers"
    findings = run_rules(extension_context(fixture), [], [])
    assert sorted(f.line for f in findings if f.code == "XM005") == [34, 42]


def test_tab_origins_combine_proof_over_doubt() -> None:
    from toolchain.analysis.tab_origins import ARBITRARY, SENDER_TAB_ID, UNKNOWN, combine

    assert combine([SENDER_TAB_ID, SENDER_TAB_ID]) == SENDER_TAB_ID
    assert combine([SENDER_TAB_ID, UNKNOWN, ARBITRARY]) == ARBITRARY  # one caller passing any tab proves it
    assert combine([SENDER_TAB_ID, UNKNOWN]) == UNKNOWN
    assert combine([SENDER_TAB_ID, ("sender", ("frameId",))]) == UNKNOWN
    assert combine([]) == UNKNOWN  # no visible caller
