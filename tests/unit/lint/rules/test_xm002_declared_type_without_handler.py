"""XM002 declared-type-without-handler."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings, places


def test_fires_at_the_schema_const_of_a_request_type_nobody_handles(project) -> None:
    ctx = project("protocol")
    # RESET: declared on popup-to-background, no background handler tests for it. Not: GET_STATUS, SAVE_NOTE
    # (background), EXTRACT, HIGHLIGHT (content), response channels (STATUS, ERROR, EXTRACTED)
    assert places(ctx, "XM002") == {("protocol/popup-to-background.schema.json", 22, None)}
    (finding,) = findings(ctx, "XM002")
    assert finding.column == 31  # the "const" of RESET's type
    assert finding.message == "`RESET` is declared on popup-to-background, but no onMessage handler in background handles it"


def test_fires_on_plain_extensions_for_a_handled_type_nothing_sends(extension) -> None:
    assert places(extension("mv3-issues"), "XM002") == {("content.js", 2, None)}  # UNSENT; PING is sent


def test_near_misses(extension) -> None:
    assert places(extension("mv3-clean"), "XM002") == set()
    assert places(extension("mv2-firefox"), "XM002") == set()
