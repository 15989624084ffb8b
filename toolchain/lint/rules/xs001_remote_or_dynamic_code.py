"""XS001: code built from strings or fetched at run time (eval, new Function, remote scripts, remote import()).

The HTML sinks given computed values, once XS001's warnings, are XS007 (xs007_computed_html_sink.py), which shares
`dynamic_code` below."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from toolchain.analysis.parse import too_large
from toolchain.lint.context import LintContext, Target
from toolchain.lint.model import Finding, Rule
from toolchain.plan.pages import read_whole_page
from toolchain.urls import is_remote_url

_WHAT = {
    "eval": "evaluates a string as code",
    "new-function": "builds a function from a string",
    "string-timer": "passes a string of code to a timer",
    "remote-import": "imports a module from a computed or remote URL",
    "remote-script": "loads a script from a computed or remote URL",
    "inner-html": "writes computed HTML into the page (markup from data can run code)",
}
#: the dynamic-code facts that are XS007's, not XS001's
HTML_SINKS = frozenset({"inner-html"})


def dynamic_code(ctx: LintContext, code: str, html_sinks: bool) -> Iterator[Finding]:
    """Findings of `code` for the dynamic-code facts of every file in a target's build, and of files checked without
    bundling (every build-time branch counts there): the HTML sinks (XS007) or everything else (XS001). A script
    named by a URL built from a package base (`fact.package_path`) is XS008's, never XS001's; code in a variable the
    analysis does not follow (`fact.unsettled` alone) is XS010's."""

    def finding(fact: Any, browser: str | None) -> Finding:
        return Finding.of(
            code,
            f"{fact.description}: {_WHAT.get(fact.kind, 'runs code that is not in the package')}",
            browser=browser,
            fix="ship the code in the package; use data (JSON, textContent), not code built at run time",
            **ctx.where(fact.location),
        )

    for target, fact in each_dynamic_fact(ctx):
        if (fact.kind in HTML_SINKS) == html_sinks and not fact.package_path and not fact.unsettled:
            yield finding(fact, target.browser if target is not None else None)


def each_dynamic_fact(ctx: LintContext) -> Iterator[tuple[Target | None, Any]]:
    """Every dynamic-code fact with the target it is in, and those of files checked without bundling (target None)."""
    for target in ctx.targets:
        for _facts, fact in ctx.each(target, "dynamic_code"):
            yield target, fact
    bundled = {path.resolve() for target in ctx.targets for path in target.files}
    for path, facts in sorted(ctx.facts.items()):
        if path.resolve() not in bundled:
            for fact in facts.dynamic_code:
                yield None, fact


class _RemoteScripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, int, int]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "script":
            return
        src = dict(attrs).get("src") or ""
        if is_remote_url(src):
            line, column = self.getpos()
            self.found.append((src.strip(), line, column + 1))


class RemoteOrDynamicCode(Rule):
    """Code that is not in the package: evaluated from strings or loaded from the network at run time.

    What it checks: the dynamic-code facts of every file in a target's build (and of files xtk checks without
    bundling, like the conformance module): `eval` — called by name, through a global object (`window.eval`,
    `window.window.eval`, a script's top-level `this.eval`) or used as a value (`(0, eval)(s)`, `const E = eval`,
    `f(eval)`: an indirect eval; `typeof eval` is a test, not a use) —, `tabs.executeScript({ code })`, `new
    Function`, string timers (`setTimeout("…")`), `import()` of a computed or remote URL,
    `importScripts`/`<script src>` set to a computed or remote URL. Also remote scripts named by the manifest
    (`background.scripts`, content-script `js`) and, in a plain extension, `<script src="https://…">` in its HTML
    pages. HTML sinks given computed values (`innerHTML`, `outerHTML`, `insertAdjacentHTML`, `document.write`) are
    XS007, a warning (they were XS001's warnings until the code catalog split them; `xtk-ignore[XS001]` still
    applies to them).

    Why it matters: Manifest V3 forbids remotely hosted code and both stores reject it (Chrome Web Store "Blue
    Argon", AMO policy): code reviewers cannot see is code nobody reviewed. `eval` and friends are blocked by the
    extension CSP anyway (the feature breaks) and, when they work, turn any injected string into code execution.

    Example:

        const plugin = await import(`https://cdn.example.com/${name}.js`);   // XS001

    Not reported, because the code is the package's own or never runs: a function built from constants only
    (`Function("return this")()`, the global-object idiom of lodash and webpack's runtime, which they run behind a
    fallback or a `try`; `new Function("a", "return a")`: every argument a constant string — `eval` is reported
    even of a constant: Manifest V3's CSP blocks it and no library idiom needs it); a branch taken only when a
    standard global is missing (`JSON ? JSON.parse(a) : eval(a)`, `typeof JSON === "object" ? … : eval(…)`: dead
    in every browser, analysis/standard_globals.py); and a
    script or module named by a URL built from the package's own base — the folder of `document.currentScript.src`,
    `import.meta.url`, `runtime.getURL(…)` (`script.src = dir + 'codec.js'`, analysis/package_urls.py): when the
    file it names is in the package, nothing; when the path cannot be settled or names no file, XS008 warns with
    the evidence. `executeScript({ code })` given a variable assigned where the analysis does not follow it (`let
    scripts` filled in another function) is not a proof of code from data: XS010 warns with the evidence.

    Fix: ship the code in the package (install it as a dependency and import it); parse data with `JSON.parse`;
    pass functions, not strings, to timers. `import(runtime.getURL('path/fixed/in/the/source.js'))` imports the
    extension's own packaged file (an `[[injected]]` bundle) and is not reported; a path built at run time from
    something other than a package base is.
    """

    code = "XS001"
    name = "remote-or-dynamic-code"
    severity = "error"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        yield from dynamic_code(ctx, self.code, html_sinks=False)
        for target in ctx.targets:
            yield from self._manifest_scripts(ctx, target)
        if ctx.kind == "extension":
            yield from self._pages(ctx)

    def _manifest_scripts(self, ctx: LintContext, target: Any) -> Iterator[Finding]:
        manifest = target.manifest
        background = manifest.get("background")
        candidates: list[tuple[str, object]] = []
        if isinstance(background, dict):
            candidates.append(("/background/service_worker", background.get("service_worker")))
            scripts = background.get("scripts")
            for i, script in enumerate(scripts if isinstance(scripts, list) else []):
                candidates.append((f"/background/scripts/{i}", script))
        content = manifest.get("content_scripts")
        for i, script in enumerate(content if isinstance(content, list) else []):
            js = script.get("js") if isinstance(script, dict) else None
            for j, name in enumerate(js if isinstance(js, list) else []):
                candidates.append((f"/content_scripts/{i}/js/{j}", name))
        for pointer, value in candidates:
            if isinstance(value, str) and is_remote_url(value):
                yield self.finding(
                    f"the manifest loads a remote script: {value}",
                    browser=target.browser,
                    fix="download the script into the package and name the local file",
                    **ctx.manifest_where(pointer, target),
                )

    def _pages(self, ctx: LintContext) -> Iterator[Finding]:
        root = Path(ctx.root).resolve()
        for page in sorted(Path(ctx.root).rglob("*.htm*")):
            if page.suffix.lower() not in (".html", ".htm") or "node_modules" in page.parts:
                continue
            if not page.resolve().is_relative_to(root):
                continue  # a link out of the extension: not a page of it, never read (XL010 when it is named)
            if too_large(page) is not None:
                continue  # over the size limit: not read (XL004 names it when the extension loads it)
            scanner = _RemoteScripts()
            try:
                read_whole_page(scanner, page.read_text(encoding="utf-8", errors="replace"))
            except Exception:
                continue
            for src, line, column in scanner.found:
                yield self.finding(
                    f"the page loads a remote script: {src}",
                    fix="download the script into the package and load the local copy",
                    path=ctx.display(page),
                    line=line,
                    column=column,
                )
