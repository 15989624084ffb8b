"""`parseApiResponse` (seed 000 §6.3a): defensive parsing of the model's answer.

JSON is parsed as `JSON.parse` does. Python's `json` differs in two ways that matter here, both closed: it accepts
`NaN`, `Infinity` and `-Infinity` (JavaScript rejects them), and nothing else it accepts or rejects differs for
the documents in the agreed domain (nesting below 500 levels; see specs/semantics.md).

The model's text only: what was read of the page (`truncated`, `charactersAnalyzed`) is the page cut's and the
section selection's (`page.py`, `sections.py`), never the parser's (decision D17).
"""

from __future__ import annotations

import json
import re
from typing import Any

from docmind_reference.config import CITATION_LIMITS
from docmind_reference.text import length

_FIRST_OBJECT = re.compile(r"\{[\s\S]*\}")  # first '{' to the last '}' after it, as the seed's regex
_CITATION_ID = re.compile(r"cite-[0-9]+")  # JavaScript's \d is ASCII only, and its $ is the very end


class _NotJson(ValueError):
    pass


def _reject_constant(name: str) -> Any:
    raise _NotJson(f"{name} is not JSON")


def _json_parse(text: str) -> Any:
    return json.loads(text, parse_constant=_reject_constant)


def _valid_citation(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and isinstance(value.get("id"), str)
        and _CITATION_ID.fullmatch(value["id"]) is not None
        and isinstance(value.get("text"), str)
        and CITATION_LIMITS["MIN_TEXT_LENGTH"] <= length(value["text"]) <= CITATION_LIMITS["MAX_TEXT_LENGTH"]
    )


def parse_api_response(raw: str) -> dict[str, Any]:
    """`{success: true, data: {answer, citations}}` or
    `{success: false, error: 'JSON_PARSE_FAILED' | 'INVALID_RESPONSE'}`.

    Citations keep only valid ones (id `cite-N`, text 20–300 code units), at most 5, each reduced to
    `{id, text, relevance}` with `relevance` a string ("" when absent or not a string) — decision D6.
    """
    match = _FIRST_OBJECT.search(raw)
    if not match:
        return {"success": False, "error": "JSON_PARSE_FAILED"}
    try:
        parsed = _json_parse(match.group())
    except (ValueError, RecursionError):
        return {"success": False, "error": "JSON_PARSE_FAILED"}
    answer = parsed.get("answer") if isinstance(parsed, dict) else None
    if not isinstance(answer, str) or answer == "":
        return {"success": False, "error": "INVALID_RESPONSE"}
    raw_citations = parsed.get("citations")
    citations = [c for c in raw_citations if _valid_citation(c)] if isinstance(raw_citations, list) else []
    return {
        "success": True,
        "data": {
            "answer": answer,
            "citations": [
                {
                    "id": c["id"],
                    "text": c["text"],
                    "relevance": c["relevance"] if isinstance(c.get("relevance"), str) else "",
                }
                for c in citations[: CITATION_LIMITS["MAX_COUNT"]]
            ],
        },
    }
