"""Findings and rules: the shapes every lint rule and reporter share.

A rule is a class in its own module under `toolchain/lint/rules/`, with a stable code, a kebab-case name and a
docstring in four parts (what it checks, why it matters, an example, the fix) that `xtk lint --explain CODE`
prints. It reads a `LintContext` (facts, manifests, knowledge, posture, protocol) and yields findings.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

if TYPE_CHECKING:
    from toolchain.lint.context import LintContext

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    severity: Severity = "error"
    path: str | None = None  # shown relative to the project (or the extension) root
    line: int | None = None
    column: int | None = None
    browser: str | None = None  # when the finding holds for one target browser only
    fix: str | None = None  # a one-line hint

    def sort_key(self) -> tuple[Any, ...]:
        return (self.path or "", self.line or 0, self.column or 0, self.code, self.browser or "", self.message)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "path": self.path,
            "line": self.line,
            "column": self.column,
        }
        if self.browser:
            data["browser"] = self.browser
        if self.fix:
            data["fix"] = self.fix
        return data


class Rule:
    """Base of every rule; subclasses set the class attributes and implement `check`."""

    code: ClassVar[str]
    name: ClassVar[str]
    severity: ClassVar[Severity] = "error"
    #: "any" rules also run on plain unpacked extensions; "project" rules need an xtk project (posture, protocol).
    applies_to: ClassVar[Literal["any", "project"]] = "any"

    def check(self, ctx: LintContext) -> Iterable[Finding]:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def summary(cls) -> str:
        return inspect.cleandoc(cls.__doc__ or "").split("\n", 1)[0]

    @classmethod
    def documentation(cls) -> str:
        return inspect.cleandoc(cls.__doc__ or "")

    def finding(self, message: str, **where: Any) -> Finding:
        return Finding(self.code, message, self.severity, **where)
