"""`xtk import`: detect, read, render, check, write."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from toolchain.diagnostics import InputError
from toolchain.importer import detect, manifest_json, plasmo, vite, writer, wxt
from toolchain.importer.model import Imported, Kind, Note


@dataclass
class ImportReport:
    directory: Path
    kind: Kind
    text: str
    notes: list[Note] = field(default_factory=list)
    written: Path | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "ok": True,
            "kind": self.kind,
            "path": str(self.written) if self.written else None,
            "config": self.text,
            "notes": [note.to_json() for note in self.notes],
        }


def import_project(directory: Path, kind: Kind | None, force: bool, dry_run: bool) -> ImportReport:
    shown = str(directory)
    directory = Path(os.path.abspath(directory))
    if not directory.is_dir():
        raise InputError.single("not a folder: xtk import reads the project in a folder", path=shown)
    if (directory / "xtk.toml").exists() and not force and not dry_run:
        raise InputError.single(
            "already exists; xtk import never overwrites it (--force replaces it, --dry-run prints the config instead)",
            path=f"{shown}/xtk.toml",
        )
    chosen = kind or detect.detect(directory)
    imported = Imported(chosen, directory)
    if chosen == "wxt":
        wxt.read_wxt(imported)
    elif chosen == "plasmo":
        plasmo.read_plasmo(imported)
    elif chosen == "vite":
        vite.read_vite(imported)
    else:
        manifest = directory / "manifest.json"
        if not manifest.is_file():
            raise InputError.single("no manifest.json here (--from manifest reads one)", path=shown)
        manifest_json.read_manifest_folder(imported, manifest)
    text = writer.render(imported)
    writer.check(text, imported)
    report = ImportReport(directory, chosen, text, imported.notes)
    if not dry_run:
        report.written = writer.write(directory, text, force)
    return report
