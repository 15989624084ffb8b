"""`xtk import`: xtk.toml for an existing WXT, Plasmo, Vite/CRXJS or plain manifest.json project."""

from __future__ import annotations

from pathlib import Path

import click

from toolchain.cli.options import format_option
from toolchain.cli.output import echo_json, run_reported


@click.command("import")
@click.argument("directory", metavar="[DIR]", default=".", type=click.Path(path_type=Path))
@click.option(
    "--from",
    "kind",
    type=click.Choice(["wxt", "plasmo", "vite", "manifest"]),
    default=None,
    help="The kind of project (default: detected: wxt.config.*, plasmo in package.json, vite.config.*, manifest.json).",
)
@click.option("--force", is_flag=True, help="Replace an existing xtk.toml.")
@click.option("--dry-run", is_flag=True, help="Print the xtk.toml instead of writing it.")
@format_option
def import_command(directory: Path, kind: str | None, force: bool, dry_run: bool, output_format: str) -> None:
    """Write xtk.toml for the extension project in DIR (default: here), so it builds for Chrome, Edge and Firefox
    with its files unchanged.

    \b
    What the code takes from its framework's runtime (WXT's define* helpers and auto-imported browser, Plasmo's
    mounted pages) xtk supplies at build time. What import cannot bring over is listed with file:line and the
    change to make (`xtk help import`).

    \b
    Exit codes: 0 written (or printed) · 2 bad input (xtk.toml exists without --force, no project found, a value
    xtk refuses).
    """
    from toolchain.importer.run import import_project

    report = run_reported(output_format, lambda: import_project(directory, kind, force, dry_run))  # type: ignore[arg-type]
    if output_format == "json":
        echo_json(report.to_json())
        return
    if dry_run:
        click.echo(report.text, nl=False)
    for note in report.notes:
        click.echo(note.text(), err=dry_run)
    if report.written is not None:
        click.echo(f"wrote {report.written} from the {report.kind} project ({len(report.notes)} note(s))")
        _install_esbuild(report.directory)
        click.echo("next: xtk build")


def _install_esbuild(directory: Path) -> None:
    """A project from another tool often has no esbuild, or its bundler's old one: xtk installs its own beside it
    (.xtk/tools/, package.json untouched). Failing here is not failing the import: the build says it again."""
    from toolchain.diagnostics import InputError
    from toolchain.tools.esbuild import install_tools_esbuild

    if not (directory / "node_modules").is_dir():
        click.echo("node_modules is missing: run `npm ci` (or your package manager's install), then `xtk prepare`")
        return
    try:
        installed = install_tools_esbuild(directory)
    except InputError as error:
        click.echo(f"warning: {error.diagnostics[0].message}; run `xtk prepare` when it is fixed", err=True)
        return
    if installed is not None:
        click.echo(f"installed esbuild in {installed.relative_to(directory)} (the project's own is missing or too old)")
