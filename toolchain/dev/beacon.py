"""The endpoint a reloaded background calls with its build id (see dev_build.REPORTER): 127.0.0.1 only, a port
the OS picks, a background thread. It records when each build id first reported, for `reloaded.ms`, and the error
the background met registering its content scripts, if any.

Any page the browser opens can send requests to 127.0.0.1, so the beacon believes only the development build it
serves: a report is a POST whose `Origin` is the extension's own (`chrome-extension://<id>`, `moz-extension://<uuid>`)
and whose body carries the session's random token (baked into the dev build's reporter, compared in constant time).
Bodies are at most MAX_BODY bytes (413 beyond), only the newest MAX_KEPT builds are kept, and refused requests are
counted by reason, never stored: whatever is sent, the beacon's memory stays flat. It answers no CORS header: the
reporter does not read the answer (`mode: "no-cors"`), and no page may.
"""

from __future__ import annotations

import hmac
import json
import secrets
import socket
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit

PATH = "/__xtk/started"
#: A report is a build id and, at worst, the browser's message about a content script (the reporter cuts it at 2000).
MAX_BODY = 64 * 1024
#: Builds remembered; the session only ever waits for the newest.
MAX_KEPT = 64
#: Reports from an extension origin, with the right token, before the session has learnt its extension's origin
#: (Firefox gives a temporary add-on without a gecko id its UUID at install, when the background already runs).
MAX_PENDING = 16
MAX_BUILD_ID = 128
MAX_ERROR = 4096
#: Connections served at once (one thread each) and how long an idle one may stay open.
MAX_CONNECTIONS = 32
IDLE_TIMEOUT = 2.0
EXTENSION_SCHEMES = ("chrome-extension://", "moz-extension://")


@dataclass(frozen=True)
class _Report:
    at: float
    error: str


class _Refused(Exception):
    def __init__(self, reason: str, status: int) -> None:
        super().__init__(reason)
        self.reason, self.status = reason, status


class Beacon:
    def __init__(self, on_refused: Callable[[str, str], None] | None = None) -> None:
        """`on_refused(reason, origin)` is called for the first refused request of each reason (later ones are
        only counted in `refused`)."""
        #: The per-session secret the dev build's reporter sends back.
        self.token = secrets.token_urlsafe(32)
        #: Refused requests by reason: path, method, length, size, origin, body, token, pending, busy, broken.
        self.refused: Counter[str] = Counter()
        self._origin: str | None = None
        self._reports: OrderedDict[str, _Report] = OrderedDict()
        self._pending: list[tuple[str, str, _Report]] = []
        self._on_refused = on_refused
        self._changed = threading.Condition()
        self._server = _Server(self)
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.05,), name="xtk-dev-beacon", daemon=True
        )
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}{PATH}"

    @property
    def kept(self) -> int:
        """How many reports are stored (at most MAX_KEPT, plus MAX_PENDING before the origin is known)."""
        with self._changed:
            return len(self._reports) + len(self._pending)

    def allow_origin(self, origin: str) -> None:
        """Accept reports from `origin` only (the extension's, once the browser has loaded it): the reports it
        sent before are taken, any other origin's dropped."""
        origin = origin.rstrip("/")
        with self._changed:
            self._origin = origin
            pending, self._pending = self._pending, []
            for sender, build, report in pending:
                if sender == origin:
                    self._keep(build, report)
                else:
                    self._refuse_locked("origin", sender)
            self._changed.notify_all()

    def error_of(self, build: str) -> str:
        """What the background of `build` reported going wrong ("" when nothing did)."""
        with self._changed:
            report = self._reports.get(build)
            return report.error if report else ""

    def wait_for(self, build: str, timeout: float) -> float | None:
        """The wall-clock time build `build` first reported, waiting up to `timeout` seconds; None if it did not."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while build not in self._reports:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self._changed.wait(remaining)
            return self._reports[build].at

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> Beacon:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # --- the server's side -----------------------------------------------------------------------------------

    def receive(self, path: str, headers: Any, read_body: Callable[[int], bytes]) -> None:
        """Check one request and keep its report; raises _Refused (with the HTTP status) otherwise."""
        if urlsplit(path).path != PATH:
            raise _Refused("path", 404)
        length = str(headers.get("Content-Length", ""))
        if headers.get("Transfer-Encoding") is not None or not (length.isascii() and length.isdigit()):
            raise _Refused("length", 411)
        if len(length) > 9 or int(length) > MAX_BODY:  # (a length of 5,000 digits is not even read as a number)
            raise _Refused("size", 413)
        body = read_body(int(length))
        origin = str(headers.get("Origin", ""))
        if not origin.startswith(EXTENSION_SCHEMES) or (self._origin is not None and origin != self._origin):
            raise _Refused("origin", 403)
        try:
            fields = json.loads(body)
        except (ValueError, UnicodeDecodeError):
            raise _Refused("body", 400) from None
        if not isinstance(fields, dict):
            raise _Refused("body", 400)
        token, build, error = fields.get("token"), fields.get("build"), fields.get("error")
        if not isinstance(token, str) or not hmac.compare_digest(token.encode(), self.token.encode()):
            raise _Refused("token", 403)
        if not isinstance(build, str) or not 0 < len(build) <= MAX_BUILD_ID:
            raise _Refused("body", 400)
        if error is not None and not isinstance(error, str):
            raise _Refused("body", 400)
        report = _Report(time.time(), (error or "")[:MAX_ERROR])
        with self._changed:
            if self._origin is None:
                if len(self._pending) >= MAX_PENDING:  # the first ones stay: the extension reports as it starts
                    raise _Refused("pending", 429)
                self._pending.append((origin, build, report))
            else:
                self._keep(build, report)
            self._changed.notify_all()

    def refuse(self, reason: str, origin: str = "") -> None:
        with self._changed:
            self._refuse_locked(reason, origin)

    def _refuse_locked(self, reason: str, origin: str) -> None:
        self.refused[reason] += 1
        if self.refused[reason] == 1 and self._on_refused is not None:
            self._on_refused(reason, origin)

    def _keep(self, build: str, report: _Report) -> None:
        """The first report of a build counts (a later one is the same background again); the oldest builds go."""
        if build not in self._reports:
            self._reports[build] = report
            while len(self._reports) > MAX_KEPT:
                self._reports.popitem(last=False)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # a flood on one connection costs one thread, not one per request
    timeout = IDLE_TIMEOUT  # a client that sends nothing does not hold its thread
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        beacon = self.server.beacon
        try:
            beacon.receive(self.path, self.headers, self.rfile.read)
        except _Refused as refused:
            beacon.refuse(refused.reason, str(self.headers.get("Origin", "")))
            # An unread body leaves the connection out of step: close it.
            self._answer(refused.status, close=refused.reason in ("length", "size"))
            return
        except OSError:  # the body did not arrive within IDLE_TIMEOUT, or the client went away
            beacon.refuse("broken", str(self.headers.get("Origin", "")))
            self.close_connection = True
            return
        self._answer(204)

    def _refuse_method(self) -> None:
        self.server.beacon.refuse("method", str(self.headers.get("Origin", "")))
        self._answer(405, close=True)

    do_GET = do_HEAD = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _refuse_method

    def _answer(self, status: int, close: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Length", "0")
        if close:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, beacon: Beacon) -> None:
        self.beacon = beacon
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        super().__init__(("127.0.0.1", 0), _Handler)

    def process_request(self, request: socket.socket | tuple[bytes, socket.socket], client_address: Any) -> None:
        if not self._slots.acquire(blocking=False):  # too many at once: refused, not queued
            self.beacon.refuse("busy")
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket], client_address: Any) -> None:
        self.beacon.refuse("broken")  # counted; a client cannot make xtk print tracebacks

    def process_request_thread(self, request: socket.socket | tuple[bytes, socket.socket], client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()
