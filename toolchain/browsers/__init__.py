"""Real headless browsers with an unpacked extension loaded: Chromium (Playwright) and Firefox ESR (WebDriver BiDi).

Playwright and websockets are imported only by the driver that needs them, when a browser is launched. The drivers
import their interface (`base`); only `launcher` imports the drivers.
"""

from toolchain.browsers.base import (
    BROWSERS,
    BrowserError,
    BrowserName,
    BrowserNotInstalledError,
    ExtensionBrowser,
    ExtensionLoadError,
    JavaScriptError,
    Tab,
    UserActions,
)
from toolchain.browsers.launcher import driver_for, launch
from toolchain.browsers.server import FixtureServer

__all__ = [
    "BROWSERS",
    "BrowserError",
    "BrowserName",
    "BrowserNotInstalledError",
    "ExtensionBrowser",
    "ExtensionLoadError",
    "FixtureServer",
    "JavaScriptError",
    "Tab",
    "UserActions",
    "driver_for",
    "launch",
]
