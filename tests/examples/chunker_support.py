"""What the chunker example's tests share: a copy of examples/chunker outside the repository (builds and conform
scratch land there), its reference importable, and its corpus pointed at ../shared/corpus/pages."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

from tests.conftest import CORPUS, REPO

EXAMPLE = REPO / "examples" / "chunker"
REFERENCE = EXAMPLE / "reference"
PAGES = CORPUS / "pages"

if str(REFERENCE) not in sys.path:
    sys.path.insert(0, str(REFERENCE))


def copy_example(destination: Path) -> Path:
    """examples/chunker copied to `destination` (node_modules linked, not copied; no build outputs), its [golden]
    corpus made absolute (the copy's ../../../shared does not exist)."""
    shutil.copytree(EXAMPLE, destination, ignore=shutil.ignore_patterns("node_modules", "build", "dist", ".xtk",
                                                                          "__pycache__"))
    (destination / "node_modules").symlink_to(EXAMPLE / "node_modules", target_is_directory=True)
    config = destination / "xtk.toml"
    text, count = re.subn(r'^corpus = "[^"]*"', f"corpus = {json.dumps(str(PAGES))}", config.read_text(encoding="utf-8"),
                          flags=re.MULTILINE)
    assert count == 1, "examples/chunker/xtk.toml declares its corpus"
    config.write_text(text, encoding="utf-8")
    return destination
