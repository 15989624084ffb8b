"""XP004: a permission in a built manifest without a justification (xtk.toml, and the posture's allow-list)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from toolchain.lint import knowledge
from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule

PERMISSION_KEYS = ("permissions", "optional_permissions", "host_permissions", "optional_host_permissions")


def _justified(config: Any, permission: str, browser: str) -> bool:
    """Declared in one of xtk.toml's four permission tables, for this browser (MV2 manifests move host patterns)."""
    for table in PERMISSION_KEYS:
        grant = getattr(config, table).get(permission)
        if grant is not None and (grant.browsers is None or browser in grant.browsers):
            return True
    return False


class PermissionWithoutJustification(Rule):
    """A permission in a built manifest has no justification.

    What it checks: every entry of `permissions`, `optional_permissions`, `host_permissions` and
    `optional_host_permissions` in each target's built manifest must come from xtk.toml's tables of the same
    names, where each carries the justification a store reviewer reads (for that browser, when the grant says
    `browsers = [...]`). Permissions added through a raw `targets.<browser>.manifest` override have none, and are
    reported there. With a posture in allow-list mode, each API permission must also be in the posture's
    `allowed`, with its reviewed justification (permissions it forbids are XP003).

    Why it matters: Chrome Web Store and AMO review ask for a reason per permission; one that slips in through a
    raw override never had one written, and never went past whoever reviews the posture.

    Example:

        [targets.chrome]
        manifest = { permissions = ["storage", "bookmarks"] }   # XP004: `bookmarks` has no justification

    Fix: declare the permission in `[permissions]` (or `[host_permissions]`…) with its justification, scoped with
    `browsers = ["chrome"]` if only one browser needs it, and add it to the posture's `allowed` when the project
    has an allow-list posture.
    """

    code = "XP004"
    name = "permission-without-justification"
    severity = "error"
    applies_to = "project"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        if ctx.project is None:
            return
        config = ctx.project.config
        posture = ctx.posture
        allow_list = posture is not None and posture.permissions.mode == "allow-list"
        for target in ctx.targets:
            for key in PERMISSION_KEYS:
                for index, permission in ctx.entries(target, key):
                    where = ctx.manifest_where(f"/{key}/{index}", target)
                    if not _justified(config, permission, target.browser):
                        section = "host_permissions" if knowledge.is_host_pattern(permission) else "permissions"
                        yield self.finding(
                            f"`{permission}` is in the {target.browser} manifest's {key} but has no justification in "
                            f"{ctx.manifest_source.display} "
                            f"(added by a raw `targets.{target.browser}.manifest` override?)",
                            browser=target.browser,
                            fix=f"declare it under [{section}] with the reason a reviewer reads",
                            **where,
                        )
                    if (
                        allow_list
                        and posture is not None
                        and not knowledge.is_host_pattern(permission)
                        and permission not in posture.permissions.allowed
                        and permission not in posture.permissions.forbidden
                    ):
                        yield self.finding(
                            f"`{permission}` is not in the posture's allowed permissions ({posture.display}), "
                            "so it has no reviewed justification",
                            browser=target.browser,
                            fix="remove it, or add it to the posture's `allowed` with its justification "
                            "(a spec change)",
                            **where,
                        )
