"""The project: one config file (`xtk.toml`) parsed into checked models."""

from toolchain.project.loader import CONFIG_NAME, FileRef, Project, file_refs, find_config, load_project
from toolchain.project.models import BROWSERS, Browser, ProjectConfig

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
