"""An xtk project as a `LintContext`: xtk builds every target into `.xtk/lint-build/` (no type-check; the user's
build/ is untouched) and the lint takes what runs where from the build itself, in memory: each plan's scripts and
their contexts, the constants its code was folded with (`import.meta.env`), and esbuild's metafile (which sources
went into each output). The manifests are checked against their schemas exactly as `xtk build` checks them, so lint
and build give a project the same verdict (exit 2).

The path runs one way: the build (its entries parsed and walked while esbuild bundles, which is what the facts cost
most), then what the metafile adds, then the facts of every source once (`Resolver.project_facts`), then the rules
(engine.py). A source file over the size limit is not parsed: it is listed in `LintContext.unanalysed` (XL004).
A caller that has just built the same targets in production (`xtk submit`) hands its build over (`ProductionBuild`)
and the lint judges that build, the one it packages, instead of making its own.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolchain.analysis.extract import Resolver, walk
from toolchain.analysis.parse import too_large
from toolchain.analysis.walk_cache import walk_cache_for
from toolchain.builder.pipeline import build
from toolchain.builder.recipe import BrowserBuild, BuildReport
from toolchain.lint import graph_cache
from toolchain.lint.context import LintContext, ManifestSource, Target
from toolchain.lint.posture import load_posture
from toolchain.lint.targets import SOURCE_SUFFIXES, over_limit
from toolchain.plan import BuildPlan
from toolchain.positions.toml import key_positions
from toolchain.project import Project
from toolchain.protocol.model import load_protocol

#: Where the lint builds, inside the project (the result cache reads the metafiles written there).
LINT_BUILD = Path(".xtk") / "lint-build"
#: where the walks of the sources are kept between lints (toolchain/analysis/walk_cache.py)
WALK_CACHE = Path(".xtk") / "lint-cache"

_ENV_DEFINE = "import.meta.env."


@dataclass
class ProductionBuild:
    """A production build the caller made (with its manifests validated): its plans, kept by `while_bundling`,
    and its report. The lint of those browsers judges it as it is."""

    plans: dict[str, BuildPlan] = field(default_factory=dict)
    report: BuildReport | None = None

    def while_bundling(self, built_plans: list[BuildPlan]) -> None:
        self.plans.update((plan.browser, plan) for plan in built_plans)

    def targets(self, project: Project, browsers: list[str]) -> list[Target] | None:
        """Its targets, when it built every one of `browsers`; else None."""
        builds = {built.browser: built for built in self.report.builds} if self.report else {}
        if not browsers or any(b not in builds or b not in self.plans for b in browsers):
            return None
        return [_target(project, self.plans[b], builds[b]) for b in browsers]


def project_context(
    project: Project,
    *,
    reuse_graph: bool = True,
    browsers: list[str] | None = None,
    built: ProductionBuild | None = None,
) -> LintContext:
    """The targets and their contexts (from the build, or from the last lint build when no import changed since:
    graph_cache.py, or from the caller's production build of `browsers`), then the facts of every bundled source
    once, then the posture and protocol the rules judge them by."""
    settings = project.config.lint
    abstraction = project.path(settings.abstraction) if settings and settings.abstraction else None
    extra = [project.path(project.config.conformance.module)] if project.config.conformance else []
    walks = (
        walk_cache_for(project.base_dir / WALK_CACHE, project.base_dir, root=project.root, abstraction=abstraction)
        if reuse_graph
        else None
    )
    resolver = Resolver(root=project.root, abstraction=abstraction, walk_cache=walks)
    plans: dict[str, BuildPlan] = {}

    def while_bundling(built_plans: list[BuildPlan]) -> None:
        """Keep the plans (what runs where), and parse and walk every entry and what it imports while esbuild
        bundles, so the facts below cost little."""
        plans.update((plan.browser, plan) for plan in built_plans)
        entries = {entry.source for plan in built_plans for entry in plan.scripts.values()}
        walk(resolver, [path for path in sorted(entries) + extra if too_large(path) is None])

    all_browsers = [str(browser) for browser in project.targets]
    # the caller's production build (xtk submit), else the last lint build's targets when no import changed since
    targets = built.targets(project, browsers) if built is not None and browsers else None
    reused = targets is None and reuse_graph
    if reused:
        targets = graph_cache.reusable_targets(project, all_browsers)
    if targets is not None:  # either way the sources are walked anew
        walk(resolver, [path for path in sorted(_sources(targets)) + extra if too_large(path) is None])
        if reused and _parse_errors(resolver):  # esbuild would fail on a broken file: the full build gives its verdict
            targets = None
    if targets is None:
        # validate=True: the manifests must pass the schemas `xtk build` holds them to (same project, same verdict)
        report = build(
            project,
            project.targets,
            "production",
            typecheck=False,
            out_dir=project.base_dir / LINT_BUILD,
            validate=True,
            while_bundling=while_bundling,
        )
        targets = [_target(project, plans[made.browser], made) for made in report.builds]
        graph_cache.store(project, all_browsers, targets, _bundled_packages(project.root, report.builds))
    bundled = _sources(targets)
    unanalysed = over_limit(bundled | set(extra))
    # files reached in a way relative imports do not show (tsconfig paths…) are walked now: the metafile is complete
    walk(resolver, [path for path in sorted(bundled) + extra if path.resolve() not in unanalysed])
    resolver.store_walks()
    context = LintContext(
        root=project.base_dir,
        kind="project",
        targets=targets,
        facts=resolver.project_facts(),
        manifest_source=_config_source(project),
        project=project,
        abstraction=abstraction,
        unanalysed=unanalysed,
    )
    if settings and settings.posture:
        posture_path = (project.base_dir / settings.posture).resolve()
        context.posture = load_posture(posture_path, project.display(posture_path))
    if project.config.protocol:
        context.protocol = load_protocol(
            (project.base_dir / project.config.protocol.schemas).resolve(), project.base_dir
        )
    return context


def _sources(targets: list[Target]) -> set[Path]:
    return {path for target in targets for path in target.files if path.suffix in SOURCE_SUFFIXES}


def _parse_errors(resolver: Resolver) -> bool:
    return any(module is not None and module.base.parse_errors for module in resolver.modules.values())


def _bundled_packages(root: Path, builds: list[BrowserBuild]) -> list[str]:
    """The node_modules files esbuild bundled into any target (the graph cache compares them by size and mtime)."""
    found = {
        str((root / source).resolve())
        for built in builds
        for source in built.metafile.get("inputs", {})
        if "node_modules" in Path(source).parts
    }
    return sorted(found)


def _target(project: Project, plan: BuildPlan, built: BrowserBuild) -> Target:
    return Target(
        browser=built.browser,
        manifest=built.manifest,
        min_version=getattr(project.config.targets, built.browser).min_version,
        files=_files_by_context(project.root, plan, built.metafile),
        env=_folded_env(plan),
        package_dir=built.out_dir,
        injected_resources=frozenset(
            plan.output_of(path) for bundle in project.config.injected for path in (bundle.entry, *bundle.css)
        ),
    )


def _files_by_context(root: Path, plan: BuildPlan, metafile: dict[str, Any]) -> dict[Path, set[str]]:
    """Every source bundled into a script the plan runs (node_modules aside) → the contexts that script runs in."""
    by_output = {entry.out: set(entry.contexts) for entry in plan.scripts.values()}
    files: dict[Path, set[str]] = {}
    for output, data in metafile.get("outputs", {}).items():
        where = by_output.get(output)
        if not where:
            continue
        for source in data.get("inputs", {}):
            path = (root / source).resolve()
            if "node_modules" in path.parts:
                continue
            files.setdefault(path, set()).update(where)
    return files


def _folded_env(plan: BuildPlan) -> dict[str, object]:
    """`import.meta.env` exactly as esbuild folded this build's code: the plan's defines, decoded."""
    return {
        name.removeprefix(_ENV_DEFINE): json.loads(value)
        for name, value in plan.defines().items()
        if name.startswith(_ENV_DEFINE)
    }


def _config_source(project: Project) -> ManifestSource:
    config_text = project.config_path.read_text(encoding="utf-8")
    return ManifestSource(
        project.config_path, project.display(project.config_path), "config", key_positions(config_text)
    )
