"""XS008: a script of the package named by a URL built at run time, whose path the analysis could not settle."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from toolchain.lint.context import LintContext, Target
from toolchain.lint.model import Finding, Rule
from toolchain.lint.rules.xs001_remote_or_dynamic_code import each_dynamic_fact


def packaged_file_present(ctx: LintContext, target: Target | None, fact: Any) -> bool:
    """Is the file a settled `fact.package_path` names in what the browser loads? A plain extension: from its root
    ("root:") or from the folder of the file holding the code ("beside:"). A project: the built folder holds it at
    that path ("root:") or at a path ending so ("beside:": the bundle's folder is the build's choice)."""
    base, _, path = fact.package_path.partition(":")
    if not path:
        return False
    package = target.package_dir if target is not None else None
    if package is None:
        folder = Path(ctx.root) if base == "root" else fact.location.path.parent
        candidate = fact.location.path if path == "." else folder / path
        try:
            return candidate.is_file() and candidate.resolve().is_relative_to(Path(ctx.root).resolve())
        except (OSError, RuntimeError):
            return False
    if path == ".":
        return True  # the running bundle itself
    if base == "root":
        return (package / path).is_file()
    return any(p.is_file() and p.relative_to(package).as_posix().endswith(path) for p in package.rglob(Path(path).name))


class UnsettledScriptPath(Rule):
    """A script or module of the package is loaded from a URL built at run time, and xtk could not settle which.

    What it checks: `<script>.src`, `importScripts()` and `import()` given a URL built from one of the package's
    own bases — the folder of `document.currentScript.src` (`.replace(/[^/]*$/, '')`, `.substring(0,
    s.lastIndexOf('/') + 1)`, `new URL('.', s)`), `import.meta.url`, `runtime.getURL(…)` — followed through
    constants, concatenation and template strings (toolchain/analysis/package_urls.py). When every part is a
    constant and the file is in the package, nothing is reported (XS001 neither: it is the package's own code).
    When a part could not be followed (`dir + name`, `name` a parameter), or the settled path names no file of the
    package, this warning says which, with the URL as written. It was part of XS001 (an error) until the analysis
    could tell a package path from remote code: `xtk-ignore[XS001]` still applies.

    Why it matters: the script is either the extension's own file — fine — or a name that reaches outside what
    reviewers see or what the build wrote; xtk cannot prove which, a reviewer can.

    Example:

        const dir = document.currentScript.src.replace(/[^/]*$/, '');
        script.src = dir + codecName + '.js';                        // XS008: `codecName` could not be followed

    Fix: name the file with constants (`dir + 'codec.js'`), or check that every value reaching the URL is a file
    the package holds and suppress the line with that reason.
    """

    code = "XS008"
    name = "unsettled-script-path"
    severity = "warning"
    formerly = ("XS001",)

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target, fact in each_dynamic_fact(ctx):
            if not fact.package_path or (not fact.unsettled and packaged_file_present(ctx, target, fact)):
                continue
            base, _, path = fact.package_path.partition(":")
            why = fact.unsettled or (
                f"it names `{path}` {'from the package root' if base == 'root' else 'beside this file'}, "
                "which is not in the package"
            )
            yield self.finding(
                f"{fact.description}: a script of the package whose path is not settled: {why}",
                browser=target.browser if target is not None else None,
                fix="name the file with constants, or check every value reaching the URL names a packaged file",
                **ctx.where(fact.location),
            )
