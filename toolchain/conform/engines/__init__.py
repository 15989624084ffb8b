"""The JavaScript engines `xtk conform` runs the golden vectors in, behind one interface (`base.Engine`).

Each engine's module (and its client library: mini-racer, playwright, websockets) is imported only when that
engine is created.
"""

from __future__ import annotations

import importlib

from toolchain.conform.engines.base import Engine, EngineError, EngineTimeout

#: --engine names, in the order they run and are reported, and where each lives.
ENGINES: dict[str, tuple[str, str]] = {
    "v8": ("toolchain.conform.engines.v8", "V8Engine"),
    "spidermonkey": ("toolchain.conform.engines.spidermonkey", "SpiderMonkeyEngine"),
    "node": ("toolchain.conform.engines.node", "NodeEngine"),
    "chromium": ("toolchain.conform.engines.chromium", "ChromiumEngine"),
    "firefox": ("toolchain.conform.engines.firefox", "FirefoxEngine"),
}
ENGINE_NAMES: tuple[str, ...] = tuple(ENGINES)


def create(name: str) -> Engine:
    """A new, not yet opened engine."""
    module, cls = ENGINES[name]
    engine: Engine = getattr(importlib.import_module(module), cls)()
    return engine


__all__ = ["ENGINES", "ENGINE_NAMES", "Engine", "EngineError", "EngineTimeout", "create"]
