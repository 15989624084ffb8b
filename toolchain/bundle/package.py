"""Reproducible zips: one per browser build, and one of the sources (what Firefox's review asks for).

Two runs on the same input give byte-identical files: entries are sorted, and every entry gets the same
timestamp, permissions and compression settings, whatever the file system says.
"""

from __future__ import annotations

import re
import subprocess
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Protocol

from toolchain.project import Project

#: The earliest date a zip can hold; any fixed date works, this one is what reproducible-build tools use.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
#: Never in a sources zip, even outside git: installed or generated files.
_NEVER_IN_SOURCES = {".git", "node_modules", ".venv", "venv", "__pycache__", ".pytest_cache", ".xtk", ".mypy_cache", ".ruff_cache"}


class _Built(Protocol):
    browser: str
    out_dir: Path


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "extension"


def write_reproducible_zip(target: Path, files: Iterable[tuple[str, Path]]) -> Path:
    """Write `(name in zip, file on disk)` pairs to `target`, deterministically."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(target.name + ".part")
    with zipfile.ZipFile(temporary, "w") as archive:
        for name, source in sorted(files, key=lambda item: item[0]):
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, so the permission bits below are read
            info.external_attr = (0o100644 << 16)
            archive.writestr(info, source.read_bytes(), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    temporary.replace(target)
    return target


def package_builds(project: Project, builds: Iterable[_Built]) -> list[Path]:
    version = project.config.extension.version
    written = []
    for build in builds:
        files = [(p.relative_to(build.out_dir).as_posix(), p) for p in build.out_dir.rglob("*") if p.is_file()]
        target = project.dist_dir / f"{slug(project.name)}-{version}-{build.browser}.zip"
        written.append(write_reproducible_zip(target, files))
    return written


def source_files(project: Project) -> list[Path]:
    """The project's own files: what git tracks or would track (honouring .gitignore), else a filtered walk."""
    base = project.base_dir
    generated = {project.out_dir, project.dist_dir}
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=base,
            capture_output=True,
            check=True,
        ).stdout.decode("utf-8")
        candidates = [base / name for name in listed.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        candidates = [p for p in base.rglob("*")]
    files = []
    for path in candidates:
        if not path.is_file():
            continue
        relative = path.relative_to(base)
        if set(relative.parts) & _NEVER_IN_SOURCES:
            continue
        if any(path.resolve().is_relative_to(g) for g in generated):
            continue
        files.append(path)
    return sorted(set(files))


def package_sources(project: Project) -> Path:
    version = project.config.extension.version
    target = project.dist_dir / f"{slug(project.name)}-{version}-sources.zip"
    files = [(p.relative_to(project.base_dir).as_posix(), p) for p in source_files(project)]
    return write_reproducible_zip(target, files)
