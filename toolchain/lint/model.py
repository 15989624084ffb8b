"""Findings and rules: the shapes every lint rule and reporter share.

A rule is a class in its own module under `toolchain/lint/rules/`, with a stable code and a docstring in four parts
(what it checks, why it matters, an example, the fix) that `xtk lint --explain CODE` prints. The rule's class is
where its code, name and severity (and the codes it was split from) are declared, once: `toolchain/lint/registry.py`
finds the rules and checks them against each other and the build's and engine's codes (`toolchain/codes.py`), and
`toolchain/lint/catalog.py` lists them all. A rule reads a `LintContext` (facts, manifests, knowledge, posture,
protocol) and yields findings.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from toolchain import codes
from toolchain.diagnostics import Diagnostic, Severity
from toolchain.lint.store_review import StorePolicy, review_of

if TYPE_CHECKING:
    from toolchain.lint.context import LintContext


@dataclass(frozen=True)
class Related:
    """A place that backs a finding without being its cause: a file analysed for an "unused" verdict."""

    message: str  # what the place is to the finding ("analysed")
    path: str
    line: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"message": self.message, "path": self.path, "line": self.line}


@dataclass(frozen=True)
class Finding(Diagnostic):
    """A lint finding: a `Diagnostic` (severity, message, path shown relative to the project or extension root,
    line, column, browser when it holds for one target only) that always has a code, plus what only lint adds."""

    code: str = ""  # required: build findings with `Finding.of` (or `Rule.finding`), which give the code's severity
    fix: str | None = None  # a one-line hint
    #: the evidence beyond the cause's own place: for a verdict of absence (XP002), every file that was analysed
    related: tuple[Related, ...] = ()
    #: the stores of the targets it holds for ("addons.mozilla.org"): whose review it concerns (store_review.py)
    stores: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.code:
            raise ValueError(f"a lint finding needs its code: {self.message!r}")

    @classmethod
    def of(cls, code: str, message: str, **where: Any) -> Finding:
        """A finding of `code`, with the severity its rule declares (the engine's own codes: toolchain/codes.py's)."""
        return cls(severity_of(code), message, code=code, **where)

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
        if self.related:
            data["related"] = [r.to_json() for r in self.related]
        if self.stores:
            data["stores"] = list(self.stores)
        review = self.store_review()
        if review:
            data["store_review"] = [policy.to_json() for policy in review]
        return data

    def store_review(self) -> tuple[StorePolicy, ...]:
        """The store policies a reviewer would reject this error under, for the stores it concerns."""
        if self.severity != "error":
            return ()
        return tuple(policy for policy in review_of(self.code) if policy.store in self.stores)

    def related_summary(self, shown: int = 8) -> list[str]:
        """The related places as a few readable lines, one per kind: `analysed (3 files): a.js, b.js, c.js`."""
        by_message: dict[str, list[str]] = {}
        for related in self.related:
            where = related.path + (f":{related.line}" if related.line is not None else "")
            by_message.setdefault(related.message, []).append(where)
        lines = []
        for message, places in by_message.items():
            more = f", … and {len(places) - shown} more" if len(places) > shown else ""
            count = f" ({len(places)} file{'' if len(places) == 1 else 's'})" if len(places) > 1 else ""
            lines.append(f"{message}{count}: {', '.join(places[:shown])}{more}")
        return lines


class Rule:
    """Base of every rule; subclasses declare `code`, `name`, `severity` (and `applies_to`, `formerly` when they
    apply) and implement `check`."""

    code: ClassVar[str]
    #: its stable kebab-case name (`xtk lint --explain NAME`)
    name: ClassVar[str]
    #: the one severity of its findings: a rule that reports two kinds of thing with two severities is two rules
    severity: ClassVar[Severity]
    #: "any" rules run on projects and plain unpacked extensions; "project" rules need an xtk project (posture,
    #: protocol); "extension" rules run on plain extensions only (a project has a stricter rule for the same thing).
    applies_to: ClassVar[Literal["any", "project", "extension"]] = "any"
    #: codes this rule was split from: suppressions, --select and --ignore naming them still apply to it
    formerly: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "severity" in vars(cls):  # a rule that declares itself (a test's stand-in reusing a code does not)
            _DECLARED.setdefault(vars(cls).get("code", ""), cls)

    def check(self, ctx: LintContext) -> Iterable[Finding]:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def summary(cls) -> str:
        return inspect.cleandoc(cls.__doc__ or "").split("\n", 1)[0]

    @classmethod
    def documentation(cls) -> str:
        return inspect.cleandoc(cls.__doc__ or "")

    def finding(self, message: str, **where: Any) -> Finding:
        return Finding(self.severity, message, code=self.code, **where)


#: the rule classes imported so far that declare their severity, by code (the registry checks there is one a code)
_DECLARED: dict[str, type[Rule]] = {}


def severity_of(code: str) -> Severity:
    """The severity of a lint code: its rule's, or the lint engine's own code's (toolchain/codes.py)."""
    if codes.is_listed(code):
        return codes.severity(code)
    rule = _DECLARED.get(code)
    if rule is None:
        # a rule's findings built before its module was imported (a helper shared by two rules, a test): its module
        # is imported by name, as the registry does (rule modules import this one: a statement would be a cycle)
        import toolchain.lint.rules as package

        for module in pkgutil.iter_modules(package.__path__):
            if module.name.startswith(code.lower() + "_"):
                importlib.import_module(f"toolchain.lint.rules.{module.name}")
        rule = _DECLARED.get(code)
    if rule is None:
        raise KeyError(f"{code} is neither a lint rule nor in toolchain/codes.py")
    return rule.severity
