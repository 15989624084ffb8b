"""Every rule, found in `toolchain/lint/rules/`: one module, one rule, each declaring its code, name and severity
(and the codes it was split from). This is where a rule is registered, once: `all_rules()` checks that the
declarations are complete and unique, and that no rule takes a code or name of the build's or the lint engine's
(`toolchain/codes.py`)."""

from __future__ import annotations

import importlib
import pkgutil
import re
from functools import cache
from typing import get_args

from toolchain import codes
from toolchain.lint.model import Rule

RULE_CODE = re.compile(r"^X[A-Z][0-9]{3}$")
KEBAB_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@cache
def all_rules() -> tuple[type[Rule], ...]:
    import toolchain.lint.rules as package

    found: list[type[Rule]] = []
    for module_info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{package.__name__}.{module_info.name}")
        rules = [
            value
            for value in vars(module).values()
            if isinstance(value, type)
            and issubclass(value, Rule)
            and value is not Rule
            and value.__module__ == module.__name__
        ]
        if len(rules) != 1:
            raise RuntimeError(f"{module.__name__} must define exactly one rule, found {len(rules)}")
        found.append(rules[0])
    problems = declaration_problems(found)
    if problems:
        raise RuntimeError("the lint rules do not declare themselves as they must: " + "; ".join(problems))
    return tuple(sorted(found, key=lambda r: r.code))


def declaration_problems(rules: list[type[Rule]], others: tuple[codes.Code, ...] = codes.CODES) -> list[str]:
    """What is wrong with the rules' declarations: each must state its own code, name and severity; codes and names
    are unique across the rules and `others` (the build's and the engine's codes), and the codes a rule was split
    from are known ones."""
    problems: list[str] = []
    for rule in rules:
        where = f"{rule.__module__}.{rule.__qualname__}"
        missing = [attribute for attribute in ("code", "name", "severity") if attribute not in vars(rule)]
        if missing:
            problems.append(f"{where} does not declare {', '.join(missing)}")
            continue
        if not RULE_CODE.match(rule.code):
            problems.append(f"{where}: code {rule.code!r} is not X, a letter and three digits")
        if not KEBAB_NAME.match(rule.name):
            problems.append(f"{where}: name {rule.name!r} is not kebab-case")
        if rule.severity not in get_args(codes.Severity):
            problems.append(f"{where}: severity {rule.severity!r} is not one of {get_args(codes.Severity)}")
    declared = [r for r in rules if all(attribute in vars(r) for attribute in ("code", "name", "severity"))]
    for what, values in (
        ("code", [r.code for r in declared] + [c.code for c in others]),
        ("name", [r.name for r in declared] + [c.name for c in others]),
    ):
        twice = sorted({value for value in values if values.count(value) > 1})
        if twice:
            problems.append(f"{what}s declared twice (by rules, or by a rule and toolchain/codes.py): {twice}")
    known = {r.code for r in declared} | {c.code for c in others}
    for rule in declared:
        unknown = [old for old in rule.formerly if old not in known or old == rule.code]
        if unknown:
            problems.append(f"{rule.code} says it was split from {unknown}, which are not other known codes")
    return problems
