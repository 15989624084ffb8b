"""The OpenAI-compatible answerer: one `POST {base}/chat/completions`, parsed as the extension parses (§6.3a).

Any server that speaks the Chat Completions API works (OpenAI, or a local one). The model's text goes through the
conformed Python reference of `parseApiResponse` — not a second parser — and then §7's check: a citation whose
normalized text does not occur in the normalized page text is dropped, so the extension never receives a quote it
cannot find. `truncated` and `charactersAnalyzed` come from the page, never from the model.

The API key goes upstream only, as `Authorization: Bearer …`; no message this module builds contains it.
"""

from __future__ import annotations

import json
import re
import socket
import urllib.error
import urllib.request
from typing import Any

from docmind_api import __version__
from docmind_api.contract import Citation, PreparedQuery, QueryResponse
from docmind_api.prompt import SYSTEM_PROMPT, user_message
from docmind_api.settings import LlmSettings
from toolchain.reference.matching import validate_citation
from toolchain.reference.normalize import normalize_for_matching
from toolchain.reference.parsing import parse_api_response

#: Upstream answers larger than this are not read (a chat completion is a few kilobytes).
MAX_UPSTREAM_BYTES = 4 * 1024 * 1024
_SAFE_CODE = re.compile(r"[A-Za-z0-9_.\-]{1,64}")


class UpstreamError(Exception):
    """The model could not give a usable answer: HTTP status for the client (502/504), code and message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def build_payload(prepared: PreparedQuery, model: str) -> dict[str, Any]:
    """The chat: §6.3's system prompt, the (already truncated) history, then the page, the question and the mode."""
    messages: list[dict[str, str]] = [{"role": "system", "content": SYSTEM_PROMPT}]
    messages += [{"role": m.role, "content": m.content} for m in prepared.history]
    messages.append(
        {"role": "user", "content": user_message(prepared.page_text, prepared.question, prepared.mode, prepared.url)}
    )
    # temperature 0: the same page and question should give the same answer as far as the server allows.
    return {"model": model, "messages": messages, "temperature": 0}


def _upstream_detail(body: bytes) -> str:
    """The upstream's own error code ("invalid_api_key", "model_not_found"), when it gives a short, safe one.
    Never its message: some servers echo part of the key there."""
    try:
        error = json.loads(body.decode("utf-8")).get("error")
    except (ValueError, AttributeError):
        return ""
    if not isinstance(error, dict):
        return ""
    for key in ("code", "type"):
        value = error.get(key)
        if isinstance(value, str) and _SAFE_CODE.fullmatch(value):
            return f" ({value})"
    return ""


def _post(settings: LlmSettings, payload: dict[str, Any]) -> bytes:
    url = f"{settings.base_url}/chat/completions"
    headers = {
        "Content-Type": "application/json",
        "Accept": "application/json",
        "User-Agent": f"docmind-api/{__version__}",
    }
    if settings.api_key:
        headers["Authorization"] = f"Bearer {settings.api_key}"
    request = urllib.request.Request(url, data=json.dumps(payload).encode("utf-8"), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=settings.timeout) as response:
            return response.read(MAX_UPSTREAM_BYTES)
    except urllib.error.HTTPError as error:
        detail = _upstream_detail(error.read(64 * 1024))
        raise UpstreamError(
            502, "UPSTREAM_ERROR", f"the model server answered HTTP {error.code}{detail}"
        ) from None
    except (TimeoutError, socket.timeout):
        raise UpstreamError(
            504, "UPSTREAM_TIMEOUT", f"the model server did not answer within {settings.timeout:g} s"
        ) from None
    except urllib.error.URLError as error:
        if isinstance(error.reason, (TimeoutError, socket.timeout)):
            raise UpstreamError(
                504, "UPSTREAM_TIMEOUT", f"the model server did not answer within {settings.timeout:g} s"
            ) from None
        # error.reason is the OS's sentence ("Connection refused"). The URL is left out: it may carry credentials.
        raise UpstreamError(502, "UPSTREAM_ERROR", f"cannot reach the model server ({error.reason})") from None
    except (OSError, ValueError) as error:  # connection reset mid-answer, a malformed response line, ...
        message = f"the model server's answer broke off ({type(error).__name__})"
        raise UpstreamError(502, "UPSTREAM_ERROR", message) from None


def _content(body: bytes) -> str:
    """`choices[0].message.content` of a Chat Completions answer."""
    try:
        envelope = json.loads(body.decode("utf-8"))
    except ValueError:
        raise UpstreamError(502, "UPSTREAM_ERROR", "the model server's answer is not JSON") from None
    try:
        content = envelope["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        message = "the model server's answer has no choices[0].message.content"
        raise UpstreamError(502, "UPSTREAM_ERROR", message) from None
    if not isinstance(content, str):
        raise UpstreamError(502, "UPSTREAM_ERROR", "the model server's choices[0].message.content is not text")
    return content


def interpret(content: str, prepared: PreparedQuery) -> QueryResponse:
    """The model's text as the extension would read it: §6.3a parsing, then §7's page check on every citation."""
    # The page's full length, not the cut's: parse_api_response computes truncated and charactersAnalyzed from it.
    parsed = parse_api_response(content, prepared.page_length)
    if not parsed["success"]:
        reason = {
            "JSON_PARSE_FAILED": "the model's answer holds no parseable JSON object",
            "INVALID_RESPONSE": "the model's answer has no non-empty \"answer\" string",
        }[parsed["error"]]
        raise UpstreamError(502, parsed["error"], reason)
    data = parsed["data"]
    normalized_page = normalize_for_matching(prepared.page_text, "prose")
    citations = [Citation(**c) for c in data["citations"] if validate_citation(c, normalized_page)]
    return QueryResponse(
        answer=data["answer"],
        citations=citations,
        truncated=data["truncated"],
        charactersAnalyzed=data["charactersAnalyzed"],
    )


def answer_openai(prepared: PreparedQuery, settings: LlmSettings) -> QueryResponse:
    return interpret(_content(_post(settings, build_payload(prepared, settings.model))), prepared)
