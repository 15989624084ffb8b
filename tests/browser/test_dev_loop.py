"""`xtk dev` and `xtk run` as a user runs them, in each engine, on a copy of tests/fixtures/projects/dev-mini.

One dev session per engine covers every edit in sequence (browser start-up is the slow part): a background edit, a
content-script edit (in Chromium without an extension reload), an edit of a module both import, a manifest (config)
edit, a syntax error that keeps the last good build running, the fix, and Ctrl-C. What runs is proven by the page's
server: the content script reports its own version, the background's answer and the manifest version every half
second (src/content.ts).
"""

from __future__ import annotations

import json
import queue
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.dev_session import ReportServer, XtkProcess, copy_dev_mini, edit, processes_naming

pytestmark = [pytest.mark.browser, pytest.mark.node]


@pytest.fixture()
def report_server() -> Iterator[ReportServer]:
    server = ReportServer()
    yield server
    server.close()


def _drain(dev: XtkProcess) -> list[dict[str, object]]:
    """Every event up to `stopped`."""
    events = []
    while (event := dev.next_event())["event"] != "stopped":
        events.append(event)
    return events


def _take_all(dev: XtkProcess) -> list[dict[str, object]]:
    """The events xtk has written so far."""
    events = []
    while not dev.events.empty():
        event = dev.events.get()
        assert event is not None, f"xtk ended; stderr: {''.join(dev.stderr)}"
        events.append(event)
    return events


def _assert_gone(ready: dict[str, object]) -> None:
    profile = Path(str(ready["profile"]))
    assert processes_naming(str(profile)) == [], "a browser process outlived xtk"
    assert not profile.exists() and not profile.parent.exists(), "the temporary profile was left behind"


@pytest.mark.parametrize("browser", ["chrome", "firefox"])
def test_dev_reloads_each_edit_and_ctrl_c_leaves_nothing(
    browser: str, tmp_path: Path, report_server: ReportServer
) -> None:
    project = copy_dev_mini(tmp_path / "project")
    background, content = project / "src/background.ts", project / "src/content.ts"
    dev = XtkProcess("dev", "--browser", browser, "--headless", "--start-url", report_server.page_url, project=project)
    try:
        ready = dev.wait_for("ready")
        assert ready["browser"] == browser and ready["path"] == f"build/dev/{browser}"
        report_server.wait_for(content="content-v1", background="background-v1", version="0.1.0")

        # The background: a reloaded event, then the page gets the new background's answer.
        edited = time.time()
        edit(background, '"background-v1"', '"background-v2"')
        reloaded = dev.wait_for("reloaded")
        assert reloaded["confirmed"] is True and reloaded["tabs"] == 1 and reloaded["ms"] > 0
        assert reloaded["scope"] == "extension"
        report_server.wait_for(since=edited, content="content-v1", background="background-v2")

        # A content script: the open tab runs the new one. Chromium re-reads the run-time registered script and
        # leaves the background running; Firefox reinstalls (fast there).
        edited = time.time()
        edit(content, '"content-v1"', '"content-v2"')
        reloaded = dev.wait_for("reloaded")
        assert reloaded["scope"] == ("content_scripts" if browser == "chrome" else "extension"), reloaded
        assert reloaded["tabs"] == 1
        report_server.wait_for(since=edited, content="content-v2", background="background-v2")
        manifest = json.loads((project / f"build/dev/{browser}/manifest.json").read_text())
        assert ("content_scripts" in manifest) is (browser == "firefox")

        # A module the background imports too: the whole extension reloads, in both engines.
        edit(project / "src/api.ts", "typed loosely", "typed loosely (edited)")
        reloaded = dev.wait_for("reloaded")
        assert reloaded["scope"] == "extension" and reloaded["confirmed"] is True, reloaded
        report_server.wait_for(since=time.time(), content="content-v2", background="background-v2")

        # The config: a full rebuild, and the reinstalled extension has the new manifest.
        edited = time.time()
        edit(project / "xtk.toml", 'version = "0.1.0"', 'version = "0.1.1"')
        rebuilt = dev.wait_for("rebuilt")
        assert rebuilt["full"] is True
        dev.wait_for("reloaded")
        report_server.wait_for(since=edited, version="0.1.1", content="content-v2")

        # A syntax error: located, nothing reloaded, and the last good build keeps answering.
        edit(background, '"background-v2";', '("background-v3";')
        error = dev.wait_for("error")
        assert re.match(r"src/background\.ts:\d+:\d+: error: ", error["message"]), error
        after_error = time.time()
        report_server.wait_for(since=after_error + 0.5, content="content-v2", background="background-v2")
        assert "background-v3" not in (project / f"build/dev/{browser}/background.js").read_text()

        # Fixed: the next good build is loaded.
        edit(background, '("background-v3";', '"background-v3";')
        dev.wait_for("reloaded")
        report_server.wait_for(since=after_error, content="content-v2", background="background-v3")

        assert dev.stop(signal.SIGINT) == 0
        assert dev.next_event()["event"] == "stopped"
    finally:
        dev.kill()
    _assert_gone(ready)


def test_content_scripts_the_extension_unregistered_come_back_with_a_reload(
    tmp_path: Path, report_server: ReportServer
) -> None:
    """The extension's own code removes every registered content script: the next content edit cannot update them,
    so xtk reloads the extension, whose background registers them again, and the tab runs the new script."""
    project = copy_dev_mini(tmp_path / "project")
    background = project / "src/background.ts"
    background.write_text(
        background.read_text()
        + """
// The test's twist: once the page has been scripted, this extension unregisters every content script.
const scripting = (globalThis as unknown as { chrome: { scripting: { unregisterContentScripts(): Promise<void> } } })
    .chrome.scripting;
setTimeout(() => void scripting.unregisterContentScripts(), 1000);
"""
    )
    dev = XtkProcess("dev", "--browser", "chrome", "--headless", "--start-url", report_server.page_url, project=project)
    try:
        dev.wait_for("ready")
        report_server.wait_for(content="content-v1", background="background-v1")
        time.sleep(1.5)  # the background has unregistered them by now
        edited = time.time()
        edit(project / "src/content.ts", '"content-v1"', '"content-v2"')
        reloaded = dev.wait_for("reloaded")
        assert reloaded["scope"] == "extension" and reloaded["confirmed"] is True, reloaded
        report_server.wait_for(since=edited, content="content-v2", background="background-v1")
        assert dev.stop(signal.SIGINT) == 0
    finally:
        dev.kill()


def test_a_save_storm_ends_with_the_last_save_running_and_no_error(tmp_path: Path, report_server: ReportServer) -> None:
    """300 saves of the background over about 2 s (atomic, as editors write them): once the page runs the last save,
    xtk has at most the pending rebuild left (before, it worked through every batch in turn: 160 reloads, the last
    two minutes late), every reload is confirmed and none ends in an error."""
    project = copy_dev_mini(tmp_path / "project")
    background = project / "src/background.ts"
    dev = XtkProcess("dev", "--browser", "chrome", "--headless", "--start-url", report_server.page_url, project=project)
    try:
        dev.wait_for("ready")
        report_server.wait_for(background="background-v1")
        edited = time.time()
        text = background.read_text()
        for number in range(300):
            text = re.sub(r'"(background-v1|storm-\d+)"', f'"storm-{number}"', text)
            staged = background.with_name("background.ts.tmp")
            staged.write_text(text)
            staged.replace(background)
            time.sleep(0.005)  # a save every few ms, so the watcher hands over many batches, not one
        report_server.wait_for(since=edited, background="storm-299")
        before = _take_all(dev)
        # The page runs the last save. Left: the rebuild pending (the batches that came meanwhile, merged), at most
        # one the watcher handed over late, and one whose event was still on its way when the page reported.
        after: list[dict[str, object]] = []
        while True:  # until xtk has been quiet for 3 s
            try:
                event = dev.events.get(timeout=3)
            except queue.Empty:
                break
            assert event is not None, f"xtk ended; stderr: {''.join(dev.stderr)}"
            after.append(event)
        assert [event for event in after if event["event"] not in ("rebuilt", "reloaded")] == []
        assert len([event for event in after if event["event"] == "rebuilt"]) <= 3, (before, after)
        assert all(event["confirmed"] is True for event in after if event["event"] == "reloaded")
        assert dev.stop(signal.SIGINT) == 0
        assert "error" not in [event["event"] for event in _drain(dev)]
    finally:
        dev.kill()


def test_a_background_stuck_in_a_loop_is_still_reloaded(tmp_path: Path, report_server: ReportServer) -> None:
    """The background being edited hangs its service worker (`for (;;) {}`). Playwright's Worker.evaluate has no
    timeout, so asking that worker to reload held xtk forever; a worker that does not answer is now reloaded from
    chrome://extensions, which stops it, and the fixed background runs."""
    project = copy_dev_mini(tmp_path / "project")
    background = project / "src/background.ts"
    background.write_text(background.read_text() + "\nsetTimeout(() => { for (;;) {} }, 1000);\n")
    dev = XtkProcess("dev", "--browser", "chrome", "--headless", "--start-url", report_server.page_url, project=project)
    try:
        dev.wait_for("ready")
        report_server.wait_for(background="background-v1")
        time.sleep(2)  # the worker is stuck by now
        edited = time.time()
        background.write_text(
            background.read_text().replace("for (;;) {}", "void 0").replace('"background-v1"', '"background-v2"')
        )
        reloaded = dev.wait_for("reloaded")
        assert reloaded["scope"] == "extension" and reloaded["confirmed"] is True, reloaded
        report_server.wait_for(since=edited, background="background-v2")
        assert dev.stop(signal.SIGINT) == 0
    finally:
        dev.kill()


def test_run_builds_once_launches_and_sigterm_leaves_nothing(tmp_path: Path, report_server: ReportServer) -> None:
    project = copy_dev_mini(tmp_path / "project")
    run = XtkProcess("run", "--browser", "chrome", "--headless", "--start-url", report_server.page_url, project=project)
    try:
        ready = run.wait_for("ready")
        report_server.wait_for(content="content-v1", background="background-v1")
        edited = time.time()
        edit(project / "src/background.ts", '"background-v1"', '"background-v2"')  # no watching: nothing changes
        time.sleep(1.5)
        assert all(report["background"] == "background-v1" for when, report in report_server.reports if when > edited)
        assert run.stop(signal.SIGTERM) == 0
    finally:
        run.kill()
    _assert_gone(ready)
