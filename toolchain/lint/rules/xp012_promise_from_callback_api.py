"""XP012: `await chrome.x(…)` / `chrome.x(…).then(…)` in a Manifest V2 build, where `chrome.*` returns undefined."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint import knowledge
from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule


class PromiseFromCallbackApi(Rule):
    """A `chrome.*` call used as a Promise in a Manifest V2 build, where `chrome.*` takes callbacks and returns
    `undefined`.

    What it checks: in every target whose manifest is version 2 (Firefox's MV2 build above all), each call through
    the `chrome` namespace to an asynchronous API function (from Firefox's own schemas: `tabs.query`,
    `storage.local.get`, `runtime.sendMessage`…; knowledge.returns_promise) that is given no callback and whose value
    is chained with `.then`, `.catch` or `.finally` (a TypeError on `undefined`) or awaited into a value that is
    read. A bare `await chrome.tabs.update(…);` is not reported: the call runs, only the wait is lost. In Manifest
    V3 `chrome.*` returns Promises in both browsers, and `browser.*` (or the webextension-polyfill) always does:
    neither is reported. A call behind a run-time guard about availability (`if (isMV3)`) or in a function stored
    for later is left alone: whether it runs in this build is not proven.

    Why it matters: in Firefox MV2 (and Chrome MV2) `chrome.*` is the callback API; called without a callback it
    returns `undefined`. `await chrome.storage.local.get('k')` gives `undefined` (the next line throws reading a
    property of it), `chrome.tabs.query({}).then(f)` throws "undefined has no properties" — the feature is dead in
    that build, and no store linter says so. Code written for Chrome's MV3 breaks this way when ported to Firefox.

    Example:

        const { token } = await chrome.storage.local.get('token');   // XP012 in the Firefox MV2 build

    Fix: use `browser.*` (Firefox's Promise API; in a project, through the webextension-polyfill or the project's
    browser module), pass a callback, or build Firefox as Manifest V3.
    """

    code = "XP012"
    name = "promise-from-callback-api"
    severity = "error"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            if target.manifest_version != 2:
                continue
            for _facts, use in ctx.each(target, "api_uses"):
                if not use.promised or use.deferred or use.guarded_by:
                    continue
                if not knowledge.returns_promise(use.api):
                    continue
                yield self.finding(
                    f"`chrome.{use.api}()` is used as a Promise, but in this Manifest V2 build `chrome.*` takes a "
                    "callback and returns undefined",
                    browser=target.browser,
                    fix=f"call `browser.{use.api}()` (or pass a callback), or build this browser as Manifest V3",
                    **ctx.where(use.location),
                )
