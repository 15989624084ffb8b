"""A page address with a `?query` or `#fragment` (issue 18, item 5): `popup = "src/popup/index.html#/popup"`, as
single-page apps start their router. Before: "file not found: src/popup/index.html#/popup" (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_xtk
from tests.integration.support import build, copy_fixture, edit
from toolchain.urls import split_address


def test_the_page_is_built_and_the_manifest_keeps_its_query_and_fragment(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "project")
    edit(project / "xtk.toml", 'popup = "src/popup/index.html"', 'popup = "src/popup/index.html#/popup"')
    edit(project / "xtk.toml", 'page = "src/options/index.html"', 'page = "src/options/index.html?tab=general"')
    result = build(project)
    assert result.code == 0, result.output
    for browser, action in (("chrome", "action"), ("firefox", "browser_action")):  # Firefox: MV2 here
        manifest = json.loads((project / "build" / browser / "manifest.json").read_text(encoding="utf-8"))
        assert manifest[action]["default_popup"] == "popup/index.html#/popup"
        assert manifest["options_ui"]["page"] == "options/index.html?tab=general"
        assert (project / "build" / browser / "popup/index.html").is_file()
    # a plain-extension lint of the build follows the popup page to its script
    linted = run_xtk("lint", "--format", "json", str(project / "build/chrome"), cwd=project)
    assert linted.code in (0, 1), linted.output
    assert not [f for f in json.loads(linted.stdout) if f["code"] == "XL004" or "popup" in (f.get("path") or "")]
    text = run_xtk("lint", str(project / "build/chrome"), cwd=project).stdout
    assert "popup/popup.js" in text  # among the analysed files


def test_a_missing_page_is_named_without_its_fragment(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "project")
    edit(project / "xtk.toml", 'popup = "src/popup/index.html"', 'popup = "src/popup/gone.html#/popup"')
    result = build(project)
    assert result.code == 2 and "action.popup: file not found: src/popup/gone.html" in result.output, result.output


def test_an_address_that_is_only_a_fragment_is_named_as_written(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "project")
    edit(project / "xtk.toml", 'popup = "src/popup/index.html"', 'popup = "#/popup"')
    result = build(project)
    assert result.code == 2 and "action.popup: file not found: #/popup" in result.output, result.output


def test_split_address() -> None:
    assert split_address("a/b.html") == ("a/b.html", "")
    assert split_address("a/b.html#/x?y") == ("a/b.html", "#/x?y")
    assert split_address("a/b.html?q=1#top") == ("a/b.html", "?q=1#top")
