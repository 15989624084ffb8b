"""XP011: an API a target browser lacks, called under a run-time condition about availability (a warning)."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint import knowledge
from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule
from toolchain.lint.rules.xp007_api_unavailable import NOT_EXTENSION_APIS


class ApiMaybeUnavailable(Rule):
    """An API a target browser lacks is used under a run-time condition xtk cannot evaluate.

    What it checks: the uses XP007 would report (the browser lacks the API, in its manifest version or at its
    minimum version) that run only when a run-time condition about availability holds — one that mentions the
    extension API, a value derived from it, the manifest version or the browser: `if (isMV3) … else
    chrome.tabs.executeScript(…)` with `const isMV3 = chrome.runtime.getManifest().manifest_version == 3`, an early
    `if (!chrome.storage.session) return cb({})`, `if (isFirefox()) await browser.runtime.getBrowserInfo()`, a data
    guard on a value the API gave (`if (tab.groupId >= 0) browser.tabs.group(…)`). The message shows the condition
    and its line.

    Why it matters: whether the call runs in that browser hinges on the condition. Written as feature detection it
    is fine; written wrong (the test inverted, or about something else) the call throws there. An error would claim
    a proof xtk does not have (an error is a proof); silence would hide the second case.

    Example:

        const isMV3 = chrome.runtime.getManifest().manifest_version === 3;
        if (!isMV3) chrome.tabs.executeScript(tabId, { file: 'c.js' });   // XP011 in an MV3 build: guarded by `!isMV3`

    Fix: nothing, when the condition is right; to make it provable, test the API itself (`if
    (chrome.tabs.executeScript)`, `chrome.scripting?.executeScript(…)`), or in an xtk project guard it at build
    time (`if (import.meta.env.MANIFEST_VERSION === 2)`), so the other build drops it.
    """

    code = "XP011"
    name = "api-maybe-unavailable"
    severity = "warning"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            for _facts, use in ctx.each(target, "api_uses"):
                if use.deferred:
                    continue  # stored in a function nothing is proven to call (a polyfill's wrappers)
                if not use.guarded_by or use.feature_checked or use.api.split(".", 1)[0] in NOT_EXTENSION_APIS:
                    continue
                ok, why = knowledge.available(use.api, target.browser, target.min_version, target.manifest_version)
                if not ok and use.kind == "event" and knowledge.declared_but_never_fires(use.api, target.browser, why):
                    continue  # Firefox declares it and never fires it: the listener is added, and never called
                if ok or "not a known" in (why or ""):
                    continue
                name, _, rest = (why or f"{use.api} is unavailable").partition(" ")
                yield self.finding(
                    f"`{name}` {rest}"
                    + ("" if name == use.api else f" (used as `{use.api}`)")
                    + f"; {use.guarded_by}, which xtk cannot evaluate",
                    browser=target.browser,
                    fix="make sure that condition is false in this browser, or test the API itself",
                    **ctx.where(use.location),
                )
