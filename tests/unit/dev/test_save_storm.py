"""The dev loop under a save storm, with stand-ins for esbuild, the watcher and the browser (toolchain/dev/session.py
`Backends`) on a copy of dev-mini: saves made during a slow rebuild give one more rebuild, of the last state; a reload
that cannot be confirmed is an `error` event naming what it waited for, within the session's bound, and the next
change reloads the whole extension. The beacon and the session's logic are the real ones."""

from __future__ import annotations

import http.client
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.browser.dev_session import copy_dev_mini, edit
from toolchain.dev.bundler import BundleResult
from toolchain.dev.changes import ChangeKind
from toolchain.dev.reload import Deadline, ReloadScope
from toolchain.dev.session import Backends, DevOptions, DevSession
from toolchain.dev.watcher import BatchQueue, ChangeBatch
from toolchain.project import Project

pytestmark = pytest.mark.node  # plans a real dev build: needs esbuild installed (it does not run it)

EXTENSION = "chrome-extension://abcdefghijklmnopabcdefghijklmnop"
BOUND = 0.5


class _Saves(BatchQueue):
    """The watcher's stand-in: the test puts the batches watchfiles would deliver."""

    def stop(self) -> None:
        pass


class _SlowBundler:
    """esbuild's stand-in: a rebuild reads the sources as it starts (esbuild reads them then), and `during` runs
    while it is running, as saves made during a slow rebuild."""

    def __init__(self, project: Project) -> None:
        self.src, self.out = project.root / "src", project.root / "build/dev/chrome"
        self.built: list[str] = []
        self.during: list[Callable[[], None]] = []

    def start(self, contexts: list[tuple[str, dict[str, Any]]], components: dict[str, Any] | None = None) -> None:
        pass

    def rebuild(self) -> BundleResult:
        self.built.append((self.src / "background.ts").read_text() + (self.src / "content.ts").read_text())
        if self.during:
            self.during.pop(0)()
        background, content, api = (self.src / name for name in ("background.ts", "content.ts", "api.ts"))
        return BundleResult(
            inputs={background, content, api},
            outputs={
                (self.out / "background.js").resolve(): {background, api},
                (self.out / "content.js").resolve(): {content, api},
            },
        )

    def close(self) -> None:
        pass


class _Browser:
    extension_base_url = EXTENSION + "/"
    pid = os.getpid()

    def __init__(self, run_dir: Path) -> None:
        self.run_dir = run_dir

    def open_tab(self, url: str) -> None:
        pass

    def close(self) -> None:
        pass


class _Extension:
    """The browser side: the extension's background reports its build to the beacon as the reporter does (from
    the extension's origin, with the session's token), unless `reports` is off; `hangs` keeps the reload waiting for
    the new service worker until the deadline."""

    def __init__(self) -> None:
        self.session: DevSession | None = None
        self.reports, self.hangs = True, False
        self.calls: list[str] = []
        self.bounds: list[float] = []

    def launch(self, engine: str, out: Path, workdir: Path, headless: bool) -> _Browser:
        self._report()
        return _Browser(workdir)

    def _report(self) -> None:
        assert self.session is not None and self.session.beacon is not None
        if not self.reports:
            return
        beacon = self.session.beacon
        url = urlsplit(beacon.url)
        connection = http.client.HTTPConnection(url.hostname or "", url.port, timeout=10)
        body = json.dumps({"token": beacon.token, "build": self.session.build_id, "error": ""})
        connection.request("POST", url.path, body=body, headers={"Origin": EXTENSION})
        assert connection.getresponse().status == 204
        connection.close()

    def reload(self, kind: ChangeKind, registered: list[dict[str, Any]], deadline: Deadline) -> ReloadScope:
        if kind is ChangeKind.CONTENT_SCRIPT:
            self.calls.append("content_scripts")
            return "content_scripts"
        self.calls.append("extension")
        self.bounds.append(deadline.seconds)
        if self.hangs:
            time.sleep(deadline.remaining("the extension's new service worker"))
            deadline.remaining("the extension's new service worker")  # raises: the time is up
        self._report()
        return "extension"

    def reload_tabs(self, deadline: Deadline) -> int:
        self.bounds.append(deadline.seconds)
        return 1


class _Storm:
    def __init__(self, project: Path) -> None:
        self.project = project
        self.extension = _Extension()
        self.saves = _Saves()
        self.bundler: _SlowBundler | None = None
        backends = Backends(
            bundler=self._bundler,
            watcher=lambda folders, ignored: self.saves,
            browser=self.extension.launch,  # type: ignore[arg-type]
            reloader=lambda browser: self.extension,
        )
        options = DevOptions(browser="chrome", headless=True, output_format="json", reload_timeout=BOUND)
        self.session = self.extension.session = DevSession(project / "xtk.toml", options, backends)

    def _bundler(self, project: Project, browser: str) -> _SlowBundler:
        self.bundler = _SlowBundler(project)
        return self.bundler

    def save(self, name: str, old: str, new: str) -> None:
        path = self.project / "src" / name
        edit(path, old, new)
        self.saves.put(ChangeBatch(frozenset({path.resolve()}), time.time()))

    def run(self) -> None:
        """What `xtk dev` does (toolchain/dev/main.py) until no change is left."""
        while (batch := self.session.next_change(0)) is not None:
            self.session.handle(batch)


@pytest.fixture()
def storm(tmp_path: Path) -> Iterator[_Storm]:
    storm = _Storm(copy_dev_mini(tmp_path / "project"))
    try:
        yield storm
    finally:
        storm.session.close()


def _events(capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_saves_during_a_slow_rebuild_give_one_more_rebuild_of_the_last_state(
    storm: _Storm, capsys: pytest.CaptureFixture[str]
) -> None:
    storm.session.start()
    assert storm.bundler is not None and len(storm.bundler.built) == 1
    assert [event["event"] for event in _events(capsys)] == ["ready"]

    def saves_while_building() -> None:  # 500 saves, each its own batch, while the first rebuild runs
        for number in range(500):
            old = '"background-v2"' if number == 0 else f'"storm-{number - 1}"'
            storm.save("background.ts", old, f'"storm-{number}"')

    storm.bundler.during.append(saves_while_building)
    storm.save("background.ts", '"background-v1"', '"background-v2"')
    storm.run()

    built = storm.bundler.built[1:]
    assert len(built) == 2, "one rebuild in flight and one pending, whatever the number of saves"
    assert '"background-v2"' in built[0] and '"storm-499"' in built[1], "the pending one built the last state"
    events = _events(capsys)
    assert [event["event"] for event in events] == ["rebuilt", "reloaded", "rebuilt", "reloaded"]
    assert all(event["confirmed"] is True for event in events if event["event"] == "reloaded")
    assert events[-1]["build"] == storm.session.build_id


@pytest.mark.parametrize("missing", ["report", "worker"])
def test_an_unconfirmed_reload_is_an_error_naming_what_it_waited_for(
    storm: _Storm, capsys: pytest.CaptureFixture[str], missing: str
) -> None:
    storm.session.start()
    _events(capsys)
    storm.extension.reports = missing != "report"  # the new background never reports its build
    storm.extension.hangs = missing == "worker"  # the new service worker never appears
    storm.save("background.ts", '"background-v1"', '"background-v2"')
    storm.run()

    rebuilt, error = _events(capsys)
    assert rebuilt["event"] == "rebuilt" and error["event"] == "error"
    build = rebuilt["build"]
    waited_for = (
        f"the reloaded background to report build {build}"
        if missing == "report"
        else "the extension's new service worker"
    )
    assert error["waited_for"] == waited_for
    assert error["message"] == (
        f"error: [chrome] the reload of build {build} was not confirmed within {BOUND:g} s: it waited for {waited_for}"
    )
    assert storm.extension.bounds and set(storm.extension.bounds) == {BOUND}, "every step had the session's bound"

    # What the browser runs is unknown now: the next edit, a content script's only, reloads the whole extension.
    storm.extension.reports, storm.extension.hangs = True, False
    storm.save("content.ts", '"content-v1"', '"content-v2"')
    storm.run()
    (rebuilt, reloaded) = _events(capsys)
    assert reloaded["event"] == "reloaded" and reloaded["scope"] == "extension" and reloaded["confirmed"] is True
    assert storm.extension.calls == ["extension", "extension"]
    # Confirmed again: a content-script edit is back to re-reading the content scripts alone.
    storm.save("content.ts", '"content-v2"', '"content-v3"')
    storm.run()
    assert _events(capsys)[-1]["scope"] == "content_scripts"
    assert storm.extension.calls == ["extension", "extension", "content_scripts"]
