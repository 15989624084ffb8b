"""Confinement: everything a build reads, writes or deletes stays inside the project (the folder of xtk.toml).

- `root`, `src`, `public`, `locales`, `out` and `dist` resolve inside the project; so does every file the config
  names (entries, pages, icons). A path that leaves it is refused with the key that names it.
- `out` is a folder xtk owns (each build replaces `out/<browser>/`): it may not be the project folder, nor hold
  or sit inside what xtk must never delete (the config, root, src, public, locales, .xtk, node_modules, .git).
- A symbolic link whose target leaves the project is refused by its own name, wherever a build would follow it
  (a folder key, a named file, anything under public/, the locales or src/, whose files esbuild bundles when
  they are imported); links that stay inside are followed. A relative import that leaves the project (a
  monorepo's shared package) is the code's own choice and is bundled like any import.

Only the standard library is imported here: the cached build path walks the copied folders with `copied_files`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from toolchain.diagnostics import Diagnostic
    from toolchain.project.loader import Project

Key = tuple[str | int, ...]
Problem = Callable[[Key, str], "Diagnostic"]

#: Inside these no build output may go, and none of them may be inside `out` (relative to the config's folder
#: or to root): xtk deletes what is in `out`.
_NEVER_IN_OUT = (".xtk", "node_modules", ".git")


@dataclass(frozen=True)
class CopiedTree:
    """What a folder copied whole contributes: its files (dotfiles left out) and the links that leave the project."""

    files: list[Path]  # lexical paths under the folder, sorted; links inside the project followed
    escaping_links: list[Path]


def inside(path: Path, folder: Path) -> bool:
    return path == folder or path.is_relative_to(folder)


def escaping_link(project_dir: Path, start: Path, relative: str) -> Path | None:
    """The first symbolic link along `start/relative` whose target leaves `project_dir`, if any."""
    current = start
    for part in PurePosixPath(relative).parts:
        current = current / part
        if current.is_symlink() and not inside(current.resolve(), project_dir):
            return current
    return None


def copied_files(folder: Path, project_dir: Path, skip: tuple[str, ...] = ()) -> CopiedTree:
    """Walk `folder` as a build copies it: dotfiles (and folders named in `skip`) stay behind; links are followed
    only while they stay inside."""
    files: list[Path] = []
    escaping: list[Path] = []
    seen: set[Path] = set()
    if not folder.is_dir():
        return CopiedTree(files, escaping)
    for directory, subfolders, names in os.walk(folder, followlinks=True):
        here = Path(directory)
        real = here.resolve()
        if real in seen:  # a link back up the tree: walked once
            subfolders.clear()
            continue
        seen.add(real)
        for name in list(subfolders):
            if name.startswith(".") or name in skip or _leaves(here / name, project_dir, escaping):
                subfolders.remove(name)
        subfolders.sort()
        for name in sorted(names):
            path = here / name
            if not name.startswith(".") and not _leaves(path, project_dir, escaping) and path.is_file():
                files.append(path)
    return CopiedTree(sorted(files), sorted(escaping))


def source_links(src_dir: Path, project_dir: Path) -> list[Path]:
    """Links under the source folder whose target leaves the project (node_modules, .git, .xtk not walked: an
    installed package may well be a link elsewhere)."""
    return copied_files(src_dir, project_dir, skip=_NEVER_IN_OUT).escaping_links


def _leaves(path: Path, project_dir: Path, escaping: list[Path]) -> bool:
    if path.is_symlink() and not inside(path.resolve(), project_dir):
        escaping.append(path)
        return True
    return False


def shown(path: Path, project_dir: Path) -> str:
    """A path relative to the project without resolving it (a link is named, not its target)."""
    return Path(os.path.relpath(path, project_dir)).as_posix()


def check_confinement(project: Project, display: str, problem: Problem) -> Iterator[Diagnostic]:
    """Every folder key inside the project, `out` a folder xtk may own, no link out of public/ or the locales."""
    from toolchain.diagnostics import Diagnostic

    project_dir = project.base_dir.resolve()
    config = project.config
    folders: list[tuple[str, Path, str | None]] = [
        ("root", project_dir, config.root),
        ("src", project.root, config.src),
        ("public", project.root, config.public),
        ("locales", project.root, config.locales),
        ("out", project_dir, config.out),
        ("dist", project_dir, config.dist),
    ]
    refused: set[str] = set()
    for key, start, value in folders:
        if value is None or (start == project.root and "root" in refused):  # said once, at root
            continue
        message = path_problem(project_dir, start, value)
        if message:
            refused.add(key)
            yield problem((key,), message)
    if refused:
        return
    yield from _check_out(project, project_dir, problem)
    copied = [project.public_dir] + ([project.path(config.locales)] if config.locales else [])
    for folder in copied:
        for link in copied_files(folder, project_dir).escaping_links:
            yield Diagnostic("error", f"symbolic link to {os.readlink(link)} leaves the project; a build would copy "
                             "what it points to: copy the file into the project instead", path=shown(link, project_dir))


def check_source_links(project: Project, named: set[Path]) -> Iterator[Diagnostic]:
    """Links under src/ that leave the project, by name; those the config names (`named`) were refused at their key."""
    from toolchain.diagnostics import Diagnostic

    project_dir = project.base_dir.resolve()
    for link in source_links(project.src_dir, project_dir):
        if link not in named:
            yield Diagnostic("error", f"symbolic link to {os.readlink(link)} leaves the project; esbuild would "
                             "bundle what it points to when it is imported: copy the code into the project (an import "
                             "by a relative path that leaves it is the code's own choice)", path=shown(link, project_dir))


def path_problem(project_dir: Path, start: Path, value: str) -> str | None:
    """Why `value` (relative to `start`) may not be used, or None when it resolves inside the project."""
    if PurePosixPath(value).is_absolute() or Path(value).is_absolute():
        return f"{value}: must be a relative path inside the project (the folder of xtk.toml)"
    link = escaping_link(project_dir, start, value)
    if link is not None:
        return f"{value}: {shown(link, project_dir)} is a symbolic link to {os.readlink(link)}, outside the project"
    if not inside((start / value).resolve(), project_dir):
        return f"{value}: resolves outside the project (the folder of xtk.toml); paths must stay inside it"
    return None


def _check_out(project: Project, project_dir: Path, problem: Problem) -> Iterator[Diagnostic]:
    out = project.out_dir
    value = project.config.out
    if out == project_dir:
        yield problem(("out",), f"{value}: the build folder cannot be the project folder itself: each build "
                      "replaces what is in it; use a folder of its own, like \"build\"")
        return
    kept = {
        "the config": project.config_path.resolve(),
        "root": project.root,
        "src": project.src_dir,
        "public": project.public_dir,
    }
    if project.config.locales:
        kept["locales"] = project.path(project.config.locales)
    for base in dict.fromkeys((project_dir, project.root)):
        for name in _NEVER_IN_OUT:
            kept[shown(base / name, project_dir)] = base / name
    for what, path in kept.items():
        if inside(path, out):
            yield problem(("out",), f"{value}: the build folder holds {what} ({shown(path, project_dir)}); each build "
                          "replaces what is in it: use a folder of its own, like \"build\"")
            return
    for what, path in kept.items():
        if what not in ("the config", "root") and inside(out, path):
            yield problem(("out",), f"{value}: the build folder is inside {what} ({shown(path, project_dir)}); "
                          "use a folder of its own, like \"build\"")
            return
