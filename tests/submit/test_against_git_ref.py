"""`xtk lint --against REF`: the project as it was at a git ref, built per browser, is the release each target's
install warnings are compared with (XP013); a browser the old release did not target is compared with nothing."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.conftest import run_xtk
from tests.submit.conftest import Release, copy_release_project

pytestmark = pytest.mark.node

GIT = ["git", "-c", "user.email=t@example.com", "-c", "user.name=t"]


def committed(project: Path) -> Path:
    (project / ".gitignore").write_text("node_modules\ndist\nbuild\n.xtk\n")
    subprocess.run([*GIT, "init", "-q"], cwd=project, check=True)
    subprocess.run([*GIT, "add", "-A"], cwd=project, check=True)
    subprocess.run([*GIT, "commit", "-qm", "1.0"], cwd=project, check=True)
    subprocess.run([*GIT, "tag", "v0.1.0"], cwd=project, check=True)
    return project


def test_a_permission_added_since_the_tag_is_a_new_install_warning_per_browser(
    release: Release, tmp_path: Path
) -> None:
    project = committed(copy_release_project(release, tmp_path / "demo"))
    config = project / "xtk.toml"
    config.write_text(config.read_text() + '\n[permissions]\nhistory = "Lists the pages you visited today."\n')
    result = run_xtk("lint", "--against", "v0.1.0", "--select", "XP013", cwd=project)
    assert result.code == 1, result.stdout + result.stderr
    lines = [line for line in result.stdout.splitlines() if "XP013" in line]
    assert len(lines) == 2, result.stdout  # chrome and edge as one finding, firefox: each against its own old manifest
    assert any("[chrome,edge]" in line and "Read and change your browsing history" in line for line in lines)
    assert all(line.startswith("xtk.toml:") for line in lines)  # where the permission is declared
    assert any("[firefox]" in line and "Access browsing history" in line for line in lines)
    assert "not in v0.1.0 (chrome, edge, firefox built)" in result.stdout


def test_the_same_project_against_its_own_head_adds_nothing(release: Release, tmp_path: Path) -> None:
    project = committed(copy_release_project(release, tmp_path / "demo"))
    result = run_xtk("lint", "--against", "HEAD", "--select", "XP013", cwd=project)
    assert result.code == 0, result.stdout + result.stderr


def test_neither_a_file_nor_a_ref_is_bad_input(release: Release, tmp_path: Path) -> None:
    project = committed(copy_release_project(release, tmp_path / "demo"))
    result = run_xtk("lint", "--against", "no-such-tag", cwd=project)
    assert result.code == 2
    assert (
        "--against no-such-tag: give the previous release as an extension folder or a .zip/.xpi/.crx, or a git ref"
        in (result.stderr + result.stdout)
    )


def test_a_warning_the_posture_declares_intended_for_this_version_only_is_not_reported(
    release: Release, tmp_path: Path
) -> None:
    import json

    project = committed(copy_release_project(release, tmp_path / "demo"))
    config = project / "xtk.toml"
    config.write_text(config.read_text() + '\n[permissions]\nbookmarks = "Saves the page to a bookmark folder."\n')
    posture_path = project / "specs" / "posture.json"
    posture = json.loads(posture_path.read_text())
    posture["install_warnings"] = {"intended": {"0.1.0": {"bookmarks": "the bookmark folder users asked for"}}}
    posture_path.write_text(json.dumps(posture))
    result = run_xtk("lint", "--against", "v0.1.0", "--select", "XP013", cwd=project)
    assert result.code == 0, result.stdout + result.stderr
    config.write_text(config.read_text().replace('version = "0.1.0"', 'version = "0.2.0"'))
    result = run_xtk("lint", "--against", "v0.1.0", "--select", "XP013", cwd=project)
    assert result.code == 1  # the intention was for 0.1.0: a later version adding it is reported again
    assert "bookmarks" in result.stdout
