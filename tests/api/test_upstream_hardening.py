"""The model client's side of "Nothing lost, nothing leaked" (item 6): no redirect carries the key elsewhere, a
server echoing the key cannot pass it on, and the answer is bounded in size and in time.

Two fake model servers on 127.0.0.1: the one DOCMIND_LLM_BASE_URL names, scripted per test, and another one a
redirect points to, which records whatever reaches it.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from docmind_api.settings import LlmSettings

from tests.api.conftest import Api

KEY = "sk-test-DO-NOT-LEAK-4242"
PAGE = "Its year lasts 385 days, only slightly longer than a year on Earth.\nIt orbits a Sun-like star."
QUERY = {"pageText": PAGE, "question": "How long is a year?"}

Behaviour = Callable[[BaseHTTPRequestHandler], None]


@dataclass
class FakeServer:
    behave: Behaviour | None = None
    requests: list[dict[str, str]] = field(default_factory=list)
    port: int = 0


@pytest.fixture
def fake_servers() -> Iterator[Callable[[], FakeServer]]:
    servers: list[ThreadingHTTPServer] = []

    def make() -> FakeServer:
        state = FakeServer()

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self._record()

            def do_GET(self) -> None:
                self._record()

            def _record(self) -> None:
                state.requests.append(dict(self.headers))
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                try:
                    if state.behave is not None:
                        state.behave(self)
                except OSError:
                    pass  # the client gave up on us, as it should have

            def log_message(self, format: str, *args: Any) -> None:
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        servers.append(server)
        state.port = server.server_address[1]
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return state

    yield make
    for server in servers:
        server.shutdown()
        server.server_close()


def reply(status: int, body: bytes, headers: dict[str, str] | None = None) -> Behaviour:
    def behave(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(status)
        for name, value in {
            "Content-Type": "application/json",
            "Content-Length": str(len(body)),
            **(headers or {}),
        }.items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(body)

    return behave


def completion(content: str) -> bytes:
    return json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}).encode()


def model_api(make_api: Callable[[LlmSettings], Api], model: FakeServer, timeout: float = 5) -> Api:
    return make_api(LlmSettings(base_url=f"http://127.0.0.1:{model.port}/v1", model="m", api_key=KEY, timeout=timeout))


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_is_not_followed_and_the_other_host_never_sees_the_key(
    fake_servers: Callable[[], FakeServer], api_with_llm: Callable[[LlmSettings], Api], status: int
) -> None:
    model, elsewhere = fake_servers(), fake_servers()
    elsewhere.behave = reply(200, completion(json.dumps({"answer": "385 days.", "citations": []})))
    model.behave = reply(status, b"", {"Location": f"http://127.0.0.1:{elsewhere.port}/v1/chat/completions"})
    answer = model_api(api_with_llm, model).query(QUERY)
    assert all("Authorization" not in headers for headers in elsewhere.requests)
    assert elsewhere.requests == []  # not followed at all
    assert answer.status == 502
    assert answer.json == {
        "error": "UPSTREAM_ERROR",
        "message": f"the model server answered HTTP {status} (a "
        "redirect, not followed: set DOCMIND_LLM_BASE_URL to the address it redirects to)",
    }
    assert model.requests[0]["Authorization"] == f"Bearer {KEY}"


@pytest.mark.parametrize(
    "body",
    [
        json.dumps({"error": {"message": f"Incorrect API key provided: {KEY}", "code": "invalid_api_key"}}).encode(),
        json.dumps({"error": {"message": "bad key", "code": KEY}}).encode(),
        json.dumps({"error": {"message": KEY, "type": KEY, "code": KEY}}).encode(),
        f"<html>401: the key {KEY} is not valid</html>".encode(),
    ],
    ids=["message", "code", "everywhere", "raw-body"],
)
def test_an_error_echoing_the_key_never_reaches_the_client_or_the_log(
    fake_servers: Callable[[], FakeServer], api_with_llm: Callable[[LlmSettings], Api], body: bytes
) -> None:
    model = fake_servers()
    model.behave = reply(401, body)
    api = model_api(api_with_llm, model)
    answer = api.query(QUERY)
    assert answer.status == 502 and answer.json["error"] == "UPSTREAM_ERROR"
    assert answer.json["message"].startswith("the model server answered HTTP 401")
    assert KEY not in answer.body.decode() and "DO-NOT-LEAK" not in answer.body.decode()
    assert all(KEY not in line for line in api.log) and len(api.log) == 1


def test_an_answer_echoing_the_key_has_it_redacted(
    fake_servers: Callable[[], FakeServer], api_with_llm: Callable[[LlmSettings], Api]
) -> None:
    model = fake_servers()
    model.behave = reply(200, completion(json.dumps({"answer": f"Your key is {KEY}.", "citations": []})))
    answer = model_api(api_with_llm, model).query(QUERY)
    assert answer.status == 200
    assert answer.json["answer"] == "Your key is [redacted]."


def test_an_answer_over_the_cap_is_502(
    fake_servers: Callable[[], FakeServer], api_with_llm: Callable[[LlmSettings], Api]
) -> None:
    model = fake_servers()
    model.behave = reply(200, b" " * (5 * 1024 * 1024) + completion("{}"))
    answer = model_api(api_with_llm, model).query(QUERY)
    assert answer.status == 502
    assert answer.json["message"] == "the model server's answer is over the limit of 4 MiB"


def test_an_answer_trickled_a_byte_at_a_time_hits_the_total_deadline(
    fake_servers: Callable[[], FakeServer], api_with_llm: Callable[[LlmSettings], Api]
) -> None:
    body = completion(json.dumps({"answer": "385 days.", "citations": []}))

    def trickle(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        for index in range(min(len(body), 40)):  # each byte well within the per-read timeout, 4 s in all
            handler.wfile.write(body[index : index + 1])
            handler.wfile.flush()
            time.sleep(0.1)
        handler.wfile.write(body[40:])

    model = fake_servers()
    model.behave = trickle
    answer = model_api(api_with_llm, model, timeout=1.0).query(QUERY)
    assert (answer.status, answer.json) == (
        504,
        {"error": "UPSTREAM_TIMEOUT", "message": "the model server did not answer within 1 s"},
    )
