"""Install warnings in each browser's own words (install_warnings.py), and `xtk lint --warnings` / `--against OLD`
(XP013): Firefox's prompt from its omni.ja (ExtensionPermissionMessages.sys.mjs, formatPermissionStrings), Chromium's
permission messages from its rules (chrome_permission_message_rules.cc), each rule xtk implements tested here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from toolchain.cli import main
from toolchain.lint.install_warnings import firefox_warnings

GECKO = {"gecko": {"id": "warned@example.com", "data_collection_permissions": {"required": ["none"]}}}


def mv2(**keys: Any) -> dict[str, Any]:
    return {"manifest_version": 2, "name": "Warned", "version": "1.0", "browser_specific_settings": GECKO, **keys}


def texts(manifest: dict[str, Any]) -> list[str]:
    return [w.text for w in firefox_warnings(manifest)]


def test_firefox_names_only_the_permissions_its_prompt_lists_sorted_native_messaging_first() -> None:
    manifest = mv2(permissions=["storage", "tabs", "bookmarks", "nativeMessaging", "alarms", "downloads.open"])
    assert texts(manifest) == [
        "Exchange messages with programs other than Firefox",
        "Read and modify bookmarks",
        "Open files downloaded to your computer",
        "Access browser tabs",
    ]


def test_firefox_host_access_one_line_per_class() -> None:
    assert texts(mv2(permissions=["<all_urls>", "https://example.com/*"])) == ["Access your data for all websites"]
    assert texts(mv2(permissions=["*://*/*"])) == ["Access your data for all websites"]
    manifest = mv2(
        permissions=["https://*.example.com/*"],
        content_scripts=[{"matches": ["https://news.example.org/*"], "js": ["c.js"]}],
    )
    assert texts(manifest) == [
        "Access your data for sites in the example.com domain",
        "Access your data for news.example.org",
    ]


def test_a_devtools_page_asks_for_devtools_unless_it_is_optional() -> None:
    assert texts(mv2(devtools_page="devtools.html")) == ["Extend developer tools to access your data in open tabs"]
    assert texts(mv2(devtools_page="devtools.html", optional_permissions=["devtools"])) == []


def test_manifest_v3_host_access_is_shown_but_does_not_hold_an_update() -> None:
    manifest = {**mv2(host_permissions=["<all_urls>"], permissions=["tabs"]), "manifest_version": 3}
    warnings = firefox_warnings(manifest)
    assert [(w.text, w.blocks_update) for w in warnings] == [
        ("Access your data for all websites", False),
        ("Access browser tabs", True),
    ]


def extension(folder: Path, manifest: dict[str, Any]) -> Path:
    folder.mkdir(parents=True)
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    (folder / "bg.js").write_text("browser.tabs.query({}); browser.bookmarks.getTree();\n", encoding="utf-8")
    return folder


def lint(*arguments: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["lint", *arguments], catch_exceptions=False)
    return result.exit_code, result.output


def test_lint_warnings_prints_each_target_s_install_warnings(tmp_path: Path) -> None:
    folder = extension(tmp_path / "new", mv2(permissions=["tabs", "<all_urls>"], background={"scripts": ["bg.js"]}))
    code, output = lint("--warnings", str(folder))
    assert code == 0, output
    assert output == (
        "firefox (addons.mozilla.org): 2 install warnings\n"
        "  Access your data for all websites  (<all_urls>)\n"
        "  Access browser tabs  (tabs)\n"
    )


def test_against_an_old_release_each_new_warning_is_an_error(tmp_path: Path) -> None:
    old = extension(tmp_path / "old", mv2(permissions=["tabs"], background={"scripts": ["bg.js"]}))
    new = extension(tmp_path / "new", mv2(permissions=["tabs", "bookmarks"], background={"scripts": ["bg.js"]}))
    code, output = lint("--select", "XP013", "--against", str(old), str(new))
    assert code == 1, output
    [line] = [line for line in output.splitlines() if " XP013 " in line]
    assert line.startswith("manifest.json:1:")
    assert '"Read and modify bookmarks" is a new install warning (from bookmarks; not in ' in line
    assert "Firefox holds the update back until each user approves it" in line
    code, output = lint("--select", "XP013", "--against", str(new), str(old))  # a removed warning is fine
    assert code == 0, output


@pytest.mark.parametrize("old", ["missing", "file.txt"])
def test_against_what_is_no_release_is_bad_input(tmp_path: Path, old: str) -> None:
    new = extension(tmp_path / "new", mv2(background={"scripts": ["bg.js"]}))
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    code, output = lint("--against", str(tmp_path / old), str(new))
    assert code == 2 and "give the previous release as an extension folder or a .zip/.xpi/.crx" in output, output


def chromium(**keys: Any) -> list[str]:
    from toolchain.lint.install_warnings import chromium_warnings

    return [w.text for w in chromium_warnings({"manifest_version": 3, "name": "Warned", "version": "1.0", **keys})]


@pytest.mark.parametrize(
    ("keys", "expected"),
    [
        ({"permissions": ["storage", "alarms", "activeTab", "contextMenus"]}, []),  # no message
        ({"permissions": ["bookmarks"]}, ["Read and change your bookmarks"]),
        ({"permissions": ["tabs"]}, ["Read your browsing history"]),
        ({"permissions": ["windows"]}, ["Read your browsing history"]),  # an alias of tabs
        # rules consume: history absorbs tabs' and topSites' messages; tabs with sessions reads other devices
        (
            {"permissions": ["history", "tabs", "topSites"]},
            ["Read and change your browsing history on all your signed-in devices"],
        ),
        ({"permissions": ["tabs", "sessions"]}, ["Read your browsing history on all your signed-in devices"]),
        # all hosts absorbs tabs; a content script on every page is host access too
        (
            {"permissions": ["tabs"], "host_permissions": ["<all_urls>"]},
            ["Read and change all your data on all websites"],
        ),
        (
            {"content_scripts": [{"matches": ["*://*/*"], "js": ["c.js"]}]},
            ["Read and change all your data on all websites"],
        ),
        ({"host_permissions": ["https://*.com/*"]}, ["Read and change all your data on all websites"]),  # a TLD
        # kFlagImpliesFullURLAccess: debugger shows its own message and the all-hosts one
        (
            {"permissions": ["debugger"]},
            ["Access the page debugger backend", "Read and change all your data on all websites"],
        ),
        # HostListFormatter: 1 to 3 hosts inline (a subdomain pattern worded "all x sites"), more as a list
        (
            {"host_permissions": ["https://example.com/*", "http://example.com/*"]},
            ["Read and change your data on example.com"],
        ),
        (
            {"host_permissions": ["https://*.example.com/*", "https://news.example.org/*"]},
            ["Read and change your data on all example.com sites and news.example.org"],
        ),
        (
            {"host_permissions": ["https://a.com/*", "https://b.com/*", "https://c.com/*"]},
            ["Read and change your data on a.com, b.com, and c.com"],
        ),
        (
            {"host_permissions": ["https://a.com/*", "https://b.com/*", "https://c.com/*", "https://*.d.com/*"]},
            ["Read and change your data on a number of websites: All d.com sites, a.com, b.com, c.com"],
        ),
        ({"host_permissions": ["chrome://favicon/*"]}, ["Read the icons of the websites you visit"]),
        ({"host_permissions": ["file:///*"]}, []),  # file:// is not a host Chromium names
        # SettingsOverridesHandler: each override names its URL's host, www. stripped; the first valid start page
        (
            {
                "chrome_settings_overrides": {
                    "homepage": "https://www.example.com/home",
                    "search_provider": {"search_url": "https://search.example.org/?q={searchTerms}", "name": "S"},
                    "startup_pages": ["ftp://not.shown/", "http://WWW.Start.Example.net:8080/a"],
                }
            },
            [
                "Change your home page to: example.com",
                "Change your search settings to: search.example.org",
                "Change your start page to: start.example.net",
            ],
        ),
        ({"chrome_settings_overrides": {"homepage": "chrome://newtab"}}, []),  # not http(s): no override
    ],
    ids=lambda value: "-" if isinstance(value, list) else ",".join(f"{k}" for k in value),
)
def test_chromium_messages_follow_its_rules(keys: dict[str, Any], expected: list[str]) -> None:
    assert chromium(**keys) == expected


def test_against_in_chrome_the_all_sites_warning_a_content_script_adds_disables_the_update(tmp_path: Path) -> None:
    base = {"manifest_version": 3, "name": "Warned", "version": "1.0", "background": {"service_worker": "bg.js"}}
    old = extension(tmp_path / "old", {**base, "permissions": ["tabs"]})
    new = extension(
        tmp_path / "new",
        {**base, "permissions": ["tabs"], "content_scripts": [{"matches": ["<all_urls>"], "js": ["bg.js"]}]},
    )
    code, output = lint("--select", "XP013", "--against", str(old), str(new))
    assert code == 1, output
    assert '"Read and change all your data on all websites" is a new install warning (from <all_urls>, tabs;' in output
    assert "Chrome disables the extension on update until each user accepts it" in output
    code, output = lint("--warnings", str(new))
    assert output == (
        "chrome (Chrome Web Store): 1 install warning\n"
        "  Read and change all your data on all websites  (<all_urls>, tabs)\n"
    ), output


def test_the_docs_tables_are_the_data() -> None:
    """docs/install-warnings.md shows the rules and prompt lines xtk computes with: regenerated from the knowledge
    files, the tables must be in it verbatim."""
    from toolchain.lint.install_warnings import warning_tables

    docs = (Path(__file__).resolve().parents[3] / "docs" / "install-warnings.md").read_text(encoding="utf-8")
    chromium, firefox = warning_tables().split("\n\n", 1)
    assert chromium in docs and firefox in docs


def test_against_in_chrome_a_new_home_page_override_is_named_at_its_key(tmp_path: Path) -> None:
    base = {"manifest_version": 3, "name": "Warned", "version": "1.0", "background": {"service_worker": "bg.js"}}
    old = extension(tmp_path / "old", base)
    overrides = {"homepage": "https://www.example.com/start"}
    new = extension(tmp_path / "new", {**base, "chrome_settings_overrides": overrides})
    code, output = lint("--select", "XP013", "--against", str(old), str(new))
    assert code == 1, output
    [line] = [line for line in output.splitlines() if " XP013 " in line]
    assert '"Change your home page to: example.com" is a new install warning' in line
    column = (new / "manifest.json").read_text().index('"homepage"') + 1  # the key that asks for it
    assert line.startswith(f"manifest.json:1:{column}:"), line
