"""Find a project's config file. Standard library only: the cached build path uses it before any model loads."""

from __future__ import annotations

from pathlib import Path

from toolchain.diagnostics import InputError

CONFIG_NAME = "xtk.toml"


def find_config(project: str | Path | None) -> Path:
    """`--project` may name the config file or its folder; default: xtk.toml in the current folder."""
    candidate = Path(project) if project else Path.cwd()
    if candidate.is_dir():
        candidate = candidate / CONFIG_NAME
    if not candidate.is_file():
        raise InputError.single(
            f"no project config at {candidate} (give --project a folder with {CONFIG_NAME} or the file itself)"
        )
    return candidate.resolve()
