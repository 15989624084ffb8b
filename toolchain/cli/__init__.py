"""The `xtk` command. Thin: parse options, call one stage, turn its diagnostics into text and an exit code.

One module per command group (build.py: build, package, prepare, inspect; lint.py; golden.py; conform.py;
protocol.py; init.py; dev.py: dev and run; submit.py; help.py: the shipped docs); commands.py is the group that
names them; output.py is the one error envelope and XtkGroup maps errors to exit codes; lint_server_client.py and
lint_server.py are `xtk lint --server`, answered before click is imported. Exit codes: 0 ok; 1 the project has
errors (build, type-check, lint); 2 bad usage or bad input (arguments, config, schema, manifest). Stages are
imported inside the commands so `xtk --help` starts fast.
"""

from __future__ import annotations

import os
import sys
from typing import Any


def __getattr__(name: str) -> Any:
    """`main` and `COMMANDS` (commands.py), imported on first use: `xtk lint --server` answers without click."""
    if name in ("main", "COMMANDS"):
        from toolchain.cli import commands

        return getattr(commands, name)
    raise AttributeError(f"module 'toolchain.cli' has no attribute {name!r}")


def exit_code(stop: SystemExit) -> int:
    """The exit code a command's SystemExit stands for; a message in place of a code is printed to stderr (1)."""
    if isinstance(stop.code, int) or stop.code is None:
        return stop.code or 0
    print(stop.code, file=sys.stderr)
    return 1


def run() -> None:  # pragma: no cover - the console entry point (`xtk`, `python -m toolchain`)
    """Run the command, then leave without tearing the interpreter down.

    A lint run holds tens of thousands of objects (syntax trees, facts, the knowledge base); freeing them one by
    one at exit costs ~60 ms of a ~400 ms command for nothing. Output is flushed and exit handlers run first, so
    nothing is lost.
    """
    import atexit

    from toolchain.cli import lint_server_client as server_client  # the server's answer needs no click

    if server_client.wanted(sys.argv):
        answered = server_client.lint_through_server(sys.argv)
        if answered is not None:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(answered)
    from toolchain.cli.commands import main

    try:
        main(prog_name="xtk")
        code = 0
    except SystemExit as stop:
        code = exit_code(stop)
    sys.stdout.flush()
    sys.stderr.flush()
    atexit._run_exitfuncs()
    os._exit(code)
