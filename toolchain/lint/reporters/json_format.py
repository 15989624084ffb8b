"""A JSON list of findings: code, severity, message, path, line, column, and browser where it applies."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from toolchain.lint.model import Finding


def render(findings: Sequence[Finding], root: Path) -> str:
    return json.dumps([f.to_json() for f in findings], indent=2) + "\n"
