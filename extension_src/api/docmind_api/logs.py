"""The API's log: one JSON object per line on stderr, written whole, never holding page content.

A line is what an operator needs and nothing a user typed or read: time, method, path (without its query string),
status and duration of a request; or the exception type and location of a bug, without its message (which could
quote the page). Each line is written with one `write` under a lock, so lines from concurrent requests (or two
servers in one process) never interleave.
"""

from __future__ import annotations

import json
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

Log = Callable[[str], None]

_write_lock = threading.Lock()


def log_to_stderr(line: str) -> None:
    with _write_lock:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _printable(text: str, limit: int) -> str:
    text = text[:limit].encode("ascii", "backslashreplace").decode("ascii")
    return "".join(c if c.isprintable() else "?" for c in text)


def request_line(method: str, path: str, status: int, milliseconds: float) -> str:
    """`{"time": …, "method": "POST", "path": "/query", "status": 200, "ms": 4}`: method and path cut and made
    printable, because both come from the client."""
    return _json(
        {
            "time": _now(),
            "method": _printable(method, 16) or "-",
            "path": _printable(path, 100) or "-",
            "status": status,
            "ms": round(milliseconds),
        }
    )


def event_line(event: str, **fields: Any) -> str:
    """Anything that is not a request: `{"time": …, "event": "internal-error", "error": "ValueError at x.py:3"}`."""
    return _json({"time": _now(), "event": event, **fields})


def where(error: BaseException | None) -> str:
    """The exception's type and innermost location, without its message (which could quote the page)."""
    if error is None:
        return "unknown"
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return type(error).__name__
    last = frames[-1]
    return f"{type(error).__name__} at {Path(last.filename).name}:{last.lineno}"


def redacted(log: Log, redact: Callable[[Any], Any]) -> Log:
    """`log`, with `redact` applied to each line's values before it is written (decoded first, so an escape in the
    serialized line cannot hide what it spells). A line that is not a JSON object is redacted as text."""

    def write(line: str) -> None:
        try:
            fields = json.loads(line)
        except ValueError:
            fields = None
        log(_json(redact(fields)) if isinstance(fields, dict) else redact(line))

    return write


def _json(fields: dict[str, Any]) -> str:
    return json.dumps(fields, ensure_ascii=True, separators=(", ", ": "))
