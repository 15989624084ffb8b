"""The project: one config file (`xtk.toml`) parsed into checked models.

Exports load lazily (PEP 562): `toolchain.project.locate` must stay importable without pydantic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolchain.project.locate import CONFIG_NAME, find_config

if TYPE_CHECKING:
    from toolchain.project.loader import FileRef, Project, file_refs, load_project
    from toolchain.project.models import BROWSERS, Browser, ProjectConfig

_LAZY = {
    "FileRef": "toolchain.project.loader",
    "Project": "toolchain.project.loader",
    "file_refs": "toolchain.project.loader",
    "load_project": "toolchain.project.loader",
    "BROWSERS": "toolchain.project.models",
    "Browser": "toolchain.project.models",
    "ProjectConfig": "toolchain.project.models",
}

__all__ = [
    "BROWSERS",
    "CONFIG_NAME",
    "Browser",
    "FileRef",
    "Project",
    "ProjectConfig",
    "file_refs",
    "find_config",
    "load_project",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'toolchain.project' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
