"""XL025: a manifest value of a type no browser reading its key accepts (`"permissions": "tabs"`)."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule
from toolchain.lint.schema_verdicts import key_path


class ManifestValueWrongType(Rule):
    """A manifest value has a type no browser accepts where it reads the key.

    What it checks: the keys `xtk lint` reads from a plain extension's manifest.json (the background, content
    scripts, pages, permissions, the CSP, web-accessible resources, the gecko settings, the manifest version) for
    the JSON type every browser requires: a list of strings for `permissions`, an object for `background`, an
    integer for `manifest_version`. Lint then reads on without the value (a list that is not one: as an empty
    list), so the manifest's other defects are reported too; the findings the removed value could change (an API
    without its permission, a permission or a message nothing uses) are not reported until it is fixed.

    Why it matters: a browser that reads the key refuses the whole manifest — Chrome ("Invalid value for
    'permissions'") and Firefox ("Error processing permissions: Expected array instead of \"tabs\"") do not load
    the extension, and the stores refuse the upload (addons-linter's `MANIFEST_FIELD_INVALID`).

    Example:

        "permissions": "tabs"        // XL025: `permissions`: expected array, got string

    Fix: give the value the type the message names (`"permissions": ["tabs"]`).
    """

    code = "XL025"
    name = "manifest-value-wrong-type"
    severity = "error"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for defect in ctx.shape_defects:
            yield self.finding(
                f"`{key_path(defect.pointer)}`: {defect.message}: a browser that reads this key refuses the whole "
                "manifest; lint read on without the value",
                fix="give the value the type the message names",
                path=ctx.manifest_source.display,
                line=defect.line,
                column=defect.column,
            )
