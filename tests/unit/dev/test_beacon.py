"""The `xtk dev` beacon (toolchain/dev/beacon.py) believes only the development build it serves: a POST from the
extension's own origin with the session's token. Anything else is refused and counted, never stored, and no answer
carries a CORS header; whatever is sent, what it keeps is bounded by count."""

from __future__ import annotations

import http.client
import json
import socket
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest

from toolchain.dev.beacon import MAX_BODY, MAX_KEPT, MAX_PENDING, PATH, Beacon
from toolchain.dev.dev_build import BeaconAddress, write_reporter

EXTENSION = "chrome-extension://abcdefghijklmnopabcdefghijklmnop"


class _Client:
    """One keep-alive connection to the beacon, as the browser's network stack would hold it."""

    def __init__(self, beacon: Beacon) -> None:
        url = urlsplit(beacon.url)
        self.connection = http.client.HTTPConnection(url.hostname or "", url.port, timeout=10)

    def send(
        self,
        body: bytes | None,
        origin: str | None = EXTENSION,
        method: str = "POST",
        path: str = PATH,
        headers: dict[str, str] | None = None,
    ) -> http.client.HTTPResponse:
        sent = {"Content-Type": "text/plain;charset=UTF-8", **(headers or {})}
        if origin is not None:
            sent["Origin"] = origin
        self.connection.request(method, path, body=body, headers=sent)
        response = self.connection.getresponse()
        response.read()
        if response.getheader("Connection") == "close":
            self.connection.close()
        return response

    def report(
        self, beacon: Beacon, build: str, error: str = "", origin: str | None = EXTENSION, token: str | None = None
    ) -> int:
        fields = {"token": beacon.token if token is None else token, "build": build, "error": error}
        return self.send(json.dumps(fields).encode(), origin).status

    def close(self) -> None:
        self.connection.close()


@pytest.fixture()
def beacon() -> Beacon:
    with Beacon() as beacon:
        beacon.allow_origin(EXTENSION + "/")  # as the session does with the browser's extension_base_url
        yield beacon


@pytest.fixture()
def client(beacon: Beacon) -> _Client:
    client = _Client(beacon)
    yield client
    client.close()


def test_the_extension_s_report_is_kept_with_the_error_it_met(beacon: Beacon, client: _Client) -> None:
    assert client.report(beacon, "a-1") == 204
    assert client.report(beacon, "a-2", error="Duplicate script ID") == 204
    assert beacon.wait_for("a-1", 5) and beacon.wait_for("a-2", 5)
    assert beacon.error_of("a-1") == "" and beacon.error_of("a-2") == "Duplicate script ID"
    assert sum(beacon.refused.values()) == 0


@pytest.mark.parametrize(
    "origin",
    [
        None,
        "null",
        "http://127.0.0.1:8000",
        "https://evil.example",
        "chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba",
        "moz-extension://x",
    ],
)
def test_a_report_from_any_other_origin_is_refused(beacon: Beacon, client: _Client, origin: str | None) -> None:
    response = client.send(json.dumps({"token": beacon.token, "build": "a-1"}).encode(), origin)
    assert response.status == 403
    assert response.getheader("Access-Control-Allow-Origin") is None
    assert beacon.wait_for("a-1", 0) is None and beacon.kept == 0
    assert beacon.refused == {"origin": 1}


@pytest.mark.parametrize("token", ["", "wrong", "x" * 43, None])
def test_a_missing_or_wrong_token_is_refused(beacon: Beacon, client: _Client, token: str | None) -> None:
    fields = {"build": "a-1"} if token is None else {"token": token, "build": "a-1"}
    assert client.send(json.dumps(fields).encode()).status == 403
    assert beacon.wait_for("a-1", 0) is None and beacon.kept == 0
    assert beacon.refused == {"token": 1}


def test_the_old_get_report_and_malformed_bodies_are_refused(beacon: Beacon, client: _Client) -> None:
    get = client.send(None, method="GET", path=f"{PATH}?build=a-1")
    assert get.status == 405 and get.getheader("Access-Control-Allow-Origin") is None
    client = _Client(beacon)  # the 405 closed the connection
    assert client.send(b"not json").status == 400
    assert client.send(b"[1, 2]").status == 400
    assert client.report(beacon, "b" * 129) == 400, "a build id is short"
    assert client.send(b"{}", path="/elsewhere").status == 404
    client.close()
    assert beacon.kept == 0 and beacon.refused == {"method": 1, "body": 3, "path": 1}


def test_a_body_over_the_limit_is_413_unread(beacon: Beacon) -> None:
    client = _Client(beacon)
    fields = {"token": beacon.token, "build": "a-1", "error": "x" * MAX_BODY}
    response = client.send(json.dumps(fields).encode())
    assert response.status == 413 and response.getheader("Connection") == "close"
    # A length that announces gigabytes is answered at once, without waiting for them.
    client = _Client(beacon)
    client.connection.putrequest("POST", PATH)
    client.connection.putheader("Origin", EXTENSION)
    client.connection.putheader("Content-Length", str(4 << 30))
    client.connection.endheaders()
    assert client.connection.getresponse().status == 413
    for length in ("9" * 5000, b"\xb2", "-1", "0x10"):  # digits without end, a superscript 2 (str.isdigit says yes)
        client = _Client(beacon)
        client.connection.putrequest("POST", PATH)
        client.connection.putheader("Origin", EXTENSION)
        client.connection.putheader("Content-Length", length)
        client.connection.endheaders()
        assert client.connection.getresponse().status == (413 if length[:1] == "9" else 411)
        client.close()
    assert beacon.kept == 0 and beacon.refused == {"size": 3, "length": 3}


def test_a_body_that_never_arrives_is_dropped_after_the_idle_timeout(beacon: Beacon) -> None:
    url = urlsplit(beacon.url)
    with socket.create_connection((url.hostname or "", url.port or 0), timeout=10) as connection:
        connection.sendall(
            b"POST /__xtk/started HTTP/1.1\r\nHost: x\r\nOrigin: "
            + EXTENSION.encode()
            + b"\r\nContent-Length: 100\r\n\r\n{"
        )
        assert connection.recv(1000) == b"", "closed without an answer once IDLE_TIMEOUT passed"
    assert beacon.kept == 0 and beacon.refused == {"broken": 1}


def test_what_is_kept_is_bounded_by_count(beacon: Beacon, client: _Client) -> None:
    """5,000 reports of the extension's, then 5,000 foreign ones of 16 KB: the count kept never passes MAX_KEPT."""
    for number in range(5000):
        assert client.report(beacon, f"s-{number}") == 204
    assert beacon.kept == MAX_KEPT
    assert beacon.wait_for("s-4999", 0) is not None, "the newest build is kept"
    assert beacon.wait_for("s-0", 0) is None, "the oldest went"
    for number in range(5000):
        assert client.report(beacon, f"f-{number}", error="x" * 16_000, token="wrong") == 403
    assert beacon.kept == MAX_KEPT and beacon.refused == {"token": 5000}


def test_reports_sent_before_the_origin_is_known_wait_for_it() -> None:
    """Firefox gives a temporary add-on without a gecko id its UUID at install, while its background already runs:
    reports from an extension origin wait (a bounded few) until the session names its extension's origin."""
    with Beacon() as beacon:
        client = _Client(beacon)
        assert client.report(beacon, "a-1", origin="moz-extension://1234") == 204
        assert client.report(beacon, "a-1", origin="moz-extension://other") == 204
        assert client.report(beacon, "a-1", origin="https://evil.example") == 403, "never a web origin"
        answers = [client.report(beacon, f"flood-{number}", origin="moz-extension://flood") for number in range(100)]
        assert answers == [204] * (MAX_PENDING - 2) + [429] * (100 - MAX_PENDING + 2), "the first ones stay"
        assert beacon.kept == MAX_PENDING
        assert beacon.wait_for("a-1", 0) is None, "not before the origin is known"
        beacon.allow_origin("moz-extension://1234/")
        assert beacon.wait_for("a-1", 0) is not None and beacon.kept == 1
        assert beacon.refused == {"origin": 1 + 1 + MAX_PENDING - 2, "pending": 100 - MAX_PENDING + 2}
        assert client.report(beacon, "a-2", origin="moz-extension://1234") == 204
        assert client.report(beacon, "a-3", origin="moz-extension://other") == 403
        assert beacon.wait_for("a-2", 0) is not None and beacon.wait_for("a-3", 0) is None
        client.close()


def test_the_reporter_carries_the_token_as_data_and_posts_it(tmp_path: Path) -> None:
    address = BeaconAddress("http://127.0.0.1:1234/__xtk/started", 't0k3n-"quoted"')
    path = write_reporter(SimpleNamespace(root=tmp_path, base_dir=tmp_path), address, "ab12-3")  # type: ignore[arg-type]
    text = path.read_text()
    assert json.dumps({"url": address.url, "token": address.token, "build": "ab12-3"}) in text
    assert 'method: "POST"' in text and "?build=" not in text
