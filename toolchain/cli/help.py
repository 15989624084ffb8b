"""`xtk help [TOPIC]`: the user documentation, printed from the installed package (a wheel carries docs/ for this)."""

from __future__ import annotations

import click

from toolchain.cli.lint import explain_code
from toolchain.diagnostics import InputError
from toolchain.resources import docs_dir

#: topic → (file in docs/, what it covers). Only xtk's own documentation: DocMind's documents stay with DocMind.
TOPICS: dict[str, tuple[str, str]] = {
    "config": ("config.md", "xtk.toml: every key, its per-browser conversion, locales, confinement"),
    "lint": ("lint.md", "xtk lint: every code, suppressions, output formats, bounded input"),
    "knowledge": ("knowledge.md", "the lint knowledge base: API and permission facts per browser"),
    "protocol": ("protocol.md", "the message protocol format and xtk protocol codegen"),
    "golden": ("golden.md", "golden vectors, the reference module's interface, xtk golden and xtk conform"),
    "dev": ("dev.md", "xtk dev and xtk run: watching, reloading, events"),
    "init": ("init.md", "xtk init: the templates and what a new project holds"),
    "submit": ("submit.md", "xtk submit to three stores, credentials, failures; package --verify and REBUILD.md"),
    "import": ("import.md", "xtk import: WXT, Plasmo, Vite/CRXJS and manifest.json projects, what is brought over"),
    "manifest-schemas": ("manifest-schemas.md", "the manifest JSON Schemas every build is validated against"),
}


def topics_epilog() -> str:
    return "Documentation: xtk help TOPIC, for TOPIC in " + ", ".join(TOPICS) + " (xtk help lists them)."


@click.command("help")
@click.argument("topic", required=False, metavar="[TOPIC|CODE]")
def help_command(topic: str | None) -> None:
    """Print xtk's documentation on TOPIC (config, lint, golden, …), or what a code such as XP001 means.

    Without TOPIC, list the topics. The documents ship with xtk itself: no checkout or network needed.
    """
    if topic is None:
        for name, (_, summary) in TOPICS.items():
            click.echo(f"{name:<18} {summary}")
        click.echo(f"{'CODE':<18} what a code xtk emits means (XB…, XL…, XP…, XS…, XM…; as xtk lint --explain)")
        return
    chosen = TOPICS.get(topic.strip().lower())
    if chosen is None:
        from toolchain.lint import catalog

        if catalog.find(topic) is None:
            raise InputError.single(
                f"help {topic}: no such topic or code (topics: {', '.join(TOPICS)}; "
                "`xtk lint --explain all` lists the codes)"
            )
        explain_code(topic)
        return
    path = docs_dir() / chosen[0]
    click.echo(path.read_text(encoding="utf-8"), nl=False)
