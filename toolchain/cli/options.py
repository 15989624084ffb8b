"""Options several commands share, spelled the same everywhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from toolchain import browser_targets

F = TypeVar("F", bound=Callable[..., Any])
BROWSER_CHOICES = (*browser_targets.names(), "all")


def project_option(command: F) -> F:
    return click.option(
        "--project",
        "-p",
        "project",
        metavar="PATH",
        default=None,
        help="The project: a folder holding xtk.toml, or the config file itself. Default: the current folder.",
    )(command)


def format_option(command: F) -> F:
    return click.option(
        "--format",
        "output_format",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
        help="text for people; json (on stdout) for tools and CI.",
    )(command)


def cache_option(command: F) -> F:
    return click.option(
        "--cache/--no-cache",
        "use_cache",
        default=True,
        show_default=True,
        help="Replay the last build's recipe when the config, pages, copied folders and xtk itself are unchanged "
        "(sources are always re-bundled). --no-cache loads and checks the config from scratch.",
    )(command)
