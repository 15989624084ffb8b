"""A project's golden setup: its `[golden]` table, and the Python reference module it names, loaded as a plug-in.

The reference module (docs/golden.md, "The reference module") must define

- `FUNCTIONS`: name → function object with `parameters` (names, in order), `summary` (one line) and
  `__call__(arguments: Mapping[str, Any])`, which returns the JSON result for one case's arguments;

and may define

- `UNICODE_VERSION`: written into every golden file's header;
- `golden_sources()`: an object (usually a module) with any of `property_cases(function, count)`,
  `corpus_cases(corpus_root, functions, pages)`, `case_problems(function, arguments)`,
  `corpus_available(root)` and `resolve_corpus(spec, root)`. What is absent is simply not used: no property or
  corpus cases, only the parameter check, no `$corpus` references.

`reference_path` (relative to the config) goes first on sys.path, then `reference_module` is imported. A module
that cannot be imported, or that lacks a well-formed `FUNCTIONS`, is an `InputError` located at the config key.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from toolchain.confine import inside
from toolchain.diagnostics import Diagnostic, InputError

Problem = tuple[str, str]  # (JSON pointer inside `arguments`, message)


class ReferenceFunction(Protocol):
    parameters: tuple[str, ...]
    summary: str

    def __call__(self, arguments: Mapping[str, Any]) -> Any: ...


@dataclass(frozen=True)
class Reference:
    """A loaded reference module and its optional case sources."""

    module_name: str
    functions: Mapping[str, ReferenceFunction]
    unicode_version: str | None = None
    sources: Any = None  # what golden_sources() returned, or None

    def _hook(self, name: str) -> Callable[..., Any] | None:
        hook = getattr(self.sources, name, None) if self.sources is not None else None
        return hook if callable(hook) else None

    def parameters(self, function: str) -> tuple[str, ...]:
        return tuple(self.functions[function].parameters)

    def property_cases(self, function: str, count: int | None) -> list[Any]:
        hook = self._hook("property_cases")
        return list(hook(function, count)) if hook else []

    def corpus_cases(self, root: Path, functions: list[str], pages: Iterable[str] | None) -> Any:
        """The sources' derived corpus cases (`.cases`, `.skipped`, `.pages`), or None without a corpus source."""
        hook = self._hook("corpus_cases")
        return hook(root, functions, pages) if hook else None

    def corpus_available(self, root: Path) -> bool:
        hook = self._hook("corpus_available")
        return bool(hook(root)) if hook else root.is_dir()

    def resolve_corpus(self, spec: Any, root: Path) -> Any:
        hook = self._hook("resolve_corpus")
        if hook is None:
            raise ValueError(
                f"{self.module_name} resolves no corpus references (its golden sources have no resolve_corpus)"
            )
        return hook(spec, root)

    def case_problems(self, function: str, arguments: Mapping[str, Any]) -> list[Problem]:
        """The parameter check xtk always makes, then the project's own (shapes, character domain…)."""
        parameters = self.parameters(function)
        missing = [p for p in parameters if p not in arguments]
        extra = [k for k in arguments if k not in parameters]
        problems: list[Problem] = []
        if missing:
            problems.append(("", f"missing argument(s) {missing}; {function} takes {list(parameters)}"))
        if extra:
            problems.append(("", f"unexpected argument(s) {extra}; {function} takes {list(parameters)}"))
        hook = self._hook("case_problems")
        if problems or hook is None:
            return problems
        return list(hook(function, arguments))


@dataclass(frozen=True)
class GoldenProject:
    """Everything `xtk golden` needs from a project, checked."""

    reference: Reference
    vectors: Path
    inputs: Path
    corpus: Path | None  # None: no corpus declared (corpus cases cannot be derived or resolved)
    display: Callable[[Path], str]
    #: The folder of xtk.toml: vectors written into the project stay inside it (toolchain.files.confine).
    project_dir: Path | None = None


def config_problem(project: Any, key: tuple[str, ...], message: str) -> InputError:
    """An InputError located at a key of the project's config."""
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


def _inside(project: Any, key: str, value: str) -> Path:
    """A `[golden]` path, resolved against the config's folder; it must stay inside the project."""
    path = (project.base_dir / value).resolve()
    if not inside(path, project.base_dir.resolve()):
        raise config_problem(
            project, ("golden", key), f"{value}: paths must stay inside the project (the config's folder)"
        )
    return path


def load_reference(project: Any, folder: Path, name: str) -> Reference:
    """Import the reference module `name` from `folder` (put first on sys.path) and check FUNCTIONS."""
    where = ("golden", "reference_module")
    if not folder.is_dir():
        raise config_problem(project, ("golden", "reference_path"), f"folder not found: {project.display(folder)}")
    entry = str(folder)
    if entry not in sys.path:
        sys.path.insert(0, entry)
    loaded = sys.modules.get(name.split(".")[0])
    origin = getattr(loaded, "__file__", None)
    if loaded is not None and origin and not Path(origin).resolve().is_relative_to(folder):
        raise config_problem(
            project,
            where,
            f"{name}: a module of that name is already loaded from {origin}, not from "
            f"{project.display(folder)}; rename the reference module",
        )
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name and name.startswith(error.name):
            raise config_problem(project, where, f"no module {name!r} in {project.display(folder)}") from None
        raise config_problem(project, where, f"{name}: importing it failed: {error}") from None
    except Exception as error:  # the module itself is broken: say so, located, instead of a traceback
        raise config_problem(project, where, f"{name}: importing it failed: {type(error).__name__}: {error}") from None
    functions = getattr(module, "FUNCTIONS", None)
    if not isinstance(functions, Mapping) or not functions:
        raise config_problem(
            project,
            where,
            f"{name} defines no FUNCTIONS (a mapping: name → function with "
            "`parameters`, `summary` and `__call__(arguments)`)",
        )
    for function, value in functions.items():
        parameters = getattr(value, "parameters", None)
        if not (
            callable(value)
            and isinstance(parameters, (tuple, list))
            and all(isinstance(p, str) for p in parameters)
            and isinstance(getattr(value, "summary", None), str)
        ):
            raise config_problem(
                project,
                where,
                f"{name}.FUNCTIONS[{function!r}] needs `parameters` (names), a "
                "`summary` string and to be callable with the arguments object",
            )
    sources_hook = getattr(module, "golden_sources", None)
    try:
        sources = sources_hook() if callable(sources_hook) else None
    except Exception as error:
        raise config_problem(
            project, where, f"{name}.golden_sources() failed: {type(error).__name__}: {error}"
        ) from None
    version = getattr(module, "UNICODE_VERSION", None)
    return Reference(name, functions, version if isinstance(version, str) else None, sources)


def load_golden_project(project: Any) -> GoldenProject:
    """The project's `[golden]` table, checked, with its reference module loaded."""
    settings = project.config.golden
    if settings is None:
        raise config_problem(
            project,
            ("golden",),
            "the project has no [golden] table: add reference_path, reference_module and vectors (`xtk help golden`)",
        )
    folder = _inside(project, "reference_path", settings.reference_path)
    vectors = _inside(project, "vectors", settings.vectors)
    inputs = _inside(project, "inputs", settings.inputs) if settings.inputs else vectors / "inputs"
    # The corpus is only read (never written), and lives beside the repository: it may be outside the project.
    corpus = (project.base_dir / settings.corpus).resolve() if settings.corpus else None
    reference = load_reference(project, folder, settings.reference_module)
    return GoldenProject(reference, vectors, inputs, corpus, project.display, project.base_dir)
