"""XL014: a Manifest V3 extension for Firefox without an add-on ID (`browser_specific_settings.gecko.id`)."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain import browser_targets
from toolchain.lint.context import LintContext
from toolchain.lint.gecko import gecko_pointer, has_addon_id
from toolchain.lint.model import Finding, Rule


class FirefoxMv3WithoutId(Rule):
    """A Manifest V3 extension for Firefox has no add-on ID.

    What it checks: a plain extension Firefox loads (see `xtk lint --browser`) in Manifest V3 whose
    `browser_specific_settings.gecko` (or the older `applications.gecko`) has no `id`. An xtk project never has it:
    its Firefox target requires `gecko_id` in xtk.toml.

    Why it matters: addons.mozilla.org refuses a Manifest V3 upload without an ID (addons-linter's
    `ADDON_ID_REQUIRED`): in MV2 AMO could make one up, in MV3 the ID is what `storage.sync`, native messaging
    and updates key on, so it must be the extension's own and fixed from its first version. Firefox itself only
    loads such an extension temporarily (about:debugging).

    Example:

        "browser_specific_settings": { "gecko": { "strict_min_version": "128.0" } }     // XL014: no "id"

    Fix: choose an ID once and keep it: `"gecko": { "id": "name@your-domain.example", … }` (an email-like string or
    a `{UUID}`).
    """

    code = "XL014"
    name = "firefox-mv3-without-id"
    severity = "error"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            if not browser_targets.get(target.browser).is_gecko or target.manifest_version != 3:
                continue
            if has_addon_id(target.manifest):
                continue
            pointer = gecko_pointer(target.manifest)
            yield self.finding(
                "a Manifest V3 extension for Firefox needs an add-on ID, and `browser_specific_settings.gecko.id` is "
                "missing: addons.mozilla.org refuses the upload",
                browser=target.browser,
                fix='add "browser_specific_settings": {"gecko": {"id": "name@your-domain.example"}} and keep it',
                **ctx.manifest_where(pointer, target),
            )
