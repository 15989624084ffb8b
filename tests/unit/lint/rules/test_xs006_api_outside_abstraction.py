"""XS006 api-outside-abstraction (projects with [lint] abstraction)."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings, places


def test_fires_on_api_uses_and_polyfill_imports_outside_the_abstraction(project) -> None:
    ctx = project("security")
    assert places(ctx, "XS006") == {
        ("src/popup/index.ts", 2, None),  # import Browser from 'webextension-polyfill'
        ("src/popup/index.ts", 5, None),  # chrome.tabs.query
        ("src/popup/index.ts", 6, None),  # Browser.runtime.id (the polyfill)
    }
    by_line = {f.line: f for f in findings(ctx, "XS006")}
    assert by_line[2].column == 21
    assert by_line[5].message == "`tabs.query` is used through chrome outside the abstraction (src/shared/browser.ts)"


def test_near_misses(project) -> None:
    # the abstraction itself (polyfill), and the background's uses through its `browser` export
    assert not any(path.startswith(("src/shared", "src/background")) for path, _, _ in places(project("security"), "XS006"))
    assert places(project("protocol"), "XS006") == set()  # no [lint] abstraction
