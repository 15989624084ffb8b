"""Writing files: every write of xtk's into a project goes through `confine` (the one confinement check,
`toolchain.confine.write_problem`), so nothing lands outside the project through a link, whatever the
folder (`.xtk/`, `out`, `dist`, a generated source)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from toolchain.confine import write_problem
from toolchain.diagnostics import InputError


def confine(path: Path, inside: Path) -> Path:
    """`path`, once it is known that writing it stays inside the project folder `inside`: no link on the way (the
    path itself included) leaves the project or loops. Otherwise an InputError (exit 2) names the link."""
    problem = write_problem(path, inside)
    if problem is not None:
        raise InputError([problem])
    return path


def make_folder(path: Path, inside: Path) -> Path:
    """`path` as a folder (made with its parents when missing), confined to the project folder `inside`."""
    confine(path, inside).mkdir(parents=True, exist_ok=True)
    return path


def write_if_changed(path: Path, text: str, *, inside: Path) -> bool:
    """Write `text` (UTF-8) unless the file holds it already, so editors, watchers and tsc do not see a new file
    on every build; True if it was written. The write is atomic (a temporary file renamed over the old one, its
    mode kept): a reader never sees half a file, and an interrupted write leaves the old one. `inside` is the
    project folder the file must stay in (`confine`)."""
    confine(path, inside)
    data = text.encode("utf-8")
    mode = 0o644
    try:
        if path.read_bytes() == data:
            return False
        mode = path.stat().st_mode & 0o777
    except OSError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return True
