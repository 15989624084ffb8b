"""The HTTP side: routes, CORS for extension origins, JSON errors, and a log that never holds page content.

Standard library only (`http.server.ThreadingHTTPServer`): the API has two routes and one JSON body, and a thread
per request lets a slow model answer one request while others are served.

Privacy (seed 000 §10.3): the log line of a request is its method, path, status and duration — never the page
text, the question or the URL, and no traceback (which could quote them). Responses are `Cache-Control: no-store`.

Who may call: a browser sends `Origin` on every cross-origin request, and on POSTs. Extension origins
(`chrome-extension://`, `moz-extension://`, `extension://`) get CORS headers; any other Origin — a web page — gets
403 and no CORS headers, so no site the user visits can make the API read text or spend the model's quota
(this also defeats DNS rebinding, whose requests carry the attacker's Origin). Requests without an Origin (curl,
scripts on the machine) are served.
"""

from __future__ import annotations

import json
import re
import socket
import sys
import time
import traceback
from collections.abc import Callable
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from docmind_api import __version__
from docmind_api.contract import MAX_PAGE_CHARS, PreparedQuery, QueryResponse, RequestError, parse_body, prepare
from docmind_api.offline import answer_offline
from docmind_api.openai_compat import UpstreamError, answer_openai
from docmind_api.settings import Settings

#: Largest request body read. The extension sends at most 30,000 code units of page text (≤ 180 KB even with every
#: character JSON-escaped) plus a 4,000-unit history, so 1 MiB is generous and still bounds memory per request.
MAX_BODY_BYTES = 1024 * 1024
#: A refused body is read and discarded up to this size before the answer, so the client sees the 413 instead of
#: a connection reset; beyond it the connection is simply closed.
DRAIN_LIMIT = 16 * 1024 * 1024
#: Seconds a client may take to send its request (headers and body).
READ_TIMEOUT = 30

EXTENSION_ORIGIN = re.compile(r"(chrome-extension|moz-extension|extension)://[A-Za-z0-9._-]+")

Answerer = Callable[[PreparedQuery], QueryResponse]
Log = Callable[[str], None]


def make_answerer(settings: Settings) -> Answerer:
    llm = settings.llm
    if llm is None:
        return answer_offline
    return lambda prepared: answer_openai(prepared, llm)


def log_to_stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def is_extension_origin(origin: str) -> bool:
    return EXTENSION_ORIGIN.fullmatch(origin) is not None


class DocMindServer(ThreadingHTTPServer):
    daemon_threads = True  # a request stuck on a slow model must not hold up shutdown

    def __init__(self, address: tuple[str, int], settings: Settings, log: Log = log_to_stderr) -> None:
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        self.settings = settings
        self.answerer: Answerer = make_answerer(settings)
        self.log = log
        super().__init__(address, Handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # socketserver would print a traceback; one line, without the exception's message, is enough.
        error = sys.exc_info()[1]
        if not isinstance(error, (ConnectionError, TimeoutError)):
            self.log(f"connection error: {_where(error)}")


def _where(error: BaseException | None) -> str:
    """The exception's type and innermost location, without its message (which could quote the page)."""
    if error is None:
        return "unknown"
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return type(error).__name__
    last = frames[-1]
    return f"{type(error).__name__} at {Path(last.filename).name}:{last.lineno}"


_ROUTES: dict[str, tuple[str, ...]] = {"/query": ("POST", "OPTIONS"), "/health": ("GET", "OPTIONS")}
_STATUS_CODES = {
    400: "BAD_REQUEST",
    404: "NOT_FOUND",
    405: "METHOD_NOT_ALLOWED",
    408: "REQUEST_TIMEOUT",
    411: "LENGTH_REQUIRED",
    413: "PAYLOAD_TOO_LARGE",
    414: "URI_TOO_LONG",
    415: "UNSUPPORTED_MEDIA_TYPE",
    431: "HEADERS_TOO_LARGE",
    501: "NOT_IMPLEMENTED",
    505: "HTTP_VERSION_NOT_SUPPORTED",
}


class Handler(BaseHTTPRequestHandler):
    server: DocMindServer
    timeout = READ_TIMEOUT

    def version_string(self) -> str:
        return f"DocMindAPI/{__version__}"  # not http.server's default, which names the Python version

    # -- plumbing ----------------------------------------------------------------------------------------------

    def parse_request(self) -> bool:
        self._started = time.monotonic()
        return super().parse_request()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass  # replaced by _log_line: the default line holds the full request line

    def log_message(self, format: str, *args: Any) -> None:
        pass  # http.server's own messages may quote the raw request

    def _path(self) -> str:
        return urlsplit(getattr(self, "path", "") or "").path

    def _log_line(self, status: int) -> None:
        started = getattr(self, "_started", time.monotonic())
        milliseconds = (time.monotonic() - started) * 1000
        path = self._path()[:100].encode("ascii", "backslashreplace").decode("ascii")
        path = "".join(c if c.isprintable() else "?" for c in path)
        method = (getattr(self, "command", None) or "-")[:16]
        self.server.log(f"{time.strftime('%Y-%m-%dT%H:%M:%S')} {method} {path or '-'} {status} {milliseconds:.0f} ms")

    def _cors_headers(self, preflight: bool = False) -> dict[str, str]:
        origin = self.headers.get("Origin") if hasattr(self, "headers") else None
        if origin is None or not is_extension_origin(origin):
            return {}
        headers = {"Access-Control-Allow-Origin": origin, "Vary": "Origin"}
        if preflight:
            headers["Access-Control-Allow-Methods"] = "POST, OPTIONS"
            headers["Access-Control-Allow-Headers"] = "Content-Type"
            headers["Access-Control-Max-Age"] = "600"
            # Chrome's Private Network Access: an extension reaching a loopback service may be asked to confirm.
            if self.headers.get("Access-Control-Request-Private-Network", "").lower() == "true":
                headers["Access-Control-Allow-Private-Network"] = "true"
        return headers

    def _send(self, status: int, payload: Any | None, headers: dict[str, str] | None = None) -> None:
        body = b"" if payload is None else json.dumps(payload).encode("utf-8")  # ASCII-escaped: safe for any text
        try:
            self.send_response(status)
            if payload is not None:
                self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            for name, value in {**self._cors_headers(preflight=status == 204), **(headers or {})}.items():
                self.send_header(name, value)
            self.end_headers()
            if body and getattr(self, "command", None) != "HEAD":
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the client left; nothing to tell it
        self._log_line(status)

    def _error(self, status: int, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        self._send(status, {"error": code, "message": message}, headers)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        # http.server's own refusals (malformed request line, headers too long, unknown method): JSON, not HTML.
        self.close_connection = True
        # A malformed request line leaves http.server assuming HTTP/0.9, which has no status line or headers;
        # nobody speaks 0.9 any more, and the client should see a status.
        self.request_version = "HTTP/1.0"
        self._error(code, _STATUS_CODES.get(code, "BAD_REQUEST"), message or self.responses.get(code, ("",))[0])

    def _discard_body(self) -> None:
        """Read a body we will not use, so the client gets our answer rather than a reset; close afterwards."""
        self.close_connection = True
        try:
            remaining = min(int(self.headers.get("Content-Length", "0")), DRAIN_LIMIT)
        except ValueError:
            return
        while remaining > 0:
            chunk = self.rfile.read(min(remaining, 65536))
            if not chunk:
                break
            remaining -= len(chunk)

    # -- routing -------------------------------------------------------------------------------------------------

    def _dispatch(self) -> None:
        path = self._path()
        origin = self.headers.get("Origin")
        if origin is not None and not is_extension_origin(origin):
            self._discard_body()
            self._error(403, "ORIGIN_NOT_ALLOWED", f"Origin: {origin[:100]!r} may not call the DocMind API; only "
                        "browser extensions (chrome-extension://, moz-extension://, extension://) may")
            return
        allowed = _ROUTES.get(path)
        if allowed is None:
            self._discard_body()
            self._error(404, "NOT_FOUND", f"{path or '/'}: no such endpoint (there are POST /query and GET /health)")
            return
        if self.command not in allowed:
            self._discard_body()
            self._error(405, "METHOD_NOT_ALLOWED", f"{path}: {self.command} is not allowed; use {allowed[0]}",
                        {"Allow": ", ".join(allowed)})
            return
        try:
            if self.command == "OPTIONS":
                self._send(204, None)
            elif path == "/health":
                answerer = self.server.settings.answerer
                self._send(200, {"status": "ok", "answerer": answerer, "maxPageChars": MAX_PAGE_CHARS})
            else:
                self._query()
        except RequestError as error:
            self._error(error.status, error.code, error.message)
        except UpstreamError as error:
            self._error(error.status, error.code, error.message)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        except TimeoutError:
            self.close_connection = True
            self._error(408, "REQUEST_TIMEOUT", f"request body: not received within {READ_TIMEOUT} s")
        except Exception as error:  # a bug of ours: a one-line log and a JSON 500, never a traceback
            self.server.log(f"internal error: {_where(error)}")
            self._error(500, "INTERNAL_ERROR", "the DocMind API failed to answer; the request was not the cause")

    def _query(self) -> None:
        body = self._read_json_body()
        prepared = prepare(parse_body(body))
        response = self.server.answerer(prepared)
        self._send(200, response.model_dump())

    def _read_json_body(self) -> bytes:
        content_type = self.headers.get("Content-Type")
        if content_type is None:
            self._discard_body()
            raise RequestError(415, "UNSUPPORTED_MEDIA_TYPE", "Content-Type: required; send application/json")
        media = Message()
        media["Content-Type"] = content_type
        if media.get_content_type() != "application/json":
            self._discard_body()
            raise RequestError(
                415, "UNSUPPORTED_MEDIA_TYPE", f"Content-Type: must be application/json (got {content_type[:80]!r})"
            )
        charset = media.get_param("charset")
        if isinstance(charset, str) and charset.lower().replace("_", "-") not in ("utf-8", "utf8"):
            self._discard_body()
            raise RequestError(
                415, "UNSUPPORTED_MEDIA_TYPE", f"Content-Type: charset must be utf-8 (got {charset[:40]!r})"
            )
        raw_length = self.headers.get("Content-Length")
        if raw_length is None:
            self.close_connection = True
            raise RequestError(411, "LENGTH_REQUIRED", "Content-Length: required (chunked bodies are not accepted)")
        try:
            size = int(raw_length)
            if size < 0:
                raise ValueError
        except ValueError:
            self.close_connection = True
            raise RequestError(
                400, "BAD_REQUEST", f"Content-Length: must be a whole number of bytes (got {raw_length[:40]!r})"
            ) from None
        if size > MAX_BODY_BYTES:
            self._discard_body()
            raise RequestError(
                413, "PAYLOAD_TOO_LARGE",
                f"request body: {size:,} bytes is over the limit of {MAX_BODY_BYTES:,} bytes (1 MiB)",
            )
        body = self.rfile.read(size)
        if len(body) < size:  # the client gave up mid-body
            self.close_connection = True
            raise RequestError(400, "BAD_REQUEST", f"request body: ended after {len(body):,} of {size:,} bytes")
        return body

    do_GET = do_POST = do_OPTIONS = do_PUT = do_DELETE = do_PATCH = do_HEAD = _dispatch
