"""XS006: an extension API touched outside the project's browser abstraction module."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule

POLYFILL = "webextension-polyfill"
_SPECIFIER = re.compile(r"""(['"])webextension-polyfill\1""")


def _inside(path: Path, abstraction: Path) -> bool:
    path, abstraction = path.resolve(), abstraction.resolve()
    return path == abstraction or (abstraction.is_dir() and path.is_relative_to(abstraction))


def _import_position(path: Path) -> tuple[int | None, int | None]:
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None, None
    for number, text in enumerate(lines, start=1):
        match = _SPECIFIER.search(text)
        if match:
            return number, match.start() + 1
    return None, None


class ApiOutsideAbstraction(Rule):
    """An extension API is used outside the project's browser abstraction.

    What it checks: with `[lint] abstraction = "src/shared/browser.ts"`, every API use through the `chrome` or
    `browser` globals or a `webextension-polyfill` import in any other source file of the project (bundled or
    not, whatever its build-time guards), and every import of `webextension-polyfill` outside the abstraction.
    Uses through the abstraction's own exports are fine.

    Why it matters: the abstraction is where cross-browser differences are handled once (promises vs callbacks,
    `chrome` vs `browser`, `action` vs `browserAction`, the receiving-end error); a direct call elsewhere bypasses
    that, and works in one browser only. It is also what makes the extension testable and its API surface
    reviewable in one file.

    Example:

        // popup/index.ts
        const [tab] = await chrome.tabs.query({ active: true });   // XS006

    Fix: add (or reuse) a function in the abstraction module (`activeTabId()`) and call it.
    """

    code = "XS006"
    name = "api-outside-abstraction"
    severity = "error"
    applies_to = "project"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        abstraction = ctx.abstraction
        if abstraction is None:
            return
        shown = ctx.display(abstraction)
        if not abstraction.exists():
            yield self.finding(
                f"the abstraction module {shown} does not exist",
                fix="point [lint] abstraction at the module that wraps the extension APIs",
                **ctx.manifest_where("/lint/abstraction"),
            )
            return
        for path, facts in sorted(ctx.facts.items()):
            if _inside(path, abstraction):
                continue
            for use in facts.api_uses:
                if use.via == "abstraction":
                    continue
                root = {"polyfill": "webextension-polyfill's browser", "chrome": "chrome", "browser": "browser"}[
                    use.via
                ]
                yield self.finding(
                    f"`{use.api}` is used through {root} outside the abstraction ({shown})",
                    fix=f"call a function of {shown} instead (add one if needed)",
                    **ctx.where(use.location),
                )
            if POLYFILL in facts.imports:
                line, column = _import_position(path)
                yield self.finding(
                    f"{POLYFILL} is imported outside the abstraction ({shown})",
                    fix=f"import what you need from {shown}",
                    path=ctx.display(path),
                    line=line,
                    column=column,
                )
