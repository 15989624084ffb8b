"""Conversation history truncation (seed 000 Phase 4) and context-menu selection truncation (§5.4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from docmind_reference.config import CHAT_CONFIG, CONTEXT_MENU_CONFIG
from docmind_reference.text import js_trim, length, text, units


def truncate_conversation(messages: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The most recent messages that fit: at most MAX_MESSAGES, then oldest dropped while the contents together
    exceed MAX_HISTORY_CHARS code units (a single message longer than that leaves no history)."""
    kept = list(messages[-CHAT_CONFIG["MAX_MESSAGES"] :]) if CHAT_CONFIG["MAX_MESSAGES"] else []
    while kept and sum(length(m["content"]) for m in kept) > CHAT_CONFIG["MAX_HISTORY_CHARS"]:
        kept = kept[1:]
    return kept


def truncate_selection(selection: str) -> str | None:
    """The selection a context-menu question quotes: trimmed; None below MIN_SELECTION_CHARS code units; cut to
    MAX_SELECTION_CHARS plus '...' above it — never between the two halves of a surrogate pair (decision D7)."""
    trimmed = js_trim(selection)
    if length(trimmed) < CONTEXT_MENU_CONFIG["MIN_SELECTION_CHARS"]:
        return None
    limit = CONTEXT_MENU_CONFIG["MAX_SELECTION_CHARS"]
    if length(trimmed) <= limit:
        return trimmed
    unit_text = units(trimmed)
    cut = unit_text[:limit]
    if "\ud800" <= cut[-1] <= "\udbff" and "\udc00" <= unit_text[limit] <= "\udfff":
        cut = cut[:-1]
    return text(cut) + "..."
