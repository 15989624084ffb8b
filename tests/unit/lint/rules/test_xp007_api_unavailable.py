"""XP007 api-unavailable: per browser, manifest version, minimum version and manifest key. Where it fires and where
not (guarded, caught, optional chaining), line by line: tests/fixtures/lint/rules/XP007/XP007.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings, places


def test_fires_per_browser_version_manifest_version_and_key(project) -> None:
    ctx = project("permissions")
    # action.openPopup: Chrome 127+, min 116 (guarded out of Firefox MV2); tabs.executeScript: MV2 only (fine in
    # Firefox MV2); commands.onCommand without a `commands` key; chrome.tab.query: no such API
    assert sorted((f.message, f.browser) for f in findings(ctx, "XP007")) == [
        ("`action.openPopup` needs Chrome 127 or later (the declared minimum is 116)", "chrome"),
        ("`commands.onCommand` exists only when the manifest declares `commands`, and this manifest does not", None),
        ("`tab.query` is not a known WebExtension API", None),
        ("`tabs.executeScript` is not available in Manifest V3 in Chrome (only MV2)", "chrome"),
    ]


def test_fires_on_plain_extensions(extension) -> None:
    assert {browser for _, _, browser in places(extension("mv3-issues"), "XP007")} == {"chrome", "firefox"}
    chrome = next(f for f in findings(extension("mv3-issues"), "XP007") if f.browser == "chrome")
    assert "Chrome 102 or later (the declared minimum is 100)" in chrome.message
    assert [f.message for f in findings(extension("mv2-firefox"), "XP007")] == [
        "`action.setBadgeText` is not available in Manifest V2 in Firefox (only MV3)"
    ]


def test_near_misses(extension) -> None:
    # mv3-clean: action.setBadgeText with an `action` key, contextMenus, storage at Chrome 120;
    # mv2-firefox: browserAction and tabs.executeScript in MV2 (line 2, lib.js)
    assert places(extension("mv3-clean"), "XP007") == set()


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
