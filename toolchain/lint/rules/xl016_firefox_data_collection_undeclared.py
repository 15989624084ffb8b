"""XL016: an extension for Firefox does not declare what data it collects (`gecko.data_collection_permissions`)."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain import browser_targets
from toolchain.lint.context import LintContext
from toolchain.lint.gecko import gecko_pointer, gecko_settings
from toolchain.lint.model import Finding, Rule


class FirefoxDataCollectionUndeclared(Rule):
    """An extension for Firefox does not declare what data it collects.

    What it checks: a plain extension Firefox loads whose `browser_specific_settings.gecko` (or `applications.gecko`)
    has no `data_collection_permissions` object. An xtk project declares it in xtk.toml (`data_collection`; XB110
    for the Firefox versions that read it).

    Why it matters: addons.mozilla.org requires the declaration of every new add-on since November 2025
    (addons-linter's warning `MISSING_DATA_COLLECTION_PERMISSIONS`) and shows it to users at install — including
    `"none"`, the declaration that nothing is collected. Firefox 140 (desktop) and 142 (Android) read it.

    Example:

        "browser_specific_settings": { "gecko": { "id": "notes@example.org" } }     // XL016: nothing declared

    Fix: `"gecko": { "id": "…", "data_collection_permissions": { "required": ["none"] } }` when the extension sends
    nothing anywhere; otherwise the categories it collects (`"required": ["websiteContent"]`, `"optional":
    ["technicalAndInteraction"]`), as AMO's policies list them.
    """

    code = "XL016"
    name = "firefox-data-collection-undeclared"
    severity = "warning"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            if not browser_targets.get(target.browser).is_gecko:
                continue
            if isinstance(gecko_settings(target.manifest).get("data_collection_permissions"), dict):
                continue
            yield self.finding(
                "`browser_specific_settings.gecko.data_collection_permissions` is missing: addons.mozilla.org "
                'requires every new add-on to declare what data it collects (`"required": ["none"]` when nothing)',
                browser=target.browser,
                fix='add "data_collection_permissions": {"required": ["none"]} (or what it collects) to the gecko '
                "settings",
                **ctx.manifest_where(gecko_pointer(target.manifest), target),
            )
