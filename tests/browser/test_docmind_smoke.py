"""DocMind's builds in real browsers: build/chrome and build/edge in headless Chromium, build/firefox in Firefox ESR.

For each: the background starts with no error, the popup renders, and a message goes popup → background →
content script on a page served from 127.0.0.1 and its answer comes back (the popup shows how many characters
the content script read, which must be the page's own count). A page without a content script gives the
restricted-page message.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.flagship import ALL_TARGETS, build_flagship, launched, target_ids
from toolchain.browsers import ExtensionBrowser, FixtureServer, Tab

pytestmark = [pytest.mark.browser, pytest.mark.node]

FIXTURE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Smoke fixture</title></head>
<body>
  <main>
    <h1>Why the sky is blue</h1>
    <p>Sunlight reaches Earth's atmosphere and is scattered in all directions by the gases and particles in the air.</p>
    <p>Blue light is scattered more than other colors because it travels as shorter, smaller waves.</p>
  </main>
</body></html>
"""


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_flagship(tmp_path_factory.mktemp("smoke"))


@pytest.fixture(scope="module")
def server() -> Iterator[FixtureServer]:
    with FixtureServer(pages={"/article.html": FIXTURE_PAGE}) as running:
        yield running


@pytest.fixture(scope="module", params=ALL_TARGETS, ids=target_ids(ALL_TARGETS))
def docmind(
    request: pytest.FixtureRequest, builds: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ExtensionBrowser]:
    with launched(request.param, builds, tmp_path_factory) as browser:
        yield browser


def wait_until(browser: ExtensionBrowser, tab: Tab, condition: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not browser.evaluate(tab, condition):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {condition}")
        time.sleep(0.05)


def tab_ids(browser: ExtensionBrowser, extension_tab: Tab) -> tuple[int, list[int]]:
    """(the extension page's own tab id, every tab id) — from an extension page, which may list tabs' ids."""
    value = browser.evaluate(
        extension_tab,
        """(async () => {
            const api = globalThis.browser ?? globalThis.chrome;
            const own = await api.tabs.getCurrent();
            const all = await api.tabs.query({});
            return [own.id, all.map((tab) => tab.id)];
        })()""",
    )
    return value[0], value[1]


def popup_state(browser: ExtensionBrowser, popup: Tab) -> dict:
    wait_until(browser, popup, "document.body.dataset.ready === 'true'")
    return browser.evaluate(
        popup,
        """({
            title: document.querySelector('h1')?.textContent,
            status: document.getElementById('status').textContent,
            reason: document.getElementById('status').dataset.reason ?? null,
            privacy: document.getElementById('privacy').hidden ? null : document.getElementById('privacy').textContent,
            characters: document.getElementById('privacy').dataset.characters ?? null,
            width: getComputedStyle(document.body).width,
            tabId: document.body.dataset.tabId,
        })""",
    )


def test_background_starts_without_errors(docmind: ExtensionBrowser) -> None:
    assert docmind.extension_errors() == []


def test_message_round_trip_popup_background_content(docmind: ExtensionBrowser, server: FixtureServer) -> None:
    page = docmind.open_tab(server.url("/article.html"))
    expected = docmind.evaluate(page, "document.body.innerText.trim().length")
    assert expected > 150

    probe = docmind.open_extension_page("popup/index.html")
    own, every = tab_ids(docmind, probe)
    wait_until(docmind, probe, "document.body.dataset.ready === 'true'")  # let its own request finish first
    docmind.close_tab(probe)
    others = [tab for tab in every if tab != own]
    assert len(others) == 1, every
    page_tab = others[0]

    popup = docmind.open_extension_page(f"popup/index.html?tabId={page_tab}")
    state = popup_state(docmind, popup)
    assert state["title"] == "DocMind"  # the popup rendered, with its stylesheet applied
    assert state["width"] == "360px"
    assert state["tabId"] == str(page_tab)
    assert state["characters"] == str(expected), state
    assert state["privacy"] == f"Analyzed {expected:,} characters from this page only"
    assert state["status"] == "Ready. Answers come only from this page."
    docmind.close_tab(popup)
    docmind.close_tab(page)
    assert docmind.extension_errors() == []


def test_page_without_content_script_is_restricted(docmind: ExtensionBrowser) -> None:
    """The popup's own tab is an extension page: no content script answers, as on chrome:// or about: pages."""
    popup = docmind.open_extension_page("popup/index.html")
    state = popup_state(docmind, popup)
    assert state["reason"] == "restricted-page", state
    assert state["status"] == "This page doesn't allow extensions to read or highlight content."
    assert state["privacy"] is None
    docmind.close_tab(popup)
    assert docmind.extension_errors() == []


def test_content_script_is_inert_until_asked(docmind: ExtensionBrowser, server: FixtureServer) -> None:
    """Loaded on every page, DocMind's content script changes nothing there until a message arrives."""
    page = docmind.open_tab(server.url("/article.html"))
    html = docmind.evaluate(page, "document.documentElement.outerHTML")
    assert "docmind" not in html.lower()
    assert docmind.evaluate(page, "document.querySelectorAll('mark, style, script').length") == 0
    docmind.close_tab(page)


def test_messages_that_violate_the_protocol_are_rejected_where_received(
    docmind: ExtensionBrowser, server: FixtureServer
) -> None:
    """The background and the content script validate with the generated validators (specs/protocol/) and answer an
    invalid message with an error naming what is wrong — never acting on it."""
    page = docmind.open_tab(server.url("/article.html"))
    probe = docmind.open_extension_page("popup/index.html")
    own, every = tab_ids(docmind, probe)
    wait_until(docmind, probe, "document.body.dataset.ready === 'true'")
    page_tab = next(tab for tab in every if tab != own)
    answers = docmind.evaluate(
        probe,
        f"""(async () => {{
            const api = globalThis.browser ?? globalThis.chrome;
            return [
                await api.runtime.sendMessage({{ type: 'ANALYZE_PAGE', tabId: 'not-a-tab' }}),
                await api.runtime.sendMessage({{ type: 'DELETE_EVERYTHING', tabId: 1 }}),
                await api.tabs.sendMessage({page_tab}, {{ type: 'EXTRACT_TEXT', extra: true }}),
                await api.tabs.sendMessage({page_tab}, {{ type: 'EXTRACT_TEXT' }}),
            ];
        }})()""",
    )
    bad_tab, unknown_type, bad_content, good_content = answers
    assert bad_tab == {"type": "ERROR", "error": "invalid message: /tabId: expected an integer"}
    assert unknown_type["type"] == "ERROR" and unknown_type["error"].startswith("invalid message: /type")
    assert bad_content["type"] == "ERROR" and "/extra" in bad_content["error"]
    assert good_content["type"] == "TEXT_EXTRACTED" and len(good_content["text"]) > 150  # the whole text (D16)
    docmind.close_tab(probe)
    docmind.close_tab(page)
    assert docmind.extension_errors() == []
