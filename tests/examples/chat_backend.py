"""A fake of the chat widget's API (seed 003 §5) for its end-to-end tests: 127.0.0.1 only, a free port, a thread.

It speaks the seed's contract: `POST /api/v1/chat/messages` (the user's message and `localToolDefinitions`) and
`POST /api/v1/chat/messages/<id>/tool-results` answer with server-sent events (`message_start`, `content_delta`,
`tool_call_start`, `tool_call_pending_local`, `done`), one pass per request; `GET /api/v1/auth/session` says whose
session it is. Instead of a model, a test scripts the assistant: each step is a local tool call, or a reply
computed from the tool outcomes the extension sent back. Every request body is recorded for the test to judge.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

#: what a reply step is given: the outcomes ({"toolCallId", "result"} or {"toolCallId", "error"}) sent back so far
Outcomes = list[dict[str, Any]]


@dataclass
class ToolStep:
    name: str
    args: dict[str, Any]


@dataclass
class ReplyStep:
    text: Callable[[Outcomes], str]
    #: set: the reply's first piece is sent, then the stream stays open until the test sets the event (the widget
    #: must show that piece while the model is still "writing")
    hold: threading.Event | None = None


@dataclass
class Conversation:
    steps: list[ToolStep | ReplyStep]
    outcomes: Outcomes = field(default_factory=list)


def _event(name: str, data: dict[str, Any]) -> str:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n"


class FakeChatBackend:
    """Scripted with `script(...)` before the user sends; judged by `requests` afterwards."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str, Any]] = []  # (method, path, JSON body or None)
        self.authenticated_user = "Ada Lovelace"
        self._next_steps: list[ToolStep | ReplyStep] = []
        self._conversations: dict[str, Conversation] = {}
        self._messages: dict[str, str] = {}  # message id → conversation id
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        #: replies to stream: id of the events list → the event that releases its rest
        self.holds: dict[int, threading.Event] = {}
        backend = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                backend.requests.append(("GET", self.path, None))
                if self.path != "/api/v1/auth/session":
                    self.send_error(404)
                    return
                user = backend.authenticated_user
                self._send(200, "application/json", json.dumps({"authenticated": bool(user), "user": user}))

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                try:
                    body = json.loads(self.rfile.read(length) or b"null")
                except ValueError:
                    self.send_error(400)
                    return
                backend.requests.append(("POST", self.path, body))
                events = backend.answer(self.path, body)
                if events is None:
                    self.send_error(404)
                    return
                hold = backend.holds.pop(id(events), None)
                if hold is None:
                    stream = "".join(_event(name, data) for name, data in events)
                    self._send(200, "text/event-stream", ": a comment line, ignored\n\n" + stream)
                    return
                # Streamed: no Content-Length, the body ends when the connection closes (HTTP/1.0). The first
                # delta goes out with message_start, split mid-line between two writes, and the rest once released.
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                head = ": a comment line, ignored\r\n\r\n" + "".join(_event(name, data) for name, data in events[:2])
                self.wfile.write(head[:-5].encode())
                self.wfile.flush()
                self.wfile.write(head[-5:].encode())
                self.wfile.flush()
                hold.wait(timeout=30)
                self.wfile.write("".join(_event(name, data) for name, data in events[2:]).encode())
                self.wfile.flush()

            def _send(self, status: int, content_type: str, body: str) -> None:
                encoded = body.encode()
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(encoded)))
                self.end_headers()
                self.wfile.write(encoded)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def script(self, *steps: ToolStep | ReplyStep) -> None:
        """The assistant's steps for the next user message: tool calls, then (usually) a reply."""
        self._next_steps = list(steps)

    def chat_requests(self) -> list[Any]:
        return [body for method, path, body in self.requests if method == "POST" and path.endswith("/messages")]

    def outcome_requests(self) -> list[Any]:
        return [body for method, path, body in self.requests if method == "POST" and path.endswith("/tool-results")]

    def answer(self, path: str, body: Any) -> list[tuple[str, dict[str, Any]]] | None:
        with self._lock:
            parts = path.strip("/").split("/")
            if parts == ["api", "v1", "chat", "messages"] and isinstance(body, dict):
                conversation_id = body.get("conversationId") or f"conversation-{next(self._ids)}"
                steps = self._next_steps or [ReplyStep(lambda _: f"You said: {body.get('content')}")]
                self._next_steps = []
                conversation = Conversation(steps)
                self._conversations[conversation_id] = conversation
            elif len(parts) == 6 and parts[:4] == ["api", "v1", "chat", "messages"] and parts[5] == "tool-results":
                conversation_id = self._messages.get(parts[4], "")
                conversation = self._conversations.get(conversation_id)  # type: ignore[assignment]
                if conversation is None or not isinstance(body, dict):
                    return None
                conversation.outcomes.append(body)
            else:
                return None
            message_id = f"message-{next(self._ids)}"
            self._messages[message_id] = conversation_id
            events: list[tuple[str, dict[str, Any]]] = [
                ("message_start", {"messageId": message_id, "conversationId": conversation_id})
            ]
            step = conversation.steps.pop(0) if conversation.steps else ReplyStep(lambda _: "")
            if isinstance(step, ToolStep):
                call_id = f"call-{next(self._ids)}"
                events.append(("tool_call_start", {"toolCallId": call_id, "name": step.name}))
                events.append(
                    ("tool_call_pending_local", {"toolCallId": call_id, "name": step.name, "args": step.args})
                )
                return events
            text = step.text(conversation.outcomes)
            # The reply in pieces, as a model streams it.
            events.extend(("content_delta", {"text": text[i : i + 40]}) for i in range(0, len(text), 40))
            events.append(("done", {}))
            if step.hold is not None:
                self.holds[id(events)] = step.hold
            return events

    def __enter__(self) -> FakeChatBackend:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._thread.join(timeout=5)
        self._server.server_close()
