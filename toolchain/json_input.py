"""Reading a JSON file someone else wrote (a manifest, a posture, a protocol schema), within a size limit that is
checked before the file is read or parsed.

Parsing JSON costs far more memory than the text: Python's objects, then the position of every value for located
errors. 3.5 MB of small objects in a manifest took 12 s and 570 MB; 50 MB took 27 s and 6.2 GB (issue 17). A file
over its limit is bad input (exit 2), named with its size and the limit. The limits are far above real files (the
largest manifest of the 376 in the shared corpus is 2.8 KB) and are listed in docs/lint.md, "Bounded input".
"""

from __future__ import annotations

import stat
from pathlib import Path

from toolchain.diagnostics import InputError

MIB = 1024 * 1024
#: manifest.json (a plain extension's), a posture, a protocol's schemas: a few KB in practice
MAX_JSON_BYTES = 1 * MIB


def _size(count: int) -> str:
    """A limit as people read it: 1 MiB, 512 KiB, 100 bytes."""
    for unit, size in (("MiB", MIB), ("KiB", 1024)):
        if count >= size:
            return f"{count // size} {unit}" if count % size == 0 else f"{count / size:.1f} {unit}"
    return f"{count} bytes"


def read_json_bytes(path: Path, display: str, what: str, limit: int = MAX_JSON_BYTES) -> bytes:
    """The bytes of `path` ("the manifest", "the posture"…), or InputError (exit 2) when it cannot be read, is not
    a regular file (a device or a pipe has no size to judge: `/dev/zero` never ends) or is larger than `limit` —
    judged from its size before it is read."""

    def too_large(size: int) -> InputError:
        return InputError.single(
            f"{what} is too large ({size:,} bytes, over the limit of {_size(limit)} for a JSON "
            "file xtk reads): not read",
            path=display,
        )

    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            raise InputError.single(f"{what} is not a regular file: not read", path=display)
        if status.st_size > limit:
            raise too_large(status.st_size)
        data = path.read_bytes()
    except OSError as error:
        raise InputError.single(f"cannot read {what}: {error.strerror or error}", path=display) from None
    if len(data) > limit:  # it grew since
        raise too_large(len(data))
    return data
