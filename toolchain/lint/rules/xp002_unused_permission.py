"""XP002: a permission declared in the manifest that no API use in the build needs."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint import knowledge
from toolchain.lint.context import LintContext, Target
from toolchain.lint.model import Finding, Related, Rule
from toolchain.lint.permission_uses import permission_uses


def permission_used(permission: str, browser: str, apis: set[str]) -> bool | None:
    """True when one of `apis` (the API uses of a build) needs `permission` in `browser`; None when the knowledge
    base names no API the permission is for (`unlimitedStorage`, `clipboardWrite`, `geolocation`): no opinion.

    Tab fields the permission reveals (`tabs.Tab.url` for `tabs`, `activeTab` and host access) are read from the
    objects `tabs.*` calls return, which source facts do not follow: any use of that namespace counts."""
    enabled = knowledge.apis_enabled_by(permission, browser)
    if not enabled:
        return None
    for api in apis:
        info = knowledge.api(api)
        if info is None:
            continue
        if permission in info.permissions(browser) or (info.name in enabled and info.kind in knowledge.MEMBER_KINDS):
            return True
        if (knowledge.is_host_pattern(permission) or permission == "activeTab") and info.host_access is not None:
            return True
    fields = {name.split(".", 1)[0] for name in enabled if name.count(".") >= 2 and _kind(name) in ("property", "type")}
    return bool(fields & {api.split(".", 1)[0] for api in apis})


def analysed_files(ctx: LintContext, target: Target) -> tuple[Related, ...]:
    """The evidence of an absence: every source file of the target's build that was read (a verdict of "unused"
    is only as good as the code it looked at; files xtk could not read drop the verdict, engine.py)."""
    return tuple(Related("analysed", shown) for shown in sorted(ctx.display(p) for p in target.files if p in ctx.facts))


def _kind(name: str) -> str | None:
    info = knowledge.api(name)
    return info.kind if info is not None else None


class UnusedPermission(Rule):
    """A permission is declared, but nothing in the build uses an API that needs it.

    What it checks: each API permission in `permissions` and `optional_permissions` of a target's manifest against
    the API uses present in that target's build: the permission is used when some use needs it there (per browser,
    from `specs/knowledge/`), or a manifest key, an argument value (`["blocking"]`), a web call
    (`execCommand("copy")`) or a request by name needs it (`specs/knowledge/permission-uses.json`). Host patterns
    are not judged (a `fetch()` or a content script may use them), nor are permissions that enable no API
    (`unlimitedStorage`, `clipboardWrite`, `geolocation`…). Fields a permission
    reveals on tab objects (`tabs.Tab.url` for `tabs` and `activeTab`) count as used when any `tabs.*` API is, and
    `tabs`/`activeTab` when a Tab's `url`, `title`, `favIconUrl` or `pendingUrl` is read (a listener's Tab, a
    `tabs.query` result: XP009 reports such reads with neither).
    Uses the source facts cannot see (an API object passed as an argument, `chrome[name]`) make a permission look
    unused: suppress the finding with the reason.

    Why it matters: every permission is a line in the install prompt and a question in store review ("why does
    it need this?"); an unused one costs users' trust and reviewers' time for nothing, and widens what a
    compromised extension could do.

    Example:

        [permissions]
        alarms = "Refreshes the feed every hour."   # XP002: no chrome.alarms.* anywhere in the build

    Fix: remove the permission (and its justification); if it is needed by code that only one browser builds,
    scope it with `browsers = [...]`.
    """

    code = "XP002"
    name = "unused-permission"
    severity = "error"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            apis = {use.api for _facts, use in ctx.each(target, "api_uses")}
            evidence = analysed_files(ctx, target)
            beyond_apis = permission_uses(ctx, target)  # manifest keys, argument values, requests by name…
            for key in ("permissions", "optional_permissions"):
                for index, permission in ctx.entries(target, key):
                    if knowledge.is_host_pattern(permission) or permission in beyond_apis.used:
                        continue
                    if key == "optional_permissions" and beyond_apis.any_optional:
                        continue
                    if permission_used(permission, target.browser, apis) is False:
                        yield self.finding(
                            f"`{permission}` is declared ({key}) but no API that needs it is used",
                            browser=target.browser,
                            fix=f"remove `{permission}`, or scope it to the browsers whose code uses it",
                            related=evidence,
                            **ctx.manifest_where(f"/{key}/{index}", target),
                        )
