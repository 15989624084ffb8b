"""How much input `xtk lint` accepts: the bounds that keep a hostile archive or a huge bundle from exhausting the
disk, the memory or the user's patience (docs/lint.md, "Bounded input").

The defaults follow what the stores accept: addons.mozilla.org takes uploads up to 200 MB, and a real extension
holds a few thousand files at most. Compression beyond 100:1 is what zip bombs are made of (ordinary text and
JavaScript compress 3–10:1); it is only judged for members of 1 MiB or more, where a bomb pays off.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import click

KIB = 1024
MIB = 1024 * KIB
GIB = 1024 * MIB

#: members smaller than this are never refused for their compression ratio (a short run of spaces compresses 1000:1)
RATIO_FLOOR_BYTES = MIB


@dataclass(frozen=True)
class InputLimits:
    max_archive_bytes: int = 200 * MIB  # the .zip/.xpi on disk
    max_unpacked_bytes: int = 512 * MIB  # all members together, uncompressed
    max_files: int = 10_000  # members of the archive
    max_ratio: int = 100  # uncompressed : compressed, per member of RATIO_FLOOR_BYTES or more
    max_file_bytes: int = 2 * MIB  # a source file larger than this is not parsed (XL004)


_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmg]i?b?|b)?\s*$", re.IGNORECASE)
_UNITS = {"": 1, "b": 1, "k": KIB, "m": MIB, "g": GIB}


def parse_size(text: str) -> int:
    """Bytes from "2M", "512MiB", "1.5G", "300k" or a plain number of bytes (binary units: 1M = 1,048,576)."""
    match = _SIZE.match(text)
    if not match:
        raise ValueError(f"{text!r} is not a size (examples: 2M, 512MiB, 1G, 300k, 4096)")
    number, unit = match.groups()
    return int(float(number) * _UNITS[(unit or "")[:1].lower()])


def format_size(count: int) -> str:
    """A size as people read it: 2 MiB, 1.5 GiB, 300 KiB, 12 bytes."""
    for unit, size in (("GiB", GIB), ("MiB", MIB), ("KiB", KIB)):
        if count >= size:
            value = count / size
            return f"{value:.0f} {unit}" if value == int(value) else f"{value:.1f} {unit}"
    return f"{count} bytes"


class SizeParam(click.ParamType):
    """A click option taking a size (`--max-file-size 4M`)."""

    name = "size"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        try:
            size = parse_size(str(value))
        except ValueError as error:
            self.fail(str(error), param, ctx)
        if size <= 0:
            self.fail(f"{value!r}: a limit must be more than 0 bytes", param, ctx)
        return size


class SecondsParam(click.ParamType):
    """A click option taking a positive number of seconds (`--timeout 120`, `--timeout 2.5`)."""

    name = "seconds"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            seconds = float(value)
        else:
            try:
                seconds = float(str(value).strip().removesuffix("s").strip())
            except ValueError:
                self.fail(f"{value!r} is not a number of seconds (examples: 60, 300, 2.5)", param, ctx)
        if not seconds > 0 or seconds == float("inf"):
            self.fail(f"{value!r}: the deadline must be a number of seconds more than 0", param, ctx)
        return seconds
