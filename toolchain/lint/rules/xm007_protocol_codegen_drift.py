"""XM007: the generated protocol module differs from what the schemas generate."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule


class ProtocolCodegenDrift(Rule):
    """The generated protocol module is not what the protocol's schemas generate today.

    What it checks: with `[protocol]`, the module named by `generated` (types and validators) against the output
    of `xtk protocol codegen` for the current schemas (`toolchain.protocol.codegen`), byte for byte (line endings
    aside); a missing module is a finding too. The finding points at the first line that differs. When the
    generator is not installed, the rule reports nothing.

    Why it matters: every receiver validates messages with the generated validators and every sender is typed by
    the generated types; a schema edited without regenerating (or a hand-edited generated file) means the code
    checks a protocol that is not the one documented, and the lint rules that read the schemas (XM001–XM004) judge
    a different protocol from the one the code enforces.

    Example:

        # a property added to popup-to-background.schema.json, src/shared/protocol.ts not regenerated
        src/shared/protocol.ts:42:1: XM007 out of date with specs/protocol/ … first difference at line 42

    Fix: run `xtk protocol codegen` and commit its output; never edit the generated file by hand (change the
    schema instead).
    """

    code = "XM007"
    name = "protocol-codegen-drift"
    severity = "error"
    applies_to = "project"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        if ctx.protocol is None or ctx.project is None or ctx.project.config.protocol is None:
            return
        try:
            from toolchain.protocol import codegen  # lazily: linting works without the generator
        except ImportError:
            return
        generated = ctx.project.path(ctx.project.config.protocol.generated)
        shown = ctx.display(generated)
        if not generated.is_file():
            if hasattr(codegen, "generate"):
                yield self.finding(
                    f"the generated protocol module {shown} does not exist",
                    fix="run `xtk protocol codegen`",
                    **ctx.manifest_where("/protocol/generated"),
                )
            return
        check = getattr(codegen, "check_generated", None)
        if check is not None:
            from toolchain.files import confine

            # the template's text and the modules found up to date, kept for the next lint (confined like every write)
            remembered = confine(ctx.project.base_dir / ".xtk" / "rendered", ctx.project.base_dir)
            verdicts = confine(ctx.project.base_dir / ".xtk" / "protocol-verdicts", ctx.project.base_dir)
            for diagnostic in check(ctx.protocol, generated, shown, remembered=remembered, verdicts=verdicts):
                yield self.finding(
                    diagnostic.message,
                    fix="run `xtk protocol codegen` (change the schemas, not the generated file)",
                    path=shown,
                    line=diagnostic.line,
                    column=diagnostic.column or 1,
                )
            return
        generate = getattr(codegen, "generate", None)
        if generate is None:
            return
        actual = generated.read_text(encoding="utf-8").replace("\r\n", "\n").split("\n")
        wanted = generate(ctx.protocol).split("\n")
        if actual == wanted:
            return
        line = next((i + 1 for i, (a, b) in enumerate(zip(actual, wanted)) if a != b), min(len(actual), len(wanted)))
        yield self.finding(
            f"{shown} differs from what the protocol's schemas generate: first difference at line {line}",
            fix="run `xtk protocol codegen` (change the schemas, not the generated file)",
            path=shown,
            line=line,
            column=1,
        )
