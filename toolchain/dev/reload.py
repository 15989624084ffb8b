"""What a session asks of the browser after a good rebuild (reload_chromium, reload_firefox; in tests, a stand-in),
and the one rule every step keeps: it waits only as long as it is given, and says what it waited for when that
runs out, so a reload is never a silent wait.
"""

from __future__ import annotations

import time
from typing import Any, Protocol


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
    def reload_extension(self, deadline: Deadline) -> None:
        """Reload (or reinstall) the extension from its folder; return once it is loaded again. NotConfirmed when
        that is not seen before `deadline`."""

    def update_content_scripts(self, registered: list[dict[str, Any]]) -> bool:
        """Have the browser re-read the run-time registered content scripts, the background left running; False
        when it cannot (the caller reloads the extension instead)."""

    def reload_tabs(self, deadline: Deadline) -> int:
        """Reload every open web page, so the new content scripts run in it; how many. NotConfirmed when one has
        not finished loading before `deadline`."""
