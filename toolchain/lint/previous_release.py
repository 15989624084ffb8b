"""The release `xtk lint --against OLD` compares with: OLD's manifest.json, from an unpacked folder or a .zip, .xpi
or .crx (unpacked within the same bounds as a linted archive; only its manifest is read)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolchain.diagnostics import InputError
from toolchain.lint.limits import InputLimits


@dataclass(frozen=True)
class PreviousRelease:
    display: str  # OLD as given
    manifest: dict[str, Any]


def load_previous_release(path: Path, limits: InputLimits | None = None) -> PreviousRelease:
    from toolchain.json_input import read_json_bytes
    from toolchain.lint.archive import ARCHIVE_SUFFIXES, unpack_archive
    from toolchain.manifest.schema import decode_manifest, parse_manifest_text

    display = str(path)
    if path.is_file() and path.suffix.lower() in ARCHIVE_SUFFIXES:
        folder = unpack_archive(path, limits or InputLimits())
    elif path.is_dir():
        folder = path
    else:
        raise InputError.single(
            f"--against {display}: give the previous release as an extension folder or a .zip/.xpi/.crx"
        )
    manifest_path = folder / "manifest.json"
    if not manifest_path.is_file():
        raise InputError.single(f"--against {display}: it holds no manifest.json")
    where = f"{display}: manifest.json"
    text = decode_manifest(read_json_bytes(manifest_path, where, "the previous release's manifest"), where)
    return PreviousRelease(display, parse_manifest_text(text, where))
