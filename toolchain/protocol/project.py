"""A project's protocol: where `[protocol]` in xtk.toml says the schemas are, and where the generated module goes.

Shared by `xtk protocol codegen` and `xtk lint`'s drift rule (XM007), so both read the same paths the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from toolchain.diagnostics import Diagnostic, InputError
from toolchain.protocol.model import Protocol, load_protocol

if TYPE_CHECKING:
    from toolchain.project import Project


@dataclass(frozen=True)
class ProjectProtocol:
    protocol: Protocol
    generated: Path  # the module `xtk protocol codegen` writes
    generated_display: str


def _config_problem(project: Project, key: tuple[str, ...], message: str) -> InputError:
    from toolchain.positions.toml import key_positions, locate

    try:
        positions = key_positions(project.config_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        positions = {}
    line, column = locate(positions, key) or (None, None)
    return InputError(
        [
            Diagnostic(
                "error", message, path=project.display(project.config_path), line=line, column=column, key=".".join(key)
            )
        ]
    )


def generated_path(project: Project) -> Path:
    """`[protocol] generated`, checked: a .ts file under src/ (it is bundled and type-checked with the rest)."""
    settings = project.config.protocol
    if settings is None:
        raise _config_problem(
            project,
            ("protocol",),
            "the project has no [protocol] table (schemas = the folder of "
            "protocol.json, generated = the module to write): see `xtk help protocol`",
        )
    relative = PurePosixPath(settings.generated)
    path = project.path(settings.generated)
    if relative.is_absolute() or ".." in relative.parts:
        raise _config_problem(
            project,
            ("protocol", "generated"),
            f"{settings.generated}: paths must be relative to root and stay inside it",
        )
    if path.suffix != ".ts":
        raise _config_problem(
            project, ("protocol", "generated"), f"{settings.generated}: the generated module is a .ts file"
        )
    if not path.is_relative_to(project.src_dir):
        raise _config_problem(
            project, ("protocol", "generated"), f"{settings.generated} must be inside {project.config.src}/"
        )
    return path


def load_project_protocol(project: Project) -> ProjectProtocol:
    """The project's protocol, loaded and checked (InputError, located, on any problem)."""
    generated = generated_path(project)
    settings = project.config.protocol
    assert settings is not None
    folder = (project.base_dir / settings.schemas).resolve()
    if not folder.is_dir():
        raise _config_problem(project, ("protocol", "schemas"), f"folder not found: {project.display(folder)}")
    protocol = load_protocol(folder, project.base_dir)
    return ProjectProtocol(protocol, generated, project.display(generated))
