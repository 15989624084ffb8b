"""Helpers shared by the integration tests: a disposable copy of the all-entries fixture project, builds as the
user runs them, and snapshots of what they leave on disk."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import EXTENSION, REPO, XtkResult, run_xtk

FIXTURE = REPO / "tests/fixtures/projects/all-entries"


def copy_fixture(destination: Path) -> Path:
    """The all-entries project in `destination` (node_modules linked, not copied)."""
    shutil.copytree(FIXTURE, destination)
    (destination / "node_modules").symlink_to(EXTENSION / "node_modules", target_is_directory=True)
    return destination


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def build(project: Path, *extra: str) -> XtkResult:
    return run_xtk("build", "--no-typecheck", *extra, cwd=project)


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (dotfiles and scratch included), by relative path."""
    if not folder.is_dir():
        return {}
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def listing(folder: Path) -> list[str]:
    """Every entry under `folder`, folders included: what a failed build must not add to."""
    if not folder.is_dir():
        return []
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))
