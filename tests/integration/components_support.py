"""The components fixture (tests/fixtures/projects/components/: a Svelte popup and content-script widget, a Vue
options page): its npm packages installed once with `npm ci`, and disposable copies of it to build."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

from tests.conftest import REPO

COMPONENTS = REPO / "tests/fixtures/projects/components"
_STAMP = ".xtk-lock.sha256"  # the lockfile node_modules was installed from


def install_components_fixture() -> Path:
    """`npm ci` in the fixture, unless node_modules was installed from this very lockfile (then nothing runs)."""
    lock = hashlib.sha256((COMPONENTS / "package-lock.json").read_bytes()).hexdigest()
    stamp = COMPONENTS / "node_modules" / _STAMP
    if stamp.is_file() and stamp.read_text(encoding="utf-8") == lock:
        return COMPONENTS / "node_modules"
    completed = subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund"], cwd=COMPONENTS, capture_output=True, text=True, timeout=600
    )
    assert completed.returncode == 0, f"npm ci in {COMPONENTS} failed:\n{completed.stdout}{completed.stderr}"
    stamp.write_text(lock, encoding="utf-8")
    return COMPONENTS / "node_modules"


def copy_components(destination: Path, node_modules: Path) -> Path:
    """The fixture in `destination`, its node_modules linked (never copied), no earlier build or cache."""
    shutil.copytree(COMPONENTS, destination, ignore=shutil.ignore_patterns("node_modules", "build", ".xtk"))
    (destination / "node_modules").symlink_to(node_modules, target_is_directory=True)
    return destination
