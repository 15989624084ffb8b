"""V8 in this process, through PyPI mini-racer.

The bundle is ASCII (esbuild --charset=ascii) and so is every request: each call is evaluated as
`__xtkConform.run(<JSON string literal of the ASCII request>)` and answers ASCII. Never let a non-ASCII string
cross: mini-racer decodes V8 strings as UTF-8 and a lone surrogate makes that fail inside its callback, which
leaves the call waiting forever instead of raising.
"""

from __future__ import annotations

import json
from typing import Any

from toolchain.conform.bundle import GLOBAL
from toolchain.conform.engines.base import Engine, EngineError, EngineTimeout, check_ascii


class V8Engine(Engine):
    name = "v8"
    title = "V8 in-process (PyPI mini-racer)"

    def __init__(self) -> None:
        super().__init__()
        self._context: Any = None

    def _start(self) -> None:
        try:
            from py_mini_racer import MiniRacer
        except ImportError as error:
            raise EngineError(f"PyPI mini-racer is not installed ({error}): pip install 'xtk[engines]'") from error
        assert self.bundle is not None
        source = self.bundle.read_text(encoding="ascii")
        self._context = MiniRacer()
        self._url_note = ""
        self._install_url()
        try:
            self._context.eval(source, timeout_sec=60)
        except Exception as error:  # py_mini_racer's JS exceptions: the bundle itself throws
            raise EngineError(f"evaluating the bundle failed: {type(error).__name__}: {error}") from error
        self.version = (
            f"V8 {self._context.v8_version} (mini-racer {_distribution_version('mini-racer')}){self._url_note}"
        )

    def _install_url(self) -> None:
        """mini-racer's V8 has no URL (the embedder provides it): load core-js's, as SpiderMonkey's pythonmonkey
        does, from the polyfill bundle built beside the conformance bundle (bundle.py)."""
        from toolchain.conform.bundle import URL_POLYFILL_FILE

        assert self.bundle is not None
        polyfill = self.bundle.parent / URL_POLYFILL_FILE
        if self._context.eval("typeof URL") != "undefined" or not polyfill.is_file():
            return
        try:
            self._context.eval(polyfill.read_text(encoding="ascii"), timeout_sec=60)
        except Exception as error:
            raise EngineError(f"loading the URL polyfill (core-js) failed: {type(error).__name__}: {error}") from error
        self._url_note = " + core-js URL"

    def run(self, input_json: str, timeout: float) -> str:
        if self._context is None:
            raise EngineError("V8 is not running")
        from py_mini_racer import JSTimeoutException

        expression = f"globalThis.{GLOBAL}.run({json.dumps(check_ascii(input_json, 'the request'))})"
        try:
            answer = self._context.eval(expression, timeout_sec=timeout)
        except JSTimeoutException as error:
            raise EngineTimeout(f"V8 did not answer within {timeout:g} s") from error
        except Exception as error:
            raise EngineError(f"V8 failed: {type(error).__name__}: {error}") from error
        return check_ascii(answer, "V8")

    def _stop(self) -> None:
        context, self._context = self._context, None
        if context is not None:
            try:
                # One round trip first: after a timeout, V8 still has callbacks on their way to mini-racer's event
                # loop, and closing at once makes each print "Event loop is closed" (ignored exceptions) later.
                context.eval("0", timeout_sec=5)
            except Exception:
                pass
            try:
                context.close()
            except Exception:
                pass


def _distribution_version(name: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return "?"
