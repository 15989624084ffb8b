"""XL007: a file the code asks for by name (`runtime.getURL('…')`) or the manifest exposes (web_accessible_resources)
is not in what the browser loads."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fnmatch import fnmatchcase
from pathlib import Path

from toolchain.lint.context import LintContext, Target
from toolchain.lint.model import Finding, Rule
from toolchain.urls import split_address

#: the calls that turn a path in the package into its extension URL
URL_OF_PACKAGED_FILE = frozenset({"runtime.getURL", "extension.getURL"})


def _resource_name(value: str) -> str | None:
    """The package path a string names (`/icons/a.png?v=2#x` → `icons/a.png`); None for what is not a path."""
    if "://" in value or value.startswith(("data:", "blob:", "//")):
        return None
    name = split_address(value)[0].lstrip("/")
    return name or None


def _package_files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def _present(folder: Path, name: str, files: list[str]) -> bool:
    if any(ch in name for ch in "*?["):  # a glob: `*` crosses folders in the browsers' matching
        return any(fnmatchcase(f, name) for f in files)
    candidate = folder / name
    try:
        return candidate.exists() and candidate.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # a name longer than the system allows, or a link loop: no file of the package
        return False


class AssetNotInPackage(Rule):
    """A file the extension asks for by name is not in the package the browser loads.

    What it checks: every string literal passed to `runtime.getURL()` (or the old `extension.getURL()`) in code
    that runs in a target, and every resource `web_accessible_resources` lists, against the files of the package:
    for a project, the target's built folder (what `xtk build` writes: sources are bundled away, `public/` is
    copied); for a plain extension, its folder or archive. A query or fragment (`page.html?x=1#y`) is not part
    of the name; a glob must match at least one file. A computed argument (`getURL('icons/' + size + '.png')`)
    is not judged.

    Why it matters: the URL is built without complaint and fails only where it is used — a broken image, an
    iframe or a tab that shows an error page, a `fetch` that rejects, a script injected into a page that never
    loads — often only in one browser's build, and only when that path runs.

    Example:

        browser.runtime.getURL("pages/welcome.html")   // XL007: not in build/chrome (the page is welcome/index.html)

    Fix: point at the file the build writes (list it as a page or put it in `public/` for a project), or fix the
    name; remove a web-accessible entry that exposes nothing.
    """

    code = "XL007"
    name = "asset-not-in-package"
    severity = "error"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            folder = target.package_dir or ctx.root
            if not folder.is_dir():
                continue
            files = _package_files(folder)
            shown = ctx.display(folder) if target.package_dir is not None else "the extension"
            yield from self._code_names(ctx, target, folder, files, shown)
            yield from self._exposed_names(ctx, target, folder, files, shown)

    def _code_names(
        self, ctx: LintContext, target: Target, folder: Path, files: list[str], shown: str
    ) -> Iterator[Finding]:
        for _, call in ctx.each(target, "call_strings"):
            if call.callee not in URL_OF_PACKAGED_FILE or call.computed:
                continue
            for value in sorted(call.strings):
                name = _resource_name(value)
                if name is not None and not _present(folder, name, files):
                    yield self.finding(
                        f"`{call.callee}('{value}')`: `{name}` is not in {shown}",
                        browser=target.browser,
                        fix="name a file the package holds (a page, a file in public/), or fix the path",
                        **ctx.where(call.location),
                    )

    def _exposed_names(
        self, ctx: LintContext, target: Target, folder: Path, files: list[str], shown: str
    ) -> Iterator[Finding]:
        value = target.manifest.get("web_accessible_resources") or []
        for i, entry in enumerate(value if isinstance(value, list) else []):
            if isinstance(entry, str):  # MV2: a flat list
                items = [(f"/web_accessible_resources/{i}", entry)]
            elif isinstance(entry, dict):
                items = [
                    (f"/web_accessible_resources/{i}/resources/{j}", r)
                    for j, r in enumerate(entry.get("resources") or [])
                    if isinstance(r, str)
                ]
            else:
                continue
            for pointer, resource in items:
                name = _resource_name(resource)
                if name is not None and not _present(folder, name, files):
                    what = "matches no file" if any(ch in name for ch in "*?[") else "is not"
                    yield self.finding(
                        f"web-accessible `{resource}` {what} in {shown}",
                        browser=target.browser,
                        fix="list files the package holds, or remove the entry",
                        **ctx.manifest_where(pointer, target),
                    )
