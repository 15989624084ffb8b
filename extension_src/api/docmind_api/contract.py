"""The request and response of `POST /query` (seed 000 §6.2 and Phase 4), and what the server makes of a request.

Validation is strict (no coercion: `"question": 5` is an error, not `"5"`) and unknown fields are errors, so a
typo in the extension fails loudly instead of being ignored. Every problem becomes one sentence naming the field
(`conversation.messages[2].role: must be 'user' or 'assistant'`).

Limits are the frozen ones of the Python reference (`docmind_reference/config.py`), measured in UTF-16 code units
as the extension measures them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from docmind_reference import text as js
from docmind_reference.config import CHAT_CONFIG
from docmind_reference.conversation import truncate_conversation
from docmind_reference.page import cut_page
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

Mode = Literal["qa", "summary", "eli5", "key-takeaways", "main-arguments"]
MODES: tuple[Mode, ...] = ("qa", "summary", "eli5", "key-takeaways", "main-arguments")

MAX_PAGE_CHARS: int = CHAT_CONFIG["MAX_PAGE_CHARS"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class ConversationMessage(_Strict):
    role: Literal["user", "assistant"]
    content: str


class Conversation(_Strict):
    threadId: str
    messages: list[ConversationMessage]
    pageUrlIdentity: str
    mode: Mode


#: Most sections one request may carry (the extension's sections are 4,000 units at most, usually 1,000 or more).
MAX_SECTIONS = 200


class PageSection(_Strict):
    """A part of the page the extension read for this question (D16), at its offset in the page's text."""

    offset: int = Field(ge=0)
    text: str


class QueryRequest(_Strict):
    # The page: its text (cut to MAX_PAGE_CHARS here, D14), or the sections the extension chose for the question
    # with their offsets and the page's length (D16). Exactly one of pageText and sections.
    pageText: str | None = None
    sections: list[PageSection] | None = None
    pageLength: int | None = Field(default=None, ge=0)
    question: str
    # Optional fields also accept null: JSON clients often write null for "absent".
    url: str | None = None
    mode: Mode | None = None
    conversation: Conversation | None = None

    @field_validator("question")
    @classmethod
    def _question_not_blank(cls, value: str) -> str:
        if js.js_trim(value) == "":
            raise ValueError("must be a non-empty string")
        return value

    @model_validator(mode="after")
    def _one_page(self) -> QueryRequest:
        if (self.pageText is None) == (self.sections is None):
            which = "is required (or sections with pageLength)" if self.pageText is None else "not with sections"
            raise ValueError(f"pageText: {which}")
        if self.sections is None:
            if self.pageLength is not None:
                raise ValueError("pageLength: only with sections")
            return self
        if self.pageLength is None:
            raise ValueError("pageLength: is required with sections")
        check_sections([(s.offset, s.text) for s in self.sections], self.pageLength)
        return self


def check_sections(sections: list[tuple[int, str]], page_length: int) -> None:
    """Sections as the extension sends them: in page order, not overlapping, inside the page, at most
    MAX_PAGE_CHARS code units in all — so the API reads no more of a page than it would of a cut one."""
    if len(sections) > MAX_SECTIONS:
        raise ValueError(f"sections: at most {MAX_SECTIONS} (got {len(sections)})")
    end = 0
    total = 0
    for index, (offset, section_text) in enumerate(sections):
        if offset < end:
            raise ValueError(
                f"sections[{index}].offset: must be at least {end} (sections in page order, not overlapping)"
            )
        end = offset + js.length(section_text)
        total += js.length(section_text)
    if end > page_length:
        raise ValueError(f"sections: end at {end}, past pageLength {page_length}")
    if total > MAX_PAGE_CHARS:
        raise ValueError(f"sections: {total} code units in all, more than {MAX_PAGE_CHARS}")


class Citation(_Strict):
    id: str = Field(pattern=r"^cite-[0-9]+$")
    text: str
    relevance: str


class QueryResponse(_Strict):
    answer: str
    citations: list[Citation]
    truncated: bool
    charactersAnalyzed: int
    #: who answered: a model, or the offline answerer, which picks the page's own sentences (no model configured).
    #: Beyond §6.2: the popup says so under an extractive answer (issue 22).
    answeredBy: Literal["model", "extractive"]


class RequestError(ValueError):
    """A request the server refuses: HTTP status, error code and one sentence naming the field."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


# -- turning pydantic's errors into sentences ---------------------------------------------------------------------


def _field_path(loc: tuple[int | str, ...]) -> str:
    path = ""
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path or "request body"


def _problem(error: Any) -> str:
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind == "missing":
        return "is required"
    if kind == "extra_forbidden":
        return "unknown field"
    if kind == "string_type":
        return "must be a string"
    if kind == "literal_error":
        return f"must be {ctx.get('expected', 'one of the allowed values')}"
    if kind == "list_type":
        return "must be an array"
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return "must be a JSON object" if not error["loc"] else "must be an object"
    if kind == "value_error" and "error" in ctx:
        return str(ctx["error"])
    return str(error["msg"])


def describe_validation_error(error: ValidationError, limit: int = 3) -> str:
    # A whole-request check (model_validator) names its fields in its own message.
    problems = [
        _problem(e) if not e["loc"] and e["type"] == "value_error" else f"{_field_path(tuple(e['loc']))}: {_problem(e)}"
        for e in error.errors()
    ]
    message = "; ".join(problems[:limit])
    if len(problems) > limit:
        message += f" (and {len(problems) - limit} more)"
    return message


# -- from bytes to a prepared query -----------------------------------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_body(body: bytes) -> QueryRequest:
    """The request in `body` (UTF-8 JSON), or a RequestError (400) saying what is wrong and where."""
    try:
        decoded = body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RequestError(400, "INVALID_JSON", f"request body: not valid UTF-8 (byte {error.start})") from None
    try:
        data = json.loads(decoded, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno} column {error.colno}"
        raise RequestError(400, "INVALID_JSON", f"request body: not valid JSON ({error.msg} at {where})") from None
    except (ValueError, RecursionError) as error:  # NaN/Infinity, or absurd nesting
        raise RequestError(400, "INVALID_JSON", f"request body: not valid JSON ({error})") from None
    if not isinstance(data, dict):
        raise RequestError(400, "INVALID_REQUEST", "request body: must be a JSON object")
    try:
        return QueryRequest.model_validate(data)
    except ValidationError as error:
        raise RequestError(400, "INVALID_REQUEST", describe_validation_error(error)) from None


@dataclass(frozen=True)
class PreparedQuery:
    """What an answerer sees: the page already cut (it never reads past MAX_PAGE_CHARS) and the history already
    truncated as the extension truncates it."""

    page_text: str  # the sections read, joined with "\n" (a candidate sentence never crosses a line)
    question: str
    mode: Mode
    url: str | None
    history: tuple[ConversationMessage, ...]
    page_length: int  # of the whole page, in UTF-16 code units
    sections: tuple[tuple[int, str], ...]  # (offset in the page, text) of each part read, in page order
    truncated: bool  # something of the page was left out (D14, D16)
    characters_analyzed: int  # the code units read


def prepare(request: QueryRequest) -> PreparedQuery:
    conversation = request.conversation
    if conversation is not None and request.mode is not None and conversation.mode != request.mode:
        raise RequestError(
            400,
            "INVALID_REQUEST",
            f"conversation.mode: must equal mode ('{request.mode}'); a thread is locked to the mode it started with",
        )
    mode: Mode = request.mode or (conversation.mode if conversation else "qa")
    history: tuple[ConversationMessage, ...] = ()
    if conversation is not None:
        kept = truncate_conversation([m.model_dump() for m in conversation.messages])
        history = tuple(ConversationMessage.model_validate(m) for m in kept)
    if request.sections is not None and request.pageLength is not None:
        sections = tuple((s.offset, s.text) for s in request.sections)
        page_length = request.pageLength
    else:
        page_text = request.pageText or ""
        cut = cut_page(page_text)  # D14: the extension's cut, from the same reference function
        sections = ((0, js.text(js.units(page_text)[: cut["end"]])),) if cut["end"] else ()
        page_length = cut["pageLength"]
    analyzed = sum(js.length(t) for _, t in sections)
    return PreparedQuery(
        page_text="\n".join(t for _, t in sections),
        question=js.js_trim(request.question),
        mode=mode,
        url=request.url,
        history=history,
        page_length=page_length,
        sections=sections,
        truncated=analyzed < page_length,
        characters_analyzed=analyzed,
    )
