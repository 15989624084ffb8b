"""XP007 api-unavailable: per browser, manifest version, minimum version and manifest key."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings, places


def test_fires_per_browser_version_manifest_version_and_key(project) -> None:
    ctx = project("permissions")
    assert places(ctx, "XP007") == {
        ("src/background/index.ts", 9, "chrome"),  # action.openPopup: Chrome 127+, min 116 (guarded out of Firefox MV2)
        ("src/background/index.ts", 13, "chrome"),  # tabs.executeScript: MV2 only (fine in Firefox MV2)
        ("src/background/index.ts", 14, None),  # commands.onCommand without a `commands` key
        ("src/background/index.ts", 15, None),  # chrome.tab.query: no such API
    }
    by_line = {f.line: f.message for f in findings(ctx, "XP007")}
    assert by_line[9] == "`action.openPopup` needs Chrome 127 or later (the declared minimum is 116)"
    assert by_line[13] == "`tabs.executeScript` is not available in Manifest V3 in Chrome (only MV2)"
    assert (
        by_line[14]
        == "`commands.onCommand` exists only when the manifest declares `commands`, and this manifest does not"
    )
    assert by_line[15] == "`tab.query` is not a known WebExtension API"


def test_fires_on_plain_extensions(extension) -> None:
    assert places(extension("mv3-issues"), "XP007") == {("background.js", 4, "chrome"), ("background.js", 4, "firefox")}
    chrome = next(f for f in findings(extension("mv3-issues"), "XP007") if f.browser == "chrome")
    assert "Chrome 102 or later (the declared minimum is 100)" in chrome.message
    assert places(extension("mv2-firefox"), "XP007") == {("background.js", 3, None)}  # action in MV2


def test_near_misses(extension) -> None:
    # mv3-clean: action.setBadgeText with an `action` key, contextMenus, storage at Chrome 120;
    # mv2-firefox: browserAction and tabs.executeScript in MV2 (line 2, lib.js)
    assert places(extension("mv3-clean"), "XP007") == set()


def test_calls_that_cope_with_absence_are_left_alone(project) -> None:
    """permissions fixture, lines 24 and 28: action.openPopup inside try/catch and through `?.` (lines 9–15 fire)."""
    assert {line for _, line, _ in places(project("permissions"), "XP007")}.isdisjoint({24, 28})


def test_a_member_tested_before_it_is_relied_on_is_not_unavailable(tmp_path) -> None:
    # Firefox 45: runtime.lastError is 47+, menus 55+. Tested first, the code copes with their absence (a missing
    # property reads as undefined); used bare, it does not.
    from tests.unit.lint.rules.support import lint_extension

    folder = tmp_path / "ext"
    folder.mkdir()
    (folder / "manifest.json").write_text(
        '{"manifest_version": 2, "name": "x", "version": "1", "permissions": ["menus"], "background": '
        '{"scripts": ["bg.js"]}, "browser_specific_settings": {"gecko": {"id": "x@y", "strict_min_version": "45.0"}}}'
    )
    (folder / "bg.js").write_text(
        "function done(reject) { if (chrome.runtime.lastError) reject(chrome.runtime.lastError); }\n"
        "if (browser.menus) browser.menus.create({ id: 'a', title: 'A' });\n"
        "const created = browser.menus && browser.menus.create({ id: 'b', title: 'B' });\n"
        "console.log(typeof browser.menus.remove, done, created);\n"
        "browser.menus.create({ id: 'c', title: 'C' });\n"
        "const error = chrome.runtime.lastError;\n"
    )
    assert sorted(line for _, line, _ in places(lint_extension(folder), "XP007")) == [5, 6]
