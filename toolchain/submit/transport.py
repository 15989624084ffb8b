"""The one HTTP client of `xtk submit` (httpx): retries, redirects, timeouts and upload progress, the same for every
store.

- A 429 or a 502/503/504 is retried with exponential backoff (1 s, 2 s, 4 s… at most 60 s between tries), waiting
  what the store's Retry-After says instead when it says something (seconds or an HTTP date); a wait longer than
  5 minutes is not waited: the store's answer is said. A request that may have been processed (a 500, a read
  timeout) is retried only when repeating it is harmless (`idempotent`). Connection failures are retried.
- Redirects are never followed with credentials: an API answer that redirects is an error naming where it pointed;
  a download (`download`) follows redirects, without the Authorization header once the host changes.
- Timeouts: 30 s to connect, XTK_SUBMIT_TIMEOUT seconds (default 120) waiting for the store, per read or write: an
  upload that keeps moving never times out, one that stalls does.
- Every message passes through `Secrets.hide`.
"""

from __future__ import annotations

import email.utils
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx

from toolchain.diagnostics import Diagnostic, XtkError
from toolchain.submit.credentials import Secrets

RETRIED_STATUSES = {429, 502, 503, 504}
MAX_BACKOFF = 60.0
LONGEST_WAIT = 300.0
CHUNK = 64 * 1024

Progress = Callable[[int, int], None]


@dataclass
class StoreError(XtkError):
    """A store refused or failed a request; the message says what to do. Exit 1 (2 when `exit_code` says so)."""


def store_error(store: str, message: str, *, exit_code: int = 1) -> StoreError:
    return StoreError([Diagnostic("error", message, key=store)], exit_code=exit_code)


@dataclass
class TransportSettings:
    timeout: float = 120.0
    retries: int = 4
    backoff: float = 1.0  # the first wait; doubled each time
    sleep: Callable[[float], None] = time.sleep

    @classmethod
    def from_environment(cls) -> TransportSettings:
        return cls(
            timeout=seconds_setting("XTK_SUBMIT_TIMEOUT", 120.0),
            retries=int(seconds_setting("XTK_SUBMIT_RETRIES", 4)),
            backoff=seconds_setting("XTK_SUBMIT_BACKOFF", 1.0),
        )


def seconds_setting(name: str, default: float) -> float:
    """A number of the environment (seconds, or a count), 0 or more; a bad one is bad input (exit 2)."""
    from toolchain.diagnostics import InputError

    raw = os.environ.get(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise InputError.single(f"{name}={raw!r}: give a number, 0 or more") from None
    if not value >= 0 or value == float("inf"):
        raise InputError.single(f"{name}={raw!r}: give a number, 0 or more")
    return value


@dataclass
class Transport:
    """Requests to one store: `store` names it in every message."""

    store: str
    secrets: Secrets
    settings: TransportSettings = field(default_factory=TransportSettings)
    log: Callable[[str], None] = lambda line: None
    _client: httpx.Client | None = None

    @property
    def client(self) -> httpx.Client:
        if self._client is None:
            timeout = httpx.Timeout(self.settings.timeout, connect=min(30.0, self.settings.timeout or 30.0))
            self._client = httpx.Client(timeout=timeout, follow_redirects=False, trust_env=False)
        return self._client

    def close(self) -> None:
        if self._client is not None:
            self._client.close()

    def request(
        self,
        method: str,
        url: str,
        *,
        what: str,
        headers: dict[str, str] | None = None,
        json: Any = None,
        body: bytes | None = None,
        files: dict[str, tuple[str, bytes, str]] | None = None,
        data: dict[str, str] | None = None,
        idempotent: bool = False,
        progress: Progress | None = None,
        redirect_ok: bool = False,
    ) -> httpx.Response:
        """One request, retried as the module says; `what` names it in messages ("upload the zip"). A redirect is
        an error unless `redirect_ok` (then the caller follows it)."""
        attempt = 0
        while True:
            attempt += 1
            try:
                response = self._send(method, url, headers, json, body, files, data, progress)
            except (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout) as error:
                if attempt > self.settings.retries:
                    raise self._error(f"{what}: cannot reach {_origin(url)} ({type(error).__name__})") from None
                self._wait(attempt, None, f"cannot reach {_origin(url)}")
                continue
            except (httpx.ReadTimeout, httpx.WriteTimeout) as error:
                stalled = "the upload stalled" if isinstance(error, httpx.WriteTimeout) else "no answer"
                if not idempotent or attempt > self.settings.retries:
                    raise self._error(
                        f"{what}: {stalled} for {self.settings.timeout:g} s from {_origin(url)} "
                        "(XTK_SUBMIT_TIMEOUT sets the wait); try again later"
                    ) from None
                self._wait(attempt, None, stalled)
                continue
            except (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError) as error:
                if not idempotent or attempt > self.settings.retries:
                    raise self._error(
                        f"{what}: the connection to {_origin(url)} broke ({type(error).__name__})"
                    ) from None
                self._wait(attempt, None, "the connection broke")
                continue
            retried = response.status_code in RETRIED_STATUSES or (response.status_code == 500 and idempotent)
            if retried and attempt <= self.settings.retries:
                wait = _retry_after(response)
                if wait is None or wait <= LONGEST_WAIT:
                    self._wait(attempt, wait, f"HTTP {response.status_code}")
                    continue
            if response.is_redirect and not redirect_ok:
                raise self._error(
                    f"{what}: {_origin(url)} answered with a redirect to {response.headers.get('location', '?')}; "
                    "not followed (credentials never go to another address): check the store's address"
                )
            return response

    def download(self, url: str, *, what: str, headers: dict[str, str], limit: int) -> bytes:
        """A file, following up to 5 redirects; the Authorization header goes only to the first URL's host."""
        current = url
        for _ in range(6):
            same_host = urlsplit(current).netloc == urlsplit(url).netloc
            sent = headers if same_host else {k: v for k, v in headers.items() if k.lower() != "authorization"}
            response = self.request("GET", current, what=what, headers=sent, idempotent=True, redirect_ok=True)
            if response.is_redirect:
                current = urljoin(current, response.headers["location"])
                continue
            if response.status_code != 200:
                raise self._error(f"{what}: HTTP {response.status_code} from {_origin(current)}")
            if len(response.content) > limit:
                raise self._error(f"{what}: more than {limit:,} bytes")
            return response.content
        raise self._error(f"{what}: more than 5 redirects")

    def _send(
        self,
        method: str,
        url: str,
        headers: dict[str, str] | None,
        json: Any,
        body: bytes | None,
        files: dict[str, tuple[str, bytes, str]] | None,
        data: dict[str, str] | None,
        progress: Progress | None,
    ) -> httpx.Response:
        content: Any = None
        if body is not None:
            content = _chunks(body, progress) if progress is not None else body
            headers = {**(headers or {}), "Content-Length": str(len(body))}
        return self.client.request(method, url, headers=headers, json=json, content=content, files=files, data=data)

    def _wait(self, attempt: int, retry_after: float | None, why: str) -> None:
        wait = retry_after if retry_after is not None else min(MAX_BACKOFF, self.settings.backoff * 2 ** (attempt - 1))
        self.log(f"{self.store}: {why}; retrying in {wait:g} s ({attempt}/{self.settings.retries})")
        self.settings.sleep(wait)

    def _error(self, message: str, exit_code: int = 1) -> StoreError:
        return store_error(self.store, self.secrets.hide(message), exit_code=exit_code)


def _chunks(body: bytes, progress: Progress) -> Iterator[bytes]:
    total = len(body)
    for start in range(0, total, CHUNK):
        chunk = body[start : start + CHUNK]
        yield chunk
        progress(min(start + CHUNK, total), total)


def _retry_after(response: httpx.Response) -> float | None:
    raw = response.headers.get("retry-after")
    if not raw:
        return None
    if raw.strip().isdigit():
        return float(raw.strip())
    try:
        when = email.utils.parsedate_to_datetime(raw)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def json_body(response: httpx.Response, transport: Transport, what: str) -> dict[str, Any]:
    """The answer as a JSON object, or an error quoting the start of what came instead."""
    try:
        value = response.json()
    except ValueError:
        start = response.text[:200].strip()
        raise transport._error(f"{what}: HTTP {response.status_code}, not JSON: {start!r}") from None
    if not isinstance(value, dict):
        raise transport._error(f"{what}: HTTP {response.status_code}, a JSON {type(value).__name__}, not an object")
    return value


def upload_progress(store: str, log: Callable[[str], None]) -> Progress:
    """Says the upload's progress at each quarter."""
    said: set[int] = set()

    def report(sent: int, total: int) -> None:
        quarter = sent * 4 // max(total, 1)
        if quarter not in said and quarter > 0:
            said.add(quarter)
            log(f"{store}: uploaded {sent:,} of {total:,} bytes ({quarter * 25} %)")

    return report
