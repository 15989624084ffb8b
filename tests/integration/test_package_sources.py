"""The sources zip holds the project's own files only (issue "Nothing lost, nothing leaked", item 4): what git
tracks, or outside git a walk that never takes secrets; `xtk package` lists what went into each zip."""

from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.conftest import run_xtk
from tests.integration.support import copy_fixture

pytestmark = pytest.mark.node
SOURCES_ZIP = "dist/all-entries-0.3.1-beta.2-sources.zip"


def git(project: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
        cwd=project,
        check=True,
        capture_output=True,
    )


def sources(project: Path) -> set[str]:
    with zipfile.ZipFile(project / SOURCES_ZIP) as archive:
        return set(archive.namelist())


def package(project: Path, *extra: str):
    result = run_xtk("package", "--no-typecheck", *extra, cwd=project)
    assert result.code == 0, result.output
    return result


def test_untracked_env_in_a_git_project_stays_out_of_the_sources_zip(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    (project / ".gitignore").write_text("node_modules\nbuild/\ndist/\n.xtk/\n")
    git(project, "init", "-q")
    git(project, "add", ".")
    git(project, "commit", "-q", "-m", "init")
    (project / ".env").write_text("OPENAI_API_KEY=sk-live-secret\n")
    (project / "scratch.txt").write_text("an untracked draft\n")

    package(project)

    names = sources(project)
    assert {"xtk.toml", "src/background/index.ts", "_locales/en/messages.json", ".gitignore"} <= names
    assert ".env" not in names and "scratch.txt" not in names


def test_a_file_deleted_in_the_work_tree_is_not_packaged(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    (project / "notes.md").write_text("old notes\n")
    git(project, "init", "-q")
    git(project, "add", "xtk.toml", "src", "public", "_locales", "tsconfig.json", "notes.md")
    git(project, "commit", "-q", "-m", "init")
    (project / "notes.md").unlink()
    package(project)
    names = sources(project)
    assert "notes.md" not in names and "xtk.toml" in names


def test_a_tracked_secret_is_still_left_out_and_said_so(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    (project / ".env.production").write_text("TOKEN=abc\n")
    git(project, "init", "-q")
    git(project, "add", "xtk.toml", "src", ".env.production")
    git(project, "commit", "-q", "-m", "init")
    result = package(project)
    assert ".env.production" not in sources(project)
    assert "left out of the sources zip (secrets): .env.production" in result.stdout


def test_outside_git_the_walk_never_takes_secrets(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    secrets = [".env", ".env.local", "deploy/key.pem", "id_ed25519", ".npmrc", ".ssh/config", "signing.p12"]
    for name in secrets:
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text("secret\n")
    (project / "notes.md").write_text("how to build\n")

    result = package(project, "--format", "json")

    names = sources(project)
    assert {"xtk.toml", "notes.md", "src/background/index.ts"} <= names
    assert not set(secrets) & names
    report = json.loads(result.stdout)
    assert sorted(report["sources"]["left_out"]) == sorted(secrets)
    assert not any(n.startswith(("build/", "dist/", "node_modules", ".xtk/")) for n in names)


def test_package_lists_what_went_into_each_zip(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    text = package(project).stdout
    assert "wrote dist/all-entries-0.3.1-beta.2-chrome.zip (" in text and "\n  manifest.json\n" in text
    assert "\n  xtk.toml\n" in text
    report = json.loads(package(project, "--format", "json").stdout)
    for path, names in report["contents"].items():
        with zipfile.ZipFile(project / path) as archive:
            assert names == sorted(archive.namelist())
    assert report["zips"] == list(report["contents"])


def test_an_untracked_project_inside_git_is_refused_not_packaged_empty(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    git(project, "init", "-q")
    result = run_xtk("package", "--no-typecheck", cwd=project)
    assert result.code == 2, result.output
    assert "xtk.toml: error: the project is in a git work tree but git does not track its config" in result.stderr
    assert not (project / SOURCES_ZIP).exists()
