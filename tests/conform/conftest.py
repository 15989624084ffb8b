"""`xtk conform`'s tests run against a toy project (tests/fixtures/conform/): a conformance module of toy functions
and toy vector files, so they do not depend on DocMind's runtime or on the golden files. The golden-vector projects
are DocMind (a copy with its vectors and reference) and tests/fixtures/projects/golden-mini."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CORPUS, EXTENSION, REPO

FIXTURES = REPO / "tests" / "fixtures" / "conform"
GOLDEN_MINI = REPO / "tests" / "fixtures" / "projects" / "golden-mini"


@pytest.fixture
def toy(tmp_path: Path) -> Path:
    """A copy of tests/fixtures/conform; its project's node_modules links to extension_src's (for esbuild)."""
    root = tmp_path / "conform"
    shutil.copytree(FIXTURES, root)
    (root / "project" / "node_modules").symlink_to(EXTENSION / "node_modules", target_is_directory=True)
    return root


@pytest.fixture
def golden_mini(tmp_path: Path) -> Path:
    """A copy of the second golden project (one function); node_modules linked to extension_src's (for esbuild)."""
    root = tmp_path / "golden-mini"
    shutil.copytree(GOLDEN_MINI, root, ignore=shutil.ignore_patterns("__pycache__"))
    (root / "node_modules").symlink_to(EXTENSION / "node_modules", target_is_directory=True)
    return root


def with_docmind_golden(flagship: Path) -> Path:
    """Give a copy of DocMind (tests/conftest.py copy_flagship) its golden vectors and Python reference, and point
    its [golden] corpus at the real corpus (the copy's ../shared does not exist)."""
    target = flagship / "extension_src"
    shutil.copytree(EXTENSION / "specs" / "golden", target / "specs" / "golden")
    shutil.copytree(
        EXTENSION / "api" / "docmind_reference",
        target / "api" / "docmind_reference",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    config = flagship / "xtk.toml"
    text = config.read_text(encoding="utf-8")
    declared = 'corpus = "../shared/corpus/pages"'
    assert declared in text, "DocMind's xtk.toml declares its corpus"
    config.write_text(text.replace(declared, f"corpus = {json.dumps(str(CORPUS / 'pages'))}"), encoding="utf-8")
    return flagship


@pytest.fixture
def docmind_golden(flagship: Path) -> Path:
    """A copy of DocMind with its golden vectors and reference (see with_docmind_golden)."""
    return with_docmind_golden(flagship)


def write_vectors(path: Path, function: str, parameters: list[str], cases: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"function": function, "parameters": parameters, "cases": cases}, indent=1))
    return path


def case(id: str, arguments: dict[str, Any], expected: Any = ..., **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"id": id, "description": id, "arguments": arguments, **extra}
    if expected is not ...:
        data["expected"] = expected
    return data
