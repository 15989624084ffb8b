"""Everything a build reads, writes or deletes stays inside the project (issue "Nothing lost, nothing leaked",
items 2 and 5): paths that leave it, an `out` that holds the project's own files, and links out of it are refused
with a located error (exit 2), and nothing outside is touched."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from tests.conftest import run_xtk
from tests.integration.support import build, copy_fixture, edit, listing

pytestmark = pytest.mark.node


def set_key(project: Path, line: str) -> None:
    """Put a top-level `key = value` line first in xtk.toml (before any table)."""
    config = project / "xtk.toml"
    config.write_text(line + "\n" + config.read_text())


def assert_refused(result, key: str, fragment: str) -> None:
    assert result.code == 2, result.output
    assert re.search(rf"^xtk\.toml:1:1: error: {re.escape(key)}: .*{re.escape(fragment)}", result.stderr, re.M), result.stderr
    assert "Traceback" not in result.output


def test_out_outside_the_project_is_refused(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    elsewhere = tmp_path / "elsewhere" / "chrome"
    elsewhere.mkdir(parents=True)
    (elsewhere / "precious.txt").write_text("not xtk's")
    set_key(project, 'out = "../elsewhere"')

    assert_refused(build(project), "out", "outside the project")
    assert (elsewhere / "precious.txt").read_text() == "not xtk's"


def test_out_equal_to_the_project_folder_is_refused(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    lint_build = project / ".xtk/lint-build/keep.txt"
    lint_build.parent.mkdir(parents=True)
    lint_build.write_text("keep")
    set_key(project, 'out = "."')

    assert_refused(build(project), "out", "cannot be the project folder itself")
    assert lint_build.read_text() == "keep"


@pytest.mark.parametrize(("out", "fragment"), [
    ("src", "holds src (src)"),
    (".xtk", "holds .xtk (.xtk)"),
    ("public/build", "is inside public (public)"),
    ("node_modules/out", "outside the project"),  # node_modules is a link out of this copy
])
def test_out_holding_or_inside_the_sources_is_refused(tmp_path: Path, out: str, fragment: str) -> None:
    project = copy_fixture(tmp_path / "p")
    before = listing(project / "src")
    set_key(project, f'out = "{out}"')
    assert_refused(build(project), "out", fragment)
    assert listing(project / "src") == before


@pytest.mark.parametrize(("key", "value"), [
    ("root", "../other"), ("root", "/tmp"), ("src", "../src"), ("public", "/etc"), ("locales", "../_locales"),
    ("dist", "../dist"),
])
def test_folder_keys_outside_the_project_are_refused(tmp_path: Path, key: str, value: str) -> None:
    project = copy_fixture(tmp_path / "p")
    (tmp_path / "other").mkdir()
    config = project / "xtk.toml"
    if key == "locales":
        edit(config, 'locales = "_locales"', 'locales = "../_locales"')
        result = build(project)
        assert result.code == 2 and re.search(r"^xtk\.toml:\d+:1: error: locales: \.\./_locales: resolves outside", result.stderr, re.M), result.stderr
        return
    set_key(project, f'{key} = "{value}"')
    assert_refused(build(project), key, value)


def test_a_public_link_out_of_the_project_is_refused_by_name(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    secret = tmp_path / "secret.txt"
    secret.write_text("API_KEY=sk-live")
    (project / "public/notes.txt").symlink_to(secret)

    result = build(project)

    assert result.code == 2, result.output
    assert re.search(r"^public/notes\.txt: error: symbolic link to .*secret\.txt leaves the project", result.stderr, re.M), result.stderr
    assert not (project / "build").exists()


def test_a_public_folder_link_out_of_the_project_is_refused_by_name(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside/key.pem").write_text("-----BEGIN PRIVATE KEY-----")
    (project / "public/vendor").symlink_to(tmp_path / "outside", target_is_directory=True)
    result = build(project)
    assert result.code == 2 and "public/vendor: error: symbolic link to" in result.stderr, result.output


def test_links_inside_the_project_are_followed(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    (project / "assets/fonts").mkdir(parents=True)
    (project / "assets/fonts/a.woff2").write_bytes(b"font")
    (project / "public/fonts").symlink_to(project / "assets/fonts", target_is_directory=True)
    (project / "public/readme.txt").symlink_to(project / "assets/fonts/a.woff2")
    assert build(project).code == 0
    assert (project / "build/chrome/fonts/a.woff2").read_bytes() == b"font"
    assert (project / "build/chrome/readme.txt").read_bytes() == b"font"


def test_an_entry_linked_out_of_the_project_is_refused_by_name(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    (tmp_path / "evil.ts").write_text("console.log('outside');\n")
    (project / "src/content/linked.ts").symlink_to(tmp_path / "evil.ts")
    edit(project / "xtk.toml", 'js = ["src/content/main-world.ts"]', 'js = ["src/content/linked.ts"]')
    result = build(project)
    assert result.code == 2, result.output
    assert re.search(r"^xtk\.toml:\d+:\d+: error: content_scripts\[1\]\.js\[0\]: src/content/linked\.ts: src/content/linked\.ts is a symbolic link to .*evil\.ts, outside the project",
                     result.stderr, re.M), result.stderr


def test_package_refuses_a_link_out_of_the_project(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    (tmp_path / "id_rsa").write_text("PRIVATE")
    (project / "notes.md").symlink_to(tmp_path / "id_rsa")
    result = run_xtk("package", "--no-typecheck", cwd=project)
    assert result.code == 2, result.output
    assert "notes.md: error: symbolic link to" in result.stderr
    for archive in (project / "dist").glob("*.zip") if (project / "dist").exists() else []:
        with zipfile.ZipFile(archive) as zipped:
            assert "notes.md" not in zipped.namelist()


def test_a_root_outside_is_reported_once_not_again_for_src_and_public(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    set_key(project, 'root = "../other"')
    result = build(project)
    assert result.code == 2 and result.stderr.count("error:") == 1, result.stderr


def test_a_link_out_added_after_a_cached_build_is_refused_not_replayed(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    assert build(project).code == 0
    (tmp_path / "secret.txt").write_text("token")
    (project / "_locales/en/notes.txt").symlink_to(tmp_path / "secret.txt")
    result = build(project)
    assert result.code == 2 and "_locales/en/notes.txt: error: symbolic link to" in result.stderr, result.output
    assert not (project / "build/chrome/_locales/en/notes.txt").exists()


def test_an_imported_source_linked_out_of_the_project_is_refused_by_name(tmp_path: Path) -> None:
    # Found by an audit: src/shared/linked.ts -> a file outside, imported by the content script, was bundled into
    # every build with exit 0. esbuild resolves links itself, so the link is refused before it runs.
    project = copy_fixture(tmp_path / "p")
    (tmp_path / "outside.ts").write_text("export const leaked = 'outside the project';\n")
    (project / "src/shared/linked.ts").symlink_to(tmp_path / "outside.ts")
    entry = project / "src/content/index.ts"
    entry.write_text("import { leaked } from '../shared/linked';\nconsole.log(leaked);\n" + entry.read_text())
    result = build(project)
    assert result.code == 2, result.output
    assert re.search(r"^src/shared/linked\.ts: error: symbolic link to .*outside\.ts leaves the project", result.stderr,
                     re.M), result.stderr
    assert not (project / "build").exists()


def test_a_source_link_out_added_after_a_cached_build_is_refused_not_replayed(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    assert build(project).code == 0
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.ts").write_text("export const token = 'secret';\n")
    (project / "src/vendor").symlink_to(tmp_path / "outside", target_is_directory=True)
    result = build(project)
    assert result.code == 2 and "src/vendor: error: symbolic link to" in result.stderr, result.output


def test_source_links_inside_the_project_and_linked_node_modules_are_fine(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")  # its node_modules is itself a link out of the project
    (project / "src/shared/again.ts").symlink_to(project / "src/shared/env.ts")
    assert build(project).code == 0
