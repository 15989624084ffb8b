"""The one confinement check every write goes through (toolchain/confine.py `write_problem`, used by
toolchain/files.py): a path xtk writes stays inside the project, whatever links lie on the way (issue 17, item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolchain.confine import copied_files, write_problem
from toolchain.diagnostics import InputError
from toolchain.files import confine, make_folder, write_if_changed


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "p" / "src").mkdir(parents=True)
    (tmp_path / "outside").mkdir()
    return tmp_path / "p"


def test_paths_inside_and_links_that_stay_inside_may_be_written(project: Path) -> None:
    (project / "cache").mkdir()
    (project / ".xtk").symlink_to(project / "cache", target_is_directory=True)
    assert write_problem(project / "build/chrome/manifest.json", project) is None  # nothing exists yet
    assert write_problem(project / ".xtk/env.d.ts", project) is None
    assert write_if_changed(project / ".xtk/env.d.ts", "x", inside=project)
    assert (project / "cache/env.d.ts").read_text() == "x"


@pytest.mark.parametrize("link", [".xtk", ".xtk/build-cache", ".xtk/build-cache/all-production.json"])
def test_a_link_out_anywhere_on_the_way_is_refused_by_its_name(project: Path, link: str) -> None:
    (project / link).parent.mkdir(parents=True, exist_ok=True)
    (project / link).symlink_to(project.parent / "outside")
    found = write_problem(project / ".xtk/build-cache/all-production.json", project)
    assert found is not None and found.path == link
    assert found.message.startswith("symbolic link to ") and "leaves the project" in found.message
    with pytest.raises(InputError):
        write_if_changed(project / ".xtk/build-cache/all-production.json", "{}", inside=project)
    assert list((project.parent / "outside").iterdir()) == []


def test_a_link_that_loops_is_refused_by_its_name(project: Path) -> None:
    (project / "build").symlink_to("build")
    found = write_problem(project / "build/chrome", project)
    assert found is not None and found.path == "build" and "loops" in found.message
    with pytest.raises(InputError):
        make_folder(project / "build/chrome", project)


def test_a_path_outside_the_project_or_leaving_it_by_dotdot_is_refused(project: Path) -> None:
    assert write_problem(project.parent / "outside/x", project) is not None
    assert write_problem(project / "src/../../outside/x", project) is not None
    with pytest.raises(InputError):
        confine(project / "../outside/x", project)


def test_a_project_reached_through_a_link_is_still_the_project(project: Path) -> None:
    alias = project.parent / "alias"
    alias.symlink_to(project, target_is_directory=True)
    assert write_problem(alias / ".xtk/env.d.ts", alias) is None
    assert write_problem(project / ".xtk/env.d.ts", alias) is None


def test_a_walked_folder_lists_links_that_loop_among_the_refused(project: Path) -> None:
    (project / "src/a").symlink_to("b")
    (project / "src/b").symlink_to("a")
    (project / "src/self").symlink_to("../src", target_is_directory=True)  # a loop back up: walked once, fine
    (project / "src/x.ts").write_text("")
    tree = copied_files(project / "src", project)
    assert tree.refused_links == [project / "src/a", project / "src/b"]
    assert tree.files == [project / "src/x.ts"]


def test_a_link_that_leads_nowhere_is_refused_by_its_name(project: Path) -> None:
    # `.xtk -> nocache` (inside, but missing) was `internal error: FileExistsError` when xtk made the folder.
    (project / ".xtk").symlink_to("nocache")
    found = write_problem(project / ".xtk/env.d.ts", project)
    assert found is not None and found.path == ".xtk" and "leads nowhere" in found.message
