"""Run a build recipe: every esbuild process and tsc at once, outputs staged, swapped in only on success.

Every browser builds in `build/.staging-<browser>/`, which replaces `build/<browser>/` only when the whole build
(the type-check included) succeeded: a failed build never leaves a half-written extension behind and never
loses the last good one.
"""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from toolchain.builder.imported_css import css_bundles, with_content_script_css, with_linked_css
from toolchain.builder.reachability import check_reachability, root_relative_hint, unreached_warnings
from toolchain.builder.recipe import BrowserBuild, BrowserRecipe, BuildReport, Recipe
from toolchain.confine import shown
from toolchain.diagnostics import Diagnostic, ProjectError
from toolchain.files import confine, make_folder, write_if_changed
from toolchain.tools.components import missing_framework_hint
from toolchain.tools.esbuild import EsbuildCommand, finish_esbuild, merge_metafiles, start_esbuild
from toolchain.tools.typecheck import TypeCheck, TypecheckMode

#: `.xtk/env.d.ts` (its path and text), or a function that makes it.
EnvTypes = tuple[Path, str] | Callable[[], tuple[Path, str]]


def staging_dir(out_dir: Path, browser: str) -> Path:
    return out_dir / f".staging-{browser}"


def scratch_dir(out_dir: Path) -> Path:
    return out_dir / ".xtk"


def browser_outputs(out_dir: Path, browser: str) -> list[Path]:
    """What a build of `browser` writes in `out`: its staging folder, its folder, its metafile and contexts map."""
    return [
        staging_dir(out_dir, browser),
        out_dir / browser,
        out_dir / f"{browser}.metafile.json",
        out_dir / f"{browser}.contexts.json",
    ]


class Execution:
    """Start the slow parts (esbuild, tsc) as early as the commands are known; finish with the rest.

    Whatever happens before the swap (an error, an exception, Ctrl-C or SIGTERM), `abort` removes everything
    this execution created: the staging folders, the scratch folder, and `out` itself when it made it.
    """

    def __init__(self, root: Path, base_dir: Path, out_dir: Path) -> None:
        self.root, self.base_dir, self.out_dir = root, base_dir, out_dir
        self.started = time.perf_counter()
        self.processes: list[tuple[EsbuildCommand, subprocess.Popen[bytes]]] = []
        self.checker: TypeCheck | None = None
        self.typecheck: TypecheckMode = "off"
        self.staged: list[Path] = []
        self.made_out_dir = False

    def start(
        self,
        commands: list[EsbuildCommand],
        env_types: EnvTypes,
        typecheck: bool | TypecheckMode,
        browsers: list[str] | None = None,
    ) -> tuple[Path, str]:
        """Start esbuild, then write the generated types and start tsc; returns the types written.

        esbuild never reads `.xtk/env.d.ts` (only tsc does), so it starts first: on the full path the types are
        rendered with Jinja2, whose import would otherwise delay every bundle (`env_types` may be a function).
        `browsers` names every browser built, also one without scripts (no esbuild command, still a staging folder).
        """
        try:
            # A process started but not yet recorded could not be stopped: interrupts wait until all are.
            with interrupts_deferred():
                # Also on the cached path, which does not load the config: `out` linked out since is refused here.
                confine(self.out_dir, self.base_dir)
                self.made_out_dir = not self.out_dir.exists()
                make_folder(scratch_dir(self.out_dir), self.base_dir)
                for browser in dict.fromkeys([*(browsers or []), *(c.browser for c in commands)]):
                    for written in browser_outputs(self.out_dir, browser):  # all checked before anything is written
                        confine(written, self.base_dir)
                    staging = staging_dir(self.out_dir, browser)
                    self.staged.append(staging)
                    shutil.rmtree(staging, ignore_errors=True)
                    staging.mkdir()
                for command in commands:
                    self.processes.append((command, start_esbuild(command, self.root, self.base_dir)))
            types = env_types() if callable(env_types) else env_types
            with interrupts_deferred():
                write_if_changed(*types, inside=self.base_dir)
                self.typecheck = typecheck if isinstance(typecheck, str) else "error" if typecheck else "off"
                if self.typecheck != "off":
                    self.checker = TypeCheck(self.root, self.base_dir)
                    self.checker.start()
            return types
        except BaseException:
            self.abort()
            raise

    def abort(self) -> None:
        """Stop whatever runs and remove what this execution created (on any error before the swap)."""
        for _, process in self.processes:
            if process.poll() is None:
                process.kill()
            process.communicate()
        if self.checker and self.checker.process and self.checker.process.poll() is None:
            self.checker.process.kill()
            self.checker.process.communicate()
        for staging in self.staged:
            shutil.rmtree(staging, ignore_errors=True)
        shutil.rmtree(scratch_dir(self.out_dir), ignore_errors=True)
        if self.made_out_dir and self.out_dir.is_dir() and not any(self.out_dir.iterdir()):
            self.out_dir.rmdir()

    def finish(
        self, recipes: list[BrowserRecipe], on_warning: Callable[[Diagnostic], None] | None = None
    ) -> BuildReport:
        try:
            return self._finish(recipes, on_warning)
        except BaseException:  # errors, and Ctrl-C or SIGTERM while esbuild or tsc run
            self.abort()
            raise

    def _finish(self, recipes: list[BrowserRecipe], on_warning: Callable[[Diagnostic], None] | None) -> BuildReport:
        report = BuildReport()
        errors: list[Diagnostic] = []
        metafiles: dict[str, list[dict[str, Any]]] = {}
        for recipe in recipes:
            report.warnings += recipe.warnings
        for command, process in self.processes:
            found, metafile = finish_esbuild(command, process, self.root, self.base_dir)
            found = [root_relative_hint(missing_framework_hint(d)) for d in found]
            errors += [d for d in found if d.severity == "error"]
            report.warnings += [d for d in found if d.severity == "warning"]
            if metafile:
                metafiles.setdefault(command.browser, []).append(metafile)
        if self.checker:
            found = self.checker.finish()
            if self.typecheck == "warn":  # typecheck = "warn": tsc's errors are shown, the build goes on
                found = [replace(d, severity="warning") for d in found]
            errors += [d for d in found if d.severity == "error"]
            report.warnings += [d for d in found if d.severity == "warning"]

        report.warnings = unique(report.warnings)
        if on_warning:
            for warning in report.warnings:
                on_warning(warning)
        if errors:
            raise ProjectError(unique(errors))

        assembled = [self._assemble(recipe, metafiles.get(recipe.browser, [])) for recipe in recipes]
        self._check_reachability(recipes, assembled, report, on_warning)
        with interrupts_deferred():  # the swap is never left half-done: an interrupt takes effect after it
            for recipe, (manifest, metafile) in zip(recipes, assembled, strict=True):
                report.builds.append(self._swap(recipe, manifest, metafile))
            self.staged.clear()
            shutil.rmtree(scratch_dir(self.out_dir), ignore_errors=True)
        report.seconds = time.perf_counter() - self.started
        report.typecheck = self.typecheck
        return report

    def _check_reachability(
        self,
        recipes: list[BrowserRecipe],
        assembled: list[tuple[dict[str, Any], dict[str, Any]]],
        report: BuildReport,
        on_warning: Callable[[Diagnostic], None] | None,
    ) -> None:
        """Every file of each staged build reached, every reference resolved (reachability.py): unreached files are
        warnings, missing ones errors (the staged builds are dropped, the last good ones stay)."""
        found: list[Diagnostic] = []
        unreached: dict[str, list[str]] = {}
        for recipe, (manifest, metafile) in zip(recipes, assembled, strict=True):
            staged, shown_as = (
                staging_dir(self.out_dir, recipe.browser),
                shown(self.out_dir / recipe.browser, self.base_dir),
            )
            errors, unreached[recipe.browser] = check_reachability(
                staged, manifest, shown_as, metafile, shown(self.root, self.base_dir)
            )
            found += [replace(error, browser=recipe.browser) for error in errors]
        found += unreached_warnings(shown(self.out_dir, self.base_dir), unreached)
        warnings = [d for d in unique(found) if d.severity == "warning" and d not in report.warnings]
        report.warnings += warnings
        if on_warning:
            for warning in warnings:
                on_warning(warning)
        errors = [d for d in found if d.severity == "error"]
        if errors:
            raise ProjectError(unique(errors))

    def _assemble(
        self, recipe: BrowserRecipe, metafiles: list[dict[str, Any]]
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Write the pages, assets and manifest into the browser's staging folder: (its manifest, its metafile)."""
        staging = staging_dir(self.out_dir, recipe.browser)
        metafile = merge_metafiles(metafiles, staging, self.root)
        css_of = css_bundles(metafile)  # CSS the scripts import: loaded where they run (imported_css.py)
        for out, text in recipe.pages:
            target = staging / out
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(with_linked_css(out, text, css_of), encoding="utf-8")
        for source, out in recipe.assets:
            target = staging / out
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
        manifest = with_content_script_css(recipe.manifest, css_of)
        manifest_text = json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"
        (staging / "manifest.json").write_text(manifest_text, encoding="utf-8")
        return manifest, metafile

    def _swap(self, recipe: BrowserRecipe, manifest: dict[str, Any], metafile: dict[str, Any]) -> BrowserBuild:
        """The staged build replaces the browser's build folder."""
        staging = staging_dir(self.out_dir, recipe.browser)
        final = self.out_dir / recipe.browser  # it, the staging folder and the two maps were confined in `start`
        shutil.rmtree(final, ignore_errors=True)
        staging.rename(final)
        _write_json(self.out_dir / f"{recipe.browser}.metafile.json", metafile)
        _write_json(self.out_dir / f"{recipe.browser}.contexts.json", recipe.contexts)
        files = sum(1 for p in final.rglob("*") if p.is_file())
        return BrowserBuild(recipe.browser, final, manifest, files, metafile)


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM until the block is done; one that came meanwhile is raised as it ends.

    Handlers, not the signal mask: processes started inside inherit a mask, and esbuild and tsc must stay stoppable.
    """
    if threading.current_thread() is not threading.main_thread():  # only the main thread receives signals
        yield
        return
    received: list[int] = []

    def hold(signum: int, frame: object) -> None:
        received.append(signum)

    previous = {number: signal.signal(number, hold) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        if received:
            raise KeyboardInterrupt


def execute(
    recipe: Recipe, typecheck: bool | TypecheckMode, on_warning: Callable[[Diagnostic], None] | None = None
) -> BuildReport:
    """Run a whole recipe (the cached path: everything is known up front)."""
    execution = Execution(recipe.root, recipe.base_dir, recipe.out_dir)
    execution.start(
        [c for b in recipe.browsers for c in b.esbuild],
        recipe.env_types,
        typecheck,
        browsers=[b.browser for b in recipe.browsers],
    )
    return execution.finish(recipe.browsers, on_warning)


def _write_json(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The same message from three browsers' builds is one message (kept once, first browser named)."""
    seen: set[tuple[object, ...]] = set()
    result = []
    for d in diagnostics:
        key = (d.severity, d.message, d.path, d.line, d.column, d.key, d.code)
        if key not in seen:
            seen.add(key)
            result.append(d)
    return result
