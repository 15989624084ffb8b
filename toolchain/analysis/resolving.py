"""What the walk and the project-wide analysis ask of the resolver, as a protocol they can import.

`extract.Resolver` resolves import specifiers, walks each file once and keeps them; it builds `walker.Walker`s and
`project_analysis.ProjectAnalysis`, which in turn call back into it (an import's export, a file's walked module, a
classic script's group). Typing those call-backs with `Resolver` itself made `extract` → `walker` → `walk_*` →
`walk_state` → `extract` an import cycle (type-only, yet a layer reaching back up). The walkers and the analysis
depend on this protocol instead; `Resolver` satisfies it (mypy checks it where a Resolver is passed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

    from toolchain.analysis.bundled_modules import BundledModules
    from toolchain.analysis.scopes import ApiRef, ProjectFunction, WalkedModule


class ModuleResolver(Protocol):
    """The resolver as the walk and the analysis see it (implemented by `extract.Resolver`)."""

    #: every file read so far, by resolved path (None: it could not be read)
    modules: dict[Path, WalkedModule | None]
    #: a webpack build's module table, read as its require calls need it
    bundled: BundledModules
    #: API aliases classic scripts declare at their top level, and the free names classic scripts used
    script_api_globals: dict[str, ApiRef]
    free_script_names: set[str]

    def resolve(self, specifier: str, importer: Path) -> Path | None:
        """The project file an import specifier names, from `importer` (None: not a project file)."""
        ...

    def module(self, path: Path) -> WalkedModule | None:
        """The walked file (None when it cannot be read); files imported by it are walked first."""
        ...

    def export(
        self, path: Path, name: str, seen: frozenset[Path] = ...
    ) -> tuple[Path, str, ProjectFunction | None] | None:
        """What `name` exported by `path` is: (defining file, its local scope name, the function if one)."""
        ...

    def api_export(self, path: Path, name: str, seen: frozenset[Path] = ...) -> ApiRef | None:
        """The extension API object `name` exported by `path` is, if it is one."""
        ...

    def group(self, path: Path) -> int:
        """The group of classic scripts sharing globals that `path` belongs to (-1: none)."""
        ...

    def groups(self, path: Path) -> frozenset[int]:
        """Every group of classic scripts `path` is in ({-1}: none)."""
        ...
