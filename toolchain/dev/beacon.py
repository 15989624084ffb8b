"""The endpoint a reloaded background calls with its build id (see dev_build.REPORTER): 127.0.0.1 only, a port
the OS picks, a background thread. It records when each build id first reported, for `reloaded.ms`, and the error
the background met registering its content scripts, if any."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any
from urllib.parse import parse_qs, urlsplit

PATH = "/__xtk/started"


class Beacon:
    def __init__(self) -> None:
        self._started: dict[str, float] = {}
        self._errors: dict[str, str] = {}
        self._changed = threading.Condition()
        beacon = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's signature
                pass

            def do_GET(self) -> None:
                url = urlsplit(self.path)
                query = parse_qs(url.query)
                build = query.get("build", [""])[0]
                if url.path == PATH and build:
                    beacon._record(build, query.get("error", [""])[0])
                self.send_response(204 if url.path == PATH else 404)
                self.send_header("Access-Control-Allow-Origin", "*")
                self.end_headers()

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="xtk-dev-beacon", daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}{PATH}"

    def _record(self, build: str, error: str = "") -> None:
        with self._changed:
            if build not in self._started and error:
                self._errors[build] = error
            self._started.setdefault(build, time.time())
            self._changed.notify_all()

    def error_of(self, build: str) -> str:
        """What the background of `build` reported going wrong ("" when nothing did)."""
        with self._changed:
            return self._errors.get(build, "")

    def wait_for(self, build: str, timeout: float) -> float | None:
        """The wall-clock time build `build` first reported, waiting up to `timeout` seconds; None if it did not."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while build not in self._started:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self._changed.wait(remaining)
            return self._started[build]

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> Beacon:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
