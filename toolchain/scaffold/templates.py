"""The project templates of `xtk init`: where they are, which exist, and how one becomes a set of files.

A template is a folder `templates/init/<name>/` holding `template.toml` (its description) and the files that make
it different from the others; `templates/init/_common/` holds the files every template shares. A template's file
replaces the common file of the same path. Files ending in `.j2` are rendered through Jinja2 (the project's name,
its npm package name, its gecko id) and lose the suffix; `_gitignore` becomes `.gitignore` (a dotfile in a package
is easy to lose). Everything else is copied byte for byte. templates/init/README.md says the same for authors.
"""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from toolchain.diagnostics import InputError
from toolchain.resources import templates_dir

DEFAULT_TEMPLATE = "vanilla"
COMMON = "_common"
METADATA = "template.toml"
RENAMED = {"_gitignore": ".gitignore"}


@dataclass(frozen=True)
class Template:
    name: str
    description: str
    folder: Path


@dataclass(frozen=True)
class RenderedFile:
    path: PurePosixPath  # inside the new project
    data: bytes


def init_dir() -> Path:
    return templates_dir() / "init"


def available_templates() -> dict[str, Template]:
    """Every template, by name: the folders of templates/init/ that hold a template.toml."""
    found: dict[str, Template] = {}
    for folder in sorted(init_dir().iterdir()):
        metadata = folder / METADATA
        if folder.name.startswith("_") or not metadata.is_file():
            continue
        description = str(tomllib.loads(metadata.read_text(encoding="utf-8")).get("description", ""))
        found[folder.name] = Template(folder.name, description, folder)
    return found


def template_list(templates: dict[str, Template]) -> str:
    return "; ".join(
        f"{name}{' (default)' if name == DEFAULT_TEMPLATE else ''}: {t.description}" for name, t in templates.items()
    )


def find_template(name: str) -> Template:
    """The template called `name`, or an InputError (exit 2) listing them all, with a 'did you mean'."""
    templates = available_templates()
    if name in templates:
        return templates[name]
    close = difflib.get_close_matches(name.lower(), list(templates), n=1, cutoff=0.5)
    hint = f"; did you mean '{close[0]}'?" if close else "."
    raise InputError.single(f"--template: unknown template '{name}'{hint} The templates: {template_list(templates)}")


def _files_of(folder: Path) -> dict[PurePosixPath, Path]:
    files: dict[PurePosixPath, Path] = {}
    for path in sorted(folder.rglob("*")):
        relative = PurePosixPath(path.relative_to(folder).as_posix())
        if path.is_file() and relative != PurePosixPath(METADATA) and "__pycache__" not in relative.parts:
            files[relative] = path
    return files


def _output_path(relative: PurePosixPath) -> PurePosixPath:
    name = RENAMED.get(relative.name, relative.name).removesuffix(".j2")
    return relative.with_name(name)


def render_template(template: Template, values: dict[str, str]) -> list[RenderedFile]:
    """The new project's files: the common ones overlaid with the template's, `.j2` files rendered."""
    import jinja2  # lazily: start-up time of the CLI matters

    sources = {**_files_of(init_dir() / COMMON), **_files_of(template.folder)}
    by_output: dict[PurePosixPath, Path] = {}
    for relative, source in sources.items():
        by_output[_output_path(relative)] = source  # a template's index.ts.j2 replaces the common index.ts too
    environment = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=True)
    rendered: list[RenderedFile] = []
    for output, source in sorted(by_output.items()):
        if source.name.endswith(".j2"):
            text = environment.from_string(source.read_text(encoding="utf-8")).render(**values)
            rendered.append(RenderedFile(output, text.encode("utf-8")))
        else:
            rendered.append(RenderedFile(output, source.read_bytes()))
    return rendered
