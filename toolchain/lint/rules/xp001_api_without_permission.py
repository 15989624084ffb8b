"""XP001: an extension API used without the permission (or manifest key, or host access) it needs."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint import knowledge
from toolchain.lint.context import LintContext, objects, strings
from toolchain.lint.model import Finding, Rule


def _names(requirement: frozenset[str]) -> str:
    names = sorted(requirement, key=lambda p: (p.startswith("<"), p))
    return " or ".join(f"`{p}`" for p in names)


class ApiWithoutPermission(Rule):
    """An extension API is used without the permission it needs in a target browser.

    What it checks: every API use that is part of a target's build (its file is bundled there, its build-time guard
    holds for that browser, its function is reachable) against the permissions that browser requires for it
    (`specs/knowledge/`, per browser: `storage.local.get` needs `storage`; in Firefox, `menus.create` needs `menus`
    and `contextMenus.create` needs `contextMenus`). Permissions count when declared in `permissions`,
    `host_permissions` or their optional forms; APIs that also need host access (`scripting.executeScript`,
    `webRequest.*`, `cookies.*`) need a host pattern, `activeTab` or content-script matches as well. Uses the
    source facts cannot see (an API object passed as an argument, `chrome[name]`) are not judged.

    Why it matters: the API namespace is simply undefined without its permission, so the call throws
    `TypeError: Cannot read properties of undefined` at run time, in that browser only, often in a code path no
    test exercises.

    Example:

        // background.ts — xtk.toml declares no `storage` permission
        const { settings } = await chrome.storage.local.get('settings');   // XP001

    Fix: declare the permission with its justification (`[permissions] storage = "Keeps the user's settings."`),
    scoped with `browsers = [...]` if only some targets use it; or stop using the API.
    """

    code = "XP001"
    name = "api-without-permission"
    severity = "error"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            declared = ctx.host_access_declared(target)
            declared += ctx.declared(target, "optional_permissions") + ctx.declared(target, "optional_host_permissions")
            # content scripts' match patterns grant host access to their sites too (Chrome, and Firefox once granted)
            matched = [
                m for script in objects(target.manifest.get("content_scripts")) for m in strings(script.get("matches"))
            ]
            has_host_access = knowledge.grants_host_access(declared) or bool(matched)
            manifest_version = target.manifest.get("manifest_version", 3)
            for _facts, use in ctx.each(target, "api_uses"):
                if use.kind == "property" and use.feature_checked:
                    continue  # `if (chrome.storage)`, `!!chrome.tabs.executeScript`: a test of presence needs nothing
                if use.deferred:
                    continue  # a stored wrapper nothing is proven to call (a polyfill's): its caller's use is judged
                name = knowledge.resolve_alias(use.api, target.browser, manifest_version)  # Firefox MV2 userScripts
                info = knowledge.api(name)
                if info is None or info.requirements.get(target.browser) is None:
                    continue  # unknown, or unavailable in this browser: XP007's business
                for requirement in knowledge.missing_permissions(
                    name, target.browser, declared, has_host_access=has_host_access
                ):
                    yield self.finding(
                        f"`{use.api}` needs the {_names(requirement)} permission, which the manifest does not declare",
                        browser=target.browser,
                        fix=f"declare {_names(requirement)} (with its justification), or do not use `{use.api}`",
                        **ctx.where(use.location),
                    )
                if info.needs_host_access and not has_host_access:
                    yield self.finding(
                        f"`{use.api}` needs host access to its target page, and the manifest grants none "
                        "(no host permission, no `activeTab`)",
                        browser=target.browser,
                        fix="declare `activeTab` (access after a user gesture) "
                        "or the narrowest host pattern that works",
                        **ctx.where(use.location),
                    )
