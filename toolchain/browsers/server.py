"""A fixture web server for browser tests: 127.0.0.1 only, a port the OS picks, a background thread, no logs.

    with FixtureServer(pages={"/": "<title>Fixture</title>"}) as server:
        browser.open_tab(server.url("/"))

Serves in-memory `pages` first, then files under `root` (if given); anything else is 404. Never the current
directory: SimpleHTTPRequestHandler's default.
"""

from __future__ import annotations

import mimetypes
import threading
from collections.abc import Mapping
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit


class _Handler(SimpleHTTPRequestHandler):
    pages: Mapping[str, bytes] = {}
    has_root = False

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet: test output stays readable

    def do_GET(self) -> None:
        if not self._serve_page(head=False):
            super().do_GET() if self.has_root else self.send_error(404)

    def do_HEAD(self) -> None:
        if not self._serve_page(head=True):
            super().do_HEAD() if self.has_root else self.send_error(404)

    def _serve_page(self, *, head: bool) -> bool:
        path = urlsplit(self.path).path
        body = self.pages.get(path)
        if body is None:
            return False
        content_type = mimetypes.guess_type(path if "." in path.rsplit("/", 1)[-1] else "index.html")[0]
        self.send_response(200)
        self.send_header("Content-Type", f"{content_type or 'application/octet-stream'}; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if not head:
            self.wfile.write(body)
        return True


class FixtureServer:
    """An HTTP server on 127.0.0.1:<free port>, running while the `with` block runs."""

    def __init__(self, root: Path | None = None, *, pages: Mapping[str, str | bytes] | None = None) -> None:
        encoded = {
            ("/" + path.lstrip("/")): (body.encode() if isinstance(body, str) else body)
            for path, body in (pages or {}).items()
        }
        handler = type("FixtureHandler", (_Handler,), {"pages": encoded, "has_root": root is not None})
        directory = str(Path(root).resolve()) if root is not None else None
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=directory))
        self._server.daemon_threads = True
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def url(self, path: str = "/") -> str:
        return self.base_url + path.lstrip("/")

    def start(self) -> FixtureServer:
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._server.serve_forever, kwargs={"poll_interval": 0.1}, name="fixture-server", daemon=True
            )
            self._thread.start()
        return self

    def stop(self) -> None:
        if self._thread is not None:
            self._server.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self._server.server_close()

    def __enter__(self) -> FixtureServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
