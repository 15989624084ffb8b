"""XS010: `executeScript({ code })` given a variable whose value the analysis could not follow."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule
from toolchain.lint.rules.xs001_remote_or_dynamic_code import each_dynamic_fact


class UnsettledInjectedCode(Rule):
    """Code injected into a tab from a variable xtk could not follow.

    What it checks: `tabs.executeScript(…, { code: x })` (and `scripting.executeScript`'s) where `x` is a `let` or
    `var` assigned somewhere other than its declaration — in another function, after a fetch, in a loop — so the
    analysis cannot tell whether the string is the extension's own code (files of its package read with
    `fetch(runtime.getURL(…))`, a function's source) or something built from data. A constant string is not
    reported; a parameter is judged by what its callers pass, and code proven to come from elsewhere is XS001, an
    error. This warning says which variable could not be followed. It was part of XS001 until the rule for
    severity (an error is a proof) split it: `xtk-ignore[XS001]` still applies.

    Why it matters: injected code is code reviewers must be able to read in the package. When it is the
    extension's own, fine; when any part comes from a page, a message or the network, it is remote code — which
    Manifest V3 removed (`code` is gone from `scripting.executeScript`) and both stores reject.

    Example:

        let scripts;
        async function load() { scripts = await (await fetch(browser.runtime.getURL('lib/bundle.js'))).text(); }
        browser.tabs.executeScript(tabId, { code: scripts });                      // XS010

    Fix: inject files rather than strings (`executeScript({ file: 'lib/bundle.js' })`, `files: [...]`), or keep
    the value a constant; when every assignment reads a packaged file, suppress the line with that reason.
    """

    code = "XS010"
    name = "unsettled-injected-code"
    severity = "warning"
    formerly = ("XS001",)

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target, fact in each_dynamic_fact(ctx):
            if not fact.unsettled or fact.package_path:
                continue
            yield self.finding(
                f"{fact.description}: the code it injects could not be followed: {fact.unsettled}",
                browser=target.browser if target is not None else None,
                fix="inject packaged files (`file`/`files`) instead of strings, or keep the code a constant",
                **ctx.where(fact.location),
            )
