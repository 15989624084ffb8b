"""XM005 unhandled-receiving-end-error."""

from __future__ import annotations

from tests.unit.lint.rules.support import messages, places


def test_fires_on_a_helper_call_without_try(project) -> None:
    ctx = project("protocol")
    # sendMessageToTab(EXTRACT) unguarded; not: the same helper inside try/catch, chrome.tabs.sendMessage(…).catch(),
    # the forwarding send inside the helper itself
    assert places(ctx, "XM005") == {("src/background/index.ts", 27, None)}
    assert messages(ctx, "XM005")[0].startswith("`EXTRACT` is sent with sendMessageToTab() (tabs.sendMessage) without")


def test_fires_on_plain_extensions(extension) -> None:
    assert places(extension("mv3-issues"), "XM005") == {("background.js", 5, None)}


def test_near_misses(extension) -> None:
    assert places(extension("mv3-clean"), "XM005") == set()  # inside try/catch


def test_a_helper_that_catches_handles_it_for_its_callers(extension) -> None:
    # askTab catches around its own send; relayToTab only relays to it; sendToTab lets the rejection through
    assert places(extension("mv3-send-helpers"), "XM005") == {("background.js", 19, None)}
