"""One `xtk dev` (or `xtk run`) session: build, launch, and on each batch of changes rebuild and reload.

    session = DevSession(config_path, DevOptions(browser="chrome", headless=True))
    try:
        session.start()                       # dev build, browser with the extension loaded: "ready"
        while session.browser_alive():        # until Ctrl-C / SIGTERM, or the browser is closed
            if batch := session.next_change(0.5):
                session.handle(batch)         # "rebuilt", then "reloaded" (or "error": the last good build stays)
    finally:
        session.close()                       # browser stopped by pid, profile removed, esbuild ended
"""

from __future__ import annotations

import itertools
import shutil
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from toolchain.browsers import BrowserError, ExtensionBrowser, launch
from toolchain.browsers.chromium import ChromiumBrowser
from toolchain.browsers.environment import pid_alive
from toolchain.browsers.firefox import FirefoxBrowser
from toolchain.dev import reload_chromium, reload_firefox
from toolchain.dev.beacon import Beacon
from toolchain.dev.bundler import Bundler
from toolchain.dev.dev_build import DevPlan, plan_dev, reporter_path, write_generated, write_reporter, write_static
from toolchain.dev.events import Events
from toolchain.dev.runtime_scripts import reached_outputs
from toolchain.dev.watcher import ChangeBatch, Watcher
from toolchain.diagnostics import InputError, ProjectError, XtkError
from toolchain.project import Project, load_project
from toolchain.tools.esbuild import find_esbuild

ENGINES = {"chrome": "chromium", "edge": "chromium", "firefox": "firefox"}
#: How long a reloaded background may take to report its build id.
STARTED_TIMEOUT = 15.0


@dataclass
class DevOptions:
    #: A target of the project; None: chrome if it is one, else the first.
    browser: str | None
    headless: bool = False
    launch: bool = True
    start_urls: list[str] = field(default_factory=list)
    output_format: str = "text"


class DevSession:
    def __init__(self, config_path: Path, options: DevOptions) -> None:
        self.config_path = config_path
        self.options = options
        self.events = Events(options.output_format, options.browser or "")
        self.project: Project | None = None
        self.dev: DevPlan | None = None
        self.bundler: Bundler | None = None
        self.beacon: Beacon | None = None
        self.browser: ExtensionBrowser | None = None
        self.workdir: Path | None = None
        self.watcher: Watcher | None = None
        self._session = uuid.uuid4().hex[:8]
        self._builds = itertools.count(1)
        self._build_id = ""
        self._static_pending = False  # a config change planned, its bundles not yet built

    # --- start and stop ------------------------------------------------------------------------------------

    def start(self, watch: bool = True) -> None:
        """Build and launch; errors here end the session (there is no good build to keep)."""
        started = time.perf_counter()
        self.project = load_project(self.config_path)
        if self.options.browser is None:
            targets = self.project.targets
            self.options.browser = self.events.browser = "chrome" if "chrome" in targets else targets[0]
        if self.options.browser not in self.project.targets:
            raise InputError.single(f"--browser {self.options.browser}: the project has no [targets.{self.options.browser}] "
                                    f"(it targets {', '.join(self.project.targets)})")
        if watch:
            folders = list(dict.fromkeys([self.project.base_dir, self.project.root]))
            ignored = [self.project.out_dir, self.project.dist_dir, self.project.root / ".xtk", self.project.base_dir / ".xtk"]
            self.watcher = Watcher(folders, ignored)
        if self.options.launch and watch:
            self.beacon = Beacon()
        self.dev = self._plan(self.project)
        self.bundler = Bundler(self.project.root, self.project.base_dir, find_esbuild(self.project.root), self.options.browser)
        self.bundler.start(self.dev.contexts, self.dev.components)
        result = self.bundler.rebuild()
        self.events.warnings(self.dev.warnings + result.warnings)
        if result.errors:
            raise ProjectError(result.errors)
        self._inputs = result.inputs
        write_static(self.dev)
        fields: dict[str, object] = {"path": self.project.display(self.dev.out)}
        if self.options.launch:
            self.workdir = Path(tempfile.mkdtemp(prefix="xtk-dev-"))
            engine = ENGINES[self.options.browser]
            try:
                self.browser = launch(engine, self.dev.out, workdir=self.workdir, headless=self.options.headless)
                if self.beacon and self._has_background():
                    fields["confirmed"] = self.beacon.wait_for(self._build_id, STARTED_TIMEOUT) is not None
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
            self.browser = None
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
        full = bool(batch.paths & self.dev.watched_inputs()) or any(
            path.is_relative_to(folder) for path in batch.paths for folder in self.dev.watched_folders())
        if not full and not batch.paths & self._inputs:
            return  # nothing the build reads (a new file no one imports yet, a README...)
        started = time.perf_counter()
        try:
            if full:
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
        self._inputs = result.inputs
        if self._static_pending:
            write_static(self.dev)
            self._static_pending = False
        self.events.emit("rebuilt", (time.perf_counter() - started) * 1000, build=self._build_id, full=full)
        if self.browser is not None:
            # An edit that reached only run-time registered content scripts leaves the background running.
            content_only = not full and bool(self.dev.registered) and (
                reached_outputs(result.outputs, batch.paths) <= self.dev.content_script_files())
            self._reload(batch, content_only)

    def _reload(self, batch: ChangeBatch, content_only: bool = False) -> None:
        assert self.browser is not None and self.dev is not None
        started = time.perf_counter()
        try:
            scope = "extension"
            if content_only and isinstance(self.browser, ChromiumBrowser) and \
                    reload_chromium.update_content_scripts(self.browser, self.dev.registered):
                scope = "content_scripts"
            elif isinstance(self.browser, ChromiumBrowser):
                reload_chromium.reload_extension(self.browser)
            elif isinstance(self.browser, FirefoxBrowser):
                reload_firefox.reload_extension(self.browser)
            confirm = scope == "extension" and self.beacon is not None and self._has_background()
            # Declared content scripts are in place once the extension is loaded: the tabs reload while its background
            # starts. Run-time registered ones only once the new background has registered them and reported.
            confirmed = confirm and bool(self.dev.registered) and self._wait_for_background()
            extension_ms = (time.perf_counter() - started) * 1000
            has_scripts = bool(self.dev.manifest.get("content_scripts") or self.dev.registered)
            tabs = self._reload_tabs() if has_scripts else 0
            tabs_ms = (time.perf_counter() - started) * 1000 - extension_ms
            confirmed = confirmed or (confirm and self._wait_for_background())
        except XtkError as error:
            self.events.error(error.diagnostics)
            return
        except Exception as error:  # the browser's side: closed window, crashed tab...
            self.events.error([ProjectError.single(f"reload failed: {error}").diagnostics[0]])
            return
        # The phases, so a slow reload says where its time went: the extension back, then the tabs.
        self.events.emit("reloaded", (time.time() - batch.changed_at) * 1000, build=self._build_id, scope=scope,
                         confirmed=confirmed, tabs=tabs, extension_ms=round(extension_ms, 1),
                         tabs_ms=round(tabs_ms, 1))

    def _wait_for_background(self) -> bool:
        """Wait for the reloaded background to report this build (and, in Chromium, its content scripts registered)."""
        assert self.beacon is not None
        if self.beacon.wait_for(self._build_id, STARTED_TIMEOUT) is None:
            raise ProjectError.single(f"the reloaded background did not report build {self._build_id} within "
                                      f"{STARTED_TIMEOUT:g} s", browser=self.options.browser)
        problem = self.beacon.error_of(self._build_id)
        if problem:
            raise ProjectError.single(f"the background could not register the content scripts: {problem}",
                                      browser=self.options.browser)
        return True

    def _reload_tabs(self) -> int:
        if isinstance(self.browser, ChromiumBrowser):
            return reload_chromium.reload_tabs(self.browser)
        if isinstance(self.browser, FirefoxBrowser):
            return reload_firefox.reload_tabs(self.browser)
        return 0

    # --- helpers -------------------------------------------------------------------------------------------

    def _next_build(self, dev: DevPlan | None = None) -> None:
        """A new build id, written into the reporter module the bundles inject."""
        assert self.project is not None
        dev = dev or self.dev
        self._build_id = f"{self._session}-{next(self._builds)}"
        write_reporter(self.project, self.beacon.url if self.beacon else None, self._build_id,
                       dev.registered if dev else [])

    def _plan(self, project: Project) -> DevPlan:
        # Content scripts registered at run time need the reporter, so only a session that launches Chromium.
        runtime_scripts = self.beacon is not None and ENGINES.get(self.options.browser or "") == "chromium"
        dev = plan_dev(project, self.options.browser, reporter_path(project), runtime_scripts)  # type: ignore[arg-type]
        self._next_build(dev)
        write_generated(dev)
        return dev

    def _has_background(self) -> bool:
        return self.dev is not None and isinstance(self.dev.manifest.get("background"), dict)
