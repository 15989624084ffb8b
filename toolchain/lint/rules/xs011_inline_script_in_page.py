"""XS011: inline code in an extension page (`<script>…</script>`, `onclick="…"`), which the extension CSP blocks."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from toolchain.analysis.parse import too_large
from toolchain.lint.context import LintContext
from toolchain.lint.csp import extension_pages_policy, parse_policy
from toolchain.lint.extension_paths import inside_extension, manifest_paths
from toolchain.lint.model import Finding, Rule
from toolchain.plan.pages import read_whole_page

#: `<script type=…>` blocks that hold data, not code (the build's list: toolchain/plan/pages.py)
_DATA_TYPES = {"application/json", "application/ld+json", "importmap", "text/template", "text/html"}


class _InlineCode(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, int, int]] = []  # (what, line, column)
        self._open: tuple[int, int] | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line, column = self.getpos()
        for name, value in attrs:
            if name.startswith("on") and len(name) > 2 and (value or "").strip():
                self.found.append((f"the `{name}` attribute", line, column + 1))
        values = dict(attrs)
        kind = (values.get("type") or "").strip().lower()
        if tag == "script" and not values.get("src") and kind not in _DATA_TYPES:
            self._open, self._text = (line, column + 1), []

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._open is not None:
            if "".join(self._text).strip():
                self.found.append(("an inline <script>", *self._open))
            self._open = None


class InlineScriptInPage(Rule):
    """Inline code in a page the manifest names: the extension's content security policy blocks it.

    What it checks: the pages a plain extension's manifest names (popup, options, side panel, devtools, background
    page, overridden pages; not sandboxed pages, whose policy allows inline code) for `<script>` elements with code
    and no `src` (data blocks such as `type="application/json"` aside) and event-handler attributes (`onclick="…"`).
    Not reported when the extension's own policy could allow them — a hash or nonce source in Manifest V2's
    `script-src` for inline scripts, `'unsafe-hashes'` for attributes — which xtk does not match against the code.
    An xtk project's pages are checked by `xtk build`, which refuses inline scripts.

    Why it matters: every browser's extension policy is `script-src 'self'` at least, and in Manifest V3 it cannot be
    loosened for inline code: the script never runs and the handler never fires, so the popup shows and does
    nothing; the only trace is a CSP violation in the page's console. addons-linter reports inline scripts too
    (`INLINE_SCRIPT`).

    Example:

        <button onclick="save()">Save</button>                    <!-- XS011 -->
        <script>document.title = 'Options';</script>              <!-- XS011 -->

    Fix: move the code into a file the page loads (`<script src="options.js"></script>`) and attach handlers there
    (`button.addEventListener('click', save)`).
    """

    code = "XS011"
    name = "inline-script-in-page"
    severity = "error"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        seen: set[Path] = set()
        for target in ctx.targets:
            hashes, unsafe_hashes = _allowances(target.manifest)
            for named in manifest_paths(target.manifest):
                if named.kind != "page" or named.pointer.startswith("/sandbox/"):
                    continue
                page = inside_extension(Path(ctx.root), named.value.split("?", 1)[0].split("#", 1)[0])
                if page is None or not page.is_file() or page in seen or too_large(page) is not None:
                    continue
                seen.add(page)
                yield from self._page(ctx, page, hashes, unsafe_hashes)

    def _page(self, ctx: LintContext, page: Path, hashes: bool, unsafe_hashes: bool) -> Iterator[Finding]:
        scanner = _InlineCode()
        try:
            read_whole_page(scanner, page.read_text(encoding="utf-8", errors="replace"))
        except Exception:
            return
        for what, line, column in scanner.found:
            attribute = what.startswith("the `")
            if (attribute and unsafe_hashes) or (not attribute and hashes):
                continue  # the policy may allow it by hash: not proven blocked
            yield self.finding(
                f"{what} is inline code, which the extension's content security policy blocks: it never runs",
                fix="move the code into a file the page loads and attach handlers with addEventListener",
                path=ctx.display(page),
                line=line,
                column=column,
            )


def _allowances(manifest: dict[str, Any]) -> tuple[bool, bool]:
    """Does the extension pages' policy hold a hash or nonce source (an inline script may match it), and
    `'unsafe-hashes'` (an event-handler attribute may)?"""
    _, policy = extension_pages_policy(manifest)
    if policy is None:
        return False, False
    directives = parse_policy(policy)
    sources = [s.lower() for s in directives.get("script-src", directives.get("default-src", []))]
    hashes = any(s.startswith(("'sha256-", "'sha384-", "'sha512-", "'nonce-")) for s in sources)
    return hashes, hashes and "'unsafe-hashes'" in sources
