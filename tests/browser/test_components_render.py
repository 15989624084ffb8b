"""The components fixture (tests/fixtures/projects/components/) in real browsers: the Chrome build in headless
Chromium, the Firefox build in Firefox ESR, one launch per engine. The Svelte popup renders, reacts and wears its
component CSS; the Vue options page renders with its scoped CSS; the content script's Svelte widget renders in
its shadow root, with its CSS there and not in the page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.flagship import CHROME, FIREFOX, Target, launched, target_ids
from tests.conftest import run_xtk
from tests.integration.components_support import copy_components, install_components_fixture
from toolchain.browsers import ExtensionBrowser, FixtureServer

pytestmark = [pytest.mark.browser, pytest.mark.node]

PAGE = '<!doctype html><html><head><meta charset="utf-8"><title>host</title></head><body><p>host page</p></body></html>'


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_components(tmp_path_factory.mktemp("components") / "p", install_components_fixture())
    result = run_xtk("build", "--no-typecheck", cwd=project)
    assert result.code == 0, result.output
    return project / "build"


@pytest.fixture(scope="module", params=[CHROME, FIREFOX], ids=target_ids([CHROME, FIREFOX]))
def browser(
    request: pytest.FixtureRequest, builds: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ExtensionBrowser]:
    target: Target = request.param
    with launched(target, builds, tmp_path_factory) as running:
        yield running


def test_the_svelte_popup_renders_and_reacts(browser: ExtensionBrowser) -> None:
    tab = browser.open_extension_page("popup/index.html")
    try:
        before = browser.evaluate(
            tab,
            """(() => {
            const button = document.getElementById('counter');
            return { text: button.textContent, color: getComputedStyle(button).color };
        })()""",
        )
        assert before == {"text": "Clicks: 0", "color": "rgb(200, 30, 40)"}
        after = browser.evaluate(
            tab,
            """new Promise((resolve) => {
            document.getElementById('counter').click();
            requestAnimationFrame(() => resolve([document.getElementById('counter').textContent,
                                                 document.getElementById('doubled').textContent]));
        })""",
        )
        assert after == ["Clicks: 1", "doubled: 2"]
    finally:
        browser.close_tab(tab)


def test_the_vue_options_page_renders_with_scoped_css(browser: ExtensionBrowser) -> None:
    tab = browser.open_extension_page("options/index.html")
    try:
        found = browser.evaluate(
            tab,
            """(() => {
            const title = document.getElementById('title');
            return { text: title.textContent, color: getComputedStyle(title).color,
                     scoped: [...title.attributes].some((a) => a.name.startsWith('data-v-')),
                     checkbox: document.getElementById('enabled').checked };
        })()""",
        )
        assert found == {"text": "Settings", "color": "rgb(20, 120, 60)", "scoped": True, "checkbox": True}
    finally:
        browser.close_tab(tab)


def test_the_content_widget_renders_in_its_shadow_root(browser: ExtensionBrowser) -> None:
    with FixtureServer(pages={"/": PAGE}) as server:
        tab = browser.open_tab(server.url("/"))
        try:
            found = browser.evaluate(
                tab,
                """new Promise((resolve, reject) => {
                const started = Date.now();
                const look = () => {
                    const host = document.getElementById('components-fixture-host');
                    const badge = host && host.shadowRoot && host.shadowRoot.querySelector('.badge');
                    if (badge) {
                        resolve({ text: badge.textContent, color: getComputedStyle(badge).color,
                                  stylesInPage: document.querySelectorAll('style').length });
                    } else if (Date.now() - started > 5000) {
                        reject(new Error('the widget did not appear'));
                    } else {
                        setTimeout(look, 50);
                    }
                };
                look();
            })""",
            )
            assert found == {"text": "widget", "color": "rgb(10, 20, 200)", "stylesInPage": 0}
        finally:
            browser.close_tab(tab)
