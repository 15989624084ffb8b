"""What an import found: the config it makes, and what it could not bring over (each located, with the fix)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

Kind = Literal["wxt", "plasmo", "vite", "manifest"]
KINDS: tuple[Kind, ...] = ("wxt", "plasmo", "vite", "manifest")


@dataclass(frozen=True)
class Note:
    """One thing the user must know: `where` is `file:line` (or a file), `message` says what and what to do."""

    where: str
    message: str
    severity: Literal["warning", "info"] = "warning"

    def text(self) -> str:
        return f"{self.where}: {self.severity}: {self.message}" if self.where else f"{self.severity}: {self.message}"

    def to_json(self) -> dict[str, str]:
        return {"where": self.where, "severity": self.severity, "message": self.message}


@dataclass
class Imported:
    """The config being made: xtk.toml's tables as plain values, with comments per table, and the notes."""

    kind: Kind
    directory: Path
    config: dict[str, Any] = field(default_factory=dict)
    comments: dict[str, list[str]] = field(default_factory=dict)
    notes: list[Note] = field(default_factory=list)

    def note(self, where: str, message: str, severity: Literal["warning", "info"] = "warning") -> None:
        self.notes.append(Note(where, message, severity))

    def comment(self, table: str, text: str) -> None:
        self.comments.setdefault(table, []).append(text)

    def where(self, path: Path, line: int | None = None) -> str:
        """`path` relative to the project, with `:line` when known."""
        try:
            shown = path.resolve().relative_to(self.directory.resolve()).as_posix()
        except ValueError:
            shown = str(path)
        return f"{shown}:{line}" if line else shown

    def relative(self, path: Path) -> str:
        return path.resolve().relative_to(self.directory.resolve()).as_posix()
