"""Diagnostics and errors: the one shape every stage reports problems in.

Stages return or raise these; only the CLI (`toolchain/cli/`) turns them into text and an exit code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Self

#: "note" is lint's alone: something worth knowing that asks for no change (a vendored library recognised)
Severity = Literal["error", "warning", "note"]

#: Exit codes shared by every command.
EXIT_OK = 0
EXIT_PROJECT_ERRORS = 1  # the project has errors: build, type-check or lint failures
EXIT_BAD_INPUT = 2  # bad usage or bad input: CLI arguments, config, schema, manifest


@dataclass(frozen=True)
class Diagnostic:
    """One problem, located as precisely as we can: file, line, column, and the key inside the file."""

    severity: Severity
    message: str
    path: str | None = None
    line: int | None = None
    column: int | None = None
    key: str | None = None  # a config key path ("content_scripts[0].js") or a JSON pointer ("/background")
    code: str | None = None
    browser: str | None = None

    def format(self) -> str:
        """`path:line:col: severity CODE: [browser] key: message`, leaving out what is unknown."""
        location = ""
        if self.path:
            location = self.path
            if self.line is not None:
                location += f":{self.line}"
                if self.column is not None:
                    location += f":{self.column}"
            location += ": "
        head = self.severity + (f" {self.code}" if self.code else "")
        where = f"[{self.browser}] " if self.browser else ""
        key = f"{self.key}: " if self.key else ""
        return f"{location}{head}: {where}{key}{self.message}"

    def to_json(self) -> dict[str, object]:
        return {k: v for k, v in self.__dict__.items() if v is not None}


@dataclass
class XtkError(Exception):
    """A failure that carries its diagnostics. Subclasses fix the exit code."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    exit_code: int = EXIT_PROJECT_ERRORS

    def __post_init__(self) -> None:
        super().__init__("\n".join(d.format() for d in self.diagnostics))

    @classmethod
    def single(
        cls,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        key: str | None = None,
        browser: str | None = None,
    ) -> Self:
        return cls([Diagnostic("error", message, path=path, line=line, column=column, key=key, browser=browser)])


@dataclass
class InputError(XtkError):
    """Bad input: a malformed or inconsistent config, schema, manifest or argument. Exit 2."""

    exit_code: int = EXIT_BAD_INPUT


@dataclass
class ProjectError(XtkError):
    """The project itself fails: a bundling or type error. Exit 1."""

    exit_code: int = EXIT_PROJECT_ERRORS
