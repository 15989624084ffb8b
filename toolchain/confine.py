"""Confinement: everything a build reads, writes or deletes stays inside the project (the folder of xtk.toml).

- `root`, `src`, `public`, `locales`, `out` and `dist` resolve inside the project; so does every file the config
  names (entries, pages, icons). A path that leaves it is refused with the key that names it.
- `out` is a folder xtk owns (each build replaces `out/<browser>/`): it may not be the project folder, nor hold
  or sit inside what xtk must never delete (the config, root, src, public, locales, .xtk, node_modules, .git).
- A symbolic link whose target leaves the project is refused by its own name, wherever a build would follow it
  (a folder key, a named file, anything under public/, the locales or src/, whose files esbuild bundles when
  they are imported); links that stay inside are followed. A relative import that leaves the project (a
  monorepo's shared package) is the code's own choice and is bundled like any import. A link that loops (to
  itself, or through others back to itself) is refused by its name too: nothing can be read through it.
- Every write goes through `write_problem` (by way of `toolchain.files`): the path written, and every link on
  the way to it from the project folder (`.xtk/`, `out`, `dist`, a generated source), must stay inside.

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
    """What a folder copied whole contributes: its files (dotfiles left out) and the links a build must refuse."""

    files: list[Path]  # lexical paths under the folder, sorted; links inside the project followed
    refused_links: list[Path]  # links whose target leaves the project, or that loop


def inside(path: Path, folder: Path) -> bool:
    return path == folder or path.is_relative_to(folder)


def resolved(path: Path) -> Path | None:
    """`path` with every link followed, or None when links on the way loop (Python 3.11 raises RuntimeError for
    that, later versions OSError): the caller names the link instead of failing with an internal error."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):
        return None


def leaves(link: Path, project_dir: Path) -> bool:
    """True for a symbolic link whose target is outside `project_dir` or that loops."""
    if not link.is_symlink():
        return False
    target = resolved(link)
    return target is None or not inside(target, project_dir)


def escaping_link(project_dir: Path, start: Path, relative: str) -> Path | None:
    """The first symbolic link along `start/relative` whose target leaves `project_dir` (or that loops), if any."""
    current = start
    for part in PurePosixPath(relative).parts:
        current = current / part
        if leaves(current, project_dir):
            return current
    return None


def link_message(link: Path, project_dir: Path, consequence: str) -> str:
    """What is wrong with a refused link: `consequence` says what xtk would do through one that leaves."""
    try:
        target = os.readlink(link)
    except OSError:
        target = "?"
    if resolved(link) is None:
        return (
            f"symbolic link to {target} loops (it leads back to itself): nothing can be read or written through "
            "it; remove or fix the link"
        )
    return f"symbolic link to {target} leaves the project; {consequence}"


def write_problem(path: Path, project_dir: Path) -> Diagnostic | None:
    """Why xtk may not write (or create, or replace) `path`, or None when it stays inside `project_dir`.

    The one check every write of xtk's goes through (`toolchain.files.confine`): the path must be under the project
    folder, and no symbolic link on the way from it — the path itself included — may leave the project or loop.
    A link that stays inside is followed (a `.xtk` linked to another folder of the project is fine)."""
    from toolchain.diagnostics import Diagnostic

    project = resolved(project_dir) or project_dir
    absolute = path if path.is_absolute() else Path.cwd() / path
    start = next((base for base in (project_dir, project) if absolute.is_relative_to(base)), None)
    if start is None:
        return Diagnostic(
            "error", f"xtk writes only inside the project ({project}); this path is outside it", path=str(path)
        )
    current = start
    for part in absolute.relative_to(start).parts:
        current = current / part
        if leaves(current, project):
            written = f" ({shown(absolute, start)})" if current != absolute else ""
            return Diagnostic(
                "error",
                link_message(
                    current,
                    project,
                    f"xtk would write through it{written}: "
                    "remove the link (xtk creates the folders and files it needs, "
                    "inside the project)",
                ),
                path=shown(current, start),
            )
        if current.is_symlink() and not current.exists():  # the OS would refuse to make a folder there
            return Diagnostic(
                "error",
                f"symbolic link to {os.readlink(current)} leads nowhere (its target does not "
                "exist); xtk cannot write through it: remove the link or create its target",
                path=shown(current, start),
            )
        if not current.exists():
            break  # nothing further exists yet: xtk creates real folders and files from here
    target = resolved(absolute)
    if target is None or not inside(target, project):
        return Diagnostic(
            "error",
            f"xtk writes only inside the project ({project}); this path resolves outside it",
            path=shown(absolute, start),
        )
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
        real = resolved(here)
        if real is None or real in seen:  # a link back up the tree: walked once
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
    """Links under the source folder whose target leaves the project or that loop (node_modules, .git, .xtk not
    walked: an installed package may well be a link elsewhere)."""
    return copied_files(src_dir, project_dir, skip=_NEVER_IN_OUT).refused_links


def _leaves(path: Path, project_dir: Path, escaping: list[Path]) -> bool:
    if leaves(path, project_dir):
        escaping.append(path)
        return True
    return False


def shown(path: Path, project_dir: Path) -> str:
    """A path relative to the project without resolving it (a link is named, not its target)."""
    return Path(os.path.relpath(path, project_dir)).as_posix()


def check_confinement(project: Project, display: str, problem: Problem) -> Iterator[Diagnostic]:
    """Every folder key inside the project, `out` a folder xtk may own, xtk's work folders (`.xtk/`) inside, no
    link out of public/ or the locales (nor one that loops)."""

    project_dir = project.base_dir.resolve()
    config = project.config
    root_problem = path_problem(project_dir, project_dir, config.root)
    if root_problem:  # said once, at root: src, public and the locales are relative to it
        yield problem(("root",), root_problem)
        return
    folders: list[tuple[str, Path, str | None]] = [
        ("src", project.root, config.src),
        ("public", project.root, config.public),
        ("locales", project.root, config.locales),
        ("out", project_dir, config.out),
        ("dist", project_dir, config.dist),
    ]
    refused = False
    for key, start, value in folders:
        message = path_problem(project_dir, start, value) if value is not None else None
        if message:
            refused = True
            yield problem((key,), message)
    if refused:
        return
    yield from _check_out(project, project_dir, problem)
    for base in dict.fromkeys((project_dir, project.root)):  # build cache, env.d.ts, verdicts, rendered templates
        work = write_problem(base / ".xtk", project_dir)
        if work is not None:
            yield work
    copied = [project.public_dir] + ([project.path(config.locales)] if config.locales else [])
    for folder in copied:
        yield from check_folder_links(
            folder, project_dir, "a build would copy what it points to: copy the file into the project instead"
        )


def check_folder_links(folder: Path, project_dir: Path, consequence: str) -> Iterator[Diagnostic]:
    """The links under a folder xtk reads whole (public/, the locales, the protocol's schemas) that leave the project
    or loop, each by its name."""
    from toolchain.diagnostics import Diagnostic

    for link in copied_files(folder, project_dir).refused_links:
        yield Diagnostic("error", link_message(link, project_dir, consequence), path=shown(link, project_dir))


def check_source_links(project: Project, named: set[Path]) -> Iterator[Diagnostic]:
    """Links under src/ that leave the project or loop, by name; those the config names (`named`) were refused at
    their key."""
    from toolchain.diagnostics import Diagnostic

    project_dir = project.base_dir.resolve()
    for link in source_links(project.src_dir, project_dir):
        if link not in named:
            yield Diagnostic(
                "error",
                link_message(
                    link,
                    project_dir,
                    "esbuild would bundle what it points to when it "
                    "is imported: copy the code into the project (an import by a relative path that leaves it "
                    "is the code's own choice)",
                ),
                path=shown(link, project_dir),
            )


def path_problem(project_dir: Path, start: Path, value: str) -> str | None:
    """Why `value` (relative to `start`) may not be used, or None when it resolves inside the project."""
    if PurePosixPath(value).is_absolute() or Path(value).is_absolute():
        return f"{value}: must be a relative path inside the project (the folder of xtk.toml)"
    link = escaping_link(project_dir, start, value)
    if link is not None:
        if resolved(link) is None:
            return f"{value}: {shown(link, project_dir)} is a symbolic link that loops (it leads back to itself)"
        return f"{value}: {shown(link, project_dir)} is a symbolic link to {os.readlink(link)}, outside the project"
    target = resolved(start / value)
    if target is None or not inside(target, project_dir):
        return f"{value}: resolves outside the project (the folder of xtk.toml); paths must stay inside it"
    return None


def _check_out(project: Project, project_dir: Path, problem: Problem) -> Iterator[Diagnostic]:
    out = project.out_dir
    value = project.config.out
    if out == project_dir:
        yield problem(
            ("out",),
            f"{value}: the build folder cannot be the project folder itself: each build "
            'replaces what is in it; use a folder of its own, like "build"',
        )
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
            yield problem(
                ("out",),
                f"{value}: the build folder holds {what} ({shown(path, project_dir)}); each build "
                'replaces what is in it: use a folder of its own, like "build"',
            )
            return
    for what, path in kept.items():
        # inside src is fine (`src = "."`): the loader never takes a source from `out` (Project.source_problem)
        if what not in ("the config", "root", "src") and inside(out, path):
            yield problem(
                ("out",),
                f"{value}: the build folder is inside {what} ({shown(path, project_dir)}); "
                'use a folder of its own, like "build"',
            )
            return
