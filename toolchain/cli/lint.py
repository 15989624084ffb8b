"""`xtk lint` and `xtk lint --explain`: permissions, posture and message protocol of a project or an extension."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from toolchain import browser_targets
from toolchain.cli.options import project_option
from toolchain.diagnostics import EXIT_PROJECT_ERRORS
from toolchain.lint.limits import RATIO_FLOOR_BYTES, InputLimits, SecondsParam, SizeParam, format_size

if TYPE_CHECKING:
    from toolchain.lint.context import LintContext

_LIMITS = InputLimits()  # the defaults, shown in `xtk lint --help`
#: the default deadline of a run: DocMind lints cold in 0.6 s; a run past 5 minutes is stalled, not slow
DEFAULT_TIMEOUT_SECONDS = 300.0


@click.command()
@click.argument("path", required=False, type=click.Path(path_type=Path))
@project_option
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "sarif", "github"]),
    default="text",
    show_default=True,
    help="text like ruff (path:line:col: CODE message); json; SARIF 2.1.0; GitHub annotations.",
)
@click.option(
    "--select",
    "select",
    multiple=True,
    metavar="CODES",
    help="Only these rule codes or prefixes (comma-separated, repeatable), e.g. XP,XM003.",
)
@click.option("--ignore", "ignore", multiple=True, metavar="CODES", help="Not these codes or prefixes.")
@click.option(
    "--browser",
    "-b",
    "browsers",
    multiple=True,
    type=click.Choice(browser_targets.names()),
    help="Lint only these targets (repeatable). Default: every target of the project or manifest.",
)
@click.option(
    "--max-file-size",
    "max_file_size",
    type=SizeParam(),
    default=None,
    metavar="SIZE",
    help=(
        f"A source file larger than this is not parsed: XL004 says so (default {format_size(_LIMITS.max_file_bytes)})."
    ),
)
@click.option(
    "--max-archive-size",
    "max_archive_size",
    type=SizeParam(),
    default=None,
    metavar="SIZE",
    help=f"A .zip/.xpi/.crx larger than this on disk is refused (default {format_size(_LIMITS.max_archive_bytes)}).",
)
@click.option(
    "--max-unpacked-size",
    "max_unpacked_size",
    type=SizeParam(),
    default=None,
    metavar="SIZE",
    help="An archive whose members hold more than this uncompressed is refused "
    f"(default {format_size(_LIMITS.max_unpacked_bytes)}).",
)
@click.option(
    "--max-files",
    "max_files",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help=f"An archive of more members than this is refused (default {_LIMITS.max_files:,}).",
)
@click.option(
    "--max-ratio",
    "max_ratio",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help=f"An archive member of {format_size(RATIO_FLOOR_BYTES)} or more compressed beyond N:1 is refused, as a "
    f"zip bomb (default {_LIMITS.max_ratio}).",
)
@click.option(
    "--timeout",
    "timeout",
    type=SecondsParam(),
    default=DEFAULT_TIMEOUT_SECONDS,
    metavar="SECONDS",
    help="The run's deadline: source files not analysed by then are reported (XL004, a warning, exit 1) "
    "and the findings that rest on code being absent are withheld; the rest of the lint completes. "
    f"Each file also has its own parse budget, in proportion to its size (default {DEFAULT_TIMEOUT_SECONDS:g} s).",
)
@click.option(
    "--explain",
    metavar="CODE",
    default=None,
    help="Print what a code means (any code xtk emits: XB…, XL…, XP…, XS…, XM…) and exit; `all` lists them.",
)
@click.option(
    "--against",
    "against",
    type=click.Path(path_type=Path),
    default=None,
    metavar="OLD",
    help="The previous release (a folder, .zip, .xpi or .crx; for a project also a git ref such as v1.2.0, built per "
    "browser): each install warning this version adds is an error (XP013), since the update then waits for every "
    "user to accept it.",
)
@click.option(
    "--warnings",
    "show_warnings",
    is_flag=True,
    default=False,
    help="Print the warnings each target browser shows at install, in its own words, and exit.",
)
@click.option(
    "--cache/--no-cache",
    "use_cache",
    default=True,
    show_default=True,
    help="A project none of whose inputs changed since its last lint replays that lint's findings "
    "(.xtk/lint-cache/); after an edit that changes no import, the last lint build's targets are reused "
    "(.xtk/lint-graph.json) and only the sources are read again. --no-cache lints from scratch.",
)
@click.option(
    "--server/--no-server",
    "through_server",
    default=False,
    help="Lint through a resident xtk process for this install (started on first use; it stops after 15 idle "
    "minutes, on --stop-server, or when xtk's code changes): a lint after an edit skips Python's start-up and "
    "xtk's imports. Same findings, same exit code. XTK_LINT_SERVER=1 turns it on for every lint.",
)
@click.option("--stop-server", is_flag=True, default=False, help="Stop the lint server, if one runs, and exit.")
def lint(
    path: Path | None,
    project: str | None,
    output_format: str,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    browsers: tuple[str, ...],
    explain: str | None,
    max_file_size: int | None,
    max_archive_size: int | None,
    max_unpacked_size: int | None,
    max_files: int | None,
    max_ratio: int | None,
    use_cache: bool,
    timeout: float,
    against: Path | None,
    show_warnings: bool,
    through_server: bool,
    stop_server: bool,
) -> None:
    """Check the permission posture and the message protocol of a project or a plain extension.

    PATH is an xtk project (a folder with xtk.toml; default: --project, else the current folder), or a plain
    unpacked extension: a folder with manifest.json, or a .zip/.xpi/.crx. For a project, xtk builds every target into
    .xtk/lint-build/ (build/ is untouched) and reads which sources run in which context from esbuild's metafile.

    \b
    Rules: XP permissions, XS security and structure, XM message protocol (`xtk lint --explain CODE`;
    `xtk lint --explain all` lists every code xtk emits). Rules about the posture and the protocol need a project.
    Suppress one line with a comment that says why:  // xtk-ignore[XS001] the URL is runtime.getURL(...)
    (in xtk.toml:  # xtk-ignore[XP005] reason). A suppression without a reason is itself a finding (XL001).

    \b
    \b
    Input is bounded (`xtk help lint`, "Bounded input"): an archive is checked before anything is extracted (size,
    uncompressed size, member count, compression ratio, unsafe names, symbolic links) and its temporary folder
    is removed on every exit, SIGTERM and SIGINT included; a source file over --max-file-size is not parsed; a
    file whose parse spends its budget (in proportion to its size), or that --timeout leaves unread, is named
    (XL004) and the verdicts that depend on it are withheld.

    \b
    Exit codes: 0 no findings, or notes only (XL008: a known library named) · 1 errors or warnings (a lint the
    deadline cut short has XL004 warnings: never 0) · 2 bad input (arguments, config, posture, protocol, a
    manifest that cannot be read or that `xtk build` rejects, an archive or a JSON file over a limit or unsafe).
    """
    from toolchain.lint.selection import parse_codes

    if stop_server:  # reached only when the client found no server to stop (toolchain/cli/lint_server_client.py)
        click.echo("no lint server is running")
        return
    if explain is not None:
        explain_code(explain)
        return
    from toolchain.lint.reporters import reporter
    from toolchain.lint.result_cache import LintCache

    chosen_limits = {
        "max_file_bytes": max_file_size,
        "max_archive_bytes": max_archive_size,
        "max_unpacked_bytes": max_unpacked_size,
        "max_files": max_files,
        "max_ratio": max_ratio,
    }
    limits = InputLimits(**{name: value for name, value in chosen_limits.items() if value is not None})
    # a project whose inputs are all as at its last lint replays that lint's findings (result_cache.py)
    cache = LintCache.of(
        path,
        project,
        {
            "select": ",".join(select),
            "ignore": ",".join(ignore),
            "browser": ",".join(browsers),
            "max_file_bytes": limits.max_file_bytes,
        },
    )
    # a comparison with another release, or the warnings alone, is never a replay of the last lint
    replayed = cache.replay() if cache is not None and use_cache and against is None and not show_warnings else None
    if replayed is not None:
        findings, root = replayed
    else:
        from toolchain.analysis.budget import run_deadline
        from toolchain.analysis.parse import size_limit
        from toolchain.lint.engine import lint_path, run_rules
        from toolchain.lint.heap import long_lived_heap

        # for the whole run: the rules may read sources too; no full GC over the trees and facts kept to the end
        with size_limit(limits.max_file_bytes), run_deadline(timeout, f"--timeout {timeout:g} s"), long_lived_heap():
            context = lint_path(path, project, list(browsers) or None, limits, reuse_graph=use_cache)
            if show_warnings:
                click.echo(_install_warnings(context, output_format), nl=False)
                return
            if against is not None:
                from toolchain.lint.previous_release import load_previous_release

                context.previous_release = load_previous_release(against, limits, context.project)
            settings = context.project.config.lint if context.project and context.project.config.lint else None
            chosen = parse_codes(list(settings.select if settings else []) + list(select), "--select")
            dropped = parse_codes(list(settings.ignore if settings else []) + list(ignore), "--ignore")
            findings = run_rules(context, chosen, dropped)
        if cache is not None and not context.stopped and against is None:  # a lint cut short is not one to replay
            cache.store(context, findings)
        root = context.root
    click.echo(reporter(output_format)(findings, root), nl=False)
    if any(finding.severity != "note" for finding in findings):  # a note (XL008) asks for no change
        sys.exit(EXIT_PROJECT_ERRORS)


def _install_warnings(context: LintContext, output_format: str) -> str:
    """Each target's install warnings (install_warnings.py): text, a block per browser; or JSON."""
    import json

    from toolchain.lint.install_warnings import install_warnings

    found = {t.browser: install_warnings(t.manifest, t.browser) for t in context.targets}
    if output_format == "json":
        data = {
            browser: None
            if warnings is None
            else [{"text": w.text, "causes": list(w.causes), "blocks_update": w.blocks_update} for w in warnings]
            for browser, warnings in found.items()
        }
        return json.dumps(data, indent=2) + "\n"
    out = []
    for browser, warnings in found.items():
        store = browser_targets.get(browser).store
        if warnings is None:
            out.append(f"{browser} ({store}): not computed (xtk does not have this browser's warning rules yet)")
            continue
        out.append(f"{browser} ({store}): {len(warnings) or 'no'} install warning{'' if len(warnings) == 1 else 's'}")
        out += [f"  {w.text}  ({', '.join(w.causes)})" for w in warnings]
    return "\n".join(out) + "\n"


def explain_code(wanted: str) -> None:
    """`xtk lint --explain CODE|NAME|all`, from the code catalog (toolchain/lint/catalog.py)."""
    from toolchain.diagnostics import InputError
    from toolchain.lint import catalog

    if wanted.strip().lower() == "all":
        for listed in catalog.all_codes():
            click.echo(f"{listed.code}  {listed.name:<40} {listed.severity:<8} {listed.summary}")
        return
    known = catalog.find(wanted)
    if known is None:
        raise InputError.single(f"--explain {wanted}: no such code (`xtk lint --explain all` lists them)")
    where = [known.severity, catalog.ORIGIN_LABELS[known.origin]]
    if catalog.scope_label(known):
        where.append(catalog.scope_label(known))
    if known.formerly:
        where.append(f"split from {', '.join(known.formerly)}, whose suppressions still apply")
    click.echo(f"{known.code} ({known.name}) — {', '.join(where)}")
    click.echo("")
    click.echo(known.explanation)
