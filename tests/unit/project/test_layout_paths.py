"""Sources at the project's root (`src = "."`): where files land in a build and which folders are never sources
(issue 18, item 5). Before: `out` inside `src` was refused, so no such project loaded."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolchain.diagnostics import InputError
from toolchain.project import load_project
from toolchain.project.loader import Project

ROOT_LAYOUT = """\
src = "."

[extension]
name = "Root"
version = "1.0.0"

[targets.chrome]
min_version = "121"

[icons]
16 = "public/icon.png"

[background]
entry = "{entry}"
"""


def _project(tmp_path: Path, entry: str = "entrypoints/background.ts") -> Project:
    for name in (
        "entrypoints/background.ts",
        "public/icon.png",
        "public/x.ts",
        "lib/node_modules/p/x.ts",
        ".cache/x.ts",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("export {};\n", encoding="utf-8")
    (tmp_path / "xtk.toml").write_text(ROOT_LAYOUT.format(entry=entry), encoding="utf-8")
    return load_project(tmp_path)


def test_public_inside_src_is_copied_to_the_build_root(tmp_path: Path) -> None:
    project = _project(tmp_path)
    assert project.build_path("public/icon.png") == "icon.png"
    assert project.build_path("entrypoints/background.ts") == "entrypoints/background.ts"


def test_sources_exclude_the_build_package_public_installed_and_dot_folders(tmp_path: Path) -> None:
    project = _project(tmp_path)
    assert project.source_problem(tmp_path.resolve() / "entrypoints/background.ts") is None
    for folder in ("build", "dist", "public", ".xtk"):
        problem = project.source_problem(tmp_path.resolve() / folder / "a.ts")
        assert problem is not None and f"is inside {folder}/, which is never a source" in problem
    for folder, path in (("node_modules", "lib/node_modules/p/x.ts"), (".cache", ".cache/x.ts")):
        problem = project.source_problem(tmp_path.resolve() / path)
        assert problem is not None and f"is inside {folder}/, which is never a source" in problem


@pytest.mark.parametrize("entry", ["public/x.ts", "lib/node_modules/p/x.ts", ".cache/x.ts"])
def test_an_entry_that_is_never_a_source_is_a_located_error(tmp_path: Path, entry: str) -> None:
    with pytest.raises(InputError) as caught:
        _project(tmp_path, entry)
    [diagnostic] = caught.value.diagnostics
    assert diagnostic.key == "background.entry" and diagnostic.line == 14, diagnostic
    assert "which is never a source" in diagnostic.message
