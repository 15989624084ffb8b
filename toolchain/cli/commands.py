"""The `xtk` command group: every command by name, imported when it runs (the package's docstring says more)."""

from __future__ import annotations

import click

from toolchain import __version__
from toolchain.cli.output import XtkGroup

#: every command: its name → the module and attribute that define it, in the order `xtk --help` has always listed
#: them. A command's module is imported when the command runs (or `xtk --help` lists them all): `xtk lint` does not
#: pay for importing build, golden, conform, submit… (~50 ms of its start-up).
COMMANDS = {
    "build": "toolchain.cli.build:build",
    "package": "toolchain.cli.build:package",
    "submit": "toolchain.cli.submit:submit",
    "prepare": "toolchain.cli.build:prepare",
    "inspect": "toolchain.cli.build:inspect",
    "conform": "toolchain.cli.conform:conform",
    "golden": "toolchain.cli.golden:golden",
    "lint": "toolchain.cli.lint:lint",
    "protocol": "toolchain.cli.protocol:protocol",
    "dev": "toolchain.cli.dev:dev",
    "run": "toolchain.cli.dev:run_command",
    "init": "toolchain.cli.init:init",
    "import": "toolchain.cli.import_:import_command",
    "help": "toolchain.cli.help:help_command",
}


@click.group(
    cls=XtkGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110},
    lazy_commands=COMMANDS,
)
@click.version_option(__version__, "--version", "-V", prog_name="xtk", message="%(prog)s %(version)s")
def main() -> None:
    """xtk — build, package and check a cross-browser web extension from one project.

    A project is described by one config file, xtk.toml (`xtk help config` describes it). From it xtk renders the
    Manifest V3 manifests for Chrome and Edge and the Manifest V2 (or V3) manifest for Firefox, bundles the
    TypeScript per browser with esbuild, type-checks it with tsc and packages zips.

    \b
    Exit codes: 0 ok · 1 the project has errors · 2 bad usage or bad input.
    """
