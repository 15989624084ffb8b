"""What every example's tests share: a copy of examples/<name> outside the repository (builds and conform scratch
land there, node_modules linked, not copied) and its builds."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from tests.conftest import CORPUS, REPO, run_xtk

EXAMPLES = REPO / "examples"
PAGES = CORPUS / "pages"


def copy_example(name: str, destination: Path, corpus: bool = False) -> Path:
    """examples/`name` copied to `destination`, without build outputs. With `corpus`, its [golden] corpus (which it
    must declare) is made absolute: the copy's relative ../../../shared does not exist."""
    example = EXAMPLES / name
    shutil.copytree(
        example, destination, ignore=shutil.ignore_patterns("node_modules", "build", "dist", ".xtk", "__pycache__")
    )
    (destination / "node_modules").symlink_to(example / "node_modules", target_is_directory=True)
    if corpus:
        config = destination / "xtk.toml"
        text, count = re.subn(
            r'^corpus = "[^"]*"',
            f"corpus = {json.dumps(str(PAGES))}",
            config.read_text(encoding="utf-8"),
            flags=re.MULTILINE,
        )
        assert count == 1, f"examples/{name}/xtk.toml declares its corpus"
        config.write_text(text, encoding="utf-8")
    return destination


def build_example(name: str, destination: Path, corpus: bool = False) -> Path:
    """A copy of the example built for every target; its build folder."""
    project = copy_example(name, destination, corpus)
    result = run_xtk("build", "--browser", "all", cwd=project)
    assert result.code == 0, result.output
    return project / "build"
