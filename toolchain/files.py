"""Small file helpers shared by the build steps (esbuild's generated inputs, the env types tsc reads, the
protocol module codegen writes)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_if_changed(path: Path, text: str) -> bool:
    """Write `text` (UTF-8) unless the file holds it already, so editors, watchers and tsc do not see a new file
    on every build; True if it was written. The write is atomic (a temporary file renamed over the old one, its
    mode kept): a reader never sees half a file, and an interrupted write leaves the old one."""
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
