"""The browser drivers against real headless browsers, with tiny hand-written fixture extensions.

Chromium 156 only runs MV3, so it gets the mv3-* fixtures; Firefox ESR gets the mv2-* ones (MV2 background
page, gecko id in the manifest). Both are driven through the same `ExtensionBrowser` interface.
"""

from __future__ import annotations

import ast
import signal
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import toolchain.browsers
from toolchain.browsers import (
    BROWSERS,
    BrowserNotInstalledError,
    ExtensionBrowser,
    ExtensionLoadError,
    FixtureServer,
    JavaScriptError,
    environment,
    launch,
)
from toolchain.browsers.environment import _signal_group as signal_group
from toolchain.browsers.environment import descendants, pid_alive, processes_of_run, stop_processes, wait_for_exit

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "extensions"
EXTENSIONS = {
    "chromium": {"ping": FIXTURES / "mv3-ping", "throws": FIXTURES / "mv3-throws"},
    "firefox": {"ping": FIXTURES / "mv2-ping", "throws": FIXTURES / "mv2-throws"},
}
WEB_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Fixture page</title></head>
<body><p id="marker">marker-42</p></body></html>
"""


def _report(request: pytest.FixtureRequest, name: str, seconds: float) -> None:
    """Timings go into the junit properties and the captured output (`pytest -rP` shows them)."""
    request.node.user_properties.append((name, round(seconds, 3)))
    print(f"{request.node.name}: {name} {seconds:.3f} s")


@pytest.fixture(scope="module")
def web_server() -> Iterator[FixtureServer]:
    with FixtureServer(pages={"/": WEB_PAGE}) as server:
        yield server


@pytest.fixture(scope="module", params=BROWSERS)
def ping_browser(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ExtensionBrowser]:
    """One browser per driver with the ping extension, shared by the tests that do not stop it."""
    name: str = request.param
    started = time.perf_counter()
    with launch(name, EXTENSIONS[name]["ping"], workdir=tmp_path_factory.mktemp(f"{name}-ping")) as browser:
        browser.launch_seconds = time.perf_counter() - started  # type: ignore[attr-defined]
        yield browser


# --- one shared browser per driver --------------------------------------------------------------------------


@pytest.mark.browser
def test_extension_loads_with_a_known_base_url(ping_browser: ExtensionBrowser, request: pytest.FixtureRequest) -> None:
    _report(request, "launch", ping_browser.launch_seconds)  # type: ignore[attr-defined]
    scheme = {"chromium": "chrome-extension", "firefox": "moz-extension"}[ping_browser.name]
    assert ping_browser.extension_base_url.startswith(f"{scheme}://")
    assert ping_browser.extension_base_url.endswith("/")
    page = ping_browser.open_extension_page("page.html")
    try:
        assert ping_browser.evaluate(page, "location.href") == ping_browser.extension_url("page.html")
        assert ping_browser.evaluate(page, "document.title") == "xtk fixture page"
    finally:
        ping_browser.close_tab(page)


@pytest.mark.browser
def test_evaluate_returns_json_values(ping_browser: ExtensionBrowser) -> None:
    page = ping_browser.open_extension_page("page.html")
    try:
        value = ping_browser.evaluate(
            page, "({ n: 1.5, s: 'é', list: [1, null, true], nested: { a: {} }, gone: undefined })"
        )
        assert value == {"n": 1.5, "s": "é", "list": [1, None, True], "nested": {"a": {}}}
        assert ping_browser.evaluate(page, "undefined") is None
        assert ping_browser.evaluate(page, "Promise.resolve([1, 2])") == [1, 2]
        assert ping_browser.evaluate(page, "Promise.resolve(1)", await_promise=False) is None
        assert ping_browser.evaluate(page, "fixture.hello()") == {
            "from": "background",
            "manifestVersion": 3 if ping_browser.name == "chromium" else 2,
        }
        # A large argument travels as one JSON string.
        data = [{"i": i, "text": f"item {i}"} for i in range(1000)]
        total = ping_browser.evaluate(page, "(items) => items.reduce((sum, item) => sum + item.i, 0)", arg=data)
        assert total == sum(range(1000))
    finally:
        ping_browser.close_tab(page)


@pytest.mark.browser
def test_javascript_exceptions_become_python_exceptions(ping_browser: ExtensionBrowser) -> None:
    page = ping_browser.open_extension_page("page.html")
    try:
        with pytest.raises(JavaScriptError, match="nope") as thrown:
            ping_browser.evaluate(page, "(() => { throw new TypeError('nope'); })()")
        assert thrown.value.name == "TypeError"
        with pytest.raises(JavaScriptError, match="rejected here"):
            ping_browser.evaluate(page, "Promise.reject(new Error('rejected here'))")
        with pytest.raises(JavaScriptError, match="timed out"):
            ping_browser.evaluate(page, "new Promise(() => {})", timeout=0.3)
        with pytest.raises(JavaScriptError, match="SyntaxError"):
            ping_browser.evaluate(page, "1 +")
        with pytest.raises(JavaScriptError, match=r"cyclic|circular"):  # Firefox's words, then Chromium's
            ping_browser.evaluate(page, "(() => { const o = {}; o.self = o; return o; })()")
    finally:
        ping_browser.close_tab(page)


@pytest.mark.browser
def test_message_round_trip_page_background_content_script(
    ping_browser: ExtensionBrowser, web_server: FixtureServer, request: pytest.FixtureRequest
) -> None:
    web = ping_browser.open_tab(web_server.url("/"))
    page = ping_browser.open_extension_page("page.html")
    try:
        started = time.perf_counter()
        answer = ping_browser.evaluate(page, "(prefix) => fixture.pingOtherTab(prefix)", arg=web_server.base_url)
        _report(request, "round trip", time.perf_counter() - started)
        assert answer == {
            "ok": True,
            "answer": {"type": "PONG", "title": "Fixture page", "marker": "marker-42", "url": web_server.url("/")},
        }
        # The content script really is in the web page: the marker came from its DOM.
        assert ping_browser.evaluate(web, "document.getElementById('marker').textContent") == "marker-42"
    finally:
        ping_browser.close_tab(page)
        ping_browser.close_tab(web)


@pytest.mark.browser
def test_screenshot_is_a_png(ping_browser: ExtensionBrowser, web_server: FixtureServer, tmp_path: Path) -> None:
    web = ping_browser.open_tab(web_server.url("/"))
    try:
        target = tmp_path / f"{ping_browser.name}.png"
        ping_browser.screenshot(web, target)
        assert target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    finally:
        ping_browser.close_tab(web)


@pytest.mark.browser
def test_element_screenshot_is_the_element_only(
    ping_browser: ExtensionBrowser, web_server: FixtureServer, tmp_path: Path
) -> None:
    web = ping_browser.open_tab(web_server.url("/"))
    try:
        ping_browser.evaluate(
            web,
            "document.body.insertAdjacentHTML('beforeend', "
            "'<div id=box style=\"width:120px;height:40px;background:red\"></div>')",
        )
        whole, box = tmp_path / "whole.png", tmp_path / "box.png"
        ping_browser.screenshot(web, whole)
        ping_browser.screenshot(web, box, selector="#box")
        width, height = struct.unpack(">II", box.read_bytes()[16:24])  # the PNG's IHDR
        assert (width, height) == (120, 40)
        assert struct.unpack(">II", whole.read_bytes()[16:24])[0] > 120
    finally:
        ping_browser.close_tab(web)


@pytest.mark.browser
def test_color_scheme_follows_the_driver(ping_browser: ExtensionBrowser, web_server: FixtureServer) -> None:
    web = ping_browser.open_tab(web_server.url("/"))
    try:
        ping_browser.set_color_scheme("dark")
        assert ping_browser.evaluate(web, "matchMedia('(prefers-color-scheme: dark)').matches") is True
        ping_browser.set_color_scheme("light")
        assert ping_browser.evaluate(web, "matchMedia('(prefers-color-scheme: light)').matches") is True
        with pytest.raises(ValueError, match="light' or 'dark"):
            ping_browser.set_color_scheme("sepia")
    finally:
        ping_browser.close_tab(web)


@pytest.mark.browser
def test_a_tab_in_a_new_window_leaves_other_tabs_visible(
    ping_browser: ExtensionBrowser, web_server: FixtureServer
) -> None:
    web = ping_browser.open_tab(web_server.url("/"))
    other = ping_browser.open_tab(web_server.url("/"), new_window=True)
    try:
        assert ping_browser.evaluate(web, "document.visibilityState") == "visible"
        assert ping_browser.evaluate(other, "document.visibilityState") == "visible"
    finally:
        ping_browser.close_tab(other)
        ping_browser.close_tab(web)


@pytest.mark.browser
def test_no_action_popup_means_none(ping_browser: ExtensionBrowser, web_server: FixtureServer) -> None:
    web = ping_browser.open_tab(web_server.url("/"))  # Chromium reaches the popup from an open tab
    try:
        assert ping_browser.evaluate_in_action_popup("document.title") is None
    finally:
        ping_browser.close_tab(web)


@pytest.mark.browser
def test_no_errors_from_a_healthy_extension(ping_browser: ExtensionBrowser, request: pytest.FixtureRequest) -> None:
    started = time.perf_counter()
    assert ping_browser.extension_errors() == []
    _report(request, "extension_errors", time.perf_counter() - started)


# --- a browser of its own: errors and shutdown ---------------------------------------------------------------


def _errors_once_recorded(
    browser: ExtensionBrowser, until: Callable[[list[str]], bool] = bool, timeout: float = 10.0
) -> list[str]:
    """The extension's errors as soon as `until` holds of them (at least one, by default), or after the timeout:
    browsers record errors asynchronously."""
    deadline = time.monotonic() + timeout
    while True:
        errors = browser.extension_errors()
        if until(errors) or time.monotonic() > deadline:
            return errors
        time.sleep(0.1)


@pytest.mark.browser
@pytest.mark.parametrize("browser_name", BROWSERS)
def test_errors_are_reported_from_startup_and_pages_and_processes_stop(
    browser_name: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    started = time.perf_counter()
    with launch(browser_name, EXTENSIONS[browser_name]["throws"], workdir=tmp_path) as browser:
        _report(request, "launch", time.perf_counter() - started)
        # Thrown by the background while it first ran, before any test code was attached. Chromium records it
        # in its error console asynchronously (seen in CI: the worker registered, the console still empty), so
        # the first read may come before it; the error must appear, once.
        errors = _errors_once_recorded(browser)
        assert len(errors) == 1 and "boom at startup" in errors[0], errors
        assert "background.js" in errors[0]
        # Errors on an extension page: an uncaught exception and a console.error call; console.log is not one.
        page = browser.open_extension_page("page.html")
        browser.evaluate(page, "fixture.throwLater('late boom in page')")
        browser.evaluate(page, "fixture.logError('logged boom')")
        browser.evaluate(page, "fixture.logInfo('just a log')")
        # The setTimeout above, and the browser recording both: wait until the two are there (or time out).
        wanted = ("late boom in page", "logged boom")
        errors = _errors_once_recorded(browser, until=lambda found: all(any(w in e for e in found) for w in wanted))
        assert any("late boom in page" in error for error in errors), errors
        assert any("logged boom" in error for error in errors), errors
        assert not any("just a log" in error for error in errors), errors
        pids = browser.process_ids()
        assert browser.pid in pids and pid_alive(browser.pid)
        closing = time.perf_counter()
    _report(request, "close", time.perf_counter() - closing)
    _report(request, "whole", time.perf_counter() - started)
    assert [pid for pid in pids if pid_alive(pid)] == []
    # Nothing else names the run dir either (crash handlers that reparented themselves to init included).
    assert processes_of_run(browser.run_dir) == []


@pytest.mark.browser
@pytest.mark.parametrize("browser_name", BROWSERS)
def test_processes_stop_when_the_block_raises(browser_name: str, tmp_path: Path) -> None:
    with (
        pytest.raises(RuntimeError, match="test failed here"),
        launch(browser_name, EXTENSIONS[browser_name]["ping"], workdir=tmp_path) as browser,
    ):
        pids = browser.process_ids()
        assert len(pids) > 1  # the main process and its helpers
        raise RuntimeError("test failed here")
    assert [pid for pid in pids if pid_alive(pid)] == []
    assert processes_of_run(browser.run_dir) == []


@pytest.mark.browser
def test_chromium_refuses_to_pretend_an_mv2_extension_loaded(tmp_path: Path) -> None:
    with pytest.raises(ExtensionLoadError, match="manifest_version 2"):
        launch("chromium", EXTENSIONS["firefox"]["ping"], workdir=tmp_path)
    # A failed launch stops what it started: no process still uses the run dir (its profile is on their
    # command lines). The run dir itself stays, with chromium.log, for the post-mortem.
    (run_dir,) = [run for run in tmp_path.iterdir() if run.name.startswith("chromium-")]
    assert (run_dir / "chromium.log").is_file()
    assert processes_of_run(run_dir) == []


# --- no browser needed ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("browser_name", "package"), [("chromium", "chromium"), ("firefox", "firefox-esr")])
def test_missing_browser_names_the_debian_package(
    browser_name: str, package: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolchain.browsers import chromium, firefox

    module = chromium if browser_name == "chromium" else firefox
    monkeypatch.setattr(module, "EXECUTABLES", ("/nonexistent/browser",))
    with pytest.raises(BrowserNotInstalledError, match=f"apt-get install -y {package}$"):
        launch(browser_name, EXTENSIONS[browser_name]["ping"], workdir=tmp_path)


def test_stop_processes_escalates_to_sigkill_for_the_whole_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    # A leader that ignores SIGTERM, with a child: what a hung browser looks like.
    leader = subprocess.Popen(
        ["bash", "-c", "trap '' TERM; sleep 60 & wait"], start_new_session=True, stdout=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 5
        while not descendants(leader.pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        child = descendants(leader.pid)
        assert child, "the sleep never started"
        # What stop_processes waits for and sends, in order: the grace, SIGTERM (ignored, so its wait runs out),
        # SIGKILL (and everything is gone): it escalates instead of waiting for the sleep.
        steps: list[tuple[str, object, object]] = []

        def waiting(pids: list[int], timeout: float) -> bool:
            gone = wait_for_exit(pids, timeout)
            steps.append(("wait", timeout, gone))
            return gone

        def signalling_group(pid: int, sig: signal.Signals) -> None:
            steps.append(("group", pid, sig))
            signal_group(pid, sig)

        monkeypatch.setattr(environment, "wait_for_exit", waiting)
        monkeypatch.setattr(environment, "_signal_group", signalling_group)
        assert stop_processes(leader.pid, grace=0.1, term_grace=0.3)
        assert steps == [
            ("wait", 0.1, False),
            ("group", leader.pid, signal.SIGTERM),
            ("wait", 0.3, False),
            ("group", leader.pid, signal.SIGKILL),
            ("wait", 2.0, True),
        ]
        leader.wait(timeout=5)
        assert leader.returncode == -signal.SIGKILL
        assert not any(pid_alive(pid) for pid in child)
    finally:
        if leader.poll() is None:
            leader.kill()
            leader.wait()


def test_importing_the_package_does_not_import_browser_clients() -> None:
    code = (
        "import sys, toolchain.browsers; "
        "loaded = [m for m in ('playwright', 'websockets') if m in sys.modules]; "
        "assert not loaded, loaded"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_driver_interface_imports_no_driver() -> None:
    """base is what the drivers implement; only launcher picks one, so no module of the package imports itself back."""
    package = Path(toolchain.browsers.__file__).parent
    imports: dict[str, set[str]] = {}
    for source in package.glob("*.py"):
        names: set[str] = set()
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
        imports[source.stem] = {
            n.split(".")[2] for n in names if n.startswith("toolchain.browsers.") and n.count(".") >= 2
        }
    assert imports["base"] == set()
    assert {"chromium", "firefox"} <= imports["launcher"]

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(m == goal or (m not in seen and reaches(m, goal, seen | {m})) for m in imports.get(start, set()))

    assert [m for m in imports if reaches(m, m, set())] == []


def test_fixture_server_serves_pages_and_files_on_loopback_then_stops(tmp_path: Path) -> None:
    (tmp_path / "style.css").write_text("p { color: red }")
    with FixtureServer(tmp_path, pages={"/": "<title>Hi</title>"}) as server:
        assert server.base_url == f"http://127.0.0.1:{server.port}/"
        with urllib.request.urlopen(server.url("/")) as response:
            assert response.read() == b"<title>Hi</title>"
            assert response.headers["Content-Type"].startswith("text/html")
        with urllib.request.urlopen(server.url("style.css")) as response:
            assert response.read() == b"p { color: red }"
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(server.url("nope.html"))
        missing.value.close()
        assert missing.value.code == 404
        url = server.url("/")
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(url, timeout=2)


def test_fixture_server_without_root_never_serves_the_working_directory() -> None:
    with FixtureServer(pages={"/": "x"}) as server:
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(server.url("pyproject.toml"))
        missing.value.close()
        assert missing.value.code == 404
