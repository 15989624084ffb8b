"""Driving `xtk dev` / `xtk run` as a user does, from outside: a subprocess whose JSON events are read line by line,
and a page server that records what the extension's content script reports (tests/fixtures/projects/dev-mini).
Shared by tests/browser/test_dev_loop.py and benchmarks/dev_loop.py."""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from tests.conftest import interruptible

REPO = Path(__file__).resolve().parents[2]
DEV_MINI = REPO / "tests/fixtures/projects/dev-mini"
NODE_MODULES = REPO / "extension_src/node_modules"
REPORT_PATHS = ("/seen", "/started")
PAGE = "<!doctype html><html><head><meta charset='utf-8'><title>dev page</title></head><body>dev</body></html>"


def copy_dev_mini(destination: Path) -> Path:
    """A copy of the dev-mini project (node_modules linked, not copied)."""
    shutil.copytree(DEV_MINI, destination)
    (destination / "node_modules").symlink_to(NODE_MODULES, target_is_directory=True)
    return destination


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


class ReportServer:
    """Serves /page.html on 127.0.0.1 and records each report, timed: /seen?content=…&background=…&version=… (the
    content script's) and /started?background=… (a background announcing itself: benchmarks/dev_loop.py)."""

    def __init__(self) -> None:
        self.reports: list[tuple[float, dict[str, str]]] = []
        self._changed = threading.Condition()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                url = urlsplit(self.path)
                if url.path in REPORT_PATHS:
                    report = {key: values[0] for key, values in parse_qs(url.query).items()}
                    with server._changed:
                        server.reports.append((time.time(), report))
                        server._changed.notify_all()
                body = PAGE.encode() if url.path == "/page.html" else b""
                self.send_response(200 if url.path == "/page.html" or url.path in REPORT_PATHS else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def page_url(self) -> str:
        return f"{self.origin}/page.html"

    def wait_for(self, timeout: float = 30, since: float = 0, **expected: str) -> tuple[float, dict[str, str]]:
        """The first report after `since` (wall clock) that has every `expected` value; AssertionError if none."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for when, report in self.reports:
                    if when >= since and all(report.get(k) == v for k, v in expected.items()):
                        return when, report
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    last = self.reports[-1] if self.reports else None
                    raise AssertionError(f"no report with {expected} after {since}; last: {last}")
                self._changed.wait(remaining)

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


class XtkProcess:
    """`xtk <command> ... --format json` running in `project`; `next_event` reads its events in order."""

    def __init__(
        self, *args: str, project: Path, env: dict[str, str] | None = None, executable: Path | None = None
    ) -> None:
        """`executable`: another installed `xtk` (default: this environment's)."""
        xtk = executable or Path(sys.executable).with_name("xtk")
        command = [str(xtk)] if xtk.exists() else [sys.executable, "-m", "toolchain"]
        self.process = subprocess.Popen(
            [*command, *args, "--format", "json"],
            cwd=project,
            text=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, **(env or {})},
            preexec_fn=interruptible,
        )
        self.events: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.stderr: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.events.put(json.loads(line))
        self.events.put(None)

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        self.stderr.extend(self.process.stderr)

    def next_event(self, timeout: float = 60) -> dict[str, Any]:
        try:
            event = self.events.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no event within {timeout} s; stderr: {''.join(self.stderr)}") from None
        if event is None:
            raise AssertionError(f"xtk ended ({self.process.poll()}); stderr: {''.join(self.stderr)}")
        return event

    def wait_for(self, name: str, timeout: float = 60) -> dict[str, Any]:
        """The next event named `name`; any other event but `rebuilt` on the way is a failure."""
        while True:
            event = self.next_event(timeout)
            if event["event"] == name:
                return event
            assert event["event"] == "rebuilt", f"expected {name}, got {event}; stderr: {''.join(self.stderr)}"

    def stop(self, signal_number: int, timeout: float = 60) -> int:
        self.process.send_signal(signal_number)
        return self.process.wait(timeout=timeout)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def processes_naming(marker: str) -> list[str]:
    """Command lines of live processes that mention `marker` (a profile folder): `ps` as a user would check."""
    listing = subprocess.run(["ps", "-eo", "pid=,stat=,args="], capture_output=True, text=True, check=True).stdout
    return [line for line in listing.splitlines() if marker in line and " Z" not in line[:16]]
