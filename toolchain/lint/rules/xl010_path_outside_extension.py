"""XL010: the manifest (or a page) names a file outside the extension — `..` above its root, a disk path, a `file:`
URL, a link out of an unpacked folder. Such a file is never read by xtk."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from toolchain.lint.context import LintContext, Target
from toolchain.lint.extension_paths import Departure, consequence, leaves_extension, manifest_paths, shown
from toolchain.lint.model import Finding, Rule

#: the kinds of named file whose code lint would have analysed
CODE_KINDS = frozenset({"script", "page"})


class PathOutsideExtension(Rule):
    """A file the manifest or a page names is outside the extension.

    What it checks: every file name in a plain extension's manifest — background scripts, service worker and page,
    content scripts' `js` and `css`, the popup, options, devtools, side panel and sidebar pages, sandbox pages,
    `chrome_url_overrides`, icons, web-accessible resources, rule files, the managed-storage schema,
    `default_locale` — and every script an extension page loads. One is reported when it climbs above the
    extension's root with `..`, is a Windows disk path (`C:\\…`, `\\\\server\\…`) or a `file:` URL, leads out
    of an unpacked folder through a symbolic link, or is a name no file can have (a NUL character, a part longer
    than 255 bytes). A name starting with `/` is not one: both browsers read
    `/icons/a.png` from the extension's root. xtk reads none of these files, so a script's code is not analysed
    and findings that rest on code being absent (XP002, XM001, XM002) are not reported.

    Why it matters: browsers read an extension's files from the extension only, and what they do instead differs:
    Chromium refuses any path with `..` (a content script is dropped without a word, a background script or an
    icon fails the load), Firefox resolves it as a URL inside the extension (`../lib/x.js` is `lib/x.js` at the
    root) — another file, or none; neither runs a content script through a link out of the folder (measured with
    Chromium 156 and Firefox 153), and a zip of the folder holds a copy of what the link pointed at when it was
    zipped, or the link. The extension works on the developer's disk and not for its users, or differently in
    each browser.

    Example:

        "content_scripts": [{"matches": ["https://example.com/*"], "js": ["../shared/dom.js"]}]
        manifest.json:14:28: XL010 `content_scripts[0].js[0]` names `../shared/dom.js`: it climbs out of the …

    Fix: copy (or build) the file into the extension's folder and name it from the root (`lib/dom.js`), or replace
    the link with the file.
    """

    code = "XL010"
    name = "path-outside-extension"
    severity = "error"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets[:1]:  # one manifest: the same names in every target
            yield from self._manifest_names(ctx, target)
        for reference in ctx.outside_references:
            yield self.finding(
                f"the page loads `{shown(reference.value)}`: "
                + consequence(Departure("link", reference.target))
                + "; its code was not analysed: unused permissions and unhandled messages are not judged",
                fix="put the file itself in the extension's folder, not a link to it",
                path=ctx.display(reference.page),
                line=reference.line,
                column=reference.column,
            )

    def _manifest_names(self, ctx: LintContext, target: Target) -> Iterator[Finding]:
        for named in manifest_paths(target.manifest):
            if named.kind == "locale":
                if not any(ch in named.value for ch in "/\\") and named.value not in (".", ".."):
                    continue
                why = (
                    "a locale is a folder of `_locales/`, named without a path: this names one outside it, "
                    "which no locale of a package can be"
                )
                fix = "name the default locale's folder of `_locales/` (`en`, `pt_BR`)"
            else:
                departure = leaves_extension(ctx.root, named.value, glob=named.kind == "resource")
                if departure is None:
                    continue
                why = consequence(departure)
                fix = "name a file inside the extension's folder, from its root (copy or build the file there)"
                if named.kind in CODE_KINDS:
                    why += (
                        "; xtk does not read it: its code was not analysed, so unused permissions and unhandled "
                        "messages are not judged"
                    )
            yield self.finding(
                f"`{named.key_path}` names `{shown(named.value)}`: {why}",
                fix=fix,
                **ctx.manifest_where(named.pointer, target),
            )
