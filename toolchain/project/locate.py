"""Find a project's config file. Standard library only: the cached build path uses it before any model loads."""

from __future__ import annotations

from pathlib import Path

from toolchain.diagnostics import InputError

CONFIG_NAME = "xtk.toml"


def find_config(project: str | Path | None) -> Path:
    """`--project` may name the config file or its folder; default: xtk.toml in the current folder."""
    try:
        candidate = Path(project) if project else Path.cwd()
        if candidate.is_dir():
            candidate = candidate / CONFIG_NAME
        if candidate.is_file():
            return candidate.resolve()
        if candidate.is_dir():
            problem = f"{candidate} is a folder, not a config file"
        elif candidate.is_symlink():
            problem = f"{candidate} is a symbolic link to {candidate.readlink()}, which does not exist"
        elif candidate.exists():
            problem = f"{candidate} is not a regular file"
        else:
            problem = f"no project config at {candidate}"
    except (OSError, ValueError) as error:  # a name too long for the file system, a NUL, a vanished folder
        shown = str(project)[:200] + ("…" if len(str(project)) > 200 else "")
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        problem = f"cannot use {shown!r} as the project: {reason}"
    raise InputError.single(f"{problem} (give --project a folder with {CONFIG_NAME} or the file itself)")
