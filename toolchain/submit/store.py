"""What every store path shares: the submission it is given, the result it gives back, the requests a dry run
shows, and polling a store's long-running operation."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolchain.submit.credentials import StoreAccess
from toolchain.submit.transport import Transport


@dataclass(frozen=True)
class Submission:
    """One store's part of a release: the zip for its browser, and what the store needs beside it."""

    store: str
    package: Path
    version: str
    settings: Any  # ChromeSubmit | FirefoxSubmit | EdgeSubmit (toolchain.project.models)
    sources: Path | None = None  # addons.mozilla.org: the sources zip its reviewers rebuild from
    gecko_id: str | None = None  # addons.mozilla.org: the add-on's ID
    signed_dir: Path | None = None  # where a signed unlisted .xpi is written


@dataclass(frozen=True)
class PlannedRequest:
    """A request as a dry run shows it: never a credential, only where it comes from."""

    method: str
    url: str
    sends: str

    def to_json(self) -> dict[str, str]:
        return {"method": self.method, "url": self.url, "sends": self.sends}


@dataclass
class StoreResult:
    store: str
    status: str  # in the store's words, made readable: "submitted for review", "signed", "published"...
    details: list[str] = field(default_factory=list)
    signed: Path | None = None

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"store": self.store, "status": self.status, "details": self.details}
        if self.signed is not None:
            found["signed"] = str(self.signed)
        return found


@dataclass(frozen=True)
class Polling:
    """How often and how long a store's operation is polled (XTK_SUBMIT_POLL, XTK_SUBMIT_POLL_LIMIT seconds)."""

    interval: float = 5.0
    limit: float = 900.0
    sleep: Callable[[float], None] = time.sleep

    @classmethod
    def from_environment(cls) -> Polling:
        from toolchain.submit.transport import seconds_setting

        return cls(
            interval=seconds_setting("XTK_SUBMIT_POLL", 5.0), limit=seconds_setting("XTK_SUBMIT_POLL_LIMIT", 900.0)
        )

    def until(self, check: Callable[[], Any | None], *, what: str, transport: Transport) -> Any:
        """Calls `check` until it returns something other than None, or the limit passes (an error saying so)."""
        started = time.monotonic()
        while True:
            found = check()
            if found is not None:
                return found
            if time.monotonic() - started > self.limit:
                raise transport._error(
                    f"{what}: still not done after {self.limit:g} s (XTK_SUBMIT_POLL_LIMIT sets the wait); "
                    "the store goes on with it: look in its dashboard"
                )
            self.sleep(self.interval)


class StorePath:
    """A store's API: `plan` for a dry run, `submit` for the real thing."""

    store: str

    def plan(self, submission: Submission, access: StoreAccess) -> list[PlannedRequest]:
        raise NotImplementedError

    def submit(
        self, submission: Submission, access: StoreAccess, transport: Transport, polling: Polling
    ) -> StoreResult:
        raise NotImplementedError
