"""Fixture projects with npm packages of their own (tests/fixtures/projects/components/: a Svelte popup and
content-script widget, a Vue options page; stylesheets_support.py uses the same two steps): the packages installed
once with `npm ci`, and disposable copies of the project to build."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

from tests.conftest import REPO

COMPONENTS = REPO / "tests/fixtures/projects/components"
_STAMP = ".xtk-lock.sha256"  # the lockfile node_modules was installed from


def install_npm_fixture(folder: Path) -> Path:
    """`npm ci` in `folder`, unless node_modules was installed from this very lockfile (then nothing runs)."""
    lock = hashlib.sha256((folder / "package-lock.json").read_bytes()).hexdigest()
    stamp = folder / "node_modules" / _STAMP
    if stamp.is_file() and stamp.read_text(encoding="utf-8") == lock:
        return folder / "node_modules"
    completed = subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund"], cwd=folder, capture_output=True, text=True, timeout=600
    )
    assert completed.returncode == 0, f"npm ci in {folder} failed:\n{completed.stdout}{completed.stderr}"
    stamp.write_text(lock, encoding="utf-8")
    return folder / "node_modules"


def copy_npm_fixture(folder: Path, destination: Path, node_modules: Path) -> Path:
    """`folder` in `destination`, its node_modules linked (never copied), no earlier build or cache."""
    shutil.copytree(folder, destination, ignore=shutil.ignore_patterns("node_modules", "build", ".xtk"))
    (destination / "node_modules").symlink_to(node_modules, target_is_directory=True)
    return destination


def install_components_fixture() -> Path:
    return install_npm_fixture(COMPONENTS)


def copy_components(destination: Path, node_modules: Path) -> Path:
    return copy_npm_fixture(COMPONENTS, destination, node_modules)
