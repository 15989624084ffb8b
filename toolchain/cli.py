"""The `xtk` command. Thin: parse options, call one stage, turn its diagnostics into text and an exit code.

Exit codes: 0 ok; 1 the project has errors (build, type-check, lint); 2 bad usage or bad input (arguments,
config, schema, manifest). Stages are imported inside the commands so `xtk --help` starts fast.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import click

from toolchain import __version__
from toolchain.diagnostics import EXIT_PROJECT_ERRORS, Diagnostic, XtkError
from toolchain.golden.arguments import OutputFile, OutputFolder
from toolchain.lint.limits import RATIO_FLOOR_BYTES, InputLimits, SizeParam, format_size
from toolchain.scaffold.options import TemplateOption

F = TypeVar("F", bound=Callable[..., Any])
BROWSER_CHOICES = ("chrome", "edge", "firefox", "all")
_LIMITS = InputLimits()  # the defaults, shown in `xtk lint --help`


def _emit(diagnostics: Iterable[Diagnostic]) -> None:
    for diagnostic in diagnostics:
        click.echo(diagnostic.format(), err=True)


def project_option(command: F) -> F:
    return click.option(
        "--project",
        "-p",
        "project",
        metavar="PATH",
        default=None,
        help="The project: a folder holding xtk.toml, or the config file itself. Default: the current folder.",
    )(command)


def format_option(command: F) -> F:
    return click.option(
        "--format",
        "output_format",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
        help="text for people; json (on stdout) for tools and CI.",
    )(command)


def _browsers(project: Any, choice: str) -> list[Any]:
    from toolchain.diagnostics import InputError

    if choice == "all":
        return project.targets
    if choice not in project.targets:
        raise InputError.single(
            f"--browser {choice}: the project has no [targets.{choice}] (it targets {', '.join(project.targets)})"
        )
    return [choice]


class XtkGroup(click.Group):
    """Maps xtk's errors to exit codes in one place, for every command."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except XtkError as error:
            _emit(error.diagnostics)
            ctx.exit(error.exit_code)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except KeyboardInterrupt:
            click.echo("xtk: interrupted", err=True)
            ctx.exit(130)
        except Exception as error:  # a bug in xtk, not in the project: say so, keep the traceback behind a flag
            if os.environ.get("XTK_DEBUG"):
                traceback.print_exc()
            click.echo(f"xtk: internal error: {type(error).__name__}: {error} (set XTK_DEBUG=1 for the traceback)", err=True)
            ctx.exit(EXIT_PROJECT_ERRORS)


@click.group(cls=XtkGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110})
@click.version_option(__version__, "--version", "-V", prog_name="xtk", message="%(prog)s %(version)s")
def main() -> None:
    """xtk — build, package and check a cross-browser web extension from one project.

    A project is described by one config file, xtk.toml (see docs/config.md). From it xtk renders the
    Manifest V3 manifests for Chrome and Edge and the Manifest V2 (or V3) manifest for Firefox, bundles the
    TypeScript per browser with esbuild, type-checks it with tsc and packages zips.

    \b
    Exit codes: 0 ok · 1 the project has errors · 2 bad usage or bad input.
    """


def _run_build(project: str | None, browser: str, mode: str, typecheck: bool, use_cache: bool,
               on_warning: Callable[[Diagnostic], None]) -> tuple[Any, Any]:
    """Replay the cached recipe when its inputs are unchanged; otherwise load the config and build in full.

    Returns the report and something that shows paths (the project, or the recipe on the cached path).
    """
    from toolchain.build import cache
    from toolchain.project import find_config

    _interrupt_on_sigterm()
    config_path = find_config(project)
    recipe = cache.load(config_path, browser, mode) if use_cache else None
    if recipe is not None:
        from toolchain.build.execute import execute

        report = execute(recipe, typecheck, on_warning)
        report.cached = True
        return report, recipe
    from toolchain.build.pipeline import build as full_build
    from toolchain.project import load_project

    loaded = load_project(config_path)
    browsers = _browsers(loaded, browser)
    report = full_build(loaded, browsers, mode, typecheck, on_warning, request=browser)  # type: ignore[arg-type]
    return report, loaded


def _interrupt_on_sigterm() -> None:
    """SIGTERM stops a build as Ctrl-C does (exit 130): the build removes what it staged and keeps the last good
    one. Python's default would end the process on the spot, leaving staging folders behind."""
    import signal

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)


def cache_option(command: F) -> F:
    return click.option(
        "--cache/--no-cache",
        "use_cache",
        default=True,
        show_default=True,
        help="Replay the last build's recipe when the config, pages, copied folders and xtk itself are unchanged "
        "(sources are always re-bundled). --no-cache loads and checks the config from scratch.",
    )(command)


@main.command()
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
@click.option("--typecheck/--no-typecheck", default=True, show_default=True, help="Run `tsc --noEmit` (strict) too.")
@cache_option
@format_option
def build(project: str | None, browser: str, mode: str, typecheck: bool, use_cache: bool, output_format: str) -> None:
    """Build the extension into build/<browser>/ for each target browser.

    Each build holds manifest.json (validated against specs/manifest/*.schema.json before it is written),
    the bundles, pages and icons. Next to it: <browser>.metafile.json (esbuild's metafile) and
    <browser>.contexts.json (which source runs in which extension context). A failed build leaves the
    previous build in place. Type errors, esbuild errors and bad pages exit 1; config errors exit 2.
    """
    warnings: list[Diagnostic] = []
    try:
        report, paths = _run_build(project, browser, mode, typecheck, use_cache, warnings.append)
    except XtkError as error:
        if output_format == "json":
            click.echo(json.dumps({"ok": False, "errors": [d.to_json() for d in error.diagnostics],
                                   "warnings": [d.to_json() for d in warnings]}, indent=2))
            sys.exit(error.exit_code)
        _emit(warnings)
        raise
    if output_format == "json":
        click.echo(json.dumps({
            "ok": True,
            "seconds": round(report.seconds, 4),
            "cached_recipe": report.cached,
            "builds": [{"browser": b.browser, "path": paths.display(b.out_dir), "files": b.files,
                        "manifest_version": b.manifest.get("manifest_version")} for b in report.builds],
            "warnings": [d.to_json() for d in warnings],
        }, indent=2))
        return
    _emit(warnings)
    for b in report.builds:
        click.echo(f"built {b.browser:<8} → {paths.display(b.out_dir)}/ (MV{b.manifest.get('manifest_version')}, {b.files} files)")
    notes = [n for n, on in (("type-checked", typecheck), ("recipe from cache", report.cached)) if on]
    click.echo(f"{len(report.builds)} build(s) in {report.seconds * 1000:.0f} ms" + "".join(f", {n}" for n in notes))


@main.command()
@project_option
@click.option("--browser", "-b", type=click.Choice(BROWSER_CHOICES), default="all", show_default=True,
              help="Which target to package; all = every [targets.*].")
@click.option("--typecheck/--no-typecheck", default=True, show_default=True, help="Run `tsc --noEmit` before packaging.")
@cache_option
@format_option
def package(project: str | None, browser: str, typecheck: bool, use_cache: bool, output_format: str) -> None:
    """Build in production mode and write store-ready zips to dist/, listing what went into each.

    One zip per browser (<name>-<version>-<browser>.zip) and a sources zip (<name>-<version>-sources.zip)
    with everything needed to rebuild, as Firefox's add-on review asks for: the files git tracks (outside git,
    every file but installed and generated folders). Secrets never go in, tracked or not (.env*, private keys,
    keystores, .npmrc, .netrc, .ssh/...: see docs/decisions.md); a link out of the project is refused. Zips are
    reproducible: the same input gives byte-identical files (sorted entries, fixed timestamps and permissions).
    """
    from toolchain.bundle.package import package_builds, package_sources, source_files
    from toolchain.project import load_project

    warnings: list[Diagnostic] = []
    try:
        report, _ = _run_build(project, browser, "production", typecheck, use_cache, warnings.append)
    finally:
        if output_format == "text":
            _emit(warnings)
    loaded = load_project(project)
    sources = source_files(loaded)  # before any zip is written: a refused link stops the whole package
    zips = package_builds(loaded, report.builds) + [package_sources(loaded, sources)]
    chosen_by = "git ls-files" if sources.tracked_only else "a walk of the project (not a git work tree)"
    if output_format == "json":
        click.echo(json.dumps({"ok": True, "zips": [loaded.display(z.path) for z in zips],
                               "contents": {loaded.display(z.path): z.names for z in zips},
                               "sources": {"chosen_by": chosen_by, "left_out": sources.left_out},
                               "warnings": [d.to_json() for d in warnings]}, indent=2))
        return
    for packaged in zips:
        click.echo(f"wrote {loaded.display(packaged.path)} ({packaged.path.stat().st_size:,} bytes, {len(packaged.names)} files)")
        for name in packaged.names:
            click.echo(f"  {name}")
    click.echo(f"sources chosen by {chosen_by}")
    if sources.left_out:
        click.echo(f"left out of the sources zip (secrets): {', '.join(sources.left_out)}")


@main.command()
@project_option
def prepare(project: str | None) -> None:
    """Write .xtk/env.d.ts (the types of import.meta.env) so editors and plain `tsc` see them.

    `xtk build` rewrites it too; run this after cloning, before opening the project in an editor.
    """
    from toolchain.build.pipeline import prepare as run_prepare
    from toolchain.project import load_project

    loaded = load_project(project)
    path = run_prepare(loaded)
    click.echo(f"wrote {loaded.display(path)}")


@main.command()
@project_option
@format_option
def inspect(project: str | None, output_format: str) -> None:
    """Check the config and print the project as xtk understands it (targets, entries, permissions).

    Exits 2 with every problem located (file:line: key: message) when the config is not valid.
    """
    from toolchain.project import load_project

    loaded = load_project(project)
    data = loaded.config.model_dump(mode="json", exclude_defaults=True)
    if output_format == "json":
        click.echo(json.dumps({"config": loaded.display(loaded.config_path), "targets": loaded.targets, "project": data}, indent=2))
        return
    click.echo(f"{loaded.name} {loaded.config.extension.version} ({loaded.display(loaded.config_path)})")
    click.echo(f"targets: {', '.join(loaded.targets)}")
    click.echo(json.dumps(data, indent=2))


@main.command()
@project_option
@click.option(
    "--engine",
    "engines",
    metavar="NAMES",
    multiple=True,
    help="Engines to run, comma-separated (or repeat the option): v8, spidermonkey, node, chromium, firefox. "
    "Default: all five.",
)
@click.option(
    "--vectors",
    "vectors",
    metavar="PATH",
    multiple=True,
    help="A golden-vector file or a folder of them (its *.json, not recursive); repeat for several. Default: "
    "[conformance] vectors in the config, else [golden] vectors.",
)
@format_option
def conform(project: str | None, engines: tuple[str, ...], vectors: tuple[str, ...], output_format: str) -> None:
    """Check the runtime against the golden vectors in every JavaScript engine DocMind runs in.

    Bundles the config's [conformance] module (it exports `conformance`: each golden function's name → the
    runtime function) with esbuild, runs every case in each engine and compares the result with the
    reference's `expected` as JSON values: strings code unit for code unit, numbers exactly, keys in any order.

    \b
    Engines (--engine), all five by default, run at the same time:
      v8            V8 in-process (PyPI mini-racer)
      spidermonkey  SpiderMonkey (PyPI pythonmonkey, in a Python process of its own)
      node          Node.js (`node` on PATH), one process for the whole run
      chromium      headless Chromium (Debian's), cases in a web page's worker
      firefox       headless Firefox ESR, cases in a web page's worker
    V8, Node and Chromium run the Chrome build's code, SpiderMonkey and Firefox the Firefox
    build's (import.meta.env as `xtk build` defines it). Data crosses every bridge as
    ASCII-escaped JSON. A case that needs a web API an engine lacks (mini-racer's bare V8 has
    no URL) is skipped in that engine, saying so.

    \b
    Vectors (--vectors): golden files as specs/semantics.md §4 describes them. Every case
    needs "expected" (inputs files lack it: run `xtk golden make`). Cases referencing the
    corpus ({"$corpus": ...}) are skipped, with the reason, when ../shared/corpus is absent:
    never counted as passed.

    \b
    Output: passes and failures per engine and per function, then each failure with its case
    id, expected and actual value (long values cut around the first difference; --format json
    has them in full). A case that hangs is stopped after 10 s and reported as failed.

    \b
    Exit codes:
      0  every case passed in every engine (skipped cases aside)
      1  a case failed; an engine could not start or crashed (the report says which and why);
         or esbuild failed (located)
      2  bad input: unknown engine, unreadable or invalid vectors (located), a case without
         "expected", no [conformance] module in the project
    """
    from pathlib import Path

    from toolchain.conform.harness import parse_engines, run_conformance
    from toolchain.project import load_project

    warnings: list[Diagnostic] = []
    try:
        chosen = parse_engines(engines)
        loaded = load_project(project)
        report = run_conformance(loaded, chosen, [Path(v) for v in vectors], on_warning=warnings.append)
    except XtkError as error:
        if output_format == "json":
            click.echo(json.dumps({"ok": False, "errors": [d.to_json() for d in error.diagnostics],
                                   "warnings": [d.to_json() for d in warnings]}, indent=2))
            sys.exit(error.exit_code)
        _emit(warnings)
        raise
    if output_format == "json":
        click.echo(report.dumps())
    else:
        _emit(warnings)
        for line in report.lines():
            click.echo(line)
    if not report.ok:
        sys.exit(EXIT_PROJECT_ERRORS)


@main.group()
def golden() -> None:
    """Golden vectors: the language-neutral cases the runtime must reproduce ([golden] in xtk.toml, docs/golden.md).

    \b
    The project's Python reference module ([golden] reference_module) computes `expected`. Cases come
    from hand-written inputs (<vectors>/inputs/) and, when the reference provides them, from corpus
    pages (kept as references, never as text) and seeded property-based generation.
    """


def corpus_option(command: F) -> F:
    return click.option(
        "--corpus",
        "corpus",
        metavar="PATH",
        default=None,
        help="The corpus pages folder. Default: [golden] corpus in the config.",
    )(command)


def _golden_path(value: str | None) -> Any:
    from pathlib import Path

    return Path(value) if value else None


def _golden_project(project: str | None) -> Any:
    """The project's [golden] setup, its reference module loaded (InputError, located, when it is wrong). The
    extension's entries need not exist yet: vectors come from the Python reference, before any runtime is written."""
    from toolchain.golden.project import load_golden_project
    from toolchain.project import load_project

    return load_golden_project(load_project(project, require_files=False))


def _golden_run(output_format: str, action: Callable[[], Any]) -> Any:
    """Run a golden command; with --format json, errors are a JSON object on stdout too (as `xtk build` does)."""
    try:
        return action()
    except XtkError as error:
        if output_format != "json":
            raise
        click.echo(json.dumps({"ok": False, "errors": [d.to_json() for d in error.diagnostics]}, indent=2))
        sys.exit(error.exit_code)


@golden.command("generate")
@click.option("--out", "out_dir", metavar="DIR", default=None, type=OutputFolder(),
              help="Where to write <function>.json. Default: [golden] vectors.")
@corpus_option
@project_option
@format_option
def golden_generate(out_dir: str | None, corpus: str | None, project: str | None, output_format: str) -> None:
    """Build every case, compute `expected` with the Python reference and write the golden files.

    Every case is checked against the argument shapes and the agreed character domain first. Output is
    canonical and deterministic: two runs give identical bytes. Needs the corpus: without it, exits 2
    (use `xtk golden check`, which runs without it). Bad inputs files exit 2, located.
    """
    from toolchain.golden.commands import generate

    summary = _golden_run(output_format, lambda: generate(_golden_project(project), out_dir=_golden_path(out_dir),
                                                          corpus_root=_golden_path(corpus)))
    if output_format == "json":
        click.echo(json.dumps({"ok": True, "summary": summary.to_json()}, indent=2))
        return
    for line in summary.lines():
        click.echo(line)
    click.echo(f"wrote {len(summary.counts)} golden files ({summary.bytes:,} bytes) in {summary.seconds:.1f} s")


@golden.command("check")
@click.option("--golden", "golden_dir", metavar="DIR", default=None, type=click.Path(exists=True, file_okay=False),
              help="The committed golden files. Default: [golden] vectors.")
@corpus_option
@project_option
@format_option
def golden_check(golden_dir: str | None, corpus: str | None, project: str | None, output_format: str) -> None:
    """Regenerate every case in memory and compare with the committed files, byte for byte.

    Reports differing, missing and extra case ids. Without the corpus, every other case is checked and the
    committed corpus cases are reported as skipped (never as passed). Exits 1 on any difference, 2 on
    unreadable files or bad inputs.
    """
    from toolchain.golden.commands import check

    report = _golden_run(output_format, lambda: check(_golden_project(project), golden=_golden_path(golden_dir),
                                                      corpus_root=_golden_path(corpus)))
    if output_format == "json":
        click.echo(json.dumps(report.to_json(), indent=2))
    else:
        shown = report.differences[:50]
        for difference in shown:
            click.echo(difference.format())
        if len(report.differences) > len(shown):
            click.echo(f"… and {len(report.differences) - len(shown)} more difference(s)")
        for line in report.summary.lines():
            click.echo(line)
        checked = report.summary.total
        verdict = "no differences" if report.ok else f"{len(report.differences)} difference(s)"
        click.echo(f"{checked:,} cases checked, {verdict} ({report.summary.seconds:.1f} s)"
                   + ("" if report.corpus_available else f"; corpus not found at {report.corpus_root}"
                      if report.corpus_root else "; the project declares no corpus"))
    if not report.ok:
        sys.exit(EXIT_PROJECT_ERRORS)


@golden.command("make")
@click.option("--inputs", "inputs", metavar="FILE", required=True, type=click.Path(exists=True, dir_okay=False),
              help="A file in the golden format; `expected` may be absent.")
@click.option("--out", "out", metavar="FILE", required=True, type=OutputFile(),
              help="Where to write the file with `expected` filled in.")
@corpus_option
@project_option
@format_option
def golden_make(inputs: str, out: str, corpus: str | None, project: str | None, output_format: str) -> None:
    """Fill in `expected` for every case of an inputs file, from the Python reference.

    The file is validated first (schema, function name, parameters, argument shapes, the agreed character
    domain, corpus references); any problem exits 2 with its file and JSON pointer. Existing `expected`
    values are replaced, and the ones that changed are counted.
    """
    from pathlib import Path

    from toolchain.golden.commands import make

    made = _golden_run(output_format, lambda: make(_golden_project(project), Path(inputs), Path(out), _golden_path(corpus)))
    if output_format == "json":
        click.echo(json.dumps({"ok": True, "function": made.golden.function, "cases": made.filled, "changed": made.changed,
                               "out": out}, indent=2))
        return
    changed = f" ({made.changed} existing value(s) changed)" if made.changed else ""
    click.echo(f"wrote {out}: {made.filled} {made.golden.function} case(s) with expected values{changed}")


@main.command()
@click.argument("path", required=False, type=click.Path(path_type=Path))
@project_option
@click.option("--format", "output_format", type=click.Choice(["text", "json", "sarif", "github"]), default="text",
              show_default=True, help="text like ruff (path:line:col: CODE message); json; SARIF 2.1.0; GitHub annotations.")
@click.option("--select", "select", multiple=True, metavar="CODES",
              help="Only these rule codes or prefixes (comma-separated, repeatable), e.g. XP,XM003.")
@click.option("--ignore", "ignore", multiple=True, metavar="CODES", help="Not these codes or prefixes.")
@click.option("--browser", "-b", "browsers", multiple=True, type=click.Choice(["chrome", "edge", "firefox"]),
              help="Lint only these targets (repeatable). Default: every target of the project or manifest.")
@click.option("--max-file-size", "max_file_size", type=SizeParam(), default=None, metavar="SIZE",
              help=f"A source file larger than this is not parsed: XL004 says so (default {format_size(_LIMITS.max_file_bytes)}).")
@click.option("--max-archive-size", "max_archive_size", type=SizeParam(), default=None, metavar="SIZE",
              help=f"A .zip/.xpi larger than this on disk is refused (default {format_size(_LIMITS.max_archive_bytes)}).")
@click.option("--max-unpacked-size", "max_unpacked_size", type=SizeParam(), default=None, metavar="SIZE",
              help="An archive whose members hold more than this uncompressed is refused "
              f"(default {format_size(_LIMITS.max_unpacked_bytes)}).")
@click.option("--max-files", "max_files", type=click.IntRange(min=1), default=None, metavar="N",
              help=f"An archive of more members than this is refused (default {_LIMITS.max_files:,}).")
@click.option("--max-ratio", "max_ratio", type=click.IntRange(min=1), default=None, metavar="N",
              help=f"An archive member of {format_size(RATIO_FLOOR_BYTES)} or more compressed beyond N:1 is refused, as a "
              f"zip bomb (default {_LIMITS.max_ratio}).")
@click.option("--explain", metavar="CODE", default=None,
              help="Print what a code means (any code xtk emits: XB…, XL…, XP…, XS…, XM…) and exit; `all` lists them.")
@click.option("--cache/--no-cache", "use_cache", default=True, show_default=True,
              help="A project none of whose inputs changed since its last lint replays that lint's findings "
              "(.xtk/lint-cache/). --no-cache lints from scratch.")
def lint(path: Path | None, project: str | None, output_format: str, select: tuple[str, ...], ignore: tuple[str, ...],
         browsers: tuple[str, ...], explain: str | None, max_file_size: int | None, max_archive_size: int | None,
         max_unpacked_size: int | None, max_files: int | None, max_ratio: int | None, use_cache: bool) -> None:
    """Check the permission posture and the message protocol of a project or a plain extension.

    PATH is an xtk project (a folder with xtk.toml; default: --project, else the current folder), or a plain
    unpacked extension: a folder with manifest.json, or a .zip/.xpi. For a project, xtk builds every target into
    .xtk/lint-build/ (build/ is untouched) and reads which sources run in which context from esbuild's metafile.

    \b
    Rules: XP permissions, XS security and structure, XM message protocol (`xtk lint --explain CODE`;
    `xtk lint --explain all` lists every code xtk emits). Rules about the posture and the protocol need a project.
    Suppress one line with a comment that says why:  // xtk-ignore[XS001] the URL is runtime.getURL(...)
    (in xtk.toml:  # xtk-ignore[XP005] reason). A suppression without a reason is itself a finding (XL001).

    \b
    \b
    Input is bounded (docs/lint.md, "Bounded input"): an archive is checked before anything is extracted (size,
    uncompressed size, member count, compression ratio, unsafe names, symbolic links) and its temporary folder
    is removed on every exit, SIGTERM and SIGINT included; a source file over --max-file-size is not parsed.

    \b
    Exit codes: 0 no findings · 1 findings · 2 bad input (arguments, config, posture, protocol, a manifest that
    `xtk build` rejects or of the wrong shape, an archive over a limit or unsafe).
    """
    from toolchain.lint.registry import parse_codes

    if explain is not None:
        _explain(explain)
        return
    from toolchain.lint.reporters import reporter
    from toolchain.lint.result_cache import LintCache

    chosen_limits = {"max_file_bytes": max_file_size, "max_archive_bytes": max_archive_size,
                     "max_unpacked_bytes": max_unpacked_size, "max_files": max_files, "max_ratio": max_ratio}
    limits = InputLimits(**{name: value for name, value in chosen_limits.items() if value is not None})
    # a project whose inputs are all as at its last lint replays that lint's findings (result_cache.py)
    cache = LintCache.of(path, project, {"select": ",".join(select), "ignore": ",".join(ignore),
                                         "browser": ",".join(browsers), "max_file_bytes": limits.max_file_bytes})
    replayed = cache.replay() if cache is not None and use_cache else None
    if replayed is not None:
        findings, root = replayed
    else:
        from toolchain.analysis.parse import size_limit
        from toolchain.lint.engine import lint_path, run_rules

        with size_limit(limits.max_file_bytes):  # for the whole run: the rules may read sources too
            context = lint_path(path, project, list(browsers) or None, limits)
            settings = context.project.config.lint if context.project and context.project.config.lint else None
            chosen = parse_codes(list(settings.select if settings else []) + list(select), "--select")
            dropped = parse_codes(list(settings.ignore if settings else []) + list(ignore), "--ignore")
            findings = run_rules(context, chosen, dropped)
        if cache is not None:
            cache.store(context, findings)
        root = context.root
    click.echo(reporter(output_format)(findings, root), nl=False)
    if findings:
        sys.exit(EXIT_PROJECT_ERRORS)


def _explain(wanted: str) -> None:
    """`xtk lint --explain CODE|NAME|all`, from the code catalog (toolchain/catalog.py)."""
    from toolchain import catalog
    from toolchain.diagnostics import InputError

    if wanted.strip().lower() == "all":
        for known in sorted(catalog.CODES, key=lambda c: c.code):
            click.echo(f"{known.code}  {known.name:<40} {known.severity:<8} {known.summary}")
        return
    known = catalog.find(wanted)
    if known is None:
        raise InputError.single(f"--explain {wanted}: no such code (`xtk lint --explain all` lists them)")
    where = [known.severity, catalog.ORIGIN_LABELS[known.origin]]
    if known.rule_module and catalog.APPLIES_LABELS[known.applies_to]:
        where.append(catalog.APPLIES_LABELS[known.applies_to])
    if known.formerly:
        where.append(f"split from {', '.join(known.formerly)}, whose suppressions still apply")
    click.echo(f"{known.code} ({known.name}) — {', '.join(where)}")
    click.echo("")
    click.echo(known.explanation)


@main.group()
def protocol() -> None:
    """The message protocol between the extension's contexts ([protocol] in xtk.toml; docs/protocol.md).

    \b
    The schemas folder holds protocol.json, which lists the channels (who sends to whom, over
    runtime.sendMessage or tabs.sendMessage), and one JSON Schema per channel: a oneOf of its messages,
    each an object whose "type" is a const. `xtk protocol codegen` turns them into one TypeScript module
    of types and validators; `xtk lint` reports the module when it no longer matches them (XM007).
    """


@protocol.command("codegen")
@project_option
@click.option("--check", "check", is_flag=True, default=False,
              help="Write nothing: compare the generated module with what the schemas give and exit 1 if it is missing "
              "or differs (for CI and pre-commit).")
@format_option
def protocol_codegen(project: str | None, check: bool, output_format: str) -> None:
    """Generate the protocol's TypeScript types and validators ([protocol] generated) from its schemas.

    \b
    The module (deterministic: the same schemas give the same bytes) holds
      - a type per message (AnalyzePage ...), a union per channel (PopupToBackground ...) and a
        named type per referenced $defs entry (TabId ...);
      - per channel: <CHANNEL>_TYPES (its message types), is<Channel>(value), a type guard, and
        describeInvalid<Channel>(value), the first problem as '/pointer: what was expected'
        ('' for a valid value), for the error a receiver answers instead of acting.
    The validators implement a subset of JSON Schema 2020-12 exactly (docs/protocol.md); any other
    keyword is an error, never ignored. An unchanged module is not rewritten.

    \b
    Exit codes:
      0  written or already up to date (with --check: up to date)
      1  --check: the module is missing or out of date (the file and first differing line are named)
      2  bad input, located as file:line:column: JSON pointer: no [protocol] in the config, unreadable
         or invalid protocol.json or schemas, a keyword outside the subset, an unresolved $ref
    """
    from toolchain.project import load_project
    from toolchain.protocol.codegen import check_generated, generate
    from toolchain.protocol.project import load_project_protocol, write_if_changed

    def prepare() -> tuple[Any, Any, str]:
        loaded = load_project(project, require_files=False)  # the schemas and the output path are all it needs
        found = load_project_protocol(loaded)
        return loaded, found, generate(found.protocol)

    loaded, found, text = _golden_run(output_format, prepare)
    shown = found.generated_display
    summary = {"path": shown, "bytes": len(text.encode("utf-8")), "channels": len(found.protocol.channels),
               "messages": sum(len(c.messages) for c in found.protocol.channels),
               "schemas": loaded.display(found.protocol.folder)}
    if check:
        drift = check_generated(found.protocol, found.generated, shown, expected=text)
        if output_format == "json":
            click.echo(json.dumps({"ok": not drift, **summary, "errors": [d.to_json() for d in drift]}, indent=2))
        elif drift:
            _emit(drift)
        else:
            click.echo(f"{shown} is up to date with {summary['schemas']}/")
        if drift:
            sys.exit(EXIT_PROJECT_ERRORS)
        return
    written = write_if_changed(found.generated, text)
    if output_format == "json":
        click.echo(json.dumps({"ok": True, **summary, "written": written}, indent=2))
        return
    what = f"{summary['bytes']:,} bytes: {summary['channels']} channels, {summary['messages']} messages"
    click.echo(f"wrote {shown} ({what})" if written else f"{shown} is up to date ({what})")


def _dev_options(command: F) -> F:
    """The options `xtk dev` and `xtk run` share."""
    options = [
        click.option("--browser", "-b", type=click.Choice(["chrome", "edge", "firefox"]), default=None,
                     help="Which target to load: chrome and edge in Debian's chromium, firefox in firefox-esr. "
                     "Default: chrome if the project targets it, else its first target."),
        click.option("--headless", is_flag=True, help="No window (CI, tests, benchmarks)."),
        click.option("--start-url", "start_urls", metavar="URL", multiple=True,
                     help="Open this page once the extension is loaded (repeat for several)."),
        project_option,
        click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
                     show_default=True, help="json: one event per line on stdout ({\"event\", \"browser\", \"ms\"})."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _start_dev(project: str | None, browser: str | None, headless: bool, start_urls: tuple[str, ...],
               output_format: str, launch: bool, watch: bool) -> None:
    from urllib.parse import urlsplit

    from toolchain.dev.main import run_session
    from toolchain.dev.session import DevOptions
    from toolchain.project import find_config

    for url in start_urls:  # a browser would fail on it later, after start-up: say so now
        parts = urlsplit(url)
        if not (parts.scheme in ("http", "https") and parts.netloc) and parts.scheme not in ("file", "about", "data"):
            raise click.BadParameter(f"{url!r} is not an absolute http(s), file, about or data URL", param_hint="--start-url")
    run_session(find_config(project), DevOptions(browser, headless, launch, list(start_urls), output_format), watch=watch)


@main.command()
@_dev_options
@click.option("--no-launch", "no_launch", is_flag=True, help="Build and watch only; load build/dev/<browser>/ yourself.")
def dev(project: str | None, browser: str | None, headless: bool, start_urls: tuple[str, ...], output_format: str,
        no_launch: bool) -> None:
    """Development build in build/dev/<browser>/, rebuilt on every change and reloaded in a browser.

    Watches sources, xtk.toml, pages, public/ and _locales; esbuild stays running between changes (incremental
    rebuilds). The browser starts with a fresh temporary profile and the extension loaded; after each good rebuild
    the extension reloads and open web pages reload, so the new content scripts run. A config, page or asset change
    rebuilds everything and reinstalls. Errors are printed file:line:col and the last good build stays loaded.
    Ctrl-C (or SIGTERM) stops the browser and removes its profile. See docs/dev.md.
    """
    _start_dev(project, browser, headless, start_urls, output_format, not no_launch, watch=True)


@main.command("run")
@_dev_options
def run_command(project: str | None, browser: str | None, headless: bool, start_urls: tuple[str, ...],
                output_format: str) -> None:
    """Build once (development) and open a browser with the extension loaded, as `web-ext run`; no watching.

    Ends when the browser is closed or on Ctrl-C / SIGTERM, which stop the browser and remove its profile.
    """
    _start_dev(project, browser, headless, start_urls, output_format, True, watch=False)


@main.command()
@click.argument("directory", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--template", "-t", "template", metavar="NAME", default="vanilla", cls=TemplateOption)
@click.option("--name", "name", metavar="NAME", default=None, help="The extension's name. Default: DIR's name.")
@click.option("--install/--no-install", default=True, show_default=True,
              help="Run `npm ci` in the new project (the template's lockfile: exact versions).")
@format_option
def init(directory: Path, template: str, name: str | None, install: bool, output_format: str) -> None:
    """Create a new project in DIR (a new or empty folder; no file is ever overwritten).

    \b
    The project builds and lints clean straight away: xtk.toml, package.json and package-lock.json
    (esbuild, typescript, webextension-polyfill), a strict tsconfig, a background, a popup and a content
    script talking over an example protocol (JSON Schemas, validators generated), a permission posture,
    _locales in English and French, .gitignore and a README. Then: cd DIR && xtk build && xtk lint.

    \b
    Exit codes: 0 created · 1 `npm ci` failed (the project is there) · 2 bad input (DIR not empty,
    unknown template, bad name).
    """
    from toolchain.scaffold.init import create_project

    report = _golden_run(output_format, lambda: create_project(directory, template, name, install))
    if output_format == "json":
        click.echo(json.dumps(report.to_json(), indent=2))
        return
    click.echo(f"created {directory}/ from the {report.template} template ({len(report.files)} files)")
    if report.installed:
        click.echo("installed the Node packages (npm ci)")
    click.echo("next: " + " && ".join(report.next_steps))


def run() -> None:  # pragma: no cover - the console entry point (`xtk`, `python -m toolchain`)
    """Run the command, then leave without tearing the interpreter down.

    A lint run holds tens of thousands of objects (syntax trees, facts, the knowledge base); freeing them one by
    one at exit costs ~60 ms of a ~400 ms command for nothing. Output is flushed and exit handlers run first, so
    nothing is lost.
    """
    import atexit

    try:
        main(prog_name="xtk")
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        if not isinstance(stop.code, (int, type(None))):
            print(stop.code, file=sys.stderr)
    sys.stdout.flush()
    sys.stderr.flush()
    atexit._run_exitfuncs()
    os._exit(code)


if __name__ == "__main__":  # pragma: no cover
    run()
