"""XM005 unhandled-receiving-end-error. Where it fires (directly, through helpers, in a project), line by line:
tests/fixtures/lint/rules/XM005/XM005.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import messages, places


def test_fires_on_a_helper_call_without_try(project) -> None:
    ctx = project("protocol")
    # sendMessageToTab(EXTRACT) unguarded; not: the same helper inside try/catch, chrome.tabs.sendMessage(…).catch(),
    # the forwarding send inside the helper itself
    assert len(messages(ctx, "XM005")) == 1
    assert messages(ctx, "XM005")[0].startswith("`EXTRACT` is sent with sendMessageToTab() (tabs.sendMessage) without")


def test_near_misses(extension) -> None:
    assert places(extension("mv3-clean"), "XM005") == set()  # inside try/catch
