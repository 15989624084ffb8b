"""XS009: a wildcard of web-accessible resources exposed to every site (a warning)."""

from __future__ import annotations

from collections.abc import Iterable

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


#: Chrome's favicon API is served from `_favicon/`, and the documentation asks for exactly this entry
FAVICON_ENTRIES = frozenset({"_favicon/*", "/_favicon/*"})


def _browser_provided(resource: str, browser: str, manifest: dict) -> bool:
    """`_favicon/*` in a Chromium MV3 extension with the `favicon` permission: the browser's API, not files."""
    permissions = strings(manifest.get("permissions"))
    return (
        resource in FAVICON_ENTRIES
        and browser in ("chrome", "edge")
        and manifest.get("manifest_version") == 3
        and "favicon" in permissions
    )


class WildcardWebAccessibleResources(Rule):
    """A web-accessible wildcard is exposed to every site.

    What it checks: `web_accessible_resources` in each target's manifest. In MV3 groups, a globbed resource (`*`,
    `**/*.js`, `images/*`) whose `matches` include a broad pattern (`<all_urls>`, `*://*/*`…); in MV2, where every
    listed resource is exposed to every site, any globbed resource — except a glob that can only match one type of
    image, font or media file (`beasts/*.jpg`), and Chrome's favicon API (`_favicon/*` with the `favicon`
    permission in MV3), which is not the package's files.

    Why it matters: any page can load what the glob matches, which lets sites fingerprint the extension (detect
    that it is installed, and which version); a glob exposes files nobody meant to (source maps, internal pages
    that can then be framed). Often deliberate — a folder of redirect targets or of library copies pages are sent
    to — so it is a warning that names the glob: exposure is a risk to weigh, not a proven defect. A project's
    posture that does not allow the resource makes it XS003, an error.

    Example:

        { "resources": ["*"], "matches": ["<all_urls>"] }     // XS009: everything, to every site

    Fix: list the exact files pages need (`chatwidget/index.js`), to the sites that need them (`matches`), with
    `use_dynamic_url: true` in Chrome; keep a deliberate folder small and free of pages and source maps.
    """

    code = "XS009"
    name = "wildcard-web-accessible-resources"
    severity = "warning"
    formerly = ("XS003",)

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
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
                    if not broad or not _open_glob(resource):
                        continue
                    if _browser_provided(resource, target.browser, target.manifest):
                        continue
                    yield self.finding(
                        f"web-accessible `{resource}` is a wildcard exposed to every site",
                        browser=target.browser,
                        fix="list the exact files pages need, to the sites that need them",
                        **ctx.manifest_where(pointer, target),
                    )
