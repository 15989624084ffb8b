"""XL021: an icon the manifest names is not a usable image of the size it is declared at."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import PurePosixPath

from toolchain.lint.context import LintContext
from toolchain.lint.icon_files import ICON_SUFFIXES, declared_icons, icon_path, read_icon
from toolchain.lint.model import Finding, Rule


class IconUnusable(Rule):
    """An icon is not a usable image, or not of the size it is declared at.

    What it checks: every icon a plain extension's manifest names (`icons`, the action's, page action's and
    sidebar's `default_icon`) that is in the package: its name ends in an image format browsers and
    addons.mozilla.org take (.png, .jpg, .jpeg, .gif, .webp, .svg); Pillow can open and verify it (an SVG must be
    XML with an `<svg>` root); a raster icon declared at a size (`"48": "icon.png"`) is that many pixels wide.

    A file that is no usable image is reported once, where the manifest first names it.

    Why it matters: a damaged or misnamed icon shows as a blank or a puzzle piece, and a 128-pixel image declared
    as 16 is scaled down blurrily where the browser expected a crisp one (addons-linter's `CORRUPT_ICON_FILE`,
    `WRONG_ICON_EXTENSION`, `ICON_SIZE_INVALID`). A warning: the extension still works.

    Example:

        "icons": {"16": "icons/logo-128.png"}     // XL021: icons/logo-128.png is 128 pixels wide, declared as 16

    Fix: export the icon again at the declared size, in one of those formats.
    """

    code = "XL021"
    name = "icon-unusable"
    severity = "warning"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        reported: set[tuple[str, str]] = set()  # (where, what): a file that is no image is said once
        for target in ctx.targets:
            folder = target.package_dir or ctx.root
            for icon in declared_icons(target.manifest):
                path = icon_path(folder, icon.name)
                if path is None:
                    continue
                where = icon.name  # the file's own problems are the file's, wherever it is named
                problem: str | None
                if PurePosixPath(path.name).suffix.lower() not in ICON_SUFFIXES:
                    problem = "is not in an image format browsers take for icons (.png, .jpg, .gif, .webp, .svg)"
                else:
                    found = read_icon(path)
                    problem = found.problem
                    declared = icon.size
                    raster = found.width is not None and found.width == found.height
                    if problem is None and declared is not None and raster and found.width != declared:
                        problem = f"is {found.width} pixels wide, declared as {declared}"
                        where = icon.pointer  # a size is declared at each place
                if problem is None or (where, problem) in reported:
                    continue
                reported.add((where, problem))
                yield self.finding(
                    f"`{icon.key_path}`: `{icon.name}` {problem}",
                    fix="export the icon again at the declared size, as PNG (or SVG)",
                    **ctx.manifest_where(icon.pointer, target),
                )
