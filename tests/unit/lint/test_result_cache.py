"""The lint result cache (toolchain/lint/result_cache.py): a project none of whose inputs changed replays its last
findings; any change to what the lint reads — a source, the config, a file under the root, the request — lints
again from scratch, with the same verdicts (a config `xtk build` rejects is still bad input, exit 2).

A replay is told apart from a lint by a marker planted in the stored findings: a replay shows it, a lint cannot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import copy_flagship, run_xtk

pytestmark = pytest.mark.node  # every test lints a copy of DocMind, which builds it with esbuild

MARKER = {
    "code": "XP002",
    "message": "planted in the cache",
    "severity": "error",
    "path": "xtk.toml",
    "line": 1,
    "column": 1,
    "browser": None,
    "fix": None,
    "related": [{"message": "analysed", "path": "a.ts", "line": None}],
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = copy_flagship(tmp_path / "docmind")
    first = run_xtk("lint", cwd=folder)
    assert first.code == 0, first.output
    return folder


def cache_files(project: Path) -> list[Path]:
    return sorted((project / ".xtk" / "lint-cache").glob("*.json"))


def plant(project: Path) -> None:
    for file in cache_files(project):
        data = json.loads(file.read_text())
        data["findings"] = [MARKER]
        file.write_text(json.dumps(data))


def test_an_unchanged_project_replays_its_findings(project: Path) -> None:
    plant(project)
    replayed = run_xtk("lint", "--format", "json", cwd=project)
    shown = {k: v for k, v in MARKER.items() if v is not None}  # json leaves out an empty browser and fix
    assert replayed.code == 1 and json.loads(replayed.stdout) == [shown]  # the stored findings, related included
    fresh = run_xtk("lint", "--no-cache", cwd=project)
    assert fresh.code == 0 and fresh.stdout == "All checks passed.\n"
    assert run_xtk("lint", cwd=project).code == 0  # --no-cache stored its own result


def test_a_replay_is_the_lint_it_replays_field_for_field(tmp_path: Path) -> None:
    """Every field of every finding comes back: the stores it concerns and the config key were lost before."""
    folder = copy_flagship(tmp_path / "docmind")
    background = folder / "extension_src" / "src" / "background" / "index.ts"
    background.write_text(background.read_text() + "\n// @ts-expect-error\nvoid chrome.cookies.getAll({});\n")
    config = folder / "xtk.toml"
    config.write_text(config.read_text().replace('contextMenus = "', 'storage = "Unused."\ncontextMenus = "', 1))
    linted = run_xtk("lint", "--format", "json", cwd=folder)
    replayed = run_xtk("lint", "--format", "json", cwd=folder)
    findings = json.loads(linted.stdout)
    assert any(f.get("stores") for f in findings), findings  # the fields at stake are there to lose
    assert (replayed.code, json.loads(replayed.stdout)) == (linted.code, findings)
    assert cache_files(folder), "the second lint was a replay"


def test_an_edited_source_is_linted_again(project: Path) -> None:
    plant(project)
    source = project / "extension_src" / "src" / "popup" / "index.ts"
    source.write_text(source.read_text() + "// xtk-ignore[XS001]\nexport {};\n")
    edited = run_xtk("lint", cwd=project)
    assert edited.code == 1 and "planted" not in edited.output
    assert "extension_src/src/popup/index.ts" in edited.stdout and "XL001" in edited.stdout


@pytest.mark.parametrize("name", ["extension_src/public/new-asset.txt", "extension_src/specs/protocol/notes.md"])
def test_a_file_added_under_the_root_is_seen(project: Path, name: str) -> None:
    plant(project)
    (project / name).write_text("new\n")
    again = run_xtk("lint", cwd=project)
    assert again.code == 0 and "planted" not in again.output


def test_a_config_the_build_rejects_is_still_bad_input(project: Path) -> None:
    plant(project)
    config = project / "xtk.toml"
    config.write_text(config.read_text() + "\n[targets.chrome.manifest]\nbackground = 5\n")
    linted = run_xtk("lint", cwd=project)
    built = run_xtk("build", "--no-typecheck", "-b", "chrome", cwd=project)
    assert linted.code == built.code == 2 and "planted" not in linted.output
    assert "background" in linted.stderr


def test_the_request_is_part_of_the_key(project: Path) -> None:
    plant(project)
    selected = run_xtk("lint", "--select", "XP", cwd=project)
    assert selected.code == 0 and "planted" not in selected.output
    assert len(cache_files(project)) == 2
    assert "planted" in run_xtk("lint", cwd=project).output


def test_a_plain_extension_is_not_cached(tmp_path: Path, project: Path) -> None:
    built = run_xtk("build", "--no-typecheck", "-b", "firefox", cwd=project)
    assert built.code == 0, built.output
    before = cache_files(project)
    assert run_xtk("lint", "build/firefox", cwd=project).code == 0
    assert cache_files(project) == before


@pytest.mark.parametrize("how", ["copied", "moved"])
def test_a_copied_or_moved_project_lints_itself(project: Path, how: str) -> None:
    # Found by an audit: `cp -r demo demo2` (its .xtk/ too), a broken locale in the copy, and the copy replayed the
    # original's "All checks passed" (the stored paths are absolute: they named the original's unchanged files).
    import shutil

    plant(project)
    other = project.parent / f"{how}-docmind"
    if how == "copied":
        shutil.copytree(project, other, symlinks=True)
    else:
        project.rename(other)
    replayed = run_xtk("lint", cwd=other)
    assert replayed.code == 0 and "planted" not in replayed.output, replayed.output
    again = run_xtk("lint", cwd=other)  # the copy's own result, stored where it is, replays now
    assert again.code == 0 and "planted" not in again.output
