"""The stylesheets fixture (tests/fixtures/projects/stylesheets/: Sass, Less, PostCSS with Tailwind v4 and
autoprefixer, Vue and Svelte styles, asset queries): its npm packages installed once with `npm ci` (`make
test-node-deps` does it ahead), and disposable copies of it to build."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

from tests.conftest import REPO

STYLESHEETS = REPO / "tests/fixtures/projects/stylesheets"
_STAMP = ".xtk-lock.sha256"  # the lockfile node_modules was installed from


def install_stylesheets_fixture() -> Path:
    """`npm ci` in the fixture, unless node_modules was installed from this very lockfile (then nothing runs)."""
    lock = hashlib.sha256((STYLESHEETS / "package-lock.json").read_bytes()).hexdigest()
    stamp = STYLESHEETS / "node_modules" / _STAMP
    if stamp.is_file() and stamp.read_text(encoding="utf-8") == lock:
        return STYLESHEETS / "node_modules"
    completed = subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund"], cwd=STYLESHEETS, capture_output=True, text=True, timeout=600
    )
    assert completed.returncode == 0, f"npm ci in {STYLESHEETS} failed:\n{completed.stdout}{completed.stderr}"
    stamp.write_text(lock, encoding="utf-8")
    return STYLESHEETS / "node_modules"


def copy_stylesheets(destination: Path, node_modules: Path) -> Path:
    """The fixture in `destination`, its node_modules linked (never copied), no earlier build or cache."""
    shutil.copytree(STYLESHEETS, destination, ignore=shutil.ignore_patterns("node_modules", "build", ".xtk"))
    (destination / "node_modules").symlink_to(node_modules, target_is_directory=True)
    return destination
