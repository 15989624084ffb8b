"""`xtk build`: project → plan → (manifest, bundles, pages, assets) → build/<browser>/.

Every browser builds in a staging folder that replaces `build/<browser>/` only when the whole build (and the
type-check) succeeded, so a failed build never leaves a half-written extension behind and never loses the
last good one. All esbuild processes and tsc run at the same time; manifests render while they run.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from toolchain.bundle.esbuild import EsbuildRun, find_esbuild
from toolchain.bundle.typecheck import TypeCheck, write_env_types
from toolchain.diagnostics import Diagnostic, ProjectError
from toolchain.manifest.render import RenderedManifest, render_manifest
from toolchain.plan import BuildPlan, Mode, plan_build
from toolchain.plan.pages import rewrite_page
from toolchain.project import Browser, Project


@dataclass
class BrowserBuild:
    browser: Browser
    out_dir: Path
    manifest: dict[str, object]
    files: int


@dataclass
class BuildReport:
    builds: list[BrowserBuild] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    seconds: float = 0.0


def prepare(project: Project) -> Path:
    """Write the generated type declarations (`.xtk/env.d.ts`) the code is checked against."""
    return write_env_types(project.root, project.targets, dict(project.config.constants))


def build(
    project: Project,
    browsers: list[Browser],
    mode: Mode = "production",
    typecheck: bool = True,
    on_warning: Callable[[Diagnostic], None] | None = None,
) -> BuildReport:
    """Build `browsers`; raise ProjectError (or InputError) with every problem found, after reporting warnings."""
    started = time.perf_counter()
    report = BuildReport()
    plans = [plan_build(project, browser, mode) for browser in browsers]
    problems = [d for plan in plans for d in plan.problems]
    if problems:
        raise ProjectError(_unique(problems))

    esbuild = find_esbuild(project.root)
    prepare(project)
    checker = TypeCheck(project.root, project.base_dir) if typecheck else None
    if checker:
        checker.start()

    project.out_dir.mkdir(parents=True, exist_ok=True)
    scratch = project.out_dir / ".xtk"
    scratch.mkdir(exist_ok=True)
    runs: list[tuple[BuildPlan, Path, EsbuildRun]] = []
    for plan in plans:
        staging = project.out_dir / f".staging-{plan.browser}"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir()
        run = EsbuildRun(plan, staging)
        run.start(esbuild, scratch)
        runs.append((plan, staging, run))

    errors: list[Diagnostic] = []
    manifests: dict[Browser, RenderedManifest] = {}
    try:
        for plan, _, _ in runs:
            rendered = render_manifest(plan)
            manifests[plan.browser] = rendered
            report.warnings += rendered.warnings
        metafiles: dict[Browser, dict[str, object]] = {}
        for plan, _, run in runs:
            found, metafiles[plan.browser] = run.finish()
            errors += [d for d in found if d.severity == "error"]
            report.warnings += [d for d in found if d.severity == "warning"]
        if checker:
            found = checker.finish()
            errors += [d for d in found if d.severity == "error"]
            report.warnings += [d for d in found if d.severity == "warning"]
    except BaseException:
        for _, staging, run in runs:
            for job in run.jobs:
                if job.process and job.process.poll() is None:
                    job.process.kill()
            shutil.rmtree(staging, ignore_errors=True)
        if checker and checker.process and checker.process.poll() is None:
            checker.process.kill()
        raise

    report.warnings = _unique(report.warnings)
    if on_warning:
        for warning in report.warnings:
            on_warning(warning)
    if errors:
        for _, staging, _ in runs:
            shutil.rmtree(staging, ignore_errors=True)
        raise ProjectError(_unique(errors))

    for plan, staging, _ in runs:
        _write_pages_and_assets(plan, staging)
        (staging / "manifest.json").write_text(manifests[plan.browser].to_json(), encoding="utf-8")
        final = project.out_dir / plan.browser
        shutil.rmtree(final, ignore_errors=True)
        staging.rename(final)
        _write_json(project.out_dir / f"{plan.browser}.metafile.json", metafiles[plan.browser])
        _write_json(project.out_dir / f"{plan.browser}.contexts.json", plan.contexts_json())
        files = sum(1 for p in final.rglob("*") if p.is_file())
        report.builds.append(BrowserBuild(plan.browser, final, manifests[plan.browser].manifest, files))
    shutil.rmtree(scratch, ignore_errors=True)
    report.seconds = time.perf_counter() - started
    return report


def _write_pages_and_assets(plan: BuildPlan, staging: Path) -> None:
    for page in plan.pages:
        target = staging / page.out
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(rewrite_page(page.text, page.replacements), encoding="utf-8")
    for asset in plan.assets.values():
        target = staging / asset.out
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(asset.source, target)


def _write_json(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, indent=2, sort_keys=False) + "\n", encoding="utf-8")


def _unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The same warning from three browsers' builds is one warning (kept once, first browser named)."""
    seen: set[tuple[object, ...]] = set()
    result = []
    for d in diagnostics:
        key = (d.severity, d.message, d.path, d.line, d.column, d.key, d.code)
        if key not in seen:
            seen.add(key)
            result.append(d)
    return result
