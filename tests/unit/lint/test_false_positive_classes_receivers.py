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
    assert _xm005_lines() == [37, 38, 46, 57, 72]


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
