"""XS003: web-accessible resources exposed beyond what the project's posture allows."""

from __future__ import annotations

from collections.abc import Iterable
from fnmatch import fnmatchcase

from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule


class OverExposedWebAccessibleResources(Rule):
    """Web-accessible resources exposed beyond what the project's posture allows.

    What it checks: with a posture that has a `web_accessible_resources.allowed` list, every resource a target's
    manifest exposes (`web_accessible_resources`, MV3 groups or the flat MV2 list) must be one of them (or match one
    of its globs); an empty list allows none. With `web_accessible_resources.injected: true` the posture also allows
    the files xtk exposes for the project's `[[injected]]` entries (each bundle and its CSS, by their built names):
    the config names them one by one, with the sites they go to. A wildcard exposed to every site, with or without
    a posture, is XS009 (a warning: a risk, not a proven defect).

    Why it matters: the posture is the project's reviewed promise of what pages may load from the extension; any
    page a resource is exposed to can load it, which lets sites fingerprint the extension, and a web-accessible
    extension page can be framed and clickjacked by any site.

    Example:

        // posture: "web_accessible_resources": { "allowed": [] }
        [[web_accessible_resources]]
        resources = ["popup/index.html"]          # XS003: beyond what the posture allows (none)
        matches = ["<all_urls>"]

    Fix: stop exposing it, or add it to the posture's `web_accessible_resources.allowed` (a reviewed spec change).
    """

    code = "XS003"
    name = "over-exposed-web-accessible-resources"
    severity = "error"
    applies_to = "project"  # a posture is a project's

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        allowed = None
        allows_injected = False
        if ctx.posture is not None and ctx.posture.web_accessible_resources is not None:
            allowed = ctx.posture.web_accessible_resources.allowed
            allows_injected = ctx.posture.web_accessible_resources.injected
        for target in ctx.targets:
            injected = target.injected_resources if allows_injected else frozenset()
            value = target.manifest.get("web_accessible_resources") or []
            for i, entry in enumerate(value if isinstance(value, list) else []):
                if isinstance(entry, str):  # MV2: one flat list, every resource to every site
                    items = [(f"/web_accessible_resources/{i}", entry)]
                elif isinstance(entry, dict):
                    resources = entry.get("resources")
                    items = [
                        (f"/web_accessible_resources/{i}/resources/{j}", r)
                        for j, r in enumerate(resources if isinstance(resources, list) else [])
                        if isinstance(r, str)
                    ]
                else:
                    continue
                for pointer, resource in items:
                    where = ctx.manifest_where(pointer, target)
                    beyond = not any(resource == a or fnmatchcase(resource, a) for a in allowed or ())
                    if allowed is not None and beyond and resource not in injected:
                        shown = ", ".join(f"`{a}`" for a in allowed) if allowed else "none"
                        yield self.finding(
                            f"web-accessible `{resource}` is beyond what the posture allows ({shown})",
                            browser=target.browser,
                            fix="stop exposing it, or add it to the posture's web_accessible_resources (a spec change)",
                            **where,
                        )
