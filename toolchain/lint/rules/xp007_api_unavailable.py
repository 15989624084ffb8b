"""XP007: an API that a target browser does not have (at all, in its manifest version, or at its minimum version)."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint import knowledge
from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule

#: Properties of the `chrome` global that are not extension APIs (web-page features of Chrome itself).
NOT_EXTENSION_APIS = frozenset({"app", "csi", "loadTimes", "webstore"})


def _fix(why: str, project: bool) -> str:
    if "not a known" in why:
        return "check the API's name (chrome.<namespace>.<member>)"
    if "or later" in why:
        minimum = "the target's min_version" if project else "minimum_chrome_version / strict_min_version"
        return f"raise {minimum} to that version, or call it only where it exists"
    if "Manifest V" in why:
        guard = "behind import.meta.env.MANIFEST_VERSION" if project else "only in the manifest version that has it"
        return f"call it {guard}, or use that manifest version's API"
    guard = "behind import.meta.env.BROWSER (or CHROME / FIREFOX)" if project else "only where it exists"
    return f"call it {guard}, or use what this browser has"


class ApiUnavailable(Rule):
    """An API is used that a target browser lacks (at all, in its manifest version, or at its minimum version).

    The API may also exist only with a manifest key the manifest does not declare.

    What it checks: every API use present in a target's build (bundled, guard holds, reachable) with
    `specs/knowledge/` (browser-compat-data plus the vendors' own API definitions): the browser implements the
    API and each of its parent namespaces; no earlier than the target's minimum version (`min_version`, i.e.
    `minimum_chrome_version` / `strict_min_version`; the message names the version that adds it); in the target's
    manifest version (`tabs.executeScript` is MV2 only, `action` MV3 only); and, for APIs that exist only with a
    manifest key (`action`, `browser_action`, `commands`, `devtools_page`…), with that key declared. A name the
    knowledge base does not know at all is reported too (a typo such as `chrome.tab.query`).

    Why it matters: the call throws (or the namespace is undefined) in that browser only, in the versions the
    extension claims to support; cross-browser code usually fails this way, and only for the users of one
    browser.

    Example:

        // min_version = "116" for Chrome
        await chrome.action.openPopup();   // XP007: action.openPopup needs Chrome 127 or later

    Fix: raise the target's `min_version` to the version named; or guard the call so the build for that browser
    or manifest version drops it (`if (import.meta.env.MANIFEST_VERSION === 3) { … }`, `if
    (import.meta.env.FIREFOX) { … }`); or use the API the browser has instead (`browserAction` in MV2).
    A call that copes with the API being absent is not reported: inside a `try` that has a `catch`, through
    optional chaining (`chrome.action?.openPopup?.()`), tested first (`if (chrome.sidePanel) …`,
    `browser.menus && browser.menus.create(…)`), a read that is only tested (`const mv3 = !!chrome.action`), or
    a fallback (`const act = chrome.browserAction ?? chrome.action`). A call that runs only under a run-time
    condition about availability the analysis cannot evaluate (`if (isMV3)`, `if (isFirefox())`, an early
    `if (!chrome.storage.session) return;`) is not proven to fail: XP011 reports it as a warning, with the
    condition. An event browser-compat-data calls unsupported that Firefox's own schemas declare (`tabs.onReplaced`
    exists there and never fires) is not reported: adding its listener works.
    """

    code = "XP007"
    name = "api-unavailable"
    severity = "error"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            keys = set(target.manifest)
            for _facts, use in ctx.each(target, "api_uses"):
                if use.deferred:
                    continue  # stored in a function nothing is proven to call (a polyfill's wrappers)
                if use.api.split(".", 1)[0] in NOT_EXTENSION_APIS:
                    continue
                ok, why = knowledge.available(use.api, target.browser, target.min_version, target.manifest_version)
                if not ok and use.kind == "event" and knowledge.declared_but_never_fires(use.api, target.browser, why):
                    continue  # Firefox declares it and never fires it: the listener is added, and never called
                if not ok and use.feature_checked and "not a known" not in (why or ""):
                    continue  # in a try with a catch, or `?.`: the code copes with the API being absent
                if not ok and use.guarded_by and "not a known" not in (why or ""):
                    continue  # a run-time condition about availability decides: no proof, XP011 warns
                if not ok:
                    name, _, rest = (why or f"{use.api} is unavailable").partition(" ")
                    yield self.finding(
                        f"`{name}` {rest}" + ("" if name == use.api else f" (used as `{use.api}`)"),
                        browser=target.browser,
                        fix=_fix(why or "", ctx.kind == "project"),
                        **ctx.where(use.location),
                    )
                    continue
                info = knowledge.api(use.api)
                needed = info.manifest_keys.get(target.browser) if info is not None else None
                if needed and not keys & set(needed):
                    shown = " or ".join(f"`{k}`" for k in needed)
                    yield self.finding(
                        f"`{use.api}` exists only when the manifest declares {shown}, and this manifest does not",
                        browser=target.browser,
                        fix=f"declare {shown} (in xtk.toml: [action], [commands], …) or do not use `{use.api}`",
                        **ctx.where(use.location),
                    )
