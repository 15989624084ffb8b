"""The HTTP contract of the DocMind API: statuses, error messages naming the field, CORS, limits, privacy."""

from __future__ import annotations

import json
import re
import socket
import time
from typing import Any

import pytest
from docmind_api.contract import PreparedQuery, QueryResponse
from docmind_api.offline import answer_offline
from docmind_reference.conversation import truncate_conversation
from docmind_reference.page import cut_page
from docmind_reference.text import length

from tests.api.conftest import Api

PAGE = (
    "Photosynthesis is the process by which green plants turn light into chemical energy.\n"
    "It takes place in the chloroplasts, which contain the pigment chlorophyll.\n"
    "The process releases oxygen as a by-product, which animals then breathe."
)
GOOD = {"pageText": PAGE, "question": "Where does photosynthesis take place?"}


def error_of(reply: Any) -> tuple[int, str, str]:
    body = reply.json
    assert set(body) == {"error", "message"}, body
    return reply.status, body["error"], body["message"]


# -- happy path -------------------------------------------------------------------------------------------------


def test_health(api: Api) -> None:
    reply = api.request("GET", "/health")
    assert reply.status == 200
    assert reply.json == {"status": "ok", "answerer": "offline", "maxPageChars": 30000}


def test_query_answers_with_the_contract_shape(api: Api) -> None:
    reply = api.query(GOOD)
    assert reply.status == 200
    assert reply.headers["Content-Type"] == "application/json; charset=utf-8"
    assert reply.headers["Cache-Control"] == "no-store"
    body = reply.json
    assert set(body) == {"answer", "citations", "truncated", "charactersAnalyzed", "answeredBy"}
    assert body["answeredBy"] == "extractive"  # no model configured: the offline answerer, and it says so
    assert body["truncated"] is False
    assert body["charactersAnalyzed"] == len(PAGE)
    assert body["citations"][0] == {
        "id": "cite-1",
        "text": "It takes place in the chloroplasts, which contain the pigment chlorophyll.",
        "relevance": "Best match",
    }


def test_optional_fields_may_be_null_or_absent(api: Api) -> None:
    assert api.query({**GOOD, "url": None, "mode": None, "conversation": None}).status == 200
    assert api.query({**GOOD, "url": "https://example.org/plants", "mode": "summary"}).status == 200


def test_charset_utf8_is_accepted(api: Api) -> None:
    reply = api.request("POST", "/query", json.dumps(GOOD), {"Content-Type": "application/json; charset=UTF-8"})
    assert reply.status == 200


# -- 400: the message names the field ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"pageText": PAGE}, "question: is required"),
        ({"pageText": PAGE, "question": ""}, "question: must be a non-empty string"),
        ({"pageText": PAGE, "question": " \n\t "}, "question: must be a non-empty string"),
        ({"pageText": PAGE, "question": 5}, "question: must be a string"),
        ({"question": "why?"}, "pageText: is required"),
        ({"pageText": ["a"], "question": "why?"}, "pageText: must be a string"),
        ({**GOOD, "colour": "red"}, "colour: unknown field"),
        ({**GOOD, "url": 3}, "url: must be a string"),
        ({**GOOD, "mode": "poem"}, "mode: must be 'qa', 'summary', 'eli5', 'key-takeaways' or 'main-arguments'"),
        ({**GOOD, "conversation": []}, "conversation: must be an object"),
        (
            {
                **GOOD,
                "conversation": {
                    "threadId": "t",
                    "messages": [{"role": "system", "content": "x"}],
                    "pageUrlIdentity": "u",
                    "mode": "qa",
                },
            },
            "conversation.messages[0].role: must be 'user' or 'assistant'",
        ),
        (
            {
                **GOOD,
                "conversation": {
                    "threadId": "t",
                    "messages": [{"role": "user", "content": "x", "citations": []}],
                    "pageUrlIdentity": "u",
                    "mode": "qa",
                },
            },
            "conversation.messages[0].citations: unknown field",
        ),
        (
            {**GOOD, "conversation": {"threadId": "t", "messages": "hi", "pageUrlIdentity": "u", "mode": "qa"}},
            "conversation.messages: must be an array",
        ),
        (
            {**GOOD, "conversation": {"threadId": "t", "messages": [], "mode": "qa"}},
            "conversation.pageUrlIdentity: is required",
        ),
        (
            {
                **GOOD,
                "mode": "qa",
                "conversation": {"threadId": "t", "messages": [], "pageUrlIdentity": "u", "mode": "summary"},
            },
            "conversation.mode: must equal mode ('qa')",
        ),
        ([GOOD], "request body: must be a JSON object"),
    ],
)
def test_invalid_request_names_the_field(api: Api, payload: Any, message: str) -> None:
    status, code, text = error_of(api.query(payload))
    assert (status, code) == (400, "INVALID_REQUEST")
    assert text.startswith(message), text


def test_several_problems_are_reported_together(api: Api) -> None:
    _, _, message = error_of(api.query({"pageText": 1, "question": "", "extra": True}))
    assert message == "pageText: must be a string; question: must be a non-empty string; extra: unknown field"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b'{"pageText": "x", "question": ', "request body: not valid JSON (Expecting value at line 1 column 31)"),
        (b"", "request body: not valid JSON (Expecting value at line 1 column 1)"),
        (b'{"pageText": "x", "question": NaN}', "request body: not valid JSON (NaN is not JSON)"),
        (b'{"pageText": "\xff", "question": "q"}', "request body: not valid UTF-8 (byte 14)"),
    ],
)
def test_malformed_json_is_400(api: Api, body: bytes, message: str) -> None:
    status, code, text = error_of(api.request("POST", "/query", body, {"Content-Type": "application/json"}))
    assert (status, code, text) == (400, "INVALID_JSON", message)


# -- other statuses ---------------------------------------------------------------------------------------------


def test_unknown_path_is_404(api: Api) -> None:
    status, code, message = error_of(api.request("GET", "/answer"))
    assert (status, code) == (404, "NOT_FOUND")
    assert message.startswith("/answer: no such endpoint")


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("GET", "/query", "POST, OPTIONS"),
        ("PUT", "/query", "POST, OPTIONS"),
        ("POST", "/health", "GET, OPTIONS"),
        ("DELETE", "/health", "GET, OPTIONS"),
    ],
)
def test_wrong_method_is_405(api: Api, method: str, path: str, allow: str) -> None:
    reply = api.request(method, path)
    status, code, message = error_of(reply)
    assert (status, code) == (405, "METHOD_NOT_ALLOWED")
    assert message.startswith(f"{path}: {method} is not allowed")
    assert reply.headers["Allow"] == allow


def test_body_over_the_limit_is_413(api: Api) -> None:
    body = json.dumps({"pageText": "x" * (1024 * 1024), "question": "why?"})
    status, code, message = error_of(api.request("POST", "/query", body, {"Content-Type": "application/json"}))
    assert (status, code) == (413, "PAYLOAD_TOO_LARGE")
    assert message == f"request body: {len(body):,} bytes is over the limit of 1,048,576 bytes (1 MiB)"


@pytest.mark.parametrize(
    ("content_type", "message"),
    [
        ("text/plain", "Content-Type: must be application/json (got 'text/plain')"),
        ("application/x-www-form-urlencoded", "Content-Type: must be application/json"),
        ("application/json; charset=latin-1", "Content-Type: charset must be utf-8 (got 'latin-1')"),
        (None, "Content-Type: required; send application/json"),
    ],
)
def test_non_json_content_type_is_415(api: Api, content_type: str | None, message: str) -> None:
    headers = {"Content-Type": content_type} if content_type else {}
    status, code, text = error_of(api.request("POST", "/query", json.dumps(GOOD), headers))
    assert (status, code) == (415, "UNSUPPORTED_MEDIA_TYPE")
    assert text.startswith(message)


def raw_exchange(api: Api, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", api.port), timeout=10) as connection:
        connection.sendall(data)
        chunks = []
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def test_missing_content_length_is_411(api: Api) -> None:
    answer = raw_exchange(
        api,
        b"POST /query HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    )
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 411 ")
    assert json.loads(body) == {
        "error": "LENGTH_REQUIRED",
        "message": "Content-Length: required (chunked bodies are not accepted)",
    }


def test_garbage_request_line_is_a_400(api: Api) -> None:
    # Refused by the HTTP parser (h11) before the app runs: a status line and an empty body, then the connection
    # is closed (raw_exchange reads to the end).
    answer = raw_exchange(api, b"HELLO THERE FRIEND NOW\r\n\r\n")
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 ")
    assert b"\r\ncontent-length: 0" in head.lower() and body == b""


# -- CORS -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "origin",
    [
        "chrome-extension://abcdefghijklmnopabcdefghijklmnop",
        "moz-extension://3f1c2b1e-8d7a-4c55-9a0e-6a2f1d9e7b10",
        "extension://abcdefghijklmnopabcdefghijklmnop",
    ],
)
def test_preflight_from_an_extension(api: Api, origin: str) -> None:
    reply = api.request(
        "OPTIONS",
        "/query",
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )
    assert reply.status == 204
    assert reply.body == b""
    assert reply.headers["Access-Control-Allow-Origin"] == origin
    assert reply.headers["Access-Control-Allow-Methods"] == "POST, OPTIONS"
    assert reply.headers["Access-Control-Allow-Headers"] == "Content-Type"
    assert reply.headers["Vary"] == "Origin"
    assert "Access-Control-Allow-Private-Network" not in reply.headers


def test_private_network_preflight(api: Api) -> None:
    reply = api.request(
        "OPTIONS",
        "/query",
        headers={
            "Origin": "chrome-extension://abcdefghijklmnop",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Private-Network": "true",
        },
    )
    assert reply.status == 204
    assert reply.headers["Access-Control-Allow-Private-Network"] == "true"


def test_extension_responses_carry_the_origin_errors_included(api: Api) -> None:
    origin = "moz-extension://3f1c2b1e-8d7a-4c55-9a0e-6a2f1d9e7b10"
    ok = api.query(GOOD, {"Origin": origin})
    bad = api.query({"pageText": PAGE}, {"Origin": origin})
    health = api.request("GET", "/health", headers={"Origin": origin})
    for reply, status in ((ok, 200), (bad, 400), (health, 200)):
        assert reply.status == status
        assert reply.headers["Access-Control-Allow-Origin"] == origin  # so the extension can read the error too
        assert reply.headers["Vary"] == "Origin"


@pytest.mark.parametrize(
    "origin",
    [
        "https://example.com",
        "http://127.0.0.1:8787",
        "null",
        "chrome-extension://abc/evil",
        "https://chrome-extension.evil.com",
    ],
)
def test_web_origins_are_refused_without_cors_headers(api: Api, origin: str) -> None:
    for reply in (
        api.request("OPTIONS", "/query", headers={"Origin": origin, "Access-Control-Request-Method": "POST"}),
        api.query(GOOD, {"Origin": origin}),
    ):
        status, code, _ = error_of(reply)
        assert (status, code) == (403, "ORIGIN_NOT_ALLOWED")
        assert not any(name.lower().startswith("access-control-") for name in reply.headers)


def test_no_origin_means_no_cors_headers(api: Api) -> None:
    reply = api.query(GOOD)
    assert reply.status == 200
    assert "Access-Control-Allow-Origin" not in reply.headers


# -- limits: the page is cut, the history truncated ------------------------------------------------------------------


class Spy:
    """An answerer that records what it was given, then answers offline."""

    def __init__(self) -> None:
        self.seen: list[PreparedQuery] = []

    def __call__(self, prepared: PreparedQuery) -> QueryResponse:
        self.seen.append(prepared)
        return answer_offline(prepared)


@pytest.fixture
def spy(api: Api) -> Spy:
    recorder = Spy()
    api.server.answerer = recorder
    return recorder


HIDDEN = "The secret vault combination is printed on the last page of the manual."


def filler(size: int) -> str:
    sentence = "Gardening advice about tomatoes and watering schedules fills this paragraph. "
    return (sentence * (size // len(sentence) + 1))[:size]


def test_page_text_over_the_limit_is_cut_before_the_answerer(api: Api, spy: Spy) -> None:
    page = filler(29_990) + "\n" + HIDDEN
    assert page.index(HIDDEN) > 29_990 and length(page) > 30_000
    reply = api.query({"pageText": page, "question": "What is the secret vault combination?"})
    body = reply.json
    assert reply.status == 200
    assert body["truncated"] is True
    assert body["charactersAnalyzed"] == 30_000
    assert all("vault" not in c["text"] for c in body["citations"])
    assert body["citations"] == []  # the only sentence about the vault is past the cut
    assert spy.seen[0].page_text == page[:30_000]
    assert "vault" not in spy.seen[0].page_text


def test_the_same_sentence_before_the_cut_is_found(api: Api) -> None:
    page = HIDDEN + "\n" + filler(35_000)
    body = api.query({"pageText": page, "question": "What is the secret vault combination?"}).json
    assert body["truncated"] is True
    assert body["citations"][0]["text"] == HIDDEN


def test_length_is_counted_in_utf16_code_units(api: Api, spy: Spy) -> None:
    page = "\U0001f600" * 15_001  # 15,001 code points, 30,002 code units
    body = api.query({"pageText": page, "question": "smile?"}).json
    assert (body["truncated"], body["charactersAnalyzed"]) == (True, 30_000)
    assert spy.seen[0].page_text == "\U0001f600" * 15_000


def test_the_cut_is_the_references_and_never_splits_a_surrogate_pair(api: Api, spy: Spy) -> None:
    """D14: the API reads exactly what docmind_reference.page.cut_page (the extension's cutPage) says."""
    page = "a" * 29_999 + "\U0001f600" + "tail"
    body = api.query({"pageText": page, "question": "tail?"}).json
    assert spy.seen[0].page_text == "a" * 29_999  # the emoji would straddle unit 30,000: it goes whole
    assert (body["truncated"], body["charactersAnalyzed"]) == (True, 29_999)
    assert cut_page(page) == {"end": 29_999, "pageLength": 30_005, "charactersAnalyzed": 29_999, "truncated": True}
    api.query({"pageText": "b" * 30_000, "question": "b?"})
    assert spy.seen[1].page_text == "b" * 30_000 and not spy.seen[1].truncated


def test_conversation_is_truncated_like_the_extension(api: Api, spy: Spy) -> None:
    messages = [
        {"role": "user" if i % 2 == 0 else "assistant", "content": f"message {i} " + "x" * (300 * i)} for i in range(10)
    ]
    conversation = {"threadId": "t-1", "messages": messages, "pageUrlIdentity": "https://example.org/a", "mode": "qa"}
    reply = api.query({**GOOD, "conversation": conversation})
    assert reply.status == 200  # truncated, not rejected
    seen = [m.model_dump() for m in spy.seen[0].history]
    assert seen == truncate_conversation(messages)
    assert len(seen) < 6 and seen[-1] == messages[-1]  # the 4,000-unit budget bites after the 6-message cap


def test_conversation_mode_applies_when_mode_is_absent(api: Api, spy: Spy) -> None:
    conversation = {"threadId": "t", "messages": [], "pageUrlIdentity": "u", "mode": "key-takeaways"}
    api.query({**GOOD, "conversation": conversation})
    api.query(GOOD)
    assert [p.mode for p in spy.seen] == ["key-takeaways", "qa"]


# -- privacy and robustness -------------------------------------------------------------------------------------------


def test_the_log_holds_no_page_text_question_or_url(api: Api, capsys: pytest.CaptureFixture[str]) -> None:
    secret_page = "Zanzibar-7 is the codename of the project and the reactor runs at 451 kelvin always."
    secret_question = "What is the codename Zanzibar-7 about?"
    secret_url = "https://intranet.example/zanzibar?token=s3cr3t"
    api.query({"pageText": secret_page, "question": secret_question, "url": secret_url})
    api.query({"pageText": secret_page, "question": 7, "url": secret_url})
    api.request("POST", "/query", b'{"pageText": "Zanzibar-7', {"Content-Type": "application/json"})
    # A request's line is written once its answer is sent: the client may read the answer first.
    deadline = time.monotonic() + 5
    while len(api.log) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(api.log) == 3
    for line in api.log:
        entry = json.loads(line)  # one JSON object per line
        assert set(entry) == {"time", "method", "path", "status", "ms"}, line
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", entry["time"]), line
        assert (entry["method"], entry["path"]) == ("POST", "/query") and entry["status"] in (200, 400), line
    captured = capsys.readouterr()
    for text in (*api.log, captured.out, captured.err):
        assert "anzibar" not in text and "s3cr3t" not in text and "Traceback" not in text


def test_a_bug_is_a_json_500_without_the_exception_message(api: Api) -> None:
    def broken(prepared: PreparedQuery) -> QueryResponse:
        raise ValueError(f"cannot handle {prepared.page_text}")

    api.server.answerer = broken
    status, code, message = error_of(api.query({"pageText": "PRIVATE TEXT of the page", "question": "q?"}))
    assert (status, code) == (500, "INTERNAL_ERROR")
    assert "PRIVATE" not in message
    assert json.loads(api.log[0])["event"] == "internal-error"
    assert json.loads(api.log[0])["error"].startswith("ValueError at test_contract.py:")
    assert all("PRIVATE" not in line for line in api.log)
