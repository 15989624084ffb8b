"""Headless Firefox ESR (driven over WebDriver BiDi): the SpiderMonkey and ICU that Firefox ships."""

from __future__ import annotations

from typing import Any, ClassVar

from toolchain.conform.engines.browser import BrowserEngine


class FirefoxEngine(BrowserEngine):
    name = "firefox"
    title = "headless Firefox ESR"
    browser = "firefox"
    manifest: ClassVar[dict[str, Any]] = {
        "manifest_version": 2,
        "name": "xtk conform",
        "version": "1.0",
        "description": "Throwaway: the browser driver needs an extension; the conformance cases run in a web page.",
        "browser_specific_settings": {"gecko": {"id": "xtk-conform@xtk.invalid"}},
    }
