"""`[[scripts]]` in headless Chromium (issue 18, item 5): `chrome.scripting.executeScript({files})` on a page returns
the entry's default export — a value, and a promise's value — from the bundle xtk built; the sandboxed page and the
DevTools panel (`[[pages]]`) of the same build run their module scripts. One browser launch for the file; the project
is the `src = "."` layout of tests/integration/test_layouts.py.

Before: `[[scripts]]` was an unknown key, and a classic (IIFE) bundle's completion value is undefined: executeScript
returns `[null]` for this very bundle without the footer xtk ends it with."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.integration.layouts_support import write_root_layout
from tests.integration.support import build
from toolchain.browsers import ExtensionBrowser, FixtureServer, Tab, launch

pytestmark = [pytest.mark.browser, pytest.mark.node]

PAGE = "<!doctype html><html><head><title>Hello there</title></head><body><p>one two three</p></body></html>"

#: From an extension page: run `file` in the fixture page's tab and return what executeScript reports.
EXECUTE = """async ([url, file]) => {
    const [tab] = await chrome.tabs.query({ url });
    const results = await chrome.scripting.executeScript({ target: { tabId: tab.id }, files: [file] });
    return results.map((result) => result.result);
}"""


@pytest.fixture(scope="module")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ExtensionBrowser]:
    project = write_root_layout(tmp_path_factory.mktemp("executed") / "root-layout")
    result = build(project, "--browser", "chrome")
    assert result.code == 0, result.output
    with launch("chromium", project / "build" / "chrome", workdir=tmp_path_factory.mktemp("chromium")) as browser:
        yield browser


@pytest.fixture(scope="module")
def page(chromium: ExtensionBrowser) -> Iterator[str]:
    with FixtureServer(pages={"/page.html": PAGE}) as server:
        url = server.url("/page.html")
        chromium.open_tab(url)
        yield url


@pytest.fixture(scope="module")
def driver(chromium: ExtensionBrowser) -> Tab:
    return chromium.open_extension_page("entrypoints/popup/index.html")


@pytest.mark.parametrize(
    ("file", "expected"),
    [
        ("entrypoints/inject/page-title.js", "HELLO THERE!"),  # the default export, computed with an import
        ("entrypoints/inject/later.js", {"words": 3}),  # a promise: the browser awaits it
    ],
)
def test_execute_script_returns_the_default_export(
    chromium: ExtensionBrowser, page: str, driver: Tab, file: str, expected: object
) -> None:
    assert chromium.evaluate(driver, EXECUTE, arg=[page, file]) == [expected]
    assert chromium.extension_errors() == []


@pytest.mark.parametrize(
    ("page", "text"),
    [("entrypoints/sandbox/index.html", "sandboxed"), ("entrypoints/devtools-panel/index.html", "panel")],
)
def test_a_sandboxed_page_and_a_devtools_panel_run_their_module_scripts(
    chromium: ExtensionBrowser, page: str, text: str
) -> None:
    tab = chromium.open_extension_page(page)  # returned once loaded: module scripts have run
    assert chromium.evaluate(tab, "document.body.textContent.trim()") == text
