"""Which kind of project a folder holds: WXT, Plasmo, Vite/CRXJS or a plain manifest.json folder."""

from __future__ import annotations

from pathlib import Path

from toolchain.diagnostics import InputError
from toolchain.importer import plasmo, vite, wxt
from toolchain.importer.model import Kind


def detect(directory: Path) -> Kind:
    """The first that fits: a WXT config, Plasmo in package.json, a Vite config, a manifest.json."""
    if wxt.find_config(directory) is not None:
        return "wxt"
    if plasmo.is_plasmo(directory):
        return "plasmo"
    if vite.find_config(directory) is not None:
        return "vite"
    if (directory / "manifest.json").is_file():
        return "manifest"
    raise InputError.single(
        "not a project xtk import reads: no wxt.config.*, no plasmo in package.json, no vite.config.*, no "
        "manifest.json (--from wxt|plasmo|vite|manifest names the kind)",
        path=str(directory),
    )
