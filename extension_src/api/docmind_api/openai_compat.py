"""The OpenAI-compatible answerer: one `POST {base}/chat/completions`, parsed as the extension parses (§6.3a).

Any server that speaks the Chat Completions API works (OpenAI, or a local one). The model's text goes through the
conformed Python reference of `parseApiResponse` — not a second parser — and then §7's check: a citation whose
normalized text does not occur in the normalized page text is dropped, so the extension never receives a quote it
cannot find. `truncated` and `charactersAnalyzed` come from the page's cut or section selection (D14, D16),
never from the model nor from the parser (D17).

The API key goes upstream only, as `Authorization: Bearer …`, and only to `DOCMIND_LLM_BASE_URL`: redirects are not
followed. A server echoing it — in an error's message or code, or in the model's text, as is or encoded — cannot
pass it on: an error is reported by its status and a short code that does not hold the key, and the app redacts the
key in any form from every answer, error and log line it writes (`redaction.py`).
Answers are capped at 4 MiB; the exchange has a connect timeout and one deadline for the whole of it.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import httpx
from docmind_reference.matching import validate_citation
from docmind_reference.normalize import normalize_for_matching
from docmind_reference.parsing import parse_api_response

from docmind_api import __version__
from docmind_api.contract import Citation, PreparedQuery, QueryResponse
from docmind_api.prompt import SYSTEM_PROMPT, document, user_message
from docmind_api.redaction import redactor_for
from docmind_api.settings import LlmSettings

#: Upstream answers larger than this are refused (a chat completion is a few kilobytes).
MAX_UPSTREAM_BYTES = 4 * 1024 * 1024
CONNECT_TIMEOUT_SECONDS = 10.0
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
        {
            "role": "user",
            "content": user_message(
                document(prepared.sections, prepared.page_length), prepared.question, prepared.mode, prepared.url
            ),
        }
    )
    # temperature 0: the same page and question should give the same answer as far as the server allows.
    return {"model": model, "messages": messages, "temperature": 0}


def _upstream_detail(body: bytes, secret: str | None) -> str:
    """The upstream's own error code ("invalid_api_key", "model_not_found"), when it gives a short, safe one.
    Never its message (some servers echo part of the key there), and never a code that holds the key in any form
    (`redaction.py`; the app redacts everything it sends anyway, but a code that needs it is not worth quoting)."""
    try:
        error = json.loads(body.decode("utf-8", "replace")).get("error")
    except (ValueError, AttributeError):
        return ""
    if not isinstance(error, dict):
        return ""
    redact = redactor_for(secret)
    for key in ("code", "type"):
        value = error.get(key)
        if isinstance(value, str) and _SAFE_CODE.fullmatch(value) and redact(value) == value:
            return f" ({value})"
    return ""


def _timeouts(settings: LlmSettings) -> httpx.Timeout:
    """Connect within min(10 s, total); each read and write within the total. The total itself is a deadline
    around the whole exchange (`_post`), so a server trickling its answer a byte at a time is cut off too."""
    return httpx.Timeout(settings.timeout, connect=min(CONNECT_TIMEOUT_SECONDS, settings.timeout))


async def _read_capped(response: httpx.Response) -> bytes:
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_UPSTREAM_BYTES:
        raise _too_large()
    chunks: list[bytes] = []
    received = 0
    async for chunk in response.aiter_raw():
        received += len(chunk)
        if received > MAX_UPSTREAM_BYTES:
            raise _too_large()
        chunks.append(chunk)
    return b"".join(chunks)


def _too_large() -> UpstreamError:
    return UpstreamError(
        502,
        "UPSTREAM_ERROR",
        f"the model server's answer is over the limit of {MAX_UPSTREAM_BYTES // (1024 * 1024)} MiB",
    )


def _timed_out(settings: LlmSettings) -> UpstreamError:
    return UpstreamError(504, "UPSTREAM_TIMEOUT", f"the model server did not answer within {settings.timeout:g} s")


async def _post(settings: LlmSettings, payload: dict[str, Any]) -> bytes:
    """The model server's answer body (the app redacts the key from what it passes on). Redirects are not followed: a
    redirect would either carry the key to another host or need it stripped, and a model API that moved is a
    configuration problem (the error says so). Proxies and .netrc from the environment are not used
    (`trust_env=False`)."""
    url = f"{settings.base_url}/chat/completions"
    headers = {
        "Content-Type": "application/json",
        "Accept": "application/json",
        "User-Agent": f"docmind-api/{__version__}",
    }
    if settings.api_key:
        headers["Authorization"] = f"Bearer {settings.api_key}"
    try:
        async with asyncio.timeout(settings.timeout):
            async with (
                httpx.AsyncClient(timeout=_timeouts(settings), follow_redirects=False, trust_env=False) as client,
                client.stream("POST", url, content=json.dumps(payload).encode("utf-8"), headers=headers) as response,
            ):
                if response.is_redirect:
                    raise UpstreamError(
                        502,
                        "UPSTREAM_ERROR",
                        f"the model server answered HTTP "
                        f"{response.status_code} (a redirect, not followed: set "
                        "DOCMIND_LLM_BASE_URL to the address it redirects to)",
                    )
                if response.status_code >= 400:
                    body = await _read_capped_prefix(response)
                    detail = _upstream_detail(body, settings.api_key)
                    raise UpstreamError(
                        502, "UPSTREAM_ERROR", f"the model server answered HTTP {response.status_code}{detail}"
                    )
                body = await _read_capped(response)
    except TimeoutError:
        raise _timed_out(settings) from None
    except httpx.TimeoutException:
        raise _timed_out(settings) from None
    except httpx.ConnectError as error:
        # The OS's sentence ("Connection refused"), never the URL: it may carry credentials.
        reason = _os_reason(error)
        raise UpstreamError(502, "UPSTREAM_ERROR", f"cannot reach the model server ({reason})") from None
    except (httpx.HTTPError, OSError, ValueError) as error:  # a reset mid-answer, a malformed status line, ...
        message = f"the model server's answer broke off ({type(error).__name__})"
        raise UpstreamError(502, "UPSTREAM_ERROR", message) from None
    return body


async def _read_capped_prefix(response: httpx.Response) -> bytes:
    """The first 64 KiB of an error body: enough for its code, and no more is worth reading."""
    chunks: list[bytes] = []
    received = 0
    async for chunk in response.aiter_raw():
        chunks.append(chunk)
        received += len(chunk)
        if received >= 64 * 1024:
            break
    return b"".join(chunks)[: 64 * 1024]


def _os_reason(error: httpx.ConnectError) -> str:
    cause: BaseException | None = error
    while cause is not None:
        if isinstance(cause, OSError) and cause.strerror:
            return cause.strerror
        cause = cause.__cause__ or cause.__context__
    return type(error).__name__


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
    # The model's text only; truncated and charactersAnalyzed are the cut's or the selection's own (D14, D16, D17).
    parsed = parse_api_response(content)
    if not parsed["success"]:
        reason = {
            "JSON_PARSE_FAILED": "the model's answer holds no parseable JSON object",
            "INVALID_RESPONSE": 'the model\'s answer has no non-empty "answer" string',
        }[parsed["error"]]
        raise UpstreamError(502, parsed["error"], reason)
    data = parsed["data"]
    # §7 against what was read: a quote must lie inside one section (one that spans two is not on the page).
    normalized_sections = [normalize_for_matching(text, "prose") for _, text in prepared.sections]
    citations = [
        Citation(**c)
        for c in data["citations"]
        if any(validate_citation(c, section) for section in normalized_sections)
    ]
    return QueryResponse(
        answer=data["answer"],
        citations=citations,
        truncated=prepared.truncated,
        charactersAnalyzed=prepared.characters_analyzed,
        answeredBy="model",
    )


async def answer_openai(prepared: PreparedQuery, settings: LlmSettings) -> QueryResponse:
    body = await _post(settings, build_payload(prepared, settings.model))
    return interpret(_content(body), prepared)
