"""`xtk submit`: package, check and send a release to the Chrome Web Store, addons.mozilla.org and Edge Add-ons."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from toolchain.cli.options import format_option, project_option
from toolchain.cli.output import echo_json, run_reported


@click.command()
@project_option
@click.option(
    "--browser",
    "-b",
    "choice",
    default="all",
    show_default=True,
    metavar="STORES",
    help="chrome, firefox, edge (comma-separated), or all: every store with a [submit.*] table (with none, every "
    "store of a target).",
)
@click.option(
    "--dry-run", is_flag=True, help="Do everything locally and print what would be sent; no credential needed."
)
@click.option(
    "--against",
    type=click.Path(path_type=Path),
    metavar="OLD",
    help="The last release (a folder, .zip, .xpi or .crx, or a git ref xtk builds): an install warning the update "
    "adds stops the release "
    "(XP013: Chrome disables the extension for every user until each accepts it).",
)
@click.option(
    "--credentials",
    type=click.Path(path_type=Path),
    metavar="FILE",
    help="A dotenv file with the stores' credentials. Default: $XTK_CREDENTIALS, else .env.submit beside xtk.toml.",
)
@click.option("--no-verify", "no_verify", is_flag=True, help="Skip the rebuild of the sources (package --verify).")
@format_option
def submit(
    project: str | None,
    choice: str,
    dry_run: bool,
    against: Path | None,
    credentials: Path | None,
    no_verify: bool,
    output_format: str,
) -> None:
    """Package the release and send it to the stores: Chrome Web Store (API v2: upload, publish, staged rollout),
    addons.mozilla.org (API v5: upload, version with release notes and the sources zip; unlisted: the signed .xpi
    downloaded to dist/) and Microsoft Edge Add-ons (API v1.1: upload, publish with notes).

    Before anything is sent: the zips are built in production, `xtk lint` runs (an error stops the release, and so
    does an install warning the update adds: against --against OLD, and for Firefox against the version AMO
    publishes) and the sources zip is rebuilt and compared byte for byte (as `xtk package --verify`).

    \b
    Where each store's item is: [submit.chrome], [submit.firefox], [submit.edge] in xtk.toml.
    Credentials: the environment or a credentials file, never xtk.toml; never printed, logged, zipped, or sent to
    another host (redirects do not carry them):
      Chrome   XTK_CHROME_CLIENT_ID, XTK_CHROME_CLIENT_SECRET, XTK_CHROME_REFRESH_TOKEN
      Firefox  XTK_AMO_JWT_ISSUER, XTK_AMO_JWT_SECRET
      Edge     XTK_EDGE_CLIENT_ID, XTK_EDGE_API_KEY
    (WXT's .env.submit names, CHROME_CLIENT_ID…, are read too.) Retries on 429 and 5xx honour Retry-After.
    `xtk help submit` has the details.

    \b
    Exit codes: 0 submitted (or, --dry-run, ready) · 1 the release or a store failed · 2 bad input (arguments,
    config, missing or refused credentials).
    """
    from toolchain.project import load_project
    from toolchain.submit.run import chosen_stores, submit_release

    def log(line: str) -> None:  # submit_release hides the secrets in what it says
        if output_format == "text":
            click.echo(line, err=True)

    def release() -> Any:
        loaded = load_project(project)
        stores = chosen_stores(loaded, choice)
        report, found = submit_release(
            loaded,
            stores,
            dry_run=dry_run,
            against=against,
            credentials_path=credentials,
            verify=not no_verify,
            log=log,
        )
        return loaded, report, found.secrets

    loaded, report, secrets = run_reported(output_format, release)
    if output_format == "json":
        echo_json(_hidden(secrets, _as_json(loaded, report)))
        return
    for line in _as_text(loaded, report):
        click.echo(secrets.hide(line))


def _hidden(secrets: Any, value: Any) -> Any:
    """`value` with every secret hidden in its strings, however deep."""
    if isinstance(value, str):
        return secrets.hide(value)
    if isinstance(value, list):
        return [_hidden(secrets, v) for v in value]
    if isinstance(value, dict):
        return {k: _hidden(secrets, v) for k, v in value.items()}
    return value


def _as_json(loaded: Any, report: Any) -> dict[str, Any]:
    return {
        "ok": True,
        "dry_run": report.dry_run,
        "stores": report.stores,
        "packages": {b: loaded.display(p) for b, p in report.packages.items()},
        "sources": loaded.display(report.sources) if report.sources else None,
        "lint": {"errors": [d.format() for d in report.lint_errors], "warnings": report.lint_warnings},
        "install_warnings": report.install_warnings,
        "verified": report.verified,
        "requests": {s: [r.to_json() for r in plan] for s, plan in report.plans.items()},
        "to_set": report.to_set,
        "results": [r.to_json() for r in report.results],
        "warnings": [d.to_json() for d in report.notes],
    }


def _as_text(loaded: Any, report: Any) -> list[str]:
    from toolchain.submit.credentials import STORE_NAMES

    lines = [d.format() for d in report.notes]
    for browser, path in report.packages.items():
        lines.append(f"packaged {browser:<8} {loaded.display(path)} ({path.stat().st_size:,} bytes)")
    if report.sources is not None:
        lines.append(f"packaged sources  {loaded.display(report.sources)} (with REBUILD.md)")
    lines.append(
        f"lint: no errors, {report.lint_warnings} warning{'s' if report.lint_warnings != 1 else ''}"
        + (" (xtk lint shows them)" if report.lint_warnings else "")
    )
    for browser, warnings in report.install_warnings.items():
        shown = "not computed" if warnings is None else "; ".join(warnings) or "none"
        lines.append(f"install warnings {browser}: {shown}")
    for browser, difference in report.verified.items():
        lines.append(
            f"verified {browser}: rebuilt from the sources, byte for byte"
            if difference is None
            else f"{browser}: {difference}"
        )
    for store, plan in report.plans.items():
        lines.append(f"would send to {STORE_NAMES[store]}:")
        lines += [f"  {r.method:<5} {r.url}  {r.sends}" for r in plan]
        if store in report.to_set:
            lines.append(f"  before a real submit, set: {', '.join(report.to_set[store])}")
    for result in report.results:
        lines.append(f"{STORE_NAMES[result.store]}: {result.status}")
        lines += [f"  {detail}" for detail in result.details]
    if report.dry_run:
        ready = [s for s in report.stores if s not in report.to_set]
        lines.append(
            f"dry run: nothing sent; ready for {', '.join(ready) or 'no store yet'}"
            + (f"; to set for {', '.join(report.to_set)}" if report.to_set else "")
        )
    return lines
