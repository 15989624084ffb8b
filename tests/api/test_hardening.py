"""The server's side of "Nothing lost, nothing leaked" (items 7 and 8): deadlines for the headers and the body,
HTTP framing the parser refuses, overload answered with 503 instead of resets, and JSON log lines.

Deadlines are made small through `Limits` so each test takes a few seconds; the loops that wait for the server
are bounded so that a server without the deadline fails the test instead of hanging it.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from docmind_api.app import Limits
from docmind_api.contract import PreparedQuery, QueryResponse
from docmind_api.offline import answer_offline
from docmind_api.settings import Settings

from tests.api.conftest import Api, start_api, stop_api

REPO = Path(__file__).resolve().parents[2]
PAGE = (
    "Photosynthesis is the process by which green plants turn light into chemical energy.\n"
    "It takes place in the chloroplasts, which contain the pigment chlorophyll."
)
GOOD = json.dumps({"pageText": PAGE, "question": "Where does photosynthesis take place?"}).encode()
QUERY_HEAD = b"POST /query HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"


@pytest.fixture
def quick_api() -> Iterator[Api]:
    """The offline API with deadlines of about a second."""
    running = start_api(Settings(), Limits(header_timeout=1.0, body_timeout=1.5))
    yield running
    stop_api(running)


def read_all(connection: socket.socket) -> bytes:
    chunks = []
    while chunk := connection.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def raw_exchange(api: Api, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", api.port), timeout=10) as connection:
        connection.sendall(data)
        return read_all(connection)


# -- item 8: deadlines ------------------------------------------------------------------------------------------------


def test_a_byte_per_second_client_gets_408(quick_api: Api) -> None:
    with socket.create_connection(("127.0.0.1", quick_api.port), timeout=1.0) as connection:
        connection.sendall(QUERY_HEAD + b"Content-Length: 100\r\n\r\n")
        answer = b""
        for _ in range(8):  # 8 bytes at one a second, far short of 100; the body deadline is 1.5 s
            connection.sendall(b" ")
            try:
                answer = connection.recv(65536)
            except TimeoutError:
                continue
            break
        connection.settimeout(5)
        answer += read_all(connection)  # then the server closes the connection
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 "), answer
    assert json.loads(body) == {"error": "REQUEST_TIMEOUT", "message": "request body: not received within 1.5 s"}
    assert json.loads(quick_api.log[-1])["status"] == 408


def test_a_client_trickling_its_headers_is_disconnected(quick_api: Api) -> None:
    headers = b"X-Slow: " + b"a" * 40
    closed = False
    with socket.create_connection(("127.0.0.1", quick_api.port), timeout=0.25) as connection:
        connection.sendall(b"GET /health HTTP/1.1\r\n")
        for byte in headers:  # up to 10 s of headers, a byte every 0.25 s; the header deadline is 1 s
            try:
                connection.sendall(bytes([byte]))
                if connection.recv(1) == b"":
                    closed = True
                    break
            except TimeoutError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
    assert closed, "the server still waited for the headers"


def test_two_different_content_lengths_are_400(api: Api) -> None:
    # Read with the first length, this is a good query (the old server answered it 200); the second disagrees.
    request = QUERY_HEAD + f"Content-Length: {len(GOOD)}\r\nContent-Length: {len(GOOD) + 5}\r\n\r\n".encode() + GOOD
    answer = raw_exchange(api, request)
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]


def test_a_request_line_without_a_version_is_not_answered_http09(api: Api) -> None:
    answer = raw_exchange(api, b"GET /health\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]  # a status line, never a bare HTTP/0.9 body
    assert b'"status": "ok"' not in answer


def test_http2_is_refused_with_505(api: Api) -> None:
    # Hypercorn would speak cleartext HTTP/2; the API's deadlines and framing checks are HTTP/1.1's.
    with httpx.Client(http1=False, http2=True, timeout=10) as client:
        reply = client.get(f"http://127.0.0.1:{api.port}/health")
    assert reply.http_version == "HTTP/2"
    assert (reply.status_code, reply.json()["error"]) == (505, "HTTP_VERSION_NOT_SUPPORTED")


# -- item 7: overload ------------------------------------------------------------------------------------------------


def post_query(port: int, timeout: float = 30) -> tuple[int, str | None, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("POST", "/query", body=GOOD, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, response.getheader("Retry-After"), response.read()
    finally:
        connection.close()


def test_queries_over_the_bound_get_503_with_retry_after() -> None:
    api = start_api(Settings(), Limits(max_in_flight=2))
    entered = threading.Semaphore(0)
    release = threading.Event()

    def held(prepared: PreparedQuery) -> QueryResponse:
        entered.release()
        release.wait(30)
        return answer_offline(prepared)

    api.server.answerer = held
    results: list[int] = []
    holders = [threading.Thread(target=lambda: results.append(post_query(api.port)[0])) for _ in range(2)]
    try:
        for holder in holders:
            holder.start()
        assert entered.acquire(timeout=10) and entered.acquire(timeout=10)  # both queries are being answered
        status, retry_after, body = post_query(api.port, timeout=5)
        assert (status, retry_after) == (503, "1")
        assert json.loads(body)["error"] == "OVERLOADED"
    finally:
        release.set()
        for holder in holders:
            holder.join(30)
        stop_api(api)
    assert results == [200, 200]


def test_two_hundred_concurrent_queries_are_all_answered(api: Api) -> None:
    start = threading.Barrier(200)
    outcomes: list[str] = []

    def one() -> None:
        start.wait()
        try:
            status, retry_after, _ = post_query(api.port)
            outcomes.append(str(status) if status != 503 or retry_after else "503 without Retry-After")
        except OSError as error:
            outcomes.append(type(error).__name__)

    threads = [threading.Thread(target=one) for _ in range(200)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(outcomes) == 200
    assert set(outcomes) <= {"200", "503"}, sorted(set(outcomes))  # never a reset
    assert "200" in outcomes


# -- item 8: the log ----------------------------------------------------------------------------------------------


def test_log_lines_are_json_objects_never_interleaved() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCMIND_")}
    process = subprocess.Popen(
        [sys.executable, "-m", "docmind_api", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=REPO,
    )
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline().split(":")[2].split(" ")[0])
        threads = [threading.Thread(target=post_query, args=(port,)) for _ in range(40)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=15)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    lines = stderr.splitlines()
    assert lines[-1] == "DocMind API stopped"
    entries = [json.loads(line) for line in lines[:-1]]  # each line one whole JSON object
    assert len(entries) == 40
    assert all(entry["path"] == "/query" and entry["status"] in (200, 503) for entry in entries)
