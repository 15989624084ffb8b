"""One `xtk dev` (or `xtk run`) session: build, launch, and on each batch of changes rebuild and reload.

    session = DevSession(config_path, DevOptions(browser="chrome", headless=True))
    try:
        session.start()                       # dev build, browser with the extension loaded: "ready"
        while session.browser_alive():        # until Ctrl-C / SIGTERM, or the browser is closed
            if batch := session.next_change(0.5):
                session.handle(batch)         # "rebuilt", then "reloaded" (or "error": the last good build stays)
    finally:
        session.close()                       # browser stopped by pid, profile removed, esbuild ended

Each batch is classified first (toolchain/dev/changes.py): its kind says what is rebuilt, and the reloader takes it
to choose the reload (the registered content scripts re-read, or the whole extension).

Under a save storm the watcher hands over every change queued during a rebuild as one batch (one rebuild in flight,
one pending), and a reload waits at most RELOAD_TIMEOUT in all: past it, an `error` event says what it waited for.
`Backends` are the moving parts (esbuild, the watcher, the browser); tests pass stand-ins.
"""

from __future__ import annotations

import itertools
import shutil
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from toolchain.browsers import BrowserError, ExtensionBrowser, driver_for, launch
from toolchain.browsers.environment import pid_alive
from toolchain.dev.beacon import MAX_BODY, Beacon
from toolchain.dev.bundler import Bundler, BundleResult
from toolchain.dev.changes import BuiltFiles, ChangeKind, change_kind
from toolchain.dev.dev_build import (
    BeaconAddress,
    DevPlan,
    plan_dev,
    reporter_path,
    write_generated,
    write_reporter,
    write_static,
)
from toolchain.dev.events import Events
from toolchain.dev.reload import Deadline, NotConfirmed, Reloader
from toolchain.dev.reloaders import reloader_for
from toolchain.dev.watcher import ChangeBatch, Watcher
from toolchain.diagnostics import Diagnostic, ProjectError, XtkError
from toolchain.project import Project, load_project
from toolchain.tools.esbuild import find_esbuild

#: How long a reload may take in all (the extension back, its background's report, the tabs), and how long the
#: first background may take to report: past it, an `error` event says what was still awaited.
RELOAD_TIMEOUT = 10.0


class BundlerLike(Protocol):
    def start(self, contexts: list[tuple[str, dict[str, Any]]], components: dict[str, Any] | None = None) -> None: ...
    def rebuild(self) -> BundleResult: ...
    def close(self) -> None: ...


class ChangeSource(Protocol):
    def next(self, timeout: float) -> ChangeBatch | None: ...
    def stop(self) -> None: ...


def _esbuild(project: Project, browser: str) -> BundlerLike:
    return Bundler(project.root, project.base_dir, find_esbuild(project.root), browser)


def _launch(engine: str, out: Path, workdir: Path, headless: bool) -> ExtensionBrowser:
    return launch(engine, out, workdir=workdir, headless=headless)


@dataclass(frozen=True)
class Backends:
    """What a session drives: esbuild, the file watcher, the browser and how it reloads. Tests pass stand-ins."""

    bundler: Callable[[Project, str], BundlerLike] = _esbuild
    watcher: Callable[[list[Path], list[Path]], ChangeSource] = Watcher
    browser: Callable[[str, Path, Path, bool], ExtensionBrowser] = _launch
    reloader: Callable[[ExtensionBrowser], Reloader] = reloader_for


@dataclass
class DevOptions:
    #: A target of the project; None: chrome if it is one, else the first.
    browser: str | None
    headless: bool = False
    launch: bool = True
    start_urls: list[str] = field(default_factory=list)
    output_format: str = "text"
    reload_timeout: float = RELOAD_TIMEOUT


class DevSession:
    def __init__(self, config_path: Path, options: DevOptions, backends: Backends | None = None) -> None:
        self.config_path = config_path
        self.options = options
        self.backends = backends or Backends()
        self.events = Events(options.output_format, options.browser or "")
        self.project: Project | None = None
        self.dev: DevPlan | None = None
        self.bundler: BundlerLike | None = None
        self.beacon: Beacon | None = None
        self.browser: ExtensionBrowser | None = None
        self.reloader: Reloader | None = None
        self.workdir: Path | None = None
        self.watcher: ChangeSource | None = None
        self._session = uuid.uuid4().hex[:8]
        self._builds = itertools.count(1)
        self._build_id = ""
        self._static_pending = False  # a config change planned, its bundles not yet built
        self._bundled = BundleResult()  # the last good build's bundles: which sources they read
        self._css_said: set[Path] = set()  # scripts whose imported CSS the dev build was said not to load
        # The last reload was not confirmed: what the browser runs is unknown, so the next one reloads it all.
        self._unconfirmed = False

    @property
    def build_id(self) -> str:
        """The id of the newest build (what its background reports to the beacon)."""
        return self._build_id

    # --- start and stop ------------------------------------------------------------------------------------

    def start(self, watch: bool = True) -> None:
        """Build and launch; errors here end the session (there is no good build to keep)."""
        started = time.perf_counter()
        self.project = load_project(self.config_path)
        if self.options.browser is None:  # the registry's first the project targets (chrome, when it does)
            self.options.browser = self.events.browser = self.project.targets[0]
        self.project.chosen_targets(self.options.browser)  # exit 2 for a browser the project does not target
        if watch:
            folders = list(dict.fromkeys([self.project.base_dir, self.project.root]))
            ignored = [
                self.project.out_dir,
                self.project.dist_dir,
                self.project.root / ".xtk",
                self.project.base_dir / ".xtk",
            ]
            self.watcher = self.backends.watcher(folders, ignored)
        if self.options.launch and watch:
            self.beacon = Beacon(on_refused=self._refused)
        self.dev = self._plan(self.project)
        self.bundler = self.backends.bundler(self.project, self.options.browser)
        self.bundler.start(self.dev.contexts, self.dev.components)
        result = self.bundler.rebuild()
        self.events.warnings(self.dev.warnings + result.warnings)
        if result.errors:
            raise ProjectError(result.errors)
        self._bundled = result
        self._say_unloaded_css(result)
        write_static(self.dev)
        fields: dict[str, object] = {"path": self.project.display(self.dev.out)}
        if self.options.launch:
            self.workdir = Path(tempfile.mkdtemp(prefix="xtk-dev-"))
            engine = driver_for(self.options.browser)
            try:
                self.browser = self.backends.browser(engine, self.dev.out, self.workdir, self.options.headless)
                self.reloader = self.backends.reloader(self.browser)
                if self.beacon:  # its reports count from now on, from the extension's own origin only
                    self.beacon.allow_origin(self.browser.extension_base_url)
                if self.beacon and self._has_background():
                    fields["confirmed"] = self.beacon.wait_for(self._build_id, self.options.reload_timeout) is not None
                    if problem := self.beacon.error_of(self._build_id):
                        raise BrowserError(f"the background could not register the content scripts: {problem}")
                for url in self.options.start_urls:
                    self.browser.open_tab(url)
            except BrowserError as error:  # not installed, did not load the extension, a start URL failed
                raise ProjectError.single(str(error), browser=self.options.browser) from None
            fields["pid"] = self.browser.pid
            fields["profile"] = str(self.browser.run_dir)
        self.events.emit("ready", (time.perf_counter() - started) * 1000, **fields)

    def close(self) -> None:
        try:
            if self.browser is not None:
                self.browser.close()
        finally:
            self.browser = self.reloader = None
            if self.workdir is not None:
                shutil.rmtree(self.workdir, ignore_errors=True)
                self.workdir = None
            if self.bundler is not None:
                self.bundler.close()
                self.bundler = None
            if self.beacon is not None:
                self.beacon.close()
                self.beacon = None
            if self.watcher is not None:
                self.watcher.stop()
                self.watcher = None

    def browser_alive(self) -> bool:
        return self.browser is not None and pid_alive(self.browser.pid)

    # --- the loop ------------------------------------------------------------------------------------------

    def next_change(self, timeout: float) -> ChangeBatch | None:
        """The next batch of changes, or None after `timeout` seconds without one."""
        assert self.watcher is not None, "start(watch=True) first"
        return self.watcher.next(timeout)

    def handle(self, batch: ChangeBatch) -> None:
        assert self.project is not None and self.dev is not None and self.bundler is not None
        # Judged on the current plan (also one whose bundles failed) and the last good build's bundles.
        kind = change_kind(batch.paths, BuiltFiles.of(self.dev, self._bundled))
        if kind is ChangeKind.IGNORED:
            return  # nothing the build reads (a new file no one imports yet, a README...)
        started = time.perf_counter()
        try:
            if kind.rebuilds_all:
                self.project = load_project(self.config_path)
                self.dev = self._plan(self.project)
                self.bundler.start(self.dev.contexts, self.dev.components)
                self._static_pending = True
            else:
                self._next_build()
            result = self.bundler.rebuild()
        except XtkError as error:
            self.events.error(error.diagnostics, (time.perf_counter() - started) * 1000)
            return
        self.events.warnings(result.warnings)
        if result.errors:
            self.events.error(result.errors, (time.perf_counter() - started) * 1000)
            return
        self._bundled = result
        self._say_unloaded_css(result)
        if self._static_pending:
            write_static(self.dev)
            self._static_pending = False
        self.events.emit(
            "rebuilt", (time.perf_counter() - started) * 1000, build=self._build_id, full=kind.rebuilds_all
        )
        if self.reloader is not None:
            if not kind.rebuilds_all:
                # Which bundles a code edit reached, as the bundles just made read their sources (an edit can change
                # what imports what); one they no longer read reached none but the content scripts, as it always did.
                kind = max(ChangeKind.CONTENT_SCRIPT, change_kind(batch.paths, BuiltFiles.of(self.dev, result)))
            self._reload(batch, kind)

    def _say_unloaded_css(self, result: BundleResult) -> None:
        """CSS a script imports is loaded by `xtk build` (listed for its content script, linked in its page), not yet
        by the dev build: said once per script, never silently unstyled."""
        assert self.project is not None
        for script, css in sorted(result.css.items()):
            if script in self._css_said:
                continue
            self._css_said.add(script)
            self.events.warnings(
                [
                    Diagnostic(
                        "warning",
                        f"{self.project.display(script)}: its sources import CSS, bundled as "
                        f"{self.project.display(css)}, which xtk dev does not load yet (this dev build shows it "
                        "unstyled); `xtk build` lists it for its content script or links it in its page",
                        path=self.project.display(css),
                        browser=self.options.browser,
                    )
                ]
            )

    def _reload(self, batch: ChangeBatch, kind: ChangeKind) -> None:
        assert self.reloader is not None and self.dev is not None
        started = time.perf_counter()
        deadline = Deadline(self.options.reload_timeout)
        if self._unconfirmed:  # what the browser runs is unknown: whatever changed, the whole extension reloads
            kind = max(kind, ChangeKind.CODE)
        try:
            scope = self.reloader.reload(kind, self.dev.registered, deadline)
            confirm = scope == "extension" and self.beacon is not None and self._has_background()
            # Declared content scripts are in place once the extension is loaded: the tabs reload while its background
            # starts. Run-time registered ones only once the new background has registered them and reported.
            confirmed = confirm and bool(self.dev.registered) and self._wait_for_background(deadline)
            extension_ms = (time.perf_counter() - started) * 1000
            has_scripts = bool(self.dev.manifest.get("content_scripts") or self.dev.registered)
            tabs = self.reloader.reload_tabs(deadline) if has_scripts else 0
            tabs_ms = (time.perf_counter() - started) * 1000 - extension_ms
            confirmed = confirmed or (confirm and self._wait_for_background(deadline))
        except NotConfirmed as missing:
            self._unconfirmed = True
            message = (
                f"the reload of build {self._build_id} was not confirmed within {deadline.seconds:g} s: it "
                f"waited for {missing.waited_for}"
            )
            self.events.error(
                ProjectError.single(message, browser=self.options.browser).diagnostics,
                (time.perf_counter() - started) * 1000,
                waited_for=missing.waited_for,
                outcome="the build is on disk; the next change reloads the whole extension",
            )
            return
        except XtkError as error:
            self.events.error(error.diagnostics)
            return
        except Exception as error:  # the browser's side: closed window, crashed tab...
            self.events.error([ProjectError.single(f"reload failed: {error}").diagnostics[0]])
            return
        self._unconfirmed = False
        # The phases, so a slow reload says where its time went: the extension back, then the tabs.
        self.events.emit(
            "reloaded",
            (time.time() - batch.changed_at) * 1000,
            build=self._build_id,
            scope=scope,
            confirmed=confirmed,
            tabs=tabs,
            extension_ms=round(extension_ms, 1),
            tabs_ms=round(tabs_ms, 1),
        )

    def _wait_for_background(self, deadline: Deadline) -> bool:
        """Wait for the reloaded background to report this build (and, in Chromium, its content scripts registered)."""
        assert self.beacon is not None
        waiting_for = f"the reloaded background to report build {self._build_id}"
        if self.beacon.wait_for(self._build_id, deadline.remaining(waiting_for)) is None:
            raise NotConfirmed(waiting_for)
        problem = self.beacon.error_of(self._build_id)
        if problem:
            raise ProjectError.single(
                f"the background could not register the content scripts: {problem}", browser=self.options.browser
            )
        return True

    # --- helpers -------------------------------------------------------------------------------------------

    def _next_build(self, dev: DevPlan | None = None) -> None:
        """A new build id, written into the reporter module the bundles inject."""
        assert self.project is not None
        dev = dev or self.dev
        self._build_id = f"{self._session}-{next(self._builds)}"
        address = BeaconAddress(self.beacon.url, self.beacon.token) if self.beacon else None
        write_reporter(self.project, address, self._build_id, dev.registered if dev else [])

    def _plan(self, project: Project) -> DevPlan:
        # Content scripts registered at run time need the reporter, so only a session that launches Chromium.
        browser = self.options.browser
        runtime_scripts = self.beacon is not None and browser is not None and driver_for(browser) == "chromium"
        dev = plan_dev(project, self.options.browser, reporter_path(project), runtime_scripts)  # type: ignore[arg-type]
        self._next_build(dev)
        write_generated(dev)
        return dev

    def _refused(self, reason: str, origin: str) -> None:
        sender = f" from {origin}" if origin else ""
        self.events.warning(
            f"the dev beacon refused a request{sender} ({REFUSALS.get(reason, reason)}); "
            "it counts such requests and keeps nothing of them"
        )

    def _has_background(self) -> bool:
        return self.dev is not None and isinstance(self.dev.manifest.get("background"), dict)


#: What each refusal of the beacon means (toolchain/dev/beacon.py), for the warning.
REFUSALS = {
    "path": "not its path",
    "method": "not a POST",
    "length": "no Content-Length",
    "size": f"a body over {MAX_BODY // 1024} KiB",
    "origin": "not the extension's origin",
    "body": "not a report",
    "token": "not this session's token",
    "pending": "too many reports before the browser loaded the extension",
    "busy": "too many connections",
    "broken": "the request did not arrive whole",
}
