"""`launch`: the one place that knows every driver, so the drivers' shared interface (`base`) imports none of them.

    with launch("firefox", build_dir, workdir=tmp_path) as browser:
        page = browser.open_extension_page("popup/index.html")

Importing the drivers is cheap: each pulls in its client library (playwright, websockets) only when it starts a
browser.
"""

from __future__ import annotations

from pathlib import Path

from toolchain import browser_targets
from toolchain.browsers.base import BROWSERS, BrowserName, ExtensionBrowser, ExtensionLoadError
from toolchain.browsers.chromium import ChromiumBrowser
from toolchain.browsers.firefox import FirefoxBrowser

#: The driver that runs each engine's targets (Debian's chromium, firefox-esr).
ENGINE_DRIVERS: dict[browser_targets.Engine, BrowserName] = {"chromium": "chromium", "gecko": "firefox"}


def driver_for(target: str) -> BrowserName:
    """The driver that runs a build target (`xtk dev --browser edge` runs in chromium)."""
    return ENGINE_DRIVERS[browser_targets.get(target).engine]


def launch(
    browser: str,
    extension_dir: Path,
    *,
    workdir: Path,
    firefox_extension_id: str | None = None,
    headless: bool = True,
) -> ExtensionBrowser:
    """Start `browser` ("chromium" or "firefox") headless (or in a window: `headless=False`, for `xtk dev`)
    with the unpacked extension in `extension_dir`.

    Everything the browser writes goes under a fresh directory in `workdir`. On Firefox the gecko id is read
    from the manifest (`browser_specific_settings.gecko.id`) unless `firefox_extension_id` is given.
    """
    extension_dir = Path(extension_dir).resolve()
    if not (extension_dir / "manifest.json").is_file():
        raise ExtensionLoadError(f"no manifest.json in {extension_dir}")
    if browser == "chromium":
        return ChromiumBrowser.start(extension_dir, workdir=Path(workdir), headless=headless)
    if browser == "firefox":
        return FirefoxBrowser.start(
            extension_dir, workdir=Path(workdir), extension_id=firefox_extension_id, headless=headless
        )
    raise ValueError(f"unknown browser {browser!r}; expected one of {', '.join(BROWSERS)}")
