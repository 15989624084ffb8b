"""Output formats of `xtk lint`: text (like ruff), json, sarif (2.1.0), github (workflow annotations)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from toolchain.lint.model import Finding

Reporter = Callable[[Sequence[Finding], Path], str]


def reporter(name: str) -> Reporter:
    from toolchain.lint.reporters import github, json_format, sarif, text

    return {"text": text.render, "json": json_format.render, "sarif": sarif.render, "github": github.render}[name]
