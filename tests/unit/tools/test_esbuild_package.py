"""Which esbuild xtk drives: the project's when recent enough, else its own in .xtk/tools/ (issue 18: a Vite 2
project brings esbuild 0.14, whose metafile has no `cssBundle`, so CSS its scripts import was silently unlinked)."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import pytest

from tests.conftest import REPO
from toolchain.diagnostics import InputError
from toolchain.tools.esbuild import (
    MINIMUM_ESBUILD,
    TOOLS_ESBUILD,
    esbuild_package,
    install_tools_esbuild,
    tools_dir,
)


def _package(folder: Path, version: str) -> Path:
    folder.mkdir(parents=True)
    (folder / "package.json").write_text(json.dumps({"name": "esbuild", "version": version}), encoding="utf-8")
    return folder


def test_the_projects_own_recent_esbuild_is_used(tmp_path: Path) -> None:
    own = _package(tmp_path / "node_modules/esbuild", "0.25.1")
    _package(tools_dir(tmp_path) / "node_modules/esbuild", TOOLS_ESBUILD)
    assert esbuild_package(tmp_path) == own


def test_an_old_esbuild_is_refused_by_version_with_what_to_run(tmp_path: Path) -> None:
    _package(tmp_path / "node_modules/esbuild", "0.14.54")
    with pytest.raises(InputError) as raised:
        esbuild_package(tmp_path)
    message = raised.value.diagnostics[0].message
    assert "0.14.54" in message and "older than 0.18.0" in message and "xtk prepare" in message, message


def test_xtks_own_esbuild_replaces_an_old_one(tmp_path: Path) -> None:
    _package(tmp_path / "node_modules/esbuild", "0.14.54")
    tools = _package(tools_dir(tmp_path) / "node_modules/esbuild", TOOLS_ESBUILD)
    assert esbuild_package(tmp_path) == tools


def test_no_esbuild_at_all_says_npm_ci_and_xtk_prepare(tmp_path: Path) -> None:
    with pytest.raises(InputError) as raised:
        esbuild_package(tmp_path)
    message = raised.value.diagnostics[0].message
    assert "npm ci" in message and "xtk prepare" in message


def test_the_pinned_tools_esbuild_is_the_one_init_templates_and_docmind_pin() -> None:
    assert tuple(int(p) for p in TOOLS_ESBUILD.split(".")) >= MINIMUM_ESBUILD
    pins = {
        path.relative_to(REPO).as_posix(): re.search(r'"esbuild": "([^"]+)"', path.read_text(encoding="utf-8"))
        for path in [*REPO.glob("templates/init/*/package.json.j2"), REPO / "extension_src/package.json"]
    }
    assert pins and all(match and match.group(1) == TOOLS_ESBUILD for match in pins.values()), pins


def _fake_npm(bin_dir: Path, body: str) -> None:
    bin_dir.mkdir()
    npm = bin_dir / "npm"
    npm.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    npm.chmod(npm.stat().st_mode | stat.S_IEXEC)


def test_install_runs_npm_in_xtks_tools_folder_only_when_needed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "project"
    _package(project / "node_modules/esbuild", "0.14.54")
    log = tmp_path / "npm.log"
    _fake_npm(
        tmp_path / "bin",
        f'echo "$PWD $*" >> {log}\nmkdir -p node_modules/esbuild\n'
        f'echo \'{{"version": "{TOOLS_ESBUILD}"}}\' > node_modules/esbuild/package.json\n',
    )
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    installed = install_tools_esbuild(project)
    assert installed == tools_dir(project) / "node_modules/esbuild"
    assert log.read_text(encoding="utf-8").split() == [
        str(tools_dir(project)),
        "install",
        "--no-audit",
        "--no-fund",
        "--save-exact",
        f"esbuild@{TOOLS_ESBUILD}",
    ]
    assert json.loads((project / "node_modules/esbuild/package.json").read_text())["version"] == "0.14.54"  # untouched
    assert install_tools_esbuild(project) is None  # a second time: nothing to do, npm not run
    assert len(log.read_text(encoding="utf-8").splitlines()) == 1


def test_a_failing_npm_is_a_message_naming_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_npm(tmp_path / "bin", 'echo "npm ERR! network ENOTFOUND registry.npmjs.org" >&2\nexit 1\n')
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    with pytest.raises(InputError) as raised:
        install_tools_esbuild(tmp_path)
    diagnostic = raised.value.diagnostics[0]
    assert "ENOTFOUND" in diagnostic.message and diagnostic.path == str(tools_dir(tmp_path))
