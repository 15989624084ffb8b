"""Which icons xtk generates from the one image `icon` names in xtk.toml, and where they go in the build.

The sizes are the ones the browsers and their stores ask for: Chrome and Edge 16 (favicon, context menus), 32
(Windows), 48 (the extensions page) and 128 (install dialog, Web Store); Firefox 48 and 96 (about:addons on
high-density screens). The toolbar button (`action` / `browser_action`) takes 16 and 32 in every browser.
A size the project sets itself (`[icons]`, `[action] icons`) wins: nothing is generated for that key.

The PNGs themselves are drawn by toolchain/tools/icons.py; this module only names them, so the manifest renders
without the image library.
"""

from __future__ import annotations

from toolchain.project.models import ProjectConfig

#: The manifest's `icons`.
MANIFEST_ICON_SIZES = (16, 32, 48, 96, 128)
#: `action.default_icon` (`browser_action` in MV2).
ACTION_ICON_SIZES = (16, 32)


def generated_icon_out(size: int) -> str:
    """The build path of the generated icon of `size` pixels."""
    return f"icons/icon-{size}.png"


def _by_size(sizes: tuple[int, ...]) -> dict[str, str]:
    return {str(size): generated_icon_out(size) for size in sizes}


def manifest_icons(config: ProjectConfig) -> dict[str, str]:
    """The manifest's `icons` drawn from `icon`: none when there is no `icon` or the project sets `[icons]`."""
    return _by_size(MANIFEST_ICON_SIZES) if config.icon and not config.icons else {}


def action_icons(config: ProjectConfig) -> dict[str, str]:
    """`action.default_icon` drawn from `icon`: none without `icon`, without `[action]`, or with `[action] icons`."""
    return _by_size(ACTION_ICON_SIZES) if config.icon and config.action and not config.action.icons else {}


def needed_sizes(config: ProjectConfig) -> list[int]:
    """Every size some manifest key takes from `icon`, smallest first (empty: the explicit icons cover all)."""
    sizes = {int(size) for size in (*manifest_icons(config), *action_icons(config))}
    return sorted(sizes)
