"""XL020: a raster icon the manifest names is not square."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint.context import LintContext
from toolchain.lint.icon_files import declared_icons, icon_path, read_icon
from toolchain.lint.model import Finding, Rule


class IconNotSquare(Rule):
    """A raster icon is not square.

    What it checks: every PNG, JPEG, GIF or WebP icon a plain extension's manifest names (`icons`, the action's,
    page action's and sidebar's `default_icon`), by its real pixel size (read with Pillow). An SVG is not judged:
    it scales.

    Why it matters: browsers draw icons in square slots, so a 48×32 icon is stretched or cropped in the toolbar and
    the add-ons manager, and addons.mozilla.org refuses the upload (addons-linter's `ICON_NOT_SQUARE`).

    Example:

        "icons": {"48": "icons/logo.png"}        // XL020: icons/logo.png is 48×32

    Fix: export the icon on a square canvas (pad it with transparency).
    """

    code = "XL020"
    name = "icon-not-square"
    severity = "error"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        reported: set[str] = set()
        for target in ctx.targets:
            folder = target.package_dir or ctx.root
            for icon in declared_icons(target.manifest):
                path = icon_path(folder, icon.name)
                if path is None or icon.name in reported:
                    continue
                found = read_icon(path)
                if found.problem or found.vector or found.width == found.height:
                    continue
                reported.add(icon.name)
                yield self.finding(
                    f"`{icon.key_path}`: `{icon.name}` is {found.width}×{found.height}, not square",
                    fix="export the icon on a square canvas (pad it with transparency)",
                    **ctx.manifest_where(icon.pointer, target),
                )
