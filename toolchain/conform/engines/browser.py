"""Real headless browsers (toolchain.browsers): one launch for the whole run, many cases per evaluate.

The drivers load an extension, so each launch gets a throwaway one (a manifest and nothing else: MV3 for
Chromium, MV2 with a gecko id for Firefox). The cases run in an ordinary web page served from 127.0.0.1 by
`FixtureServer`, inside a dedicated Worker that loads the bundle: a case that never returns blocks only the
worker, which the page terminates after the time allowed (and starts afresh for the next request), so a hang
becomes a timeout instead of a frozen tab. The worker runs the same JavaScript engine, Intl and Unicode data as
the page and the extension's content scripts.

Requests travel as the driver's `arg` (one JSON string, parsed in the page) and answers come back as ASCII
strings: nothing non-ASCII crosses the DevTools protocol or WebDriver BiDi.
"""

from __future__ import annotations

import json
import re
from typing import Any, ClassVar

from toolchain.conform.engines.base import Engine, EngineError, EngineTimeout, check_ascii

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>xtk conform</title><script src="host.js"></script></head>
<body>xtk conform</body></html>
"""

# The page side: hands requests to the worker, times them out, replaces a worker that hung or failed.
HOST = """"use strict";
globalThis.__xtkHost = (() => {
  let worker = null;
  return {
    run(input, timeoutMs) {
      const current = worker ?? (worker = new Worker("worker.js"));
      return new Promise((resolve) => {
        let timer;
        const finish = (answer, broken) => {
          clearTimeout(timer);
          current.onmessage = null;
          current.onerror = null;
          if (broken) {
            current.terminate();
            if (worker === current) worker = null;
          }
          resolve(answer);
        };
        timer = setTimeout(() => finish(JSON.stringify({ $timeout: timeoutMs }), true), timeoutMs);
        current.onmessage = (event) => finish(event.data, false);
        current.onerror = (event) => {
          event.preventDefault();
          finish(JSON.stringify({ $fatal: String(event.message || "the worker failed to load or crashed") }), true);
        };
        current.postMessage(input);
      });
    },
  };
})();
"""

WORKER = """"use strict";
importScripts("conform.js");
onmessage = (event) => {
  let answer;
  try {
    answer = globalThis.__xtkConform.run(event.data);
  } catch (error) {
    answer = JSON.stringify({ $fatal: String((error && error.stack) || error) });
  }
  postMessage(answer);
};
"""

#: The extra seconds the driver waits beyond the page's own timer, which normally fires first.
DRIVER_GRACE = 15.0


class BrowserEngine(Engine):
    browser = ""  # toolchain.browsers' name
    manifest: ClassVar[dict[str, Any]] = {}

    def __init__(self) -> None:
        super().__init__()
        self._server: Any = None
        self._browser: Any = None
        self._tab: Any = None

    def _start(self) -> None:
        from toolchain.browsers import BrowserError, FixtureServer, launch

        assert self.bundle is not None and self.workdir is not None
        extension = self.workdir / f"{self.name}-extension"
        extension.mkdir(parents=True, exist_ok=True)
        (extension / "manifest.json").write_text(json.dumps(self.manifest, indent=2), encoding="ascii")
        self._server = FixtureServer(
            pages={
                "/index.html": PAGE,
                "/host.js": HOST,
                "/worker.js": WORKER,
                "/conform.js": self.bundle.read_bytes(),
            }
        ).start()
        try:
            self._browser = launch(self.browser, extension, workdir=self.workdir / f"{self.name}-runs")
            self._tab = self._browser.open_tab(self._server.url("/index.html"))
            agent = str(self._browser.evaluate(self._tab, "navigator.userAgent"))
        except BrowserError as error:
            raise EngineError(f"{type(error).__name__}: {error}") from error
        self.version = _product(agent)

    def run(self, input_json: str, timeout: float) -> str:
        if self._browser is None or self._tab is None:
            raise EngineError(f"{self.title} is not running")
        from toolchain.browsers import BrowserError

        try:
            answer = self._browser.evaluate(
                self._tab,
                f"(input) => globalThis.__xtkHost.run(input, {max(1, int(timeout * 1000))})",
                arg=check_ascii(input_json, "the request"),
                timeout=timeout + DRIVER_GRACE,
            )
        except BrowserError as error:
            raise EngineError(f"{self.title}: {type(error).__name__}: {error}") from error
        answer = check_ascii(answer, self.title)
        if answer.startswith("{"):
            problem = json.loads(answer)
            if "$timeout" in problem:
                raise EngineTimeout(f"{self.title} did not answer within {timeout:g} s (its worker was terminated)")
            raise EngineError(f"{self.title}: {problem.get('$fatal', answer)}")
        return answer

    def reset(self) -> None:
        """The page has already replaced a worker that hung or failed: a ping shows whether that is enough;
        a browser that crashed is started again."""
        try:
            self._check_ping()
        except EngineError:
            super().reset()

    def _stop(self) -> None:
        browser, self._browser, self._tab = self._browser, None, None
        server, self._server = self._server, None
        try:
            if browser is not None:
                browser.close()
        finally:
            if server is not None:
                server.stop()


def _product(user_agent: str) -> str:
    """'Chromium 156.0.7632.0' / 'Firefox 153.0' out of a user agent string."""
    for name, label in (("Firefox", "Firefox"), ("HeadlessChrome", "Chromium"), ("Chrome", "Chromium")):
        match = re.search(rf"\b{name}/([\d.]+)", user_agent)
        if match:
            return f"{label} {match.group(1)}"
    return user_agent
