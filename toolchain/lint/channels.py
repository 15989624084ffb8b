"""Where a message goes: which contexts `runtime.sendMessage` and `tabs.sendMessage` reach.

Measured in Chromium and Firefox (tests/browser/test_message_reach.py): `tabs.sendMessage(tabId, m)` reaches the
content scripts in that tab *and* an extension page the tab shows (`tabs.create({url: runtime.getURL('page.html')})`,
an options page opened in a tab); `runtime.sendMessage` reaches the background and the extension's pages, never
content scripts, and never the sending frame itself. The message rules (XM001, XM002, XM006) ask here.
"""

from __future__ import annotations

#: contexts no tab ever shows: a message sent to a tab never reaches them
NOT_IN_A_TAB = frozenset({"background", "offscreen", "worker", "sandbox"})
#: contexts that are not the extension's own pages: `runtime.sendMessage` never reaches them
NOT_A_PAGE = frozenset({"content"})


def reaches(channel: str, sender: set[str], handler: set[str]) -> bool:
    """Does a send on `channel` from the `sender` contexts reach a handler running in the `handler` contexts?"""
    if channel == "tabs":
        return bool(handler - NOT_IN_A_TAB)
    pages = handler - NOT_A_PAGE
    return bool(pages) and (not sender or any(p != s for p in pages for s in sender))


def channels_into(contexts: set[str]) -> set[str]:
    """The channels whose messages can reach code running in `contexts`."""
    return {channel for channel in ("runtime", "tabs") if reaches(channel, set(), contexts)}
