"""A scratch copy of DocMind's project for the benchmarks, so that their builds and lints never touch the
repository's build/ or .xtk/ (tests/conftest.py's copy_flagship is the tests' twin)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def copy_docmind(project: Path) -> Path:
    """DocMind's project at `project` (replaced if there): xtk.toml, extension_src/ without the API's Python
    (node_modules linked, not copied), with its specs (extension_src/specs: posture, protocol, golden vectors)."""
    modules = REPO / "extension_src" / "node_modules"
    if not (modules / "esbuild").is_dir():
        sys.exit(f"{modules} is missing: run `make setup` (npm ci in extension_src) first")
    shutil.rmtree(project, ignore_errors=True)
    project.mkdir(parents=True)
    shutil.copy2(REPO / "xtk.toml", project / "xtk.toml")
    shutil.copytree(
        REPO / "extension_src",
        project / "extension_src",
        ignore=shutil.ignore_patterns("node_modules", ".xtk", "api", "__pycache__"),
    )
    (project / "extension_src" / "node_modules").symlink_to(modules, target_is_directory=True)
    return project
