"""XM001 message-type-not-on-channel: against the protocol (projects) or the handlers (plain extensions). Where it
fires, line by line: tests/fixtures/lint/rules/XM001/XM001.snap (test_rule_snapshots.py)."""

from __future__ import annotations

from tests.unit.lint.rules.support import messages, places


def test_fires_on_types_no_channel_from_the_sender_declares(project) -> None:
    ctx = project("protocol")
    # GET_STATUZ (a typo); EXTRACT is declared, but on the tabs channel from the background, not runtime from the popup
    assert len(messages(ctx, "XM001")) == 2
    assert messages(ctx, "XM001")[0] == (
        "`GET_STATUZ` is sent with runtime.sendMessage from popup, but no channel declares it "
        "(popup-to-background declares: GET_STATUS, RESET, SAVE_NOTE)"
    )


def test_near_misses(extension) -> None:
    # READ (tabs → content) and STATUS (popup → background) are handled
    assert places(extension("mv3-clean"), "XM001") == set()
    assert places(extension("mv2-firefox"), "XM001") == set()
