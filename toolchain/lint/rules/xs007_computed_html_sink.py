"""XS007: computed HTML written into a page (innerHTML and friends): a warning to review (was XS001's warnings)."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule
from toolchain.lint.rules.xs001_remote_or_dynamic_code import dynamic_code


class ComputedHtmlSink(Rule):
    """Computed HTML is written into a page, where markup from data can run code.

    What it checks: the dynamic-code facts of every file in a target's build (and of files xtk checks without
    bundling) that give an HTML sink a computed value: `innerHTML`, `outerHTML`, `insertAdjacentHTML`,
    `document.write`. A string literal is not reported, nor a sanitiser's output (`DOMPurify.sanitize(…)`, on any
    object whose name says purify, and sanitize-html's `sanitizeHtml(…)`, directly or through a `const`), nor a
    value the project escaped: the result of a project function (of the file or imported from the project) whose
    body escapes HTML — replaces `<` or `&` with their entities, or writes text and reads it back as `innerHTML`, or
    returns what such a function returns — and a template tagged with a function that escapes or calls one
    (``el.innerHTML = html`<b>${name}</b>` ``, the tag escaping each value); nor CSS written into a `<style>`
    element (`style.innerHTML = css` where `style` is `document.createElement('style')`: its text is never parsed as
    markup). Whether a function escapes is read from its body, not its name (toolchain/analysis/html_escapes.py); a
    library's tag is not read, and warns. It is a warning: xtk cannot know whether other values were escaped first,
    a reviewer can. Until the code catalog gave it its own code this was XS001 (with XS001's errors beside it):
    `xtk-ignore[XS001]`, `--select XS001` and `--ignore XS001` still apply to it.

    Why it matters: HTML built from a page, a message or a model's answer can carry `<img onerror=…>` and run in
    the extension's page with its privileges (or, in a content script, rewrite the page the user trusts); stores
    flag it in review.

    Example:

        el.innerHTML = answer.html;                                            // XS007

    Fix: build DOM with `textContent` / `createElement`; if markup is the point, sanitize it with a maintained
    sanitizer (DOMPurify) and suppress the line with that reason.
    """

    code = "XS007"
    name = "computed-html-sink"
    severity = "warning"
    formerly = ("XS001",)

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        return dynamic_code(ctx, self.code, html_sinks=True)
