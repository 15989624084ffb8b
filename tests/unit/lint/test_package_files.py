"""XL024 in an archive: what the upload really holds, hidden files included (a folder's are left to the packager)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from tests.unit.lint.rules.support import FIXTURES
from toolchain.lint.engine import run_rules
from toolchain.lint.extension_targets import extension_context

FIXTURE = FIXTURES / "rules" / "XL024"


def _zip(folder: Path, archive: Path) -> Path:
    with zipfile.ZipFile(archive, "w") as out:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix != ".snap":
                out.write(path, path.relative_to(folder).as_posix())
    return archive


def test_an_archive_s_hidden_files_are_reported_a_folder_s_are_not(tmp_path: Path) -> None:
    in_folder = {(f.path, f.message) for f in run_rules(extension_context(FIXTURE), ["XL024"], [])}
    in_archive = {
        (f.path, f.message) for f in run_rules(extension_context(_zip(FIXTURE, tmp_path / "x.zip")), ["XL024"], [])
    }
    hidden = {path for path, message in in_archive if " is hidden:" in message}
    assert hidden == {".env", ".hidden/a.txt", "__MACOSX/._background.js"}
    assert any(
        "`.hidden/ (2 files)` is hidden" in message and "the archive holds it" in message for _, message in in_archive
    )
    assert not any(" is hidden:" in message for _, message in in_folder)
    # the rest is the same in both, said of the folder's zip or of the archive
    assert (
        {p for p, _ in in_folder}
        == {p for p, _ in in_archive} - hidden
        == {
            "META-INF/manifest.mf",
            "background.js.orig",
            "bin/helper.exe",
        }
    )
    assert all("a zip of this folder would ship it" in message for _, message in in_folder)


def test_an_icon_that_breaks_the_decoder_is_a_damaged_image_not_a_crash(tmp_path: Path, monkeypatch) -> None:
    import struct

    from PIL import Image

    from toolchain.lint.icon_files import read_icon

    icon = tmp_path / "crafted.png"
    icon.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64)

    def broken(*_args: object, **_kwargs: object) -> None:
        raise struct.error("unpack requires a buffer of 4 bytes")

    monkeypatch.setattr(Image, "open", broken)
    found = read_icon(icon)
    assert found.problem == "is a damaged image (unpack requires a buffer of 4 bytes)"
