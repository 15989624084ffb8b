"""Where xtk's own data lives: `templates/` and `specs/` at the top of a checkout, or inside an installed wheel."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

_PACKAGE = Path(__file__).resolve().parent


@cache
def _data_root() -> Path:
    checkout = _PACKAGE.parent
    if (checkout / "templates").is_dir() and (checkout / "specs").is_dir():
        return checkout
    return _PACKAGE / "_data"


def templates_dir() -> Path:
    return _data_root() / "templates"


def specs_dir() -> Path:
    return _data_root() / "specs"


def docs_dir() -> Path:
    """The user documentation `xtk help` prints: docs/ of a checkout, or the copy a wheel carries."""
    return _data_root() / "docs"


@cache
def knowledge_file(name: str) -> Any:
    """A data file of the lint's knowledge base (`specs/knowledge/NAME`), parsed once per process: the build's
    permission scoping and the lint read the same `permissions.json`."""
    return json.loads((specs_dir() / "knowledge" / name).read_text(encoding="utf-8"))
