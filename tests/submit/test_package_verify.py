"""`xtk package --verify`: the sources zip, rebuilt in a clean temporary folder as its REBUILD.md says, gives every
store zip byte for byte (DocMind; a fresh project and the examples through `xtk submit --dry-run`); when it does
not, the first file that differs is named and the exit is 1."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import pytest

from tests.conftest import copy_flagship, run_xtk
from tests.submit.conftest import Release, copy_release_project
from toolchain.tools.rebuild import compare_zips

pytestmark = pytest.mark.node


def test_docmind_rebuilds_byte_for_byte_from_its_sources(tmp_path: Path) -> None:
    project = copy_flagship(tmp_path / "docmind")
    result = run_xtk("package", "--verify", "--format", "json", cwd=project, timeout=600)
    assert result.code == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["verify"] == {b: {"identical": True, "difference": None} for b in ("chrome", "edge", "firefox")}
    with zipfile.ZipFile(project / "dist" / "docmind-2.2.0-sources.zip") as sources:
        readme = sources.read("REBUILD.md").decode()
    assert "(cd extension_src && npm ci --no-audit --no-fund)" in readme
    for browser in ("chrome", "edge", "firefox"):
        digest = hashlib.sha256((project / "dist" / f"docmind-2.2.0-{browser}.zip").read_bytes())
        assert f"| {browser} | docmind-2.2.0-{browser}.zip | `{digest.hexdigest()}` |" in readme


def test_a_dot_env_variable_the_code_reads_makes_the_build_irreproducible_and_the_file_is_named(
    release: Release, tmp_path: Path
) -> None:
    """.env files are secrets, never in the sources zip: a variable from one changes the bundle the reviewer gets."""
    project = copy_release_project(release, tmp_path / "demo")
    (project / ".env").write_text("XTK_PUBLIC_GREETING=hello\n")
    background = project / "src" / "background" / "index.ts"
    read = '(import.meta.env as unknown as Record<string, string | undefined>)["XTK_PUBLIC_GREETING"]'
    background.write_text(background.read_text() + f"\nconsole.log({read});\n")
    result = run_xtk("package", "--verify", "--browser", "chrome", cwd=project)
    assert result.code == 1, result.stdout + result.stderr
    assert "left out of the sources zip (secrets): .env" in result.stdout
    assert "error: chrome: not reproducible from the sources: background/index.js: its content differs" in result.stderr


def test_sources_that_do_not_build_are_said_as_the_reviewers_build_failing(release: Release, tmp_path: Path) -> None:
    project = copy_release_project(release, tmp_path / "demo")
    (project / ".env").write_text("XTK_PUBLIC_GREETING=hello\n")
    background = project / "src" / "background" / "index.ts"
    background.write_text(background.read_text() + "\nconsole.log(import.meta.env.XTK_PUBLIC_GREETING);\n")
    result = run_xtk("package", "--verify", "--browser", "chrome", cwd=project)
    assert result.code == 1
    assert "error: the sources zip does not rebuild: a reviewer's build fails as follows" in result.stderr
    assert "TS2339" in result.stderr


def test_compare_names_the_first_difference(tmp_path: Path) -> None:
    def make(name: str, files: dict[str, bytes]) -> Path:
        path = tmp_path / name
        with zipfile.ZipFile(path, "w") as archive:
            for entry, content in files.items():
                archive.writestr(entry, content)
        return path

    same = {"manifest.json": b"{}", "a.js": b"1"}
    original = make("original.zip", same)
    assert compare_zips("chrome", original, make("twin.zip", same)).identical
    assert compare_zips("chrome", original, make("more.zip", {**same, "b.js": b""})).difference == (
        "b.js: rebuilt from the sources, not in the store zip"
    )
    assert compare_zips("chrome", original, make("less.zip", {"manifest.json": b"{}"})).difference == (
        "a.js: in the store zip, not rebuilt from the sources"
    )
    assert compare_zips("chrome", original, make("other.zip", {**same, "a.js": b"2"})).difference == (
        "a.js: its content differs"
    )
    with zipfile.ZipFile(tmp_path / "stored.zip", "w", compression=zipfile.ZIP_STORED) as archive:
        for entry, content in same.items():
            archive.writestr(entry, content)
    with zipfile.ZipFile(original, "a") as archive:  # same files, other metadata: a comment
        archive.comment = b"made elsewhere"
    assert compare_zips("chrome", original, tmp_path / "stored.zip").difference == (
        "the same files, but the zips' bytes differ (entry metadata)"
    )
    assert compare_zips("chrome", original, None).difference == "the sources build no package for it"
