"""XL015: a Manifest V2 extension for Firefox without an add-on ID (`browser_specific_settings.gecko.id`)."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain import browser_targets
from toolchain.lint.context import LintContext
from toolchain.lint.gecko import gecko_pointer, has_addon_id
from toolchain.lint.model import Finding, Rule


class FirefoxWithoutId(Rule):
    """A Manifest V2 extension for Firefox has no add-on ID.

    What it checks: a plain extension Firefox loads in Manifest V2 whose `browser_specific_settings.gecko` (or the
    older `applications.gecko`) has no `id`. (In Manifest V3 the ID is required: XL014.) An xtk project never has
    it: its Firefox target requires `gecko_id` in xtk.toml.

    Why it matters: addons.mozilla.org then makes an ID up at the first upload (addons-linter's warning
    `MISSING_ADDON_ID`), and every later version must carry that one; until the manifest says it, a local build is
    another add-on to Firefox — its `storage.sync` data, native messaging hosts and `identity` redirect URLs are
    keyed on an ID that changes with each temporary install.

    Example:

        "manifest_version": 2,
        "browser_specific_settings": { "gecko": { "strict_min_version": "115.0" } }     // XL015: no "id"

    Fix: choose an ID once and keep it: `"gecko": { "id": "name@your-domain.example" }` (an email-like string or a
    `{UUID}`); for an add-on already on AMO, the ID AMO shows for it.
    """

    code = "XL015"
    name = "firefox-without-id"
    severity = "warning"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            if not browser_targets.get(target.browser).is_gecko or target.manifest_version != 2:
                continue
            if has_addon_id(target.manifest):
                continue
            yield self.finding(
                "no add-on ID (`browser_specific_settings.gecko.id`): addons.mozilla.org makes one up at the first "
                "upload, and until the manifest carries it, each local install is another add-on to Firefox",
                browser=target.browser,
                fix='add "browser_specific_settings": {"gecko": {"id": "name@your-domain.example"}} and keep it',
                **ctx.manifest_where(gecko_pointer(target.manifest), target),
            )
