"""Issue 19, classes 2 and 3: feature detection the analysis must follow, and "not supported" is not "absent".

Each fixture (tests/fixtures/lint/false_positives/) holds the shapes real extensions ship — each was an XP007
error before — and a true twin with no guard of any kind, which must stay an error. What the analysis cannot
settle (a guard kept in a variable, a helper predicate, a data guard) is an XP011 warning that shows the guard;
what tests the API itself (an early return, `typeof`, `!!`, a fallback) is nothing.
"""

from __future__ import annotations

from pathlib import Path

from toolchain.lint.engine import run_rules
from toolchain.lint.extension_targets import extension_context
from toolchain.lint.model import Finding

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "lint" / "false_positives"


def _lint(name: str) -> list[Finding]:
    return [f for f in run_rules(extension_context(FIXTURES / name), [], []) if f.code in ("XP007", "XP011")]


def _by_line(findings: list[Finding]) -> dict[int | None, set[tuple[str, str, str | None]]]:
    lines: dict[int | None, set[tuple[str, str, str | None]]] = {}
    for f in findings:
        lines.setdefault(f.line, set()).add((f.code, f.severity, f.browser))
    return lines


def test_unsettled_availability_guards_are_warnings_that_show_the_guard() -> None:
    findings = _lint("availability-guards")
    lines = _by_line(findings)
    # a guard kept in a variable: `const isMV3 = …manifest_version == 3; if (isMV3) {…} else { executeScript }`
    assert lines[7] == {("XP011", "warning", "chrome"), ("XP011", "warning", "firefox")}
    # a helper predicate: `if (isFirefox()) await browser.runtime.getBrowserInfo()`
    assert lines[21] == {("XP011", "warning", "chrome")}
    # a data guard on a value the API gave: `if (tab.groupId >= 0) tabs.ungroup(…)` (Firefox 138+, minimum 128)
    assert lines[26] == {("XP011", "warning", "firefox")}
    # data of the feature the API serves: `if (groupId >= 0) tabs.group(…)` (a parameter, not an API callback's)
    assert lines[41] == {("XP011", "warning", "firefox")}
    # a test of the API elsewhere in the small function around the use (Privacy Badger's saveSession)
    assert lines[47] == {("XP011", "warning", "firefox")}
    messages = {f.line: f.message for f in findings if f.code == "XP011"}
    assert "it runs only when `isMV3` (line 4) is falsy, which xtk cannot evaluate" in messages[7]
    assert "`isFirefox()` (line 21) is truthy" in messages[21]
    assert "`tab.groupId >= 0` (line 26) is truthy" in messages[26]
    assert "the function around it tests `!chrome.sidePanel` (line 48), which xtk cannot evaluate" in messages[47]


def test_feature_detection_of_the_api_itself_is_not_reported() -> None:
    lines = _by_line(_lint("availability-guards"))
    # line 12: after `if (!chrome.sidePanel) return cb();` — line 15: through `chrome.browserAction ?? chrome.action`
    # — line 24: under `typeof chrome.sidePanel?.setOptions === 'function'` — line 29: tabs.onReplaced in Firefox
    for line in (12, 15, 24, 29):
        assert line not in lines, (line, lines.get(line))


def test_the_true_twins_without_any_guard_stay_errors() -> None:
    lines = _by_line(_lint("availability-guards"))
    assert lines[37] == {("XP007", "error", "chrome"), ("XP007", "error", "firefox")}  # tabs.executeScript in MV3
    assert lines[38] == {("XP007", "error", "chrome")}  # runtime.getBrowserInfo in Chrome
    assert lines[39] == {("XP007", "error", "firefox")}  # sidePanel in Firefox
    assert lines[42] == {("XP007", "error", "firefox")}  # tabs.group under a guard about something else
    assert set(lines) == {7, 21, 26, 37, 38, 39, 41, 42, 47}


def test_a_read_that_is_the_test_and_a_chosen_alternative_are_not_reported() -> None:
    # MV2 in Firefox: `const mv3 = !!chrome.action`, `mv3 ? chrome.action : chrome.browserAction`,
    # `chrome.action !== undefined` are nothing; `chrome.action.setBadgeText(…)` on line 7 is the error
    assert [(f.code, f.line) for f in _lint("availability-guards-mv2")] == [("XP007", 7)]


def test_an_event_firefox_declares_but_never_fires_is_not_absent() -> None:
    from toolchain.lint import knowledge

    assert knowledge.available("tabs.onReplaced", "firefox")[0] is False  # what browser-compat-data says
    assert knowledge.declared_but_never_fires("tabs.onReplaced", "firefox")  # what Firefox's schemas declare
    assert not knowledge.declared_but_never_fires("tabs.onReplaced", "chrome")
    assert not knowledge.declared_but_never_fires("runtime.onBrowserUpdateAvailable", "firefox")  # "unsupported"


def test_wrappers_stored_for_later_prove_nothing_about_where_they_run() -> None:
    # shim.js, loaded in the background and the content scripts, stores wrappers of tabs, contextMenus and identity
    # in an object (SingleFile's polyfill): nothing calls them in the content script, where those APIs are absent,
    # and no permission is needed until one is called. Its class method TabHelper.current is reached in the content
    # script only because `page.current(1)` is a call on a receiver of unknown class (XP010 follows proven calls
    # only). Before: XP010 ×4, XP001 ×2. The content script's own `chrome.tabs.query({})` is the twin.
    findings = run_rules(extension_context(FIXTURES / "deferred-wrappers"), [], [])
    assert [(f.code, f.path, f.line) for f in findings] == [("XP010", "content.js", 2)]
