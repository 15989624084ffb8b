"""What `xtk dev` and `xtk run` tell: one line per event, for people (text) or tools (`--format json`: one JSON
object per line on stdout, `{"event": "ready" | "rebuilt" | "reloaded" | "error", "browser": ..., "ms": ...}`)."""

from __future__ import annotations

import json
import sys
from typing import Any

from toolchain.diagnostics import Diagnostic


class Events:
    def __init__(self, output_format: str, browser: str) -> None:
        self.json = output_format == "json"
        self.browser = browser

    def emit(self, event: str, ms: float | None = None, **fields: Any) -> None:
        if self.json:
            record: dict[str, Any] = {"event": event, "browser": self.browser}
            if ms is not None:
                record["ms"] = round(ms, 1)
            record.update(fields)
            print(json.dumps(record), flush=True)
            return
        detail = f" in {ms:.0f} ms" if ms is not None else ""
        extra = "".join(f", {key} {value}" for key, value in fields.items() if key != "errors")
        print(f"xtk {event}: {self.browser}{detail}{extra}", flush=True)

    def error(
        self,
        diagnostics: list[Diagnostic],
        ms: float | None = None,
        outcome: str = "the last good build stays loaded",
        **fields: Any,
    ) -> None:
        """Errors: each `file:line:col: error: message`, then what follows (`outcome`); `fields` are added to the
        JSON event (an unconfirmed reload's `waited_for`)."""
        lines = [d.format() for d in diagnostics]
        if self.json:
            self.emit(
                "error", ms, message=lines[0] if lines else "", errors=[d.to_json() for d in diagnostics], **fields
            )
            return
        for line in lines:
            print(line, file=sys.stderr, flush=True)
        print(f"xtk error: {self.browser}: {outcome}", file=sys.stderr, flush=True)

    def warning(self, text: str) -> None:
        """A warning that is not about a file (the beacon refused a request)."""
        print(f"xtk dev: warning: {text}", file=sys.stderr, flush=True)

    def warnings(self, diagnostics: list[Diagnostic]) -> None:
        for diagnostic in diagnostics:
            print(diagnostic.format(), file=sys.stderr, flush=True)
