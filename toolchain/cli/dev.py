"""`xtk dev` (build, watch, reload in a browser) and `xtk run` (build once, open a browser)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from toolchain import browser_targets
from toolchain.cli.options import project_option

F = TypeVar("F", bound=Callable[..., Any])
#: which browser runs which targets, for --help (the drivers in toolchain/browsers/ run an engine each)
_ENGINE_HOSTS = (
    f"{' and '.join(browser_targets.of_engine('chromium'))} in Debian's chromium, "
    f"{' and '.join(browser_targets.of_engine('gecko'))} in firefox-esr"
)


def _dev_options(command: F) -> F:
    """The options `xtk dev` and `xtk run` share."""
    options = [
        click.option(
            "--browser",
            "-b",
            type=click.Choice(browser_targets.names()),
            default=None,
            help=f"Which target to load: {_ENGINE_HOSTS}. "
            "Default: chrome if the project targets it, else its first target.",
        ),
        click.option("--headless", is_flag=True, help="No window (CI, tests, benchmarks)."),
        click.option(
            "--start-url",
            "start_urls",
            metavar="URL",
            multiple=True,
            help="Open this page once the extension is loaded (repeat for several).",
        ),
        project_option,
        click.option(
            "--format",
            "output_format",
            type=click.Choice(["text", "json"]),
            default="text",
            show_default=True,
            help='json: one event per line on stdout ({"event", "browser", "ms"}).',
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _start_dev(
    project: str | None,
    browser: str | None,
    headless: bool,
    start_urls: tuple[str, ...],
    output_format: str,
    launch: bool,
    watch: bool,
) -> None:
    from urllib.parse import urlsplit

    from toolchain.dev.main import run_session
    from toolchain.dev.session import DevOptions
    from toolchain.project import find_config

    for url in start_urls:  # a browser would fail on it later, after start-up: say so now
        parts = urlsplit(url)
        if not (parts.scheme in ("http", "https") and parts.netloc) and parts.scheme not in ("file", "about", "data"):
            raise click.BadParameter(
                f"{url!r} is not an absolute http(s), file, about or data URL", param_hint="--start-url"
            )
    run_session(
        find_config(project), DevOptions(browser, headless, launch, list(start_urls), output_format), watch=watch
    )


@click.command()
@_dev_options
@click.option(
    "--no-launch", "no_launch", is_flag=True, help="Build and watch only; load build/dev/<browser>/ yourself."
)
def dev(
    project: str | None,
    browser: str | None,
    headless: bool,
    start_urls: tuple[str, ...],
    output_format: str,
    no_launch: bool,
) -> None:
    """Development build in build/dev/<browser>/, rebuilt on every change and reloaded in a browser.

    Watches sources, xtk.toml, pages, public/ and _locales; esbuild stays running between changes (incremental
    rebuilds). The browser starts with a fresh temporary profile and the extension loaded; after each good rebuild
    the extension reloads and open web pages reload, so the new content scripts run. A config, page or asset change
    rebuilds everything and reinstalls. Errors are printed file:line:col and the last good build stays loaded.
    Ctrl-C (or SIGTERM) stops the browser and removes its profile. See `xtk help dev`.
    """
    _start_dev(project, browser, headless, start_urls, output_format, not no_launch, watch=True)


@click.command("run")
@_dev_options
def run_command(
    project: str | None, browser: str | None, headless: bool, start_urls: tuple[str, ...], output_format: str
) -> None:
    """Build once (development) and open a browser with the extension loaded, as `web-ext run`; no watching.

    Ends when the browser is closed or on Ctrl-C / SIGTERM, which stop the browser and remove its profile.
    """
    _start_dev(project, browser, headless, start_urls, output_format, True, watch=False)
