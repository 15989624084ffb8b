"""`xtk conform`: the golden vectors run in every JavaScript engine the extension runs in."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from toolchain.cli.options import format_option, project_option
from toolchain.cli.output import emit, run_reported
from toolchain.diagnostics import EXIT_PROJECT_ERRORS, Diagnostic


@click.command()
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
    """Check the runtime against the golden vectors in every JavaScript engine the extension runs in.

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
    Vectors (--vectors): golden files as `xtk help golden` describes them. Every case
    needs "expected" (inputs files lack it: run `xtk golden make`). Cases referencing the
    corpus ({"$corpus": ...}) are skipped, with the reason, when the corpus ([golden] corpus)
    is absent: never counted as passed.

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
    from toolchain.conform.harness import parse_engines, run_conformance
    from toolchain.project import load_project

    warnings: list[Diagnostic] = []

    def run() -> Any:
        chosen = parse_engines(engines)
        loaded = load_project(project)
        return run_conformance(loaded, chosen, [Path(v) for v in vectors], on_warning=warnings.append)

    report = run_reported(output_format, run, warnings)
    if output_format == "json":
        click.echo(report.dumps())
    else:
        emit(warnings)
        for line in report.lines():
            click.echo(line)
    if not report.ok:
        sys.exit(EXIT_PROJECT_ERRORS)
