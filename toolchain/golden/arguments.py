"""The paths `xtk golden` writes to, checked before any work: a bad `--out` is a usage error (exit 2), not an
OSError after seconds of computing vectors ("internal error")."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

#: Linux's NAME_MAX and PATH_MAX: a longer name or path fails with "File name too long" when written.
_NAME_MAX = 255
_PATH_MAX = 4095


def _unwritable(value: str) -> str | None:
    """Why a path cannot be created or written, whatever its kind; None when nothing stands in the way."""
    if "\0" in value:
        return "a path cannot contain a NUL character"
    encoded = os.fsencode(os.path.abspath(value))
    if len(encoded) > _PATH_MAX:
        return f"the path is {len(encoded)} bytes long; the file system allows {_PATH_MAX}"
    longest = max((len(os.fsencode(part)) for part in Path(value).parts), default=0)
    if longest > _NAME_MAX:
        return f"a name in the path is {longest} bytes long; the file system allows {_NAME_MAX}"
    for ancestor in Path(value).absolute().parents:  # the nearest existing folder must be a folder
        if ancestor.exists():
            return None if ancestor.is_dir() else f"{ancestor} is a file, not a folder"
    return None


class OutputFile(click.ParamType):
    """A file to write: not a folder, not under a file, not too long for the file system."""

    name = "file"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = os.fspath(value)
        problem = _unwritable(text)
        if problem is None and (text.endswith(("/", os.sep)) or Path(text).is_dir()):
            problem = "names a folder; give the file to write, e.g. my.golden.json"
        if problem:
            self.fail(f"{text[:200]!r}: {problem}", param, ctx)
        return text


class OutputFolder(click.ParamType):
    """A folder to write files into: not an existing file, not under a file, not too long for the file system."""

    name = "dir"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = os.fspath(value)
        problem = _unwritable(text)
        if problem is None and Path(text).exists() and not Path(text).is_dir():
            problem = "this is a file; give a folder"
        if problem:
            self.fail(f"{text[:200]!r}: {problem}", param, ctx)
        return text
