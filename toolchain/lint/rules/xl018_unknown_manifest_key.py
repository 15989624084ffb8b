"""XL018: a key of a plain extension's manifest that Firefox does not know (it is ignored there)."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain import browser_targets
from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule
from toolchain.lint.schema_verdicts import firefox_violations


class UnknownManifestKey(Rule):
    """A manifest key Firefox does not know.

    What it checks: every key of a plain extension Firefox loads against the keys Firefox's manifest schema lists
    (`specs/manifest/firefox.schema.json`), at every level the schema describes; the message names the closest
    known key when there is one. Also what Firefox reads past with a warning: a key of the other manifest version,
    a permission name Firefox's own schemas do not list (Chrome's, a misspelling), `applications` beside
    `browser_specific_settings`, `browser_style: true` in Manifest V3.

    Why it matters: Firefox ignores a key it does not know, with a warning in the browser console ("Reading
    manifest: Warning processing update_url: An unexpected property was found"): a misspelt key
    (`"web_accessible_resource"`) silently does nothing, and a Chrome-only key (`minimum_chrome_version`, `key`,
    `side_panel`) has no effect in Firefox. It is a warning: the extension loads, and a key for another browser
    may be meant.

    Example:

        "option_ui": {"page": "options.html"}     // XL018: unknown key "option_ui" (did you mean "options_ui"?)

    Fix: correct the name, or keep a key meant for another browser knowingly (Firefox ignores it).
    """

    code = "XL018"
    name = "unknown-manifest-key"
    severity = "warning"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            if not browser_targets.get(target.browser).is_gecko:
                continue
            for violation in firefox_violations(target.manifest):
                if ctx.removed(violation.pointer):
                    continue  # XL025 reports the value
                if not violation.ignored:
                    continue
                yield self.finding(
                    f"`{violation.key_path}`: {violation.message}: Firefox ignores it",
                    browser=target.browser,
                    fix="correct the key's name, or remove it if it is not meant for Firefox",
                    **ctx.manifest_where(violation.pointer, target),
                )
