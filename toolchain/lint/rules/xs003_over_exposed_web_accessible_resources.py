"""XS003: web-accessible resources exposed too widely (globs to every site, or beyond the posture)."""

from __future__ import annotations

from collections.abc import Iterable
from fnmatch import fnmatchcase

from toolchain.lint import knowledge
from toolchain.lint.context import LintContext, strings
from toolchain.lint.model import Finding, Rule

#: file types a page can only display (no script runs from them, not even when opened directly); SVG is not one
PASSIVE_SUFFIXES = frozenset(
    {
        ".png",
        ".jpg",
        ".jpeg",
        ".gif",
        ".webp",
        ".avif",
        ".bmp",
        ".ico",
        ".woff",
        ".woff2",
        ".ttf",
        ".otf",
        ".mp3",
        ".ogg",
        ".wav",
        ".mp4",
        ".webm",
    }
)


def _globbed(resource: str) -> bool:
    return any(ch in resource for ch in "*?[")


def _open_glob(resource: str) -> bool:
    """A glob that may expose files nobody meant to: any but `folder/*.png`-like ones, which can only match images,
    fonts or media of one type (their names are the only thing a site learns, as with an exact list)."""
    if not _globbed(resource):
        return False
    suffix = "." + resource.rsplit(".", 1)[-1].lower() if "." in resource.rsplit("/", 1)[-1] else ""
    return suffix not in PASSIVE_SUFFIXES


class OverExposedWebAccessibleResources(Rule):
    """Web-accessible resources exposed to every site with wildcards, or beyond what the posture allows.

    What it checks: `web_accessible_resources` in each target's manifest. In MV3 groups, a globbed resource
    (`*`, `**/*.js`, `images/*`) whose `matches` include a broad pattern (`<all_urls>`, `*://*/*`…); in MV2, where
    every listed resource is exposed to every site, any globbed resource — except a glob that can only match one
    type of image, font or media file (`beasts/*.jpg`). With a posture that has a
    `web_accessible_resources.allowed` list, every exposed resource must be one of them (or match one of its
    globs); an empty list allows none. With `web_accessible_resources.injected: true` the posture also allows the
    files xtk exposes for the project's `[[injected]]` entries (each bundle and its CSS, by their built names): the
    config names them one by one, with the sites they go to.

    Why it matters: any page the resources are exposed to can load them, which lets sites fingerprint the
    extension (detect that it is installed, and which version), and a web-accessible extension page can be framed
    and clickjacked by any site; a glob exposes files nobody meant to (source maps, internal pages).

    Example:

        { "resources": ["*"], "matches": ["<all_urls>"] }     // XS003: everything, to every site

    Fix: list the exact files a page needs (`chatwidget/index.js`), to the sites that need them (`matches`), with
    `use_dynamic_url: true` in Chrome; expose nothing if nothing needs it.
    """

    code = "XS003"
    name = "over-exposed-web-accessible-resources"
    severity = "error"

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
                    broad = True
                elif isinstance(entry, dict):
                    resources = entry.get("resources")
                    items = [
                        (f"/web_accessible_resources/{i}/resources/{j}", r)
                        for j, r in enumerate(resources if isinstance(resources, list) else [])
                        if isinstance(r, str)
                    ]
                    broad = any(knowledge.is_broad_host_pattern(m) for m in strings(entry.get("matches")))
                else:
                    continue
                for pointer, resource in items:
                    where = ctx.manifest_where(pointer, target)
                    if broad and _open_glob(resource):
                        yield self.finding(
                            f"web-accessible `{resource}` is a wildcard exposed to every site",
                            browser=target.browser,
                            fix="list the exact files pages need, to the sites that need them",
                            **where,
                        )
                    beyond = not any(resource == a or fnmatchcase(resource, a) for a in allowed or ())
                    if allowed is not None and beyond and resource not in injected:
                        shown = ", ".join(f"`{a}`" for a in allowed) if allowed else "none"
                        yield self.finding(
                            f"web-accessible `{resource}` is beyond what the posture allows ({shown})",
                            browser=target.browser,
                            fix="stop exposing it, or add it to the posture's web_accessible_resources (a spec change)",
                            **where,
                        )
