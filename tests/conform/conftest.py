"""`xtk conform`'s tests run against a toy project (tests/fixtures/conform/): a conformance module of toy functions
and toy vector files, so they do not depend on DocMind's runtime or on the golden files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import EXTENSION, REPO

FIXTURES = REPO / "tests" / "fixtures" / "conform"


@pytest.fixture
def toy(tmp_path: Path) -> Path:
    """A copy of tests/fixtures/conform; its project's node_modules links to extension_src's (for esbuild)."""
    root = tmp_path / "conform"
    shutil.copytree(FIXTURES, root)
    (root / "project" / "node_modules").symlink_to(EXTENSION / "node_modules", target_is_directory=True)
    return root


def write_vectors(path: Path, function: str, parameters: list[str], cases: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"function": function, "parameters": parameters, "cases": cases}, indent=1))
    return path


def case(id: str, arguments: dict[str, Any], expected: Any = ..., **extra: Any) -> dict[str, Any]:  # noqa: A002
    data: dict[str, Any] = {"id": id, "description": id, "arguments": arguments, **extra}
    if expected is not ...:
        data["expected"] = expected
    return data
