"""XP003: a permission or host pattern the project's posture rules out."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint import knowledge
from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule

PERMISSION_KEYS = ("permissions", "optional_permissions", "host_permissions", "optional_host_permissions")


class ForbiddenPermission(Rule):
    """A built manifest asks for a permission the project's posture forbids.

    What it checks: every entry of `permissions`, `optional_permissions`, `host_permissions` and
    `optional_host_permissions` in each target's built manifest (so permissions added through a raw
    `targets.<browser>.manifest` override count too) against the posture named by `[lint] posture`:
    API permissions listed in its `permissions.forbidden` (in either mode), and host patterns outside its
    `host_permissions.allowed` (an empty list allows none). A permission that is merely missing from an allow-list
    posture's `allowed` is XP004 (no reviewed justification).

    Why it matters: the posture is the product's privacy promise written as data ("no storage, no tabs, no
    background crawling"); a forbidden permission in a release breaks that promise and is the kind of change a
    store reviewer or a user notices first.

    Example:

        # specs/posture/app.json: "forbidden": {"tabs": "not needed with activeTab"}
        [permissions]
        tabs = "Lists the open tabs."        # XP003: the posture forbids `tabs`

    Fix: drop the permission and do the work without it (the posture's reason usually says how); if the product
    really needs it, change the posture (a spec change, reviewed as such) rather than the manifest.
    """

    code = "XP003"
    name = "forbidden-permission"
    severity = "error"
    applies_to = "project"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        posture = ctx.posture
        if posture is None:
            return
        where_posture = posture.display or "the posture"
        for target in ctx.targets:
            for key in PERMISSION_KEYS:
                for index, permission in ctx.entries(target, key):
                    where = ctx.manifest_where(f"/{key}/{index}", target)
                    if knowledge.is_host_pattern(permission):
                        allowed = posture.host_permissions.allowed
                        if permission not in allowed:
                            shown = ", ".join(f"`{p}`" for p in allowed) if allowed else "none"
                            yield self.finding(
                                f"host permission `{permission}` is not allowed by the posture ({where_posture} "
                                f"allows {shown})",
                                browser=target.browser,
                                fix="remove it, or reach the host another way (a content script the posture allows)",
                                **where,
                            )
                    elif permission in posture.permissions.forbidden:
                        yield self.finding(
                            f"`{permission}` is forbidden by the posture ({where_posture}): "
                            f"{posture.permissions.forbidden[permission]}",
                            browser=target.browser,
                            fix=f"remove `{permission}`; changing the posture is a spec change",
                            **where,
                        )
