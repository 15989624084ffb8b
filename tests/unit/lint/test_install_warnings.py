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
