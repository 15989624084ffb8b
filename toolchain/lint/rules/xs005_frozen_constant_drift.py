"""XS005: a frozen constant whose value in the code differs from the spec (the posture's frozen_constants)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values: `true` is not `1`, `1` and `1.0` are the same number."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def differences(name: str, actual: Any, frozen: Any) -> Iterator[str]:
    """What differs between the code's value and the frozen one, key by key (dotted paths)."""
    if isinstance(actual, dict) and isinstance(frozen, dict):
        for key, value in frozen.items():
            if key not in actual:
                yield f"{name}.{key} is missing (the spec freezes it at {_show(value)})"
            else:
                yield from differences(f"{name}.{key}", actual[key], value)
        for key in actual:
            if key not in frozen:
                yield f"{name}.{key} is not in the frozen spec (value {_show(actual[key])})"
    elif not _same(actual, frozen):
        yield f"{name} is {_show(actual)}, the spec freezes it at {_show(frozen)}"


class FrozenConstantDrift(Rule):
    """A frozen constant in the code no longer has the value the spec freezes.

    What it checks: the posture's `frozen_constants` (a module and, per constant, its frozen value) against the
    constants written in that module (top-level `const NAME = { … }` with literal values, as the source facts
    read them): a constant that is missing or not a literal, a key missing or added, or any different value
    (`true` is not `1`; `1` and `1.0` are the same number) is a finding at the constant.

    Why it matters: these numbers are part of the product's contract (thresholds, limits, time-outs) that other
    implementations, golden test vectors and reviewers rely on; a quiet edit changes behaviour everywhere those
    assumptions are made, without the spec change that should come with it.

    Example:

        // src/shared/config.ts; the posture freezes CHAT_CONFIG.MAX_MESSAGES at 6
        export const CHAT_CONFIG = { MAX_PAGE_CHARS: 30000, MAX_MESSAGES: 8 } as const;   // XS005

    Fix: restore the frozen value; if the value must change, change the spec first (the posture, and whatever
    it names as the source: reference implementation, golden vectors), then the code.
    """

    code = "XS005"
    name = "frozen-constant-drift"
    severity = "error"
    applies_to = "project"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        posture = ctx.posture
        if posture is None or posture.frozen_constants is None or ctx.project is None:
            return
        frozen = posture.frozen_constants
        module = ctx.project.path(frozen.module)
        facts = ctx.facts.get(module)
        if facts is None and module.is_file():
            from toolchain.analysis.extract import extract_project

            facts = extract_project([module], root=ctx.project.root).get(module)
        if facts is None:
            yield self.finding(
                f"the frozen constants' module {frozen.module} does not exist",
                fix="point frozen_constants.module at the module that defines them",
                **posture.locate("/frozen_constants/module"),
            )
            return
        constants = {c.name: c for c in facts.constants}
        for name, value in frozen.values.items():
            found = constants.get(name)
            if found is None:
                yield self.finding(
                    f"{name} is frozen by the spec but {frozen.module} has no literal top-level const {name}",
                    fix=f"define `export const {name} = …` with the frozen values, as literals",
                    **posture.locate(f"/frozen_constants/values/{name}"),
                )
                continue
            for difference in differences(name, found.value, value):
                yield self.finding(
                    difference,
                    fix="restore the frozen value, or change the spec first"
                    + (f" ({frozen.source})" if frozen.source else ""),
                    **ctx.where(found.location),
                )
