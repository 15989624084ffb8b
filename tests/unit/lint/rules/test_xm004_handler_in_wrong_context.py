"""XM004 handler-in-wrong-context (projects with a protocol). Where it fires, line by line:
tests/fixtures/lint/rules/XM004/XM004.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import messages, places


def test_fires_on_a_background_handler_for_a_content_request(project) -> None:
    ctx = project("protocol")
    assert messages(ctx, "XM004") == [
        "the handler in background tests for `EXTRACT`, which background-to-content delivers only to content"
    ]


def test_near_misses(project) -> None:
    # the background's GET_STATUS/SAVE_NOTE handlers and the content script's EXTRACT/HIGHLIGHT handlers
    ctx = project("protocol")
    assert {path for path, _, _ in places(ctx, "XM004")} == {"src/background/index.ts"}
    assert places(project("permissions"), "XM004") == set()  # no protocol
