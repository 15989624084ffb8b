"""The OpenAI-compatible adapter against a fake Chat Completions server on 127.0.0.1 that records each request."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from docmind_api.prompt import MODE_INSTRUCTIONS, SYSTEM_PROMPT
from docmind_api.settings import LlmSettings

from tests.api.conftest import Api

SEED = Path(__file__).resolve().parents[2].parent / "shared" / "seeds" / "000_99f8154680c3a658.txt"
KEY = "sk-test-DO-NOT-LEAK-4242"

PAGE = (
    "Kepler-452b is an exoplanet orbiting a Sun-like star about 1,400 light-years from Earth.\n"
    "It was announced by NASA on 23 July 2015 and is about 60% larger than Earth in diameter.\n"
    "Its year lasts 385 days, only slightly longer than a year on Earth.\n"
    "The planet \u201cmay have\u201d active volcanoes,   according to some models."
)
QUESTION = "How long is a year on Kepler-452b?"
YEAR = "Its year lasts 385 days, only slightly longer than a year on Earth."
ANNOUNCED = "It was announced by NASA on 23 July 2015 and is about 60% larger than Earth in diameter."


@dataclass
class Upstream:
    """What the fake model server answers next, and every request it received."""

    status: int = 200
    body: bytes = b""
    delay: float = 0.0
    requests: list[dict[str, Any]] = field(default_factory=list)
    port: int = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def answer_with(self, content: str) -> None:
        """A Chat Completions envelope around `content` (what the model wrote)."""
        self.status = 200
        self.body = json.dumps(
            {
                "id": "chatcmpl-1",
                "object": "chat.completion",
                "choices": [
                    {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
                ],
            }
        ).encode()

    def answer_json(self, answer: str, citations: list[dict[str, Any]]) -> None:
        self.answer_with(json.dumps({"answer": answer, "citations": citations}))


@pytest.fixture
def upstream() -> Iterator[Upstream]:
    state = Upstream()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            state.requests.append({"path": self.path, "headers": dict(self.headers), "json": json.loads(body)})
            time.sleep(state.delay)
            try:
                self.send_response(state.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(state.body)))
                self.end_headers()
                self.wfile.write(state.body)
            except OSError:
                pass  # the client gave up (timeout test)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    state.port = server.server_address[1]
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    yield state
    server.shutdown()
    server.server_close()


@pytest.fixture
def api(upstream: Upstream, api_with_llm: Callable[[LlmSettings], Api]) -> Api:
    return api_with_llm(LlmSettings(base_url=upstream.base_url, model="test-model-1", api_key=KEY, timeout=5))


def cite(n: int, text: str, relevance: str = "Key fact") -> dict[str, str]:
    return {"id": f"cite-{n}", "text": text, "relevance": relevance}


def error_of(reply: Any) -> tuple[int, str, str]:
    body = reply.json
    assert set(body) == {"error", "message"}, body
    return reply.status, body["error"], body["message"]


# -- the request upstream ----------------------------------------------------------------------------------------------


def test_system_prompt_is_the_seed_text_verbatim() -> None:
    if not SEED.is_file():
        pytest.skip(f"seed not found at {SEED}")
    seed = SEED.read_text(encoding="utf-8")
    section = seed[seed.index("### 6.3 Updated LLM Prompt") : seed.index("### 6.3a")]
    block = section.split("```")[1].strip("\n")
    assert block.startswith("SYSTEM:\n")
    assert block.removeprefix("SYSTEM:\n") == SYSTEM_PROMPT


def test_the_request_carries_prompt_history_page_and_question(api: Api, upstream: Upstream) -> None:
    upstream.answer_json("A year lasts 385 days.", [cite(1, YEAR)])
    history = [
        {"role": "user", "content": "What is Kepler-452b?"},
        {"role": "assistant", "content": "An exoplanet about 1,400 light-years away."},
    ]
    reply = api.query(
        {
            "pageText": PAGE,
            "question": QUESTION,
            "url": "https://example.org/kepler",
            "conversation": {
                "threadId": "t",
                "messages": history,
                "pageUrlIdentity": "https://example.org/kepler",
                "mode": "qa",
            },
        }
    )
    assert reply.status == 200
    [request] = upstream.requests
    assert request["path"] == "/v1/chat/completions"
    assert request["headers"]["Authorization"] == f"Bearer {KEY}"
    assert request["headers"]["Content-Type"] == "application/json"
    payload = request["json"]
    assert payload["model"] == "test-model-1"
    assert payload["temperature"] == 0
    messages = payload["messages"]
    assert messages[0] == {"role": "system", "content": SYSTEM_PROMPT}
    assert messages[1:3] == history
    assert messages[3]["role"] == "user" and len(messages) == 4
    user = messages[3]["content"]
    assert PAGE in user and f"Question: {QUESTION}" in user
    assert MODE_INSTRUCTIONS["qa"] in user and "https://example.org/kepler" in user


def test_without_a_key_no_authorization_is_sent(upstream: Upstream, api_with_llm: Callable[[LlmSettings], Api]) -> None:
    api = api_with_llm(LlmSettings(base_url=upstream.base_url, model="local", api_key=None, timeout=5))
    upstream.answer_json("A year lasts 385 days.", [])
    assert api.query({"pageText": PAGE, "question": QUESTION}).status == 200
    assert "Authorization" not in upstream.requests[0]["headers"]


def test_the_model_sees_only_the_page_up_to_the_cut(api: Api, upstream: Upstream) -> None:
    page = "Filler sentence about nothing in particular goes here. " * 600  # 33,000 characters
    page = page[:29_950] + "\nThe launch code of the rocket is hidden under the mat."
    upstream.answer_json("It is not in the page.", [])
    body = api.query({"pageText": page, "question": "What is the launch code?"}).json
    user = upstream.requests[0]["json"]["messages"][-1]["content"]
    assert page[:30_000] in user
    assert "under the mat" not in user
    assert (body["truncated"], body["charactersAnalyzed"]) == (True, 30_000)


def test_the_history_sent_upstream_is_truncated(api: Api, upstream: Upstream) -> None:
    upstream.answer_json("Fine.", [])
    history = [{"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i}"} for i in range(9)]
    api.query(
        {
            "pageText": PAGE,
            "question": QUESTION,
            "conversation": {"threadId": "t", "messages": history, "pageUrlIdentity": "u", "mode": "qa"},
        }
    )
    messages = upstream.requests[0]["json"]["messages"]
    assert messages[1:-1] == history[-6:]  # MAX_MESSAGES


# -- parsing the model's answer (§6.3a, then §7) -----------------------------------------------------------------------


def test_clean_json(api: Api, upstream: Upstream) -> None:
    upstream.answer_json("A year on Kepler-452b lasts 385 days.", [cite(1, YEAR, "Key stat")])
    body = api.query({"pageText": PAGE, "question": QUESTION}).json
    assert body == {
        "answer": "A year on Kepler-452b lasts 385 days.",
        "citations": [{"id": "cite-1", "text": YEAR, "relevance": "Key stat"}],
        "truncated": False,
        "charactersAnalyzed": len(PAGE),
        "answeredBy": "model",
    }


def test_json_in_fences_with_prose_around(api: Api, upstream: Upstream) -> None:
    inner = json.dumps({"answer": "385 days.", "citations": [cite(1, YEAR)]}, indent=2)
    upstream.answer_with(f"Sure! Here is the answer:\n```json\n{inner}\n```\nLet me know if you need more.")
    body = api.query({"pageText": PAGE, "question": QUESTION}).json
    assert body["answer"] == "385 days."
    assert [c["text"] for c in body["citations"]] == [YEAR]


def test_invalid_citations_are_filtered_and_clamped_to_five(api: Api, upstream: Upstream) -> None:
    sentences = PAGE.splitlines()
    citations = [
        {"id": "c1", "text": YEAR, "relevance": "bad id"},
        {"id": "cite-x", "text": YEAR, "relevance": "bad id"},
        cite(2, "385 days", "too short"),
        cite(3, "Earth " * 60, "too long"),
        {"id": "cite-4", "text": YEAR},  # no relevance: kept, with ""
        *[cite(10 + i, sentences[i % 3]) for i in range(6)],
    ]
    upstream.answer_json("385 days.", citations)
    body = api.query({"pageText": PAGE, "question": QUESTION}).json
    assert [c["id"] for c in body["citations"]] == ["cite-4", "cite-10", "cite-11", "cite-12", "cite-13"]
    assert body["citations"][0] == {"id": "cite-4", "text": YEAR, "relevance": ""}


def test_a_citation_not_in_the_page_is_dropped(api: Api, upstream: Upstream) -> None:
    upstream.answer_json(
        "385 days.",
        [
            cite(1, "Its year lasts 365 days, exactly like a year on Earth."),  # invented
            cite(2, ANNOUNCED),
            # Straight quotes and one space where the page has curly quotes and three: the same text once normalized.
            cite(3, 'The planet "may have" active volcanoes, according to some models.'),
        ],
    )
    body = api.query({"pageText": PAGE, "question": QUESTION}).json
    assert [c["id"] for c in body["citations"]] == ["cite-2", "cite-3"]


def test_no_json_is_502_json_parse_failed(api: Api, upstream: Upstream) -> None:
    upstream.answer_with("I'm sorry, I can't help with that.")
    assert error_of(api.query({"pageText": PAGE, "question": QUESTION}))[:2] == (502, "JSON_PARSE_FAILED")
    upstream.answer_with('{"answer": "385 days", "citations": [}')
    assert error_of(api.query({"pageText": PAGE, "question": QUESTION}))[:2] == (502, "JSON_PARSE_FAILED")


def test_an_empty_answer_is_502_invalid_response(api: Api, upstream: Upstream) -> None:
    upstream.answer_with('{"answer": ""}')
    status, code, message = error_of(api.query({"pageText": PAGE, "question": QUESTION}))
    assert (status, code) == (502, "INVALID_RESPONSE")
    assert "answer" in message


# -- upstream failures -------------------------------------------------------------------------------------------------


def test_upstream_500_is_502_without_the_key(api: Api, upstream: Upstream) -> None:
    upstream.status, upstream.body = 500, b'{"error": {"message": "boom", "type": "server_error"}}'
    status, code, message = error_of(api.query({"pageText": PAGE, "question": QUESTION}))
    assert (status, code) == (502, "UPSTREAM_ERROR")
    assert message == "the model server answered HTTP 500 (server_error)"


def test_upstream_401_echoing_the_key_does_not_leak_it(api: Api, upstream: Upstream) -> None:
    upstream.status = 401
    upstream.body = json.dumps(
        {"error": {"message": f"Incorrect API key provided: {KEY}", "code": "invalid_api_key"}}
    ).encode()
    reply = api.query({"pageText": PAGE, "question": QUESTION})
    status, code, message = error_of(reply)
    assert (status, code, message) == (502, "UPSTREAM_ERROR", "the model server answered HTTP 401 (invalid_api_key)")
    assert KEY not in reply.body.decode() and all(KEY not in line for line in api.log)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"<html>Bad gateway</html>", "the model server's answer is not JSON"),
        (b'{"choices": []}', "the model server's answer has no choices[0].message.content"),
        (b'{"object": "error"}', "the model server's answer has no choices[0].message.content"),
        (b'{"choices": [{"message": {"content": null}}]}', "the model server's choices[0].message.content is not text"),
    ],
)
def test_a_broken_envelope_is_502(api: Api, upstream: Upstream, body: bytes, message: str) -> None:
    upstream.status, upstream.body = 200, body
    assert error_of(api.query({"pageText": PAGE, "question": QUESTION})) == (502, "UPSTREAM_ERROR", message)


def test_a_slow_upstream_is_504(upstream: Upstream, api_with_llm: Callable[[LlmSettings], Api]) -> None:
    api = api_with_llm(LlmSettings(base_url=upstream.base_url, model="m", api_key=KEY, timeout=0.2))
    upstream.answer_json("late", [])
    upstream.delay = 1.0  # the answer does come, after the deadline: a client that waited for it would give 200
    status, code, message = error_of(api.query({"pageText": PAGE, "question": QUESTION}))
    assert (status, code, message) == (504, "UPSTREAM_TIMEOUT", "the model server did not answer within 0.2 s")


def test_an_unreachable_upstream_is_502(api_with_llm: Callable[[LlmSettings], Api]) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    api = api_with_llm(LlmSettings(base_url=f"http://user:pw@127.0.0.1:{port}/v1", model="m", api_key=KEY, timeout=2))
    status, code, message = error_of(api.query({"pageText": PAGE, "question": QUESTION}))
    assert (status, code) == (502, "UPSTREAM_ERROR")
    assert re.fullmatch(r"cannot reach the model server \(.+\)", message)
    assert "pw" not in message and KEY not in message


def test_health_names_the_answerer(api: Api) -> None:
    assert api.request("GET", "/health").json == {
        "status": "ok",
        "answerer": "openai-compatible",
        "maxPageChars": 30000,
    }
