"""`xtk init`: a new project from a template."""

from __future__ import annotations

from pathlib import Path

import click

from toolchain.cli.options import format_option
from toolchain.cli.output import echo_json, run_reported
from toolchain.scaffold.options import TemplateOption


@click.command()
@click.argument("directory", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--template", "-t", "template", metavar="NAME", default="vanilla", cls=TemplateOption)
@click.option("--name", "name", metavar="NAME", default=None, help="The extension's name. Default: DIR's name.")
@click.option(
    "--install/--no-install",
    default=True,
    show_default=True,
    help="Run `npm ci` in the new project (the template's lockfile: exact versions).",
)
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

    report = run_reported(output_format, lambda: create_project(directory, template, name, install))
    if output_format == "json":
        echo_json(report.to_json())
        return
    click.echo(f"created {directory}/ from the {report.template} template ({len(report.files)} files)")
    if report.installed:
        click.echo("installed the Node packages (npm ci)")
    click.echo("next: " + " && ".join(report.next_steps))
