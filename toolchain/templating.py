"""The one Jinja2 environment over `templates/` (manifests, generated type declarations)."""

from __future__ import annotations

from functools import cache
from typing import Any

from toolchain.resources import templates_dir


@cache
def environment() -> Any:
    import jinja2  # lazily: start-up time of the CLI matters

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=True,
        # Compiled templates are kept in the user's temp folder (keyed by the template's checksum): compiling the
        # manifest templates costs ~25 ms of every cold build and lint otherwise.
        bytecode_cache=jinja2.FileSystemBytecodeCache(),
    )
    # Keep the order the conversions chose (icons by size, keys as documented); Jinja sorts keys by default.
    env.policies["json.dumps_kwargs"] = {"sort_keys": False}
    return env


def render(name: str, **values: Any) -> str:
    return environment().get_template(name).render(**values)
