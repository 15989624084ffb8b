"""`xtk golden generate|check|make`: a project's golden vectors, computed by its Python reference."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from toolchain.cli.options import format_option, project_option
from toolchain.cli.output import echo_json, run_reported
from toolchain.diagnostics import EXIT_PROJECT_ERRORS
from toolchain.golden.arguments import OutputFile, OutputFolder

F = TypeVar("F", bound=Callable[..., Any])


@click.group()
def golden() -> None:
    """Golden vectors: the language-neutral cases the runtime must reproduce ([golden] in xtk.toml, `xtk help golden`).

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


def _golden_path(value: str | None) -> Path | None:
    return Path(value) if value else None


def _golden_project(project: str | None) -> Any:
    """The project's [golden] setup, its reference module loaded (InputError, located, when it is wrong). The
    extension's entries need not exist yet: vectors come from the Python reference, before any runtime is written."""
    from toolchain.golden.project import load_golden_project
    from toolchain.project import load_project

    return load_golden_project(load_project(project, require_files=False))


@golden.command("generate")
@click.option(
    "--out",
    "out_dir",
    metavar="DIR",
    default=None,
    type=OutputFolder(),
    help="Where to write <function>.json. Default: [golden] vectors.",
)
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

    summary = run_reported(
        output_format,
        lambda: generate(_golden_project(project), out_dir=_golden_path(out_dir), corpus_root=_golden_path(corpus)),
    )
    if output_format == "json":
        echo_json({"ok": True, "summary": summary.to_json()})
        return
    for line in summary.lines():
        click.echo(line)
    click.echo(f"wrote {len(summary.counts)} golden files ({summary.bytes:,} bytes) in {summary.seconds:.1f} s")


@golden.command("check")
@click.option(
    "--golden",
    "golden_dir",
    metavar="DIR",
    default=None,
    type=click.Path(exists=True, file_okay=False),
    help="The committed golden files. Default: [golden] vectors.",
)
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

    report = run_reported(
        output_format,
        lambda: check(_golden_project(project), golden=_golden_path(golden_dir), corpus_root=_golden_path(corpus)),
    )
    if output_format == "json":
        echo_json(report.to_json())
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
        click.echo(
            f"{checked:,} cases checked, {verdict} ({report.summary.seconds:.1f} s)"
            + (
                ""
                if report.corpus_available
                else f"; corpus not found at {report.corpus_root}"
                if report.corpus_root
                else "; the project declares no corpus"
            )
        )
    if not report.ok:
        sys.exit(EXIT_PROJECT_ERRORS)


@golden.command("make")
@click.option(
    "--inputs",
    "inputs",
    metavar="FILE",
    required=True,
    type=click.Path(exists=True, dir_okay=False),
    help="A file in the golden format; `expected` may be absent.",
)
@click.option(
    "--out",
    "out",
    metavar="FILE",
    required=True,
    type=OutputFile(),
    help="Where to write the file with `expected` filled in.",
)
@corpus_option
@project_option
@format_option
def golden_make(inputs: str, out: str, corpus: str | None, project: str | None, output_format: str) -> None:
    """Fill in `expected` for every case of an inputs file, from the Python reference.

    The file is validated first (schema, function name, parameters, argument shapes, the agreed character
    domain, corpus references); any problem exits 2 with its file and JSON pointer. Existing `expected`
    values are replaced, and the ones that changed are counted.
    """
    from toolchain.golden.commands import make

    made = run_reported(
        output_format, lambda: make(_golden_project(project), Path(inputs), Path(out), _golden_path(corpus))
    )
    if output_format == "json":
        echo_json(
            {"ok": True, "function": made.golden.function, "cases": made.filled, "changed": made.changed, "out": out}
        )
        return
    changed = f" ({made.changed} existing value(s) changed)" if made.changed else ""
    click.echo(f"wrote {out}: {made.filled} {made.golden.function} case(s) with expected values{changed}")
