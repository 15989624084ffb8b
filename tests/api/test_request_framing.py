"""Issue 17, item 10: a request whose length is ambiguous is refused and its connection closed, so nothing sent
behind it on the same connection — a smuggled request — is ever served (RFC 9112 §6.1, §6.3).

Each test writes raw bytes to a real server on 127.0.0.1: a framing a front proxy could read differently, then a
`GET /health` behind it. The server must answer exactly once and close. Part of the refusing is h11's (conflicting
Content-Length values, a transfer coding other than chunked, a space before the colon), part the app's (both
Content-Length and Transfer-Encoding, which h11 would read as chunked and keep the connection); the tests pin both,
so an upgrade of h11 or Hypercorn that loosens either fails here.

The client waits 3 s for the close and the server's keep-alive (header) deadline is 10 s: a server that keeps the
connection open fails the test by timing out the read, never by the keep-alive closing it.
"""

from __future__ import annotations

import json
import socket
from dataclasses import dataclass

import pytest

from tests.api.conftest import Api

SMUGGLED = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
CHUNKED_END = b"0\r\n\r\n"


@dataclass
class Exchange:
    responses: list[tuple[int, dict[str, str], bytes]]
    closed: bool  # the server closed the connection (rather than waiting for another request)
    leftover: bytes  # bytes after the last whole response


def exchange(api: Api, data: bytes) -> Exchange:
    received = b""
    closed = False
    with socket.create_connection(("127.0.0.1", api.port), timeout=3) as connection:
        connection.sendall(data)
        try:
            while chunk := connection.recv(65536):
                received += chunk
            closed = True
        except ConnectionResetError:
            closed = True
        except TimeoutError:
            closed = False
    responses, leftover = split_responses(received)
    return Exchange(responses, closed, leftover)


def split_responses(data: bytes) -> tuple[list[tuple[int, dict[str, str], bytes]], bytes]:
    """The HTTP/1.1 responses in `data`, each framed by its Content-Length (every answer here has one)."""
    responses = []
    while b"\r\n\r\n" in data:
        head, _, rest = data.partition(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        headers = {
            name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in header_lines)
        }
        length = int(headers.get("content-length", "0"))
        responses.append((int(status_line.split(" ")[1]), headers, rest[:length]))
        data = rest[length:]
    return responses, data


def request(head: str, body: bytes = b"") -> bytes:
    return head.replace("\n", "\r\n").encode("latin-1") + b"\r\n" + body


def assert_answered_once_and_closed(api: Api, result: Exchange, status: int) -> None:
    assert [answer[0] for answer in result.responses] == [status], result.responses  # the smuggled GET: never
    assert result.leftover == b""
    assert result.closed, "the server kept the connection open after refusing its framing"
    assert len(api.log) <= 1, api.log  # the refused request's own line at most: the smuggled GET was not served


# -- both Content-Length and Transfer-Encoding: the app refuses (h11 alone reads it as chunked) -------------------

BOTH_BODY = CHUNKED_END + SMUGGLED


@pytest.mark.parametrize(
    "data",
    [
        # CL.TE: a proxy reading Content-Length forwards the GET as body; a chunked reader sees it as a second request.
        request(
            f"POST /query HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
            f"Content-Length: {len(BOTH_BODY)}\nTransfer-Encoding: chunked\n",
            BOTH_BODY,
        ),
        # TE.CL, the headers the other way round and a Content-Length that ends at the chunked terminator.
        request(
            f"POST /query HTTP/1.1\nHost: 127.0.0.1\nTransfer-Encoding: chunked\nContent-Type: application/json\n"
            f"Content-Length: {len(CHUNKED_END)}\n",
            BOTH_BODY,
        ),
        request(
            f"POST /query HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
            f"Content-Length: {len(BOTH_BODY)}\nTransfer-Encoding: ChUnKeD\n",
            BOTH_BODY,
        ),
        # obs-fold: h11 unfolds it (RFC 9112 §5.2 allows that), so the app still sees both.
        request(
            f"POST /query HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
            f"Content-Length: {len(BOTH_BODY)}\nTransfer-Encoding:\n chunked\n",
            BOTH_BODY,
        ),
        # Any endpoint, any method: the framing is refused before routing.
        request(
            f"GET /health HTTP/1.1\nHost: 127.0.0.1\nContent-Length: {len(BOTH_BODY)}\nTransfer-Encoding: chunked\n",
            BOTH_BODY,
        ),
        request(
            "OPTIONS /nowhere HTTP/1.1\nHost: 127.0.0.1\nOrigin: chrome-extension://abc\nContent-Length: 0\n"
            "Transfer-Encoding: chunked\n",
            BOTH_BODY,
        ),
    ],
    ids=["cl-te", "te-cl", "mixed-case-chunked", "folded-te", "get-health", "options-unknown-path"],
)
def test_content_length_with_transfer_encoding_is_400_and_closes(api: Api, data: bytes) -> None:
    result = exchange(api, data)
    assert_answered_once_and_closed(api, result, 400)
    _, headers, body = result.responses[0]
    assert headers.get("connection") == "close"
    assert json.loads(body) == {
        "error": "AMBIGUOUS_FRAMING",
        "message": "Content-Length and Transfer-Encoding: a request may carry one of them, not both "
        "(RFC 9112 §6.1); the connection is closed",
    }
    assert [json.loads(line)["status"] for line in api.log] == [400]


# -- what h11 refuses itself: pinned ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "status"),
    [
        (
            request(
                "POST /query HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\nContent-Length: 5\n"
                f"Content-Length: {5 + len(SMUGGLED)}\n",
                b"12345" + SMUGGLED,
            ),
            400,
        ),
        (
            request(
                "POST /query HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
                f"Content-Length: 5, {5 + len(SMUGGLED)}\n",
                b"12345" + SMUGGLED,
            ),
            400,
        ),
        (request("POST /query HTTP/1.1\nHost: 127.0.0.1\nContent-Length: +5\n", b"12345" + SMUGGLED), 400),
        (request("POST /query HTTP/1.1\nHost: 127.0.0.1\nContent-Length: 0x5\n", b"12345" + SMUGGLED), 400),
        (
            request(
                f"POST /query HTTP/1.1\nHost: 127.0.0.1\nContent-Length: {len(BOTH_BODY)}\n"
                "Transfer-Encoding : chunked\n",
                BOTH_BODY,
            ),
            400,
        ),
        (
            request(
                f"POST /query HTTP/1.1\nHost: 127.0.0.1\nContent-Length: {len(BOTH_BODY)}\n"
                "Transfer-Encoding:\x0bchunked\n",
                BOTH_BODY,
            ),
            400,
        ),
        # RFC 9112 §6.1: "SHOULD respond with 501" to a coding the server does not understand; h11 does so (and closes)
        # also for chunked-then-gzip and for chunked twice, where §6.3 asks for 400. Either way nothing behind is read.
        (request("POST /query HTTP/1.1\nHost: 127.0.0.1\nTransfer-Encoding: gzip, chunked\n", BOTH_BODY), 501),
        (request("POST /query HTTP/1.1\nHost: 127.0.0.1\nTransfer-Encoding: chunked, gzip\n", BOTH_BODY), 501),
        (
            request(
                "POST /query HTTP/1.1\nHost: 127.0.0.1\nTransfer-Encoding: chunked\nTransfer-Encoding: chunked\n",
                BOTH_BODY,
            ),
            501,
        ),
        (request("POST /query HTTP/1.1\nHost: 127.0.0.1\nTransfer-Encoding: identity\n", BOTH_BODY), 501),
    ],
    ids=[
        "two-content-lengths",
        "content-length-list",
        "plus-sign",
        "hex",
        "space-before-colon",
        "vertical-tab",
        "gzip-chunked",
        "chunked-gzip",
        "chunked-twice",
        "identity",
    ],
)
def test_framing_h11_refuses_is_answered_once_and_closed(api: Api, data: bytes, status: int) -> None:
    result = exchange(api, data)
    assert_answered_once_and_closed(api, result, status)
    assert result.responses[0][1].get("connection", "").lower() == "close"
    assert api.log == []  # refused by the parser: the app never saw it


def test_transfer_encoding_in_http10_is_400_and_closes(api: Api) -> None:
    # HTTP/1.0 has no transfer codings (RFC 9112 §6.1); h11 would read the body as chunked.
    result = exchange(api, request("POST /health HTTP/1.0\nHost: 127.0.0.1\nTransfer-Encoding: chunked\n", CHUNKED_END))
    assert_answered_once_and_closed(api, result, 400)
    assert json.loads(result.responses[0][2])["error"] == "AMBIGUOUS_FRAMING"


def test_transfer_encoding_in_http10_with_a_request_behind_is_answered_once(api: Api) -> None:
    # h11 also refuses the bytes after an HTTP/1.0 body (it will close); whichever 400 is first, only one is sent.
    result = exchange(api, request("POST /query HTTP/1.0\nHost: 127.0.0.1\nTransfer-Encoding: chunked\n", BOTH_BODY))
    assert_answered_once_and_closed(api, result, 400)


def test_an_identical_content_length_list_is_read_as_one_value(api: Api) -> None:
    # RFC 9112 §6.3 (5): a list whose values are all the same may be processed as that value; h11 does. There is
    # no ambiguity for anyone to exploit, so the request after the body is a genuine pipelined request.
    result = exchange(
        api, request("GET /health HTTP/1.1\nHost: 127.0.0.1\nContent-Length: 5, 5\n", b"12345" + SMUGGLED)
    )
    assert [answer[0] for answer in result.responses] == [200, 200]


def test_a_chunked_body_alone_is_still_framed_and_answered(api: Api) -> None:
    # Transfer-Encoding without Content-Length is unambiguous: /query refuses it (411, closed) as before.
    result = exchange(
        api,
        request(
            "POST /query HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\nTransfer-Encoding: chunked\n",
            BOTH_BODY,
        ),
    )
    assert_answered_once_and_closed(api, result, 411)
