"""Helpers for the DocMind API tests: a real server on a free loopback port, and a small HTTP client."""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from docmind_api.app import DEFAULT_LIMITS, Limits
from docmind_api.server import DocMindServer
from docmind_api.settings import LlmSettings, Settings


@dataclass
class Reply:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Api:
    """A running DocMind API and what it logged."""

    server: DocMindServer
    log: list[str] = field(default_factory=list)

    @property
    def port(self) -> int:
        return self.server.server_address[1]

    def request(
        self,
        method: str,
        path: str,
        body: bytes | str | None = None,
        headers: dict[str, str] | None = None,
        timeout: float = 10,
    ) -> Reply:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return Reply(response.status, response.headers, response.read())
        finally:
            connection.close()

    def query(self, payload: Any, headers: dict[str, str] | None = None) -> Reply:
        return self.request(
            "POST", "/query", json.dumps(payload), {"Content-Type": "application/json", **(headers or {})}
        )


def start_api(settings: Settings, limits: Limits = DEFAULT_LIMITS) -> Api:
    api = Api(server=None)  # type: ignore[arg-type]
    api.server = DocMindServer(("127.0.0.1", 0), settings, log=api.log.append, limits=limits)
    threading.Thread(target=api.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    return api


def stop_api(api: Api) -> None:
    api.server.shutdown()
    api.server.server_close()


@pytest.fixture
def api() -> Iterator[Api]:
    """The API with the offline answerer."""
    running = start_api(Settings())
    yield running
    stop_api(running)


@pytest.fixture
def api_with_llm() -> Iterator[Callable[[LlmSettings], Api]]:
    """A factory: the API with the OpenAI-compatible answerer configured by the given settings."""
    started: list[Api] = []

    def make(llm: LlmSettings) -> Api:
        started.append(start_api(Settings(llm)))
        return started[-1]

    yield make
    for running in started:
        stop_api(running)
