"""XL007: a file the code asks for by name (`runtime.getURL('…')`) or the manifest exposes (web_accessible_resources)
is not in what the browser loads."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from fnmatch import fnmatchcase
from pathlib import Path, PurePosixPath

from toolchain.analysis.facts import CallStrings
from toolchain.lint.context import LintContext, Target
from toolchain.lint.extension_paths import leaves_extension, manifest_paths
from toolchain.lint.model import Finding, Rule
from toolchain.urls import split_address

#: the calls that turn a path in the package into its extension URL
URL_OF_PACKAGED_FILE = frozenset({"runtime.getURL", "extension.getURL"})
#: the calls that inject or register packaged scripts and styles by file name (`{file: "x.js"}`, `{files: [...]}`,
#: `{js: [{file: ...}]}`): a string literal among their arguments that is a script or style path names a file
INJECTED_FILES = frozenset(
    {
        "tabs.executeScript",
        "tabs.insertCSS",
        "scripting.executeScript",
        "scripting.insertCSS",
        "scripting.registerContentScripts",
        "contentScripts.register",
    }
)
_SCRIPT_OR_STYLE = re.compile(r"^[\w./@~-]+\.(?:m?js|css)$", re.IGNORECASE)


def _resource_name(value: str) -> str | None:
    """The package path a string names (`/icons/a.png?v=2#x` → `icons/a.png`); None for what is not a path."""
    if "://" in value or value.startswith(("data:", "blob:", "//")):
        return None
    name = split_address(value)[0].lstrip("/")
    return name or None


#: Chromium browsers (they serve `_favicon/` to an extension with the `favicon` permission)
CHROMIUM = frozenset({"chrome", "edge"})


def _browser_provided(name: str, target: Target) -> tuple[bool, str] | None:
    """Is `name` a path the browser serves itself, not a file of the package? None: it is not one of those paths;
    (True, what) when this target's browser serves it; (False, why not) when it would under other conditions.

    - `_favicon/` (`_favicon/?pageUrl=…&size=32`, `_favicon/*` in web_accessible_resources): Chromium's favicon API
      for Manifest V3 extensions with the `favicon` permission (developer.chrome.com/docs/extensions/how-to/ui/
      favicons); Firefox has none.
    - `_generated_background_page.html`: the page Chromium and Firefox make for `background.scripts` when the
      manifest names no `background.page`.

    `_locales/…` is no such path: the catalogs are files of the package, found (or not) as any other file."""
    first = name.split("/", 1)[0]
    if first == "_favicon":
        if target.browser not in CHROMIUM:
            return False, f"`_favicon/` is Chromium's favicon API; {target.browser} has none"
        permissions = target.manifest.get("permissions")
        if target.manifest_version < 3:
            return False, "`_favicon/` is Chromium's favicon API, for Manifest V3 extensions only"
        if not isinstance(permissions, list) or "favicon" not in permissions:
            return False, "`_favicon/` is Chromium's favicon API: it needs the `favicon` permission"
        return True, "Chromium's favicon API"
    if name == "_generated_background_page.html":
        background = target.manifest.get("background")
        background = background if isinstance(background, dict) else {}
        scripts = background.get("scripts")
        if isinstance(scripts, list) and scripts and not background.get("page"):
            return True, "the page the browser makes for background.scripts"
        return False, "`_generated_background_page.html` is made by the browser only for `background.scripts`"
    return None


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

    What it checks: every file the manifest loads (background scripts, service worker and page, content scripts'
    `js` and `css`, popup, options, devtools, side panel and sidebar pages, sandbox pages, `chrome_url_overrides`,
    icons, rule files, the managed-storage schema, `_locales/<default_locale>/messages.json`), every string
    literal passed to `runtime.getURL()` (or the old `extension.getURL()`) in code that runs in a target, every
    script or style a literal names to `tabs.executeScript`/`insertCSS`, `scripting.executeScript`/`insertCSS`/
    `registerContentScripts` or `contentScripts.register` (from the package's root, as Chrome reads it, or beside
    the calling script, as Firefox may: reported only when neither holds it), and every
    resource `web_accessible_resources` lists, against the files of the package: for a project, the target's built
    folder (what `xtk build` writes: sources are bundled away, `public/` is copied); for a plain extension, its
    folder or archive. A query or fragment (`page.html?x=1#y`) is not part of the name; a glob must match at least
    one file. A computed argument (`getURL('icons/' + size + '.png')`)
    is not judged. Paths the browser serves itself are not files: `_favicon/` (and `_favicon/*` exposed) is
    Chromium's favicon API, served to a Manifest V3 extension with the `favicon` permission;
    `_generated_background_page.html` is the page made for `background.scripts`. They are reported only where the
    browser would not serve them (no permission, Firefox, a service worker instead of scripts), saying why.

    Why it matters: a file the manifest names and the package lacks fails the load in Chromium ("Could not load
    background script", "Could not load icon"); Firefox installs the extension without its background, content
    script or page, and addons.mozilla.org refuses the upload (MANIFEST_BACKGROUND_FILE_NOT_FOUND,
    MANIFEST_ICON_NOT_FOUND, NO_MESSAGES_FILE...). A URL the code builds is built without complaint and fails only
    where it is used — a broken image, an
    iframe or a tab that shows an error page, a `fetch` that rejects, a script injected into a page that never
    loads — often only in one browser's build, and only when that path runs.

    Example:

        browser.runtime.getURL("pages/welcome.html")   // XL007: not in build/chrome (the page is welcome/index.html)
        "background": {"scripts": ["background.js"]}  // XL007: `background.scripts[0]` names `background.js`, which
                                                      // is not in the extension

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
            yield from self._manifest_names(ctx, target, folder, files, shown)
            yield from self._code_names(ctx, target, folder, files, shown)
            yield from self._exposed_names(ctx, target, folder, files, shown)

    def _manifest_names(
        self, ctx: LintContext, target: Target, folder: Path, files: list[str], shown: str
    ) -> Iterator[Finding]:
        """The files the manifest loads: scripts, styles, pages, icons, rule files, the default locale's catalog.
        A name that leaves the extension is XL010's; web-accessible resources are judged below."""
        for named in manifest_paths(target.manifest):
            if named.kind == "resource" or leaves_extension(folder, named.value) is not None:
                continue
            if named.kind == "locale":
                if "/" in named.value or "\\" in named.value or not named.value:
                    continue  # not a locale name: the manifest's shape is judged elsewhere
                name = f"_locales/{named.value}/messages.json"
                what = f"`default_locale` is `{named.value}`, but `{name}`"
            else:
                found = _resource_name(named.value)
                if found is None:
                    continue
                name = found
                what = f"`{named.key_path}` names `{named.value}`, which"
            if _present(folder, name, files) or (_browser_provided(name, target) or (False, ""))[0]:
                continue
            yield self.finding(
                f"{what} is not in {shown}",
                browser=target.browser,
                fix="add the file, or fix the name in the manifest",
                **ctx.manifest_where(named.pointer, target),
            )

    def _code_names(
        self, ctx: LintContext, target: Target, folder: Path, files: list[str], shown: str
    ) -> Iterator[Finding]:
        for facts, call in ctx.each(target, "call_strings"):
            if call.callee in INJECTED_FILES:
                yield from self._injected_names(ctx, target, folder, files, shown, facts.path, call)
                continue
            if call.callee not in URL_OF_PACKAGED_FILE or call.computed:
                continue
            for value in sorted(call.strings):
                name = _resource_name(value)
                if name is None or _present(folder, name, files):
                    continue
                provided = _browser_provided(name, target)
                if provided is not None and provided[0]:
                    continue
                because = f" ({provided[1]})" if provided is not None else ""
                yield self.finding(
                    f"`{call.callee}('{value}')`: `{name}` is not in {shown}{because}",
                    browser=target.browser,
                    fix="name a file the package holds (a page, a file in public/), or fix the path",
                    **ctx.where(call.location),
                )

    def _injected_names(
        self,
        ctx: LintContext,
        target: Target,
        folder: Path,
        files: list[str],
        shown: str,
        caller: Path,
        call: CallStrings,
    ) -> Iterator[Finding]:
        """The script and style files an injection names. Chrome resolves them from the extension's root, Firefox
        from the calling page: reported only when neither holds the file (and never for a computed name, which
        gives no string here)."""
        for value in sorted(call.strings):
            name = _resource_name(value)
            if name is None or not _SCRIPT_OR_STYLE.match(value) or PurePosixPath(name).name.startswith("."):
                continue
            if _present(folder, name, files):
                continue
            try:
                beside = (caller.parent / value).resolve().relative_to(folder.resolve()).as_posix()
            except (ValueError, OSError):
                beside = None
            if beside is not None and _present(folder, beside, files):
                continue
            yield self.finding(
                f"`{call.callee}` injects `{value}`, which is not in {shown}",
                browser=target.browser,
                fix="name a script or style the package holds, or fix the path",
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
                if name is None or _present(folder, name, files):
                    continue
                provided = _browser_provided(name, target)
                if provided is not None and provided[0]:
                    continue
                because = f" ({provided[1]})" if provided is not None else ""
                what = "matches no file" if any(ch in name for ch in "*?[") else "is not"
                yield self.finding(
                    f"web-accessible `{resource}` {what} in {shown}{because}",
                    browser=target.browser,
                    fix="list files the package holds, or remove the entry",
                    **ctx.manifest_where(pointer, target),
                )
