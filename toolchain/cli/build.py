"""`xtk build`, `xtk package`, `xtk prepare` and `xtk inspect`: the commands that load a project and build it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import click

from toolchain.cli.options import BROWSER_CHOICES, cache_option, format_option, project_option
from toolchain.cli.output import echo_json, emit, run_reported
from toolchain.diagnostics import Diagnostic


def _run_build(
    project: str | None,
    browser: str,
    mode: str,
    typecheck: bool | None,
    use_cache: bool,
    on_warning: Callable[[Diagnostic], None],
) -> tuple[Any, Any]:
    """Replay the cached recipe when its inputs are unchanged; otherwise load the config and build in full.

    Returns the report and something that shows paths (the project, or the recipe on the cached path).
    """
    from toolchain.builder import cache
    from toolchain.project import find_config
    from toolchain.tools.typecheck import typecheck_mode

    _interrupt_on_sigterm()
    config_path = find_config(project)
    recipe = cache.load(config_path, browser, mode) if use_cache else None
    if recipe is not None:
        from toolchain.builder.execute import execute

        report = execute(recipe, typecheck_mode(typecheck, recipe.typecheck), on_warning)
        report.cached = True
        return report, recipe
    from toolchain.builder.pipeline import build as full_build
    from toolchain.project import load_project

    loaded = load_project(config_path)
    browsers = loaded.chosen_targets(browser)
    checked = typecheck_mode(typecheck, loaded.config.typecheck)
    report = full_build(loaded, browsers, mode, checked, on_warning, request=browser)  # type: ignore[arg-type]
    return report, loaded


def _interrupt_on_sigterm() -> None:
    """SIGTERM stops a build as Ctrl-C does (exit 130): the build removes what it staged and keeps the last good
    one. Python's default would end the process on the spot, leaving staging folders behind."""
    import signal

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)


@click.command()
@project_option
@click.option(
    "--browser",
    "-b",
    type=click.Choice(BROWSER_CHOICES),
    default="all",
    show_default=True,
    help="Which target to build; all = every [targets.*] in the config.",
)
@click.option(
    "--mode",
    type=click.Choice(["development", "production"]),
    default="production",
    show_default=True,
    help="production minifies; development keeps names and writes source maps.",
)
@click.option(
    "--typecheck/--no-typecheck",
    default=None,
    help='Run `tsc --noEmit` (strict) too, or not. Default: xtk.toml\'s `typecheck` (true, "warn" or false; true '
    "when absent).",
)
@cache_option
@format_option
def build(
    project: str | None, browser: str, mode: str, typecheck: bool | None, use_cache: bool, output_format: str
) -> None:
    """Build the extension into build/<browser>/ for each target browser.

    Each build holds manifest.json (validated against xtk's JSON Schema for its browser before it is written),
    the bundles, pages and icons. Next to it: <browser>.metafile.json (esbuild's metafile) and
    <browser>.contexts.json (which source runs in which extension context). A failed build leaves the
    previous build in place. Type errors, esbuild errors and bad pages exit 1; config errors exit 2.
    """
    warnings: list[Diagnostic] = []
    report, paths = run_reported(
        output_format, lambda: _run_build(project, browser, mode, typecheck, use_cache, warnings.append), warnings
    )
    if output_format == "json":
        echo_json(
            {
                "ok": True,
                "seconds": round(report.seconds, 4),
                "cached_recipe": report.cached,
                "builds": [
                    {
                        "browser": b.browser,
                        "path": paths.display(b.out_dir),
                        "files": b.files,
                        "manifest_version": b.manifest.get("manifest_version"),
                    }
                    for b in report.builds
                ],
                "warnings": [d.to_json() for d in warnings],
            }
        )
        return
    emit(warnings)
    for b in report.builds:
        click.echo(
            f"built {b.browser:<8} → {paths.display(b.out_dir)}/ "
            f"(MV{b.manifest.get('manifest_version')}, {b.files} files)"
        )
    checked = {"error": "type-checked", "warn": "type-checked (errors as warnings)"}.get(report.typecheck)
    notes = [n for n, on in ((checked, checked), ("recipe from cache", report.cached)) if on]
    click.echo(f"{len(report.builds)} build(s) in {report.seconds * 1000:.0f} ms" + "".join(f", {n}" for n in notes))


@click.command()
@project_option
@click.option(
    "--browser",
    "-b",
    type=click.Choice(BROWSER_CHOICES),
    default="all",
    show_default=True,
    help="Which target to package; all = every [targets.*].",
)
@click.option(
    "--typecheck/--no-typecheck",
    default=None,
    help="Run `tsc --noEmit` before packaging, or not. Default: xtk.toml's `typecheck`.",
)
@click.option(
    "--verify",
    is_flag=True,
    help="Then rebuild from the sources zip as its REBUILD.md tells a reviewer (npm ci, then xtk's build, in a clean "
    "temporary folder) and compare every store zip byte for byte; exit 1 naming the first file that differs.",
)
@cache_option
@format_option
def package(
    project: str | None, browser: str, typecheck: bool | None, verify: bool, use_cache: bool, output_format: str
) -> None:
    """Build in production mode and write store-ready zips to dist/, listing what went into each.

    One zip per browser (<name>-<version>-<browser>.zip) and a sources zip (<name>-<version>-sources.zip)
    with everything needed to rebuild, as Firefox's add-on review asks for: the files git tracks (outside git,
    every file but installed and generated folders). Secrets never go in, tracked or not (.env*, private keys,
    keystores, .netrc, .ssh/..., an .npmrc that could hold a credential: --format json lists what was left out); a
    link out of the project is refused.
    Zips are reproducible: the same input gives byte-identical files (sorted entries, fixed timestamps and
    permissions). The sources zip holds REBUILD.md: the versions of Node, npm and xtk, the commands, and each
    store zip's sha256.
    """
    from toolchain.project import load_project
    from toolchain.tools.package import package_builds, package_sources, source_files

    warnings: list[Diagnostic] = []

    def make_zips() -> tuple[Any, Any, Any]:
        report, _ = _run_build(project, browser, "production", typecheck, use_cache, warnings.append)
        if output_format == "text":
            emit(warnings)
            warnings.clear()  # said once, also when packaging fails below
        loaded = load_project(project)
        sources = source_files(loaded)  # before any zip is written: a refused link stops the whole package
        builds = package_builds(loaded, report.builds)
        return loaded, sources, builds + [package_sources(loaded, sources, builds)]

    loaded, sources, zips = run_reported(output_format, make_zips, warnings)
    chosen_by = "git ls-files" if sources.tracked_only else "a walk of the project (not a git work tree)"
    verification = (
        run_reported(output_format, lambda: _verify(loaded, zips, output_format), warnings) if verify else None
    )
    if output_format == "json":
        found: dict[str, Any] = {
            "ok": verification is None or verification.reproducible,
            "zips": [loaded.display(z.path) for z in zips],
            "contents": {loaded.display(z.path): z.names for z in zips},
            "sources": {"chosen_by": chosen_by, "left_out": sources.left_out},
            "warnings": [d.to_json() for d in warnings],
        }
        if verification is not None:
            found["verify"] = {
                c.browser: {"identical": c.identical, "difference": c.difference} for c in verification.comparisons
            }
        echo_json(found)
        if verification is not None and not verification.reproducible:
            raise SystemExit(1)
        return
    for packaged in zips:
        click.echo(
            f"wrote {loaded.display(packaged.path)} "
            f"({packaged.path.stat().st_size:,} bytes, {len(packaged.names)} files)"
        )
        for name in packaged.names:
            click.echo(f"  {name}")
    click.echo(f"sources chosen by {chosen_by}")
    if sources.left_out:
        click.echo(f"left out of the sources zip (secrets): {', '.join(sources.left_out)}")
    if verification is not None:
        for comparison in verification.comparisons:
            if comparison.identical:
                click.echo(f"verified {comparison.browser}: rebuilt from the sources, byte for byte identical")
            else:
                click.echo(
                    f"error: {comparison.browser}: not reproducible from the sources: {comparison.difference}", err=True
                )
        if not verification.reproducible:
            raise SystemExit(1)


def _verify(loaded: Any, zips: list[Any], output_format: str) -> Any:
    from toolchain.submit.verify import verify_sources
    from toolchain.tools.package import zip_browser

    store_zips = {zip_browser(z.path): z.path for z in zips if not z.path.name.endswith("-sources.zip")}
    sources = next(z.path for z in zips if z.path.name.endswith("-sources.zip"))

    def log(line: str) -> None:
        if output_format == "text":
            click.echo(line, err=True)

    return verify_sources(loaded, sources, store_zips, log)


@click.command()
@project_option
def prepare(project: str | None) -> None:
    """Write .xtk/env.d.ts (the types of import.meta.env) so editors and plain `tsc` see them, and install
    esbuild into .xtk/tools/ when the project has none recent enough.

    `xtk build` rewrites the types too; run this after cloning, before opening the project in an editor. A project
    made by another tool often has only an old esbuild that its bundler brought (Vite 2: 0.14); xtk needs 0.18 or
    later and installs its own pinned one beside the project rather than touching its package.json.
    """
    from toolchain.builder.pipeline import prepare as run_prepare
    from toolchain.project import load_project
    from toolchain.tools.esbuild import install_tools_esbuild

    loaded = load_project(project)
    installed = install_tools_esbuild(loaded.root)
    if installed is not None:
        click.echo(f"installed esbuild in {loaded.display(installed)}")
    path = run_prepare(loaded)
    click.echo(f"wrote {loaded.display(path)}")


@click.command()
@project_option
@format_option
def inspect(project: str | None, output_format: str) -> None:
    """Check the config and print the project as xtk understands it (targets, entries, permissions).

    Exits 2 with every problem located (file:line: key: message) when the config is not valid.
    """
    from toolchain.project import load_project

    loaded = run_reported(output_format, lambda: load_project(project))
    data = loaded.config.model_dump(mode="json", exclude_defaults=True)
    if output_format == "json":
        echo_json({"config": loaded.display(loaded.config_path), "targets": loaded.targets, "project": data})
        return
    click.echo(f"{loaded.name} {loaded.config.extension.version} ({loaded.display(loaded.config_path)})")
    click.echo(f"targets: {', '.join(loaded.targets)}")
    click.echo(json.dumps(data, indent=2))
