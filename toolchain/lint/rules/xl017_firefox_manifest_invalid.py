"""XL017: a plain extension's manifest breaks Firefox's manifest schema (a wrong type, a malformed value, a
missing required key)."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain import browser_targets
from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule
from toolchain.lint.schema_verdicts import firefox_violations


class FirefoxManifestInvalid(Rule):
    """The manifest breaks Firefox's manifest schema.

    What it checks: a plain extension Firefox loads, against Firefox's manifest schema as xtk keeps it
    (`specs/manifest/firefox.schema.json`, the schema `xtk build` validates its own Firefox manifests with): the
    type and form of every key Firefox reads (`version`, `name`, `browser_specific_settings.gecko`, `permissions`,
    `content_security_policy`, `web_accessible_resources`, `commands`...), the keys each requires, and the keys
    that belong to one manifest version (versions in Firefox's own form: "3.0a8pre" is one); and what
    addons.mozilla.org refuses beyond the schema: a name with whitespace around it or shorter than 2 characters,
    `gecko.admin_install_only` (enterprise add-ons only), a homepage or developer URL on addons.mozilla.org. Keys
    and permissions Firefox ignores are XL018 (a warning); a value of a type no browser accepts where lint reads
    it is XL025.

    Why it matters: Firefox refuses to install a manifest its schema rejects ("Reading manifest: Error processing
    version: …"), or drops the key, and addons.mozilla.org refuses the upload (addons-linter's
    `MANIFEST_FIELD_INVALID`, `MANIFEST_FIELD_REQUIRED`, `JSON_INVALID`, `VERSION_FORMAT_INVALID`,
    `PROP_NAME_INVALID`, `ADMIN_INSTALL_ONLY_PROP_RESERVED`, `RESTRICTED_HOMEPAGE_URL`...).

    Example:

        "version": "1.0-beta"      // XL017: /version: must be 1 to 4 dot-separated integers …

    Fix: give the key the form the message names (the schema's own words), or remove it.
    """

    code = "XL017"
    name = "firefox-manifest-invalid"
    severity = "error"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            if not browser_targets.get(target.browser).is_gecko:
                continue
            for violation in firefox_violations(target.manifest):
                if ctx.removed(violation.pointer):
                    continue  # XL025 reports the value
                if violation.ignored:
                    continue
                yield self.finding(
                    f"`{violation.key_path}`: {violation.message}",
                    browser=target.browser,
                    fix="give the key the form Firefox's schema requires, or remove it",
                    **ctx.manifest_where(violation.pointer, target),
                )
