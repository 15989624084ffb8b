"""A fake OpenAI-compatible chat completions API for the examples' end-to-end tests: 127.0.0.1 only, a free port,
a thread. `POST /v1/chat/completions` answers with the reply a test scripts (a function of the request's messages),
in OpenAI's response shape; each request's body and Authorization header are recorded for the test to judge. It
answers CORS preflights and allows any origin, as OpenAI's API does: an extension reaches it without a host
permission."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Reply = Callable[[list[dict[str, Any]]], str]


@dataclass
class FakeOpenAi:
    url: str
    requests: list[dict[str, Any]] = field(default_factory=list)
    reply: Reply = lambda messages: "No answer scripted."
    #: set: answer every request with this HTTP status and body instead
    failure: tuple[int, str] | None = None


def _handler(fake: FakeOpenAi) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # quiet
            return

        def _cors(self) -> None:
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Access-Control-Allow-Headers", "Authorization, Content-Type")
            self.send_header("Access-Control-Allow-Methods", "POST, OPTIONS")

        def do_OPTIONS(self) -> None:
            self.send_response(204)
            self._cors()
            self.end_headers()

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
            fake.requests.append({"path": self.path, "authorization": self.headers.get("Authorization"), "body": body})
            if fake.failure is not None:
                status, text = fake.failure
                payload = text.encode()
            elif self.path != "/v1/chat/completions":
                status, payload = 404, b'{"error": "not found"}'
            else:
                status = 200
                content = fake.reply(body.get("messages", []))
                payload = json.dumps(
                    {
                        "id": f"chatcmpl-{len(fake.requests)}",
                        "object": "chat.completion",
                        "model": body.get("model"),
                        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}}],
                    }
                ).encode()
            self.send_response(status)
            self._cors()
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

    return Handler


@contextmanager
def fake_openai() -> Iterator[FakeOpenAi]:
    fake = FakeOpenAi(url="")
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(fake))
    fake.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()
