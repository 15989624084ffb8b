"""What a session asks of the browser after a good rebuild (reload_chromium, reload_firefox; in tests, a stand-in):
the reload a change of each kind needs (toolchain/dev/changes.py), then the tabs; and the one rule every step
keeps: it waits only as long as it is given, and says what it waited for when that runs out, so a reload is never a
silent wait.
"""

from __future__ import annotations

import time
from typing import Any, Literal, Protocol

from toolchain.dev.changes import ChangeKind

#: What a reload reloaded: the whole extension, or only the content scripts registered at run time (re-read).
ReloadScope = Literal["extension", "content_scripts"]


class NotConfirmed(Exception):
    """A reload step did not finish in its time. `waited_for` names what it waited for ("the extension's new
    service worker", "the background to report build 1a2b-3", "http://127.0.0.1:8000/ to reload")."""

    def __init__(self, waited_for: str) -> None:
        super().__init__(waited_for)
        self.waited_for = waited_for


class Deadline:
    """One time budget shared by the steps of a reload."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._end = time.monotonic() + seconds

    def remaining(self, waiting_for: str) -> float:
        """The seconds left (more than 0); NotConfirmed(`waiting_for`) when none are."""
        left = self._end - time.monotonic()
        if left <= 0:
            raise NotConfirmed(waiting_for)
        return left

    def passed(self) -> bool:
        return time.monotonic() >= self._end


class Reloader(Protocol):
    def reload(self, kind: ChangeKind, registered: list[dict[str, Any]], deadline: Deadline) -> ReloadScope:
        """Have the browser run the new build after a change of `kind`: for CONTENT_SCRIPT, re-read the `registered`
        content scripts, the background left running, when the browser can; else (or when it cannot) reload or
        reinstall the extension from its folder, returning once it is loaded again. What it reloaded; NotConfirmed
        when the extension is not seen loaded again before `deadline`."""

    def reload_tabs(self, deadline: Deadline) -> int:
        """Reload every open web page, so the new content scripts run in it; how many. NotConfirmed when one has
        not finished loading before `deadline`."""
