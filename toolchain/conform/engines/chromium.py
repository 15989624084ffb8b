"""Headless Chromium (Debian's build, driven by Playwright): the V8 and ICU that Chrome and Edge ship."""

from __future__ import annotations

from typing import Any, ClassVar

from toolchain.conform.engines.browser import BrowserEngine


class ChromiumEngine(BrowserEngine):
    name = "chromium"
    title = "headless Chromium"
    browser = "chromium"
    manifest: ClassVar[dict[str, Any]] = {
        "manifest_version": 3,
        "name": "xtk conform",
        "version": "1.0",
        "description": "Throwaway: the browser driver needs an extension; the conformance cases run in a web page.",
    }
