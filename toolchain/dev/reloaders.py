"""The reloader of each browser driver: what a session reloads the browser it launched with."""

from __future__ import annotations

from toolchain.browsers import ExtensionBrowser
from toolchain.browsers.chromium import ChromiumBrowser
from toolchain.browsers.firefox import FirefoxBrowser
from toolchain.dev.reload import Reloader
from toolchain.dev.reload_chromium import ChromiumReloader
from toolchain.dev.reload_firefox import FirefoxReloader


def reloader_for(browser: ExtensionBrowser) -> Reloader:
    if isinstance(browser, ChromiumBrowser):
        return ChromiumReloader(browser)
    if isinstance(browser, FirefoxBrowser):
        return FirefoxReloader(browser)
    raise TypeError(f"no reloader for {type(browser).__name__}")
