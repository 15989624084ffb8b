"""A failed build leaves nothing behind (issue "Nothing lost, nothing leaked", item 3): no staging folder, no
scratch, no metafiles, and the last good build intact — whether the manifest fails its schema, esbuild fails,
tsc finds a type error, esbuild cannot even start, or the build is interrupted."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import run_xtk
from tests.integration.support import build, copy_fixture, edit, listing, tree

pytestmark = pytest.mark.node


def break_schema(project: Path) -> None:
    edit(
        project / "xtk.toml",
        'suggested_key = { default = "Ctrl+Shift+Y" }',
        'suggested_key = { default = "Ctrl+Shift+Y+Q" }',
    )


def break_esbuild(project: Path) -> None:
    edit(project / "src/popup/popup.ts", "", "import { nothing } from './does-not-exist';\nconsole.log(nothing);\n")


def break_types(project: Path) -> None:
    edit(project / "src/background/index.ts", "", "const count: number = 'three';\nvoid count;\n")


@pytest.mark.parametrize(
    ("breaks", "code"),
    [(break_schema, 2), (break_esbuild, 1), (break_types, 1)],
    ids=["schema", "esbuild", "type error"],
)
def test_a_failed_first_build_leaves_no_build_folder(tmp_path: Path, breaks, code: int) -> None:
    project = copy_fixture(tmp_path / "p")
    breaks(project)
    result = run_xtk("build", cwd=project)
    assert result.code == code, result.output
    assert listing(project / "build") == []
    assert not (project / "build").exists()


@pytest.mark.parametrize(
    ("breaks", "code"),
    [(break_schema, 2), (break_esbuild, 1), (break_types, 1)],
    ids=["schema", "esbuild", "type error"],
)
def test_a_failed_build_keeps_the_last_good_one_and_adds_nothing(tmp_path: Path, breaks, code: int) -> None:
    project = copy_fixture(tmp_path / "p")
    assert run_xtk("build", cwd=project).code == 0
    good = tree(project / "build")
    breaks(project)
    result = run_xtk("build", cwd=project)
    assert result.code == code, result.output
    assert tree(project / "build") == good
    assert not list((project / "build").glob(".*"))


def test_esbuild_that_cannot_start_leaves_no_staging(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    assert build(project).code == 0
    good = tree(project / "build")
    binary = project / "node_modules"  # the shared install: point this copy at a binary that cannot run instead
    binary.unlink()
    fake = project / "node_modules/@esbuild/linux-x64/bin/esbuild"
    fake.parent.mkdir(parents=True)
    fake.write_bytes(b"\x7fELF not really")
    fake.chmod(0o755)
    (project / "node_modules/esbuild").mkdir()  # the package beside it, as npm installs it
    (project / "node_modules/esbuild/package.json").write_text('{"version": "0.28.2"}', encoding="utf-8")
    result = build(project, "--no-cache")
    assert result.code == 1, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert tree(project / "build") == good and not list((project / "build").glob(".*"))


def test_sigterm_during_a_build_leaves_the_last_good_build_and_no_litter(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    assert run_xtk("build", cwd=project).code == 0
    good = tree(project / "build")
    edit(project / "src/background/index.ts", "", "console.log('changed');\n")
    xtk = Path(sys.executable).with_name("xtk")
    process = subprocess.Popen([str(xtk), "build"], cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # The type-check (tsc) runs for a second or more after the staging folders exist: stop the build there.
    while process.poll() is None and not list((project / "build").glob(".staging-*")):
        os.sched_yield()
    assert process.poll() is None, "the build finished before it could be interrupted"
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr  # as Ctrl-C: xtk says "interrupted"
    assert b"interrupted" in stderr
    assert tree(project / "build") == good
    assert not list((project / "build").glob(".*"))
