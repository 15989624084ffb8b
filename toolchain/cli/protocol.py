"""`xtk protocol codegen`: the message protocol's TypeScript types and validators, from its JSON Schemas."""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any

import click

from toolchain.cli.options import format_option, project_option
from toolchain.cli.output import echo_json, emit, run_reported
from toolchain.diagnostics import EXIT_PROJECT_ERRORS


@click.group()
def protocol() -> None:
    """The message protocol between the extension's contexts ([protocol] in xtk.toml; `xtk help protocol`).

    \b
    The schemas folder holds protocol.json, which lists the channels (who sends to whom, over
    runtime.sendMessage or tabs.sendMessage), and one JSON Schema per channel: a oneOf of its messages,
    each an object whose "type" is a const. `xtk protocol codegen` turns them into one TypeScript module
    of types and validators; `xtk lint` reports the module when it no longer matches them (XM007).
    """


@protocol.command("codegen")
@project_option
@click.option(
    "--check",
    "check",
    is_flag=True,
    default=False,
    help="Write nothing: compare the generated module with what the schemas give and exit 1 if it is missing "
    "or differs (for CI and pre-commit).",
)
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
    The validators implement a subset of JSON Schema 2020-12 exactly (`xtk help protocol`); any other
    keyword is an error, never ignored. Schema values reach the module only as string, number or
    comment text escaped by one serializer; patterns are compiled by JavaScript (Node, u flag) first:
    one that does not compile, or a $ref cycle that never goes into a property or item, is refused;
    a pattern with nested unbounded quantifiers (ReDoS) is a warning. An unchanged module is not rewritten.

    \b
    Exit codes:
      0  written or already up to date (with --check: up to date)
      1  --check: the module is missing or out of date (the file and first differing line are named)
      2  bad input, located as file:line:column: JSON pointer: no [protocol] in the config, unreadable
         or invalid protocol.json or schemas, a keyword outside the subset, an unresolved $ref, a pattern
         JavaScript does not compile, a $ref cycle; nothing is written
    """
    from toolchain.files import write_if_changed
    from toolchain.project import load_project
    from toolchain.protocol.codegen import check_generated, generate
    from toolchain.protocol.patterns import check_patterns
    from toolchain.protocol.project import load_project_protocol

    def prepare() -> tuple[Any, Any, str, list[Any]]:
        loaded = load_project(project, require_files=False)  # the schemas and the output path are all it needs
        found = load_project_protocol(loaded)
        text = generate(found.protocol)
        # Patterns are compiled by JavaScript itself (Node) before anything is written: one that does not compile is
        # refused, located; a nested unbounded quantifier is a warning.
        return loaded, found, text, check_patterns(found.protocol)

    loaded, found, text, warnings = run_reported(output_format, prepare)
    shown = found.generated_display
    summary = {
        "path": shown,
        "bytes": len(text.encode("utf-8")),
        "channels": len(found.protocol.channels),
        "messages": sum(len(c.messages) for c in found.protocol.channels),
        "schemas": loaded.display(found.protocol.folder),
        "warnings": [w.to_json() for w in warnings],
    }
    if output_format != "json":
        emit(warnings)
    if check:
        from toolchain.lint.rules.xm007_protocol_codegen_drift import ProtocolCodegenDrift as Drift

        # the drift is the lint rule's finding: its code and severity, declared once by the rule
        drift = [
            replace(difference, code=Drift.code, severity=Drift.severity)
            for difference in check_generated(found.protocol, found.generated, shown, expected=text)
        ]
        if output_format == "json":
            echo_json({"ok": not drift, **summary, "errors": [d.to_json() for d in drift]})
        elif drift:
            emit(drift)
        else:
            click.echo(f"{shown} is up to date with {summary['schemas']}/")
        if drift:
            sys.exit(EXIT_PROJECT_ERRORS)
        return
    written = run_reported(output_format, lambda: write_if_changed(found.generated, text, inside=loaded.base_dir))
    if output_format == "json":
        echo_json({"ok": True, **summary, "written": written})
        return
    what = f"{summary['bytes']:,} bytes: {summary['channels']} channels, {summary['messages']} messages"
    click.echo(f"wrote {shown} ({what})" if written else f"{shown} is up to date ({what})")
