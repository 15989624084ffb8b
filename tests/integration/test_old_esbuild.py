"""A project whose only esbuild is its old bundler's (Vite 2 brings 0.14) builds with xtk's own from .xtk/tools/,
and the CSS its scripts import is linked; without one, the build stops and says what to run (issue 18: such a
build used to link no imported CSS, without a word)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import EXTENSION
from tests.integration.support import build, copy_fixture, edit


def _project_with_an_old_esbuild(tmp_path: Path) -> Path:
    project = copy_fixture(tmp_path / "project")
    (project / "node_modules").unlink()
    modules = project / "node_modules"
    modules.mkdir()
    for package in (EXTENSION / "node_modules").iterdir():
        if package.name not in {"esbuild", "@esbuild", ".bin"}:
            (modules / package.name).symlink_to(package, target_is_directory=package.is_dir())
    (modules / "esbuild").mkdir()
    (modules / "esbuild/package.json").write_text('{"name": "esbuild", "version": "0.14.54"}', encoding="utf-8")
    (project / "src/popup/popup.css").write_text("body { width: 321px; }\n", encoding="utf-8")
    edit(project / "src/popup/popup.ts", "", 'import "./popup.css";\n')
    return project


def test_an_old_esbuild_stops_the_build_with_what_to_run(tmp_path: Path) -> None:
    project = _project_with_an_old_esbuild(tmp_path)
    built = build(project, "--browser", "chrome")
    assert built.code == 2, built.output
    assert "esbuild 0.14.54" in built.output and "xtk prepare" in built.output, built.output
    assert not (project / "build/chrome").exists()


def test_xtks_own_esbuild_builds_it_and_links_the_imported_css(tmp_path: Path) -> None:
    project = _project_with_an_old_esbuild(tmp_path)
    tools = project / ".xtk/tools/node_modules"
    tools.mkdir(parents=True)
    for name in ("esbuild", "@esbuild"):  # what `xtk prepare` installs there (tests stay offline)
        (tools / name).symlink_to(EXTENSION / "node_modules" / name, target_is_directory=True)
    built = build(project, "--browser", "chrome")
    assert built.code == 0, built.output
    page = (project / "build/chrome/popup/index.html").read_text(encoding="utf-8")
    assert '<link rel="stylesheet" href="./popup.css">' in page, page
    assert "width:321px" in (project / "build/chrome/popup/popup.css").read_text(encoding="utf-8")
    assert json.loads((project / "node_modules/esbuild/package.json").read_text())["version"] == "0.14.54"
