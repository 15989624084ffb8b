"""Serving the app (`app.py`) with Hypercorn on one event loop, behind the interface the CLI and tests use.

Why Hypercorn (docs/decisions.md): its HTTP/1.1 parser is h11, which refuses what `http.server` accepted (a request
line without a version, conflicting Content-Length headers, oversized headers), and its keep-alive timer runs from
the moment a connection opens until a request's headers are complete — so a client that trickles its headers is
disconnected after `Limits.header_timeout` seconds instead of holding a thread. The body deadline, the body limit
and the bound on queries in flight are the app's. Connections are coroutines, not threads, and the listen backlog
is 2,048 instead of 5: a burst of clients is queued and answered (200 or 503), not reset.

`DocMindServer` binds its socket in the constructor (so a taken port fails there, and port 0 is known at once),
serves with `serve_forever()` in whatever thread calls it, and stops with `shutdown()` from any other thread.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import threading

from hypercorn.asyncio import serve
from hypercorn.config import Config

from docmind_api.app import DEFAULT_LIMITS, Answerer, ApiState, DocMindApp, Limits, make_answerer
from docmind_api.logs import Log, event_line, log_to_stderr, where
from docmind_api.settings import Settings

#: Seconds a shutdown waits for the requests being answered before closing their connections.
GRACEFUL_SECONDS = 2.0


class _ServerErrorLog(logging.Handler):
    """Hypercorn's own error log, as JSON lines: the exception's type and location only, never its message."""

    def __init__(self, log: Log) -> None:
        super().__init__(logging.WARNING)
        self.log = log

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        self.log(event_line("server-error", level=record.levelname.lower(), error=where(error)))


class DocMindServer:
    def __init__(
        self, address: tuple[str, int], settings: Settings, log: Log = log_to_stderr, limits: Limits = DEFAULT_LIMITS
    ) -> None:
        host, port = address
        listener = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
        try:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind((host, port))
            # Listening now: a client that connects before the loop runs waits in the backlog, it is not refused.
            listener.listen(limits.backlog)
        except OSError:
            listener.close()
            raise
        self._listener = listener
        self.server_address = listener.getsockname()
        self.state = ApiState(settings=settings, answerer=make_answerer(settings), log=log, limits=limits)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._stop_requested = threading.Event()
        self._serving = threading.Event()
        self._finished = threading.Event()

    # The answerer and log live in the app's state; these keep `server.answerer = …` working.
    @property
    def answerer(self) -> Answerer:
        return self.state.answerer

    @answerer.setter
    def answerer(self, answerer: Answerer) -> None:
        self.state.answerer = answerer

    @property
    def settings(self) -> Settings:
        return self.state.settings

    def _config(self) -> Config:
        config = Config()
        # Hypercorn takes ownership of the descriptor it is given; a duplicate keeps ours for server_close().
        config.bind = [f"fd://{os.dup(self._listener.fileno())}"]
        config.backlog = self.state.limits.backlog
        config.keep_alive_timeout = self.state.limits.header_timeout
        config.graceful_timeout = GRACEFUL_SECONDS
        config.include_server_header = False  # the app says "DocMindAPI/<version>"
        config.accesslog = None  # the app writes the one line per request
        error_logger = logging.getLogger(f"docmind_api.hypercorn.{id(self)}")
        error_logger.propagate = False
        error_logger.addHandler(_ServerErrorLog(self.state.log))
        config.errorlog = error_logger
        return config

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        """Serve until `shutdown()`. `poll_interval` is accepted for the old interface; nothing polls."""
        self._serving.set()
        try:
            asyncio.run(self._serve())
        finally:
            self._finished.set()

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        if self._stop_requested.is_set():
            self._stop.set()
        # ignore: hypercorn types an ASGI app with its own scope and event TypedDicts, Starlette's (our app) with its
        # own Scope/Receive/Send aliases; the same protocol at run time.
        await serve(DocMindApp(self.state), self._config(), shutdown_trigger=self._stop.wait)  # type: ignore[arg-type]

    def shutdown(self) -> None:
        """Stop serving (from another thread) and wait until the loop has finished."""
        self._stop_requested.set()
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            try:
                loop.call_soon_threadsafe(stop.set)
            except RuntimeError:
                pass  # the loop has already closed
        if self._serving.is_set():
            self._finished.wait()

    def server_close(self) -> None:
        self._listener.close()
