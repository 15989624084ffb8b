"""The DocMind API as an ASGI application (Starlette): routes, CORS for extension origins, JSON errors, body limits
and deadlines, a bound on the queries in flight, and a log that never holds page content.

The HTTP parsing itself is Hypercorn's (h11): it refuses a request line without an HTTP version, conflicting
`Content-Length` headers, a transfer coding other than `chunked` and oversized headers with a 400/431/501 before
this app is called, and closes a connection whose headers do not arrive within the header deadline (`server.py`).
h11 reads a request with both `Content-Length` and `Transfer-Encoding` as chunked and would keep the connection;
this app refuses it first thing, with 400 and `Connection: close`, so a request smuggled behind it is never read.
What arrives here is a parsed request; this module enforces the rest of the contract (docs/api.md).

Privacy (seed 000 §10.3): the log line of a request is its method, path, status and duration — never the page
text, the question or the URL, and no traceback (which could quote them). Responses are `Cache-Control: no-store`.
The model key is redacted (`redaction.py`) from every response payload and every log line, in any form a model
server may have echoed it.

Who may call: a browser sends `Origin` on every cross-origin request, and on POSTs. Extension origins
(`chrome-extension://`, `moz-extension://`, `extension://`) get CORS headers; any other Origin — a web page — gets
403 and no CORS headers, so no site the user visits can make the API read text or spend the model's quota
(this also defeats DNS rebinding, whose requests carry the attacker's Origin). Requests without an Origin (curl,
scripts on the machine) are served.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from email.message import Message
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from docmind_api import __version__
from docmind_api.contract import MAX_PAGE_CHARS, PreparedQuery, QueryResponse, RequestError, parse_body, prepare
from docmind_api.logs import Log, event_line, log_to_stderr, redacted, request_line, where
from docmind_api.offline import answer_offline
from docmind_api.openai_compat import UpstreamError, answer_openai
from docmind_api.redaction import redactor_for
from docmind_api.settings import Settings

#: Largest request body read. The extension sends at most 30,000 code units of page text (≤ 180 KB even with every
#: character JSON-escaped) plus a 4,000-unit history, so 1 MiB is generous and still bounds memory per request.
MAX_BODY_BYTES = 1024 * 1024
#: A refused body is read and discarded up to this size before the answer, so the client sees the 413 instead of
#: a connection reset; beyond it the connection is simply closed.
DRAIN_LIMIT = 16 * 1024 * 1024

EXTENSION_ORIGIN = re.compile(r"(chrome-extension|moz-extension|extension)://[A-Za-z0-9._-]+")

#: An answerer is either a plain function (run in a worker thread: the offline one is CPU-bound) or a coroutine
#: function (awaited on the event loop: the model adapter spends its time waiting on the network).
Answerer = Callable[[PreparedQuery], QueryResponse] | Callable[[PreparedQuery], Awaitable[QueryResponse]]


@dataclass(frozen=True)
class Limits:
    """Deadlines and bounds; the defaults are the documented ones, tests and benchmarks make them small."""

    header_timeout: float = 10.0  # seconds from connecting (or the previous answer) to the end of the headers
    body_timeout: float = 30.0  # seconds from the end of the headers to the end of the body
    max_in_flight: int = 32  # queries being answered at once; one more is answered 503 with Retry-After
    retry_after_seconds: int = 1
    backlog: int = 2048  # the kernel caps it at net.core.somaxconn


#: The documented limits; one shared instance is safe as a default argument because Limits is frozen.
DEFAULT_LIMITS = Limits()


@dataclass
class ApiState:
    """What the app reads on every request; `answerer` may be swapped while serving (tests do)."""

    settings: Settings
    answerer: Answerer
    log: Log = log_to_stderr
    limits: Limits = field(default_factory=Limits)
    in_flight: int = 0

    def __post_init__(self) -> None:
        # The model key's one redactor, at the API's two exits: every log line (here) and every payload (_respond).
        self.redact = redactor_for(self.settings.llm.api_key if self.settings.llm else None)
        self.log = redacted(self.log, self.redact)


def make_answerer(settings: Settings) -> Answerer:
    llm = settings.llm
    if llm is None:
        return answer_offline

    async def answer_with_model(prepared: PreparedQuery) -> QueryResponse:
        return await answer_openai(prepared, llm)

    return answer_with_model


def is_extension_origin(origin: str) -> bool:
    return EXTENSION_ORIGIN.fullmatch(origin) is not None


_ROUTES: dict[str, tuple[str, ...]] = {"/query": ("POST", "OPTIONS"), "/health": ("GET", "OPTIONS")}


class Refusal(Exception):
    """An answer decided before the query reached an answerer: status, code, message, and whether to close."""

    def __init__(
        self, status: int, code: str, message: str, headers: dict[str, str] | None = None, close: bool = False
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.headers = headers or {}
        self.close = close


class DocMindApp:
    """The ASGI callable. One instance per server; everything it needs is in `state`."""

    def __init__(self, state: ApiState) -> None:
        self.state = state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await _lifespan(receive, send)
            return
        if scope["type"] != "http":
            return  # websockets: nothing here speaks them; returning closes the connection
        started = time.monotonic()
        request = Request(scope, receive)
        response = await self._handle(request)
        # The line is written before the answer is sent, so whoever reads the answer can read its log line too.
        status = 400 if response is None else response.status_code
        self.state.log(request_line(request.method, request.url.path, status, (time.monotonic() - started) * 1000))
        if response is not None:
            await response(scope, receive, send)

    async def _handle(self, request: Request) -> Response | None:
        """The answer to the request; None when the client left before it could be given."""
        try:
            response = await self._route(request)
        except Refusal as refusal:
            response = self._error(
                request, refusal.status, refusal.code, refusal.message, refusal.headers, refusal.close
            )
        except ClientDisconnect:
            return None  # the client left mid-body; nobody to answer (logged as 400)
        except Exception as error:  # a bug of ours: a one-line log and a JSON 500, never a traceback
            self.state.log(event_line("internal-error", error=where(error)))
            response = self._error(
                request,
                500,
                "INTERNAL_ERROR",
                "the DocMind API failed to answer; the request was not the cause",
                close=True,
            )
        return response

    # -- routing -------------------------------------------------------------------------------------------------

    async def _route(self, request: Request) -> Response:
        path, method = request.url.path, request.method
        if "content-length" in request.headers and "transfer-encoding" in request.headers:
            # h11 reads such a request as chunked and would keep the connection, so whatever a proxy reading
            # Content-Length took for body would be served as the next request (smuggling). Refused before a byte
            # of the body is read, and closed: nothing after it on this connection is parsed (RFC 9112 §6.1).
            raise Refusal(
                400,
                "AMBIGUOUS_FRAMING",
                "Content-Length and Transfer-Encoding: a request may carry one "
                "of them, not both (RFC 9112 §6.1); the connection is closed",
                close=True,
            )
        if "transfer-encoding" in request.headers and request.scope.get("http_version") == "1.0":
            # HTTP/1.0 has no transfer codings: RFC 9112 §6.1 says to treat the framing as faulty.
            raise Refusal(
                400,
                "AMBIGUOUS_FRAMING",
                "Transfer-Encoding: not part of HTTP/1.0, so the request's length "
                "is unknown (RFC 9112 §6.1); the connection is closed",
                close=True,
            )
        version = request.scope.get("http_version", "")
        if version not in ("1.0", "1.1"):
            # Hypercorn also speaks HTTP/2 (prior knowledge, h2c); the deadlines and framing checks this API
            # promises are tested over HTTP/1.1 only, and browsers never use cleartext HTTP/2.
            await self._discard_body(request)
            raise Refusal(505, "HTTP_VERSION_NOT_SUPPORTED", f"HTTP/{version[:8]}: not served; use HTTP/1.1")
        origin = request.headers.get("origin")
        if origin is not None and not is_extension_origin(origin):
            await self._discard_body(request)
            raise Refusal(
                403,
                "ORIGIN_NOT_ALLOWED",
                f"Origin: {origin[:100]!r} may not call the DocMind API; "
                "only browser extensions (chrome-extension://, moz-extension://, extension://) may",
            )
        allowed = _ROUTES.get(path)
        if allowed is None:
            await self._discard_body(request)
            raise Refusal(404, "NOT_FOUND", f"{path or '/'}: no such endpoint (there are POST /query and GET /health)")
        if method not in allowed:
            await self._discard_body(request)
            raise Refusal(
                405,
                "METHOD_NOT_ALLOWED",
                f"{path}: {method} is not allowed; use {allowed[0]}",
                {"Allow": ", ".join(allowed)},
            )
        if method == "OPTIONS":
            await self._discard_body(request)
            return self._respond(request, 204, None)
        if path == "/health":
            await self._discard_body(request)
            return self._respond(
                request, 200, {"status": "ok", "answerer": self.state.settings.answerer, "maxPageChars": MAX_PAGE_CHARS}
            )
        return await self._query(request)

    async def _query(self, request: Request) -> Response:
        body = await self._read_json_body(request)
        state = self.state
        if state.in_flight >= state.limits.max_in_flight:
            raise Refusal(
                503,
                "OVERLOADED",
                f"the DocMind API is answering {state.in_flight} queries already; "
                f"retry in {state.limits.retry_after_seconds} s",
                {"Retry-After": str(state.limits.retry_after_seconds)},
            )
        state.in_flight += 1  # the event loop is one thread: no lock needed around the counter
        try:
            prepared = prepare(parse_body(body))
            response = await self._answer(prepared)
        except (RequestError, UpstreamError) as error:
            raise Refusal(error.status, error.code, error.message) from None
        finally:
            state.in_flight -= 1
        return self._respond(request, 200, response.model_dump())

    async def _answer(self, prepared: PreparedQuery) -> QueryResponse:
        answerer = self.state.answerer
        call_method = getattr(answerer, "__call__", None)  # noqa: B004  (whether it is async is asked, not callability)
        # The ignores: which side of the Answerer union this is, iscoroutinefunction decides; mypy cannot narrow by it.
        if inspect.iscoroutinefunction(answerer) or inspect.iscoroutinefunction(call_method):
            return await answerer(prepared)  # type: ignore[misc]
        return await run_in_threadpool(answerer, prepared)  # type: ignore[arg-type]

    # -- the body --------------------------------------------------------------------------------------------------

    async def _read_json_body(self, request: Request) -> bytes:
        content_type = request.headers.get("content-type")
        if content_type is None:
            await self._discard_body(request)
            raise Refusal(415, "UNSUPPORTED_MEDIA_TYPE", "Content-Type: required; send application/json")
        media = Message()
        media["Content-Type"] = content_type
        if media.get_content_type() != "application/json":
            await self._discard_body(request)
            raise Refusal(
                415, "UNSUPPORTED_MEDIA_TYPE", f"Content-Type: must be application/json (got {content_type[:80]!r})"
            )
        charset = media.get_param("charset")
        if isinstance(charset, str) and charset.lower().replace("_", "-") not in ("utf-8", "utf8"):
            await self._discard_body(request)
            raise Refusal(415, "UNSUPPORTED_MEDIA_TYPE", f"Content-Type: charset must be utf-8 (got {charset[:40]!r})")
        # h11 has already refused a malformed or conflicting Content-Length; absent means chunked (or no body).
        raw_length = request.headers.get("content-length")
        if raw_length is None:
            raise Refusal(
                411, "LENGTH_REQUIRED", "Content-Length: required (chunked bodies are not accepted)", close=True
            )
        size = int(raw_length)
        if size > MAX_BODY_BYTES:
            await self._discard_body(request)
            raise Refusal(
                413,
                "PAYLOAD_TOO_LARGE",
                f"request body: {size:,} bytes is over the limit of {MAX_BODY_BYTES:,} bytes (1 MiB)",
            )
        return await self._receive(request, keep=True)

    async def _discard_body(self, request: Request) -> None:
        """Read a body we will not use (up to DRAIN_LIMIT), so the client gets our answer rather than a reset."""
        await self._receive(request, keep=False)

    async def _receive(self, request: Request, keep: bool) -> bytes:
        """The body, within the body deadline: a client that trickles it gets 408 and the connection is closed."""
        chunks: list[bytes] = []
        received = 0
        deadline = self.state.limits.body_timeout
        try:
            async with asyncio.timeout(deadline):
                async for chunk in request.stream():
                    received += len(chunk)
                    if keep:
                        chunks.append(chunk)
                    elif received > DRAIN_LIMIT:
                        break  # not worth reading on; the answer closes the connection
        except TimeoutError:
            raise Refusal(
                408, "REQUEST_TIMEOUT", f"request body: not received within {deadline:g} s", close=True
            ) from None
        return b"".join(chunks)

    # -- responses -------------------------------------------------------------------------------------------------

    def _cors_headers(self, request: Request, preflight: bool) -> dict[str, str]:
        origin = request.headers.get("origin")
        if origin is None or not is_extension_origin(origin):
            return {}
        headers = {"Access-Control-Allow-Origin": origin, "Vary": "Origin"}
        if preflight:
            headers["Access-Control-Allow-Methods"] = "POST, OPTIONS"
            headers["Access-Control-Allow-Headers"] = "Content-Type"
            headers["Access-Control-Max-Age"] = "600"
            # Chrome's Private Network Access: an extension reaching a loopback service may be asked to confirm.
            if request.headers.get("access-control-request-private-network", "").lower() == "true":
                headers["Access-Control-Allow-Private-Network"] = "true"
        return headers

    def _respond(
        self,
        request: Request,
        status: int,
        payload: Any | None,
        headers: dict[str, str] | None = None,
        close: bool = False,
    ) -> Response:
        # ASCII-escaped: safe for any text. Redacted as values, before serializing, so no escape can hide the key.
        body = b"" if payload is None else json.dumps(self.state.redact(payload)).encode("utf-8")
        all_headers = {
            "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff",
            "Server": f"DocMindAPI/{__version__}",
        }
        if payload is not None:
            all_headers["Content-Type"] = "application/json; charset=utf-8"
        all_headers.update(self._cors_headers(request, preflight=status == 204))
        all_headers.update(headers or {})
        if close:
            all_headers["Connection"] = "close"
        return Response(body, status_code=status, headers=all_headers)

    def _error(
        self,
        request: Request,
        status: int,
        code: str,
        message: str,
        headers: dict[str, str] | None = None,
        close: bool = False,
    ) -> Response:
        return self._respond(request, status, {"error": code, "message": message}, headers, close)


async def _lifespan(receive: Receive, send: Send) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
