"""Layouts and manifest keys other tools accept (issue 18, item 5): `src = "."` (WXT's `entrypoints/` beside
package.json), `[devtools] page`, a devtools panel in `[[pages]]`, options_ui, sandbox pages, url overrides, and
`[[scripts]]` for `scripting.executeScript({files})` whose default export is the result. Before: `src = "."` was
refused ("the build folder is inside src"), `devtools`, `scripts` and a content script's `type` were unknown keys,
and two url overrides built an extension Chromium refuses to load."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.conftest import run_xtk
from tests.integration.layouts_support import CONFIG, write_root_layout
from tests.integration.support import build, edit

pytestmark = pytest.mark.node


def _files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def _manifest(project: Path, browser: str) -> dict:
    return json.loads((project / "build" / browser / "manifest.json").read_text(encoding="utf-8"))


def test_sources_at_the_root_build_with_their_paths_and_nothing_else(tmp_path: Path) -> None:
    project = write_root_layout(tmp_path / "root-layout")
    first = build(project)
    assert first.code == 0, first.output
    (project / "dist").mkdir()
    (project / "dist" / "old.js").write_text("stale", encoding="utf-8")
    again = build(project, "--no-cache")  # with build/ and dist/ present under src = "."
    assert again.code == 0, again.output
    chrome = _files(project / "build" / "chrome")
    assert chrome == [
        "entrypoints/background.js",
        "entrypoints/devtools-panel/index.html",
        "entrypoints/devtools-panel/main.js",
        "entrypoints/devtools/index.html",
        "entrypoints/devtools/main.js",
        "entrypoints/history/index.html",
        "entrypoints/history/main.js",
        "entrypoints/inject/later.js",
        "entrypoints/inject/page-title.js",
        "entrypoints/options/index.html",
        "entrypoints/options/main.js",
        "entrypoints/popup/index.html",
        "entrypoints/popup/main.js",
        "entrypoints/sandbox/index.html",
        "entrypoints/sandbox/main.js",
        "icon-16.png",  # public/ copied to the build's root, as with any src
        "manifest.json",
        "robots.txt",
    ]
    firefox = _files(project / "build" / "firefox")
    assert "entrypoints/sandbox/index.html" not in firefox and "entrypoints/history/index.html" not in firefox
    for browser in ("chrome", "firefox"):
        manifest = _manifest(project, browser)
        assert manifest["devtools_page"] == "entrypoints/devtools/index.html"
        assert manifest["options_ui"] == {"page": "entrypoints/options/index.html", "open_in_tab": False}
        assert manifest["icons"] == {"16": "icon-16.png"}
    chrome_manifest = _manifest(project, "chrome")
    assert chrome_manifest["sandbox"] == {"pages": ["entrypoints/sandbox/index.html"]}
    assert chrome_manifest["chrome_url_overrides"] == {"history": "entrypoints/history/index.html"}
    assert "sandbox" not in _manifest(project, "firefox") and "chrome_url_overrides" not in _manifest(
        project, "firefox"
    )
    assert "XB102" in again.output and "XB101" in again.output  # what Firefox drops is said


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("build/chrome/entrypoints/background.js", "is inside build/, which is never a source"),
        ("dist/old.ts", "is inside dist/, which is never a source"),
        ("public/robots.ts", "is inside public/, which is never a source"),
        (".cache/stale.ts", "is inside .cache/, which is never a source"),
        ("vendor/node_modules/left-pad/index.js", "is inside node_modules/, which is never a source"),
    ],
)
def test_a_folder_that_is_never_a_source_is_refused_as_an_entry(tmp_path: Path, entry: str, message: str) -> None:
    project = write_root_layout(tmp_path / "root-layout")
    assert build(project).code == 0
    for made in ("dist/old.ts", "public/robots.ts"):
        (project / made).parent.mkdir(exist_ok=True)
        (project / made).write_text("export {};\n", encoding="utf-8")
    edit(project / "xtk.toml", 'entry = "entrypoints/background.ts"', f'entry = "{entry}"')
    result = build(project)
    assert result.code == 2, result.output
    assert f"background.entry: {entry} {message}" in result.output, result.output


def test_a_page_script_in_a_folder_that_is_never_a_source_is_refused(tmp_path: Path) -> None:
    project = write_root_layout(tmp_path / "root-layout")
    edit(project / "entrypoints/popup/index.html", 'src="./main.ts"', 'src="../../public/robots.ts"')
    (project / "public/robots.ts").write_text("export {};\n", encoding="utf-8")
    result = build(project)
    assert result.code == 1, result.output
    assert "../../public/robots.ts is inside public/, which is never a source" in result.output, result.output


def test_an_executed_script_ends_with_its_default_export(tmp_path: Path) -> None:
    """The bundle's completion value (what executeScript returns) is the entry's default export, in production
    (minified) and development (source map comment last) builds alike."""
    project = write_root_layout(tmp_path / "root-layout")
    for mode in ("production", "development"):
        result = build(project, "--mode", mode, "--browser", "chrome")
        assert result.code == 0, result.output
        bundle = project / "build/chrome/entrypoints/inject/page-title.js"
        completion = subprocess.run(
            [
                "node",
                "-e",
                "const vm = require('vm'); const fs = require('fs');"
                "const value = vm.runInNewContext(fs.readFileSync(process.argv[1], 'utf8'), "
                "{document: {title: 'hello'}});"
                "process.stdout.write(JSON.stringify(value));",
                str(bundle),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        assert json.loads(completion.stdout) == "HELLO!", (mode, completion.stdout)


def test_two_url_overrides_are_refused_for_chromium(tmp_path: Path) -> None:
    project = write_root_layout(tmp_path / "root-layout")
    edit(project / "xtk.toml", 'history = "', 'newtab = "entrypoints/popup/index.html"\nhistory = "')
    result = build(project)
    assert result.code == 2, result.output
    line = next(number for number, text in enumerate(CONFIG.splitlines(), 1) if text.startswith("[overrides]"))
    assert (
        f"xtk.toml:{line}:1: error: overrides: newtab and history are set, but Chrome and Edge load an extension that "
        "overrides one page only" in result.output
    ), result.output


def test_a_content_script_as_an_es_module_is_refused_with_what_to_do(tmp_path: Path) -> None:
    project = write_root_layout(tmp_path / "root-layout")
    (project / "entrypoints/content.ts").write_text('import { shout } from "../utils/shout";\nshout("x");\n')
    config = project / "xtk.toml"
    config.write_text(
        config.read_text(encoding="utf-8")
        + '\n[[content_scripts]]\nmatches = ["<all_urls>"]\njs = ["entrypoints/content.ts"]\ntype = "module"\n',
        encoding="utf-8",
    )
    result = run_xtk("build", "--no-typecheck", cwd=project)
    assert result.code == 2, result.output
    assert "content_scripts[0].type: content scripts are bundled as classic scripts (IIFE)" in result.output
    assert 'remove type = "module"' in result.output
    edit(config, 'type = "module"', 'type = "classic"')
    assert build(project).code == 0
