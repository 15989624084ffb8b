"""The full build: project → plan → (esbuild commands, manifests, pages, assets) → recipe → execution.

esbuild and tsc start as soon as the plan gives their commands; manifests render and validate while they run.
A successful build stores its recipe, with the fingerprint of its inputs, for the cached path.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from toolchain.builder.cache import Fingerprint, cache_file, store
from toolchain.builder.execute import Execution, scratch_dir, staging_dir, unique
from toolchain.builder.recipe import BrowserRecipe, BuildReport, Recipe
from toolchain.diagnostics import Diagnostic, ProjectError
from toolchain.files import confine, write_if_changed
from toolchain.manifest.render import render_manifest
from toolchain.plan import BuildPlan, Mode, plan_build
from toolchain.plan.build_plan import read_env
from toolchain.plan.generated_icons import generated_icon_out, needed_sizes
from toolchain.plan.pages import rewrite_page
from toolchain.project import Browser, Project
from toolchain.tools.components import check_installed, node_command, node_features
from toolchain.tools.esbuild import esbuild_commands, find_esbuild
from toolchain.tools.typecheck import TypecheckMode, env_types_path, env_types_text


def env_types(project: Project) -> tuple[Path, str]:
    path = env_types_path(project.root)
    remembered = confine(path.parent / "rendered", project.base_dir)  # .xtk/rendered: the template texts
    # `.env` variables of either mode are typed as strings (tools read them; which mode is built is not known here)
    env = {name: value for mode in ("development", "production") for name, value in read_env(project, mode)[0].items()}
    return path, env_types_text(project.targets, {**env, **project.config.constants}, remembered=remembered)


def prepare(project: Project) -> Path:
    """Write the generated type declarations (`.xtk/env.d.ts`) the code is checked against; their path."""
    path, text = env_types(project)
    write_if_changed(path, text, inside=project.base_dir)
    return path


def build(
    project: Project,
    browsers: list[Browser],
    mode: Mode = "production",
    typecheck: bool | TypecheckMode = True,
    on_warning: Callable[[Diagnostic], None] | None = None,
    request: str | None = None,
    out_dir: Path | None = None,
    validate: bool = True,
    while_bundling: Callable[[list[BuildPlan]], None] | None = None,
) -> BuildReport:
    """Build `browsers`; raise ProjectError (or InputError) with every problem found, after reporting warnings.

    `request` names the build request for the cache (the CLI's `--browser` choice); None stores nothing.
    `out_dir` builds somewhere else than the project's `out` (xtk lint builds into .xtk/lint-build/, and with
    `validate=False` skips the manifest schema, which `xtk build` enforces).
    """
    out = out_dir or project.out_dir
    if request is not None:  # refused before any work, not after: the cache file is written when the build is done
        confine(cache_file(project.config_path, request, mode), project.base_dir)
    plans = [plan_build(project, browser, mode) for browser in browsers]
    problems = [d for plan in plans for d in plan.problems]
    if problems:
        raise ProjectError(unique(problems))
    add_drawn_icons(project, plans)  # before the fingerprint: the drawn PNGs are files of the recipe

    binary = find_esbuild(project.root)
    # components, stylesheet tools, asset queries: esbuild's JS API in Node, with plugins (tools/components.py)
    auto_imports = bool(project.config.auto_imports or project.config.auto_import_names)
    frameworks = node_features(project.root, project.src_dir, auto_imports)
    if frameworks:
        check_installed(project.root, frameworks)
    plugins = [plugin.model_dump() for plugin in project.config.esbuild_plugins]
    if plugins:  # [[esbuild_plugins]] run in Node too
        frameworks = [*frameworks, "plugins"]
    # Taken before anything runs: an input edited during the build makes the next build a full one.
    fingerprint = (
        Fingerprint.of_build(project, plans, binary, request, mode, node=frameworks) if request is not None else None
    )
    execution = Execution(project.root, project.base_dir, out)
    commands = {
        plan.browser: esbuild_commands(plan, binary, staging_dir(out, plan.browser), scratch_dir(out)) for plan in plans
    }
    if frameworks:
        commands = {
            browser: [node_command(c, project.root, frameworks, plugins) for c in browser_commands]
            for browser, browser_commands in commands.items()
        }
    types = execution.start(
        [c for plan in plans for c in commands[plan.browser]],
        lambda: env_types(project),
        typecheck,
        browsers=[plan.browser for plan in plans],
    )
    try:
        recipes = [_browser_recipe(plan, commands[plan.browser], validate) for plan in plans]
        if while_bundling is not None:
            while_bundling(plans)
    except BaseException:
        execution.abort()
        raise
    report = execution.finish(recipes, on_warning)
    if request is not None and fingerprint is not None:
        recipe = Recipe(project.root, project.base_dir, out, types, recipes, project.config.typecheck)
        store(project.config_path, request, mode, recipe, fingerprint)
    return report


def add_drawn_icons(project: Project, plans: list[BuildPlan]) -> None:
    """The icons drawn from `icon` (tools/icons.py), as assets of every plan; the manifest names them
    (plan/generated_icons.py). A file of public/ at the same build path is an error, not silently replaced."""
    config = project.config
    if not config.icon:
        return
    from toolchain.tools.icons import draw_icons  # here: Pillow and resvg cost ~15 ms of every build and lint

    shown = project.display(project.path(config.icon))
    sizes = needed_sizes(config)
    if not sizes:
        unused = Diagnostic(
            "warning",
            "nothing is drawn from this image: [icons] sets the manifest's icons, and [action] has icons or is absent",
            path=shown,
            key="icon",
        )
        for plan in plans:
            plan.warnings.append(unused)
        return
    drawn = draw_icons(project.path(config.icon), sizes, project.base_dir, shown)
    clashes: list[Diagnostic] = []
    for plan in plans:
        plan.warnings += drawn.warnings
        for size, png in drawn.files.items():
            out = generated_icon_out(size)
            if out in plan.assets:
                clashes.append(
                    Diagnostic(
                        "error",
                        f"{out} is the icon xtk draws from `icon`, and {project.display(plan.assets[out].source)} "
                        "is copied to the same place: remove one",
                        path=shown,
                        key="icon",
                    )
                )
            plan.add_asset(png, out)
    if clashes:
        raise ProjectError(unique(clashes))


def _browser_recipe(plan: BuildPlan, commands: list, validate: bool = True) -> BrowserRecipe:
    rendered = render_manifest(plan, validate)
    return BrowserRecipe(
        browser=plan.browser,
        manifest_version=plan.manifest_version,
        esbuild=commands,
        manifest=rendered.manifest,
        pages=[(page.out, rewrite_page(page.text, page.replacements)) for page in plan.pages],
        assets=[(str(asset.source), asset.out) for asset in plan.assets.values()],
        contexts=plan.contexts_json(),
        warnings=[*rendered.warnings, *plan.warnings],
    )
