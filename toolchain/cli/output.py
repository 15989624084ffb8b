"""The one error envelope of every `xtk` command: diagnostics as text on stderr, or with `--format json` an
`{"ok": false, "errors": [...]}` object on stdout, and the exit code (0 ok, 1 project errors, 2 bad input).

A bug in xtk itself is neither: `XtkGroup` reports it as an internal error (exit 1), its traceback behind XTK_DEBUG.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Callable, Iterable
from typing import Any, NoReturn, TypeVar

import click

from toolchain.diagnostics import EXIT_PROJECT_ERRORS, Diagnostic, XtkError

T = TypeVar("T")


def emit(diagnostics: Iterable[Diagnostic]) -> None:
    """Diagnostics as compiler-style lines on stderr."""
    for diagnostic in diagnostics:
        click.echo(diagnostic.format(), err=True)


def echo_json(data: object) -> None:
    click.echo(json.dumps(data, indent=2))


def fail_as_json(error: XtkError, warnings: list[Diagnostic] | None = None) -> NoReturn:
    """The JSON error envelope on stdout, then the error's exit code. `warnings` is given by the commands that
    collect warnings (build, conform): their envelope lists them too."""
    envelope: dict[str, Any] = {"ok": False, "errors": [d.to_json() for d in error.diagnostics]}
    if warnings is not None:
        envelope["warnings"] = [d.to_json() for d in warnings]
    echo_json(envelope)
    sys.exit(error.exit_code)


def run_reported(output_format: str, action: Callable[[], T], warnings: list[Diagnostic] | None = None) -> T:
    """Run a command's work. On an XtkError: with --format json, the envelope on stdout and exit; as text, the
    collected warnings first, then the error goes up to `XtkGroup`, which prints it and exits."""
    try:
        return action()
    except XtkError as error:
        if output_format == "json":
            fail_as_json(error, warnings)
        if warnings is not None:
            emit(warnings)
        raise


class XtkGroup(click.Group):
    """Maps xtk's errors to exit codes in one place, for every command. `lazy_commands` (name → "module:attr"):
    commands imported when asked for (click's documented lazy-group pattern), listed in that order; the help's
    epilog is then the help topics (`xtk help`), read when the help is shown."""

    def __init__(self, *args: Any, lazy_commands: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_commands = dict(lazy_commands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*self.lazy_commands, *(name for name in super().list_commands(ctx) if name not in self.lazy_commands)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = self.lazy_commands.get(cmd_name)
        if where is None or cmd_name in self.commands:
            return super().get_command(ctx, cmd_name)
        import importlib

        module, attribute = where.split(":")
        command: click.Command = getattr(importlib.import_module(module), attribute)
        self.add_command(command, cmd_name)
        return command

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.lazy_commands and not self.epilog:
            from toolchain.cli.help import topics_epilog

            self.epilog = topics_epilog()
        super().format_epilog(ctx, formatter)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except XtkError as error:
            emit(error.diagnostics)
            ctx.exit(error.exit_code)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except KeyboardInterrupt:
            click.echo("xtk: interrupted", err=True)
            ctx.exit(130)
        except BrokenPipeError:  # the reader went away (`xtk help config | head`): nothing left to say, to no one
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(EXIT_PROJECT_ERRORS)
        except Exception as error:  # a bug in xtk, not in the project: say so, keep the traceback behind a flag
            if os.environ.get("XTK_DEBUG"):
                traceback.print_exc()
            click.echo(
                f"xtk: internal error: {type(error).__name__}: {error} (set XTK_DEBUG=1 for the traceback)", err=True
            )
            ctx.exit(EXIT_PROJECT_ERRORS)
