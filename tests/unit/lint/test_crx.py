"""`xtk lint` on a Chrome package (.crx): its header is checked, and the zip behind it is linted as a .zip would be,
within the same bounds; a file that is no .crx, or a damaged one, is bad input (exit 2) naming the file."""

from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolchain.cli import main

MANIFEST = b'{"manifest_version": 3, "name": "Packed", "version": "1.0", "background": {"service_worker": "bg.js"}}'


def zipped() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("manifest.json", MANIFEST)
        archive.writestr("bg.js", "chrome.storage.local.get('seen');\n")  # storage without its permission: XP001
    return buffer.getvalue()


def crx3(body: bytes, header: bytes = b"\x12\x04signed-header") -> bytes:
    return b"Cr24" + struct.pack("<2L", 3, len(header)) + header + body


def crx2(body: bytes, key: bytes = b"k" * 7, signature: bytes = b"s" * 5) -> bytes:
    return b"Cr24" + struct.pack("<3L", 2, len(key), len(signature)) + key + signature + body


def lint(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["lint", str(path)], catch_exceptions=False)
    return result.exit_code, result.output


@pytest.mark.parametrize("pack", [crx3, crx2], ids=["CRX3", "CRX2"])
def test_a_crx_is_linted_as_the_zip_behind_its_header(tmp_path: Path, pack: object) -> None:
    package = tmp_path / "packed.crx"
    package.write_bytes(pack(zipped()))  # type: ignore[operator]
    code, output = lint(package)
    assert code == 1, output
    assert "bg.js:1:1: XP001 `storage.local.get` needs the `storage` permission" in output, output


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (zipped(), 'not a Chrome package: a .crx starts with "Cr24"'),  # a zip named .crx
        (b"Cr24" + struct.pack("<2L", 4, 0) + zipped(), "a .crx of version 4: xtk reads versions 2 and 3"),
        (b"Cr24" + struct.pack("<2L", 3, 10_000) + zipped()[:100], "a damaged .crx: its header says"),
        (crx3(b"not a zip at all, only bytes"), "a damaged .crx: no zip archive after its header"),
        (b"Cr2", 'not a Chrome package: a .crx starts with "Cr24"'),
        (b"Cr24\x03\x00", "a damaged .crx: its header is cut short"),
    ],
    ids=["zip", "version 4", "short", "no zip", "not even the magic", "truncated"],
)
def test_a_file_that_is_no_crx_is_bad_input(tmp_path: Path, data: bytes, said: str) -> None:
    package = tmp_path / "packed.crx"
    package.write_bytes(data)
    code, output = lint(package)
    assert code == 2 and f"packed.crx: {said}" in output, output
    assert "Traceback" not in output and "internal error" not in output
