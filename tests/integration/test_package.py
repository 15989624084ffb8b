"""`xtk package`: one zip per browser plus the sources zip, byte-identical across runs."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from tests.conftest import run_xtk

pytestmark = pytest.mark.node

ZIPS = ("docmind-2.2.0-chrome.zip", "docmind-2.2.0-edge.zip", "docmind-2.2.0-firefox.zip", "docmind-2.2.0-sources.zip")


def digests(dist: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(dist.glob("*.zip"))}


def test_package_is_reproducible_byte_for_byte(flagship: Path) -> None:
    first = run_xtk("package", cwd=flagship)
    assert first.code == 0, first.output
    assert sorted(digests(flagship / "dist")) == sorted(ZIPS)
    before = digests(flagship / "dist")
    # Touch every source: new timestamps must not change a byte.
    for path in (flagship / "extension_src" / "src").rglob("*"):
        path.touch()
    second = run_xtk("package", cwd=flagship)
    assert second.code == 0, second.output
    assert digests(flagship / "dist") == before


def test_browser_zip_holds_the_build_and_sources_zip_the_project(flagship: Path) -> None:
    assert run_xtk("package", cwd=flagship).code == 0
    with zipfile.ZipFile(flagship / "dist/docmind-2.2.0-firefox.zip") as archive:
        names = archive.namelist()
    assert "manifest.json" in names and "background/index.js" in names
    built = sorted(
        p.relative_to(flagship / "build/firefox").as_posix()
        for p in (flagship / "build/firefox").rglob("*")
        if p.is_file()
    )
    assert sorted(names) == built
    with zipfile.ZipFile(flagship / "dist/docmind-2.2.0-sources.zip") as archive:
        sources = set(archive.namelist())
    assert {
        "xtk.toml",
        "extension_src/package.json",
        "extension_src/package-lock.json",
        "extension_src/src/content/index.ts",
    } <= sources
    assert not any(n.startswith(("build/", "dist/")) or "node_modules" in n or "/.xtk/" in n for n in sources)


def test_package_json_output(flagship: Path) -> None:
    result = run_xtk("package", "--browser", "chrome", "--format", "json", cwd=flagship)
    assert result.code == 0, result.output
    assert '"dist/docmind-2.2.0-chrome.zip"' in result.stdout and '"dist/docmind-2.2.0-sources.zip"' in result.stdout
