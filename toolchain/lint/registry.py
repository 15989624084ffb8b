"""Every rule, found in `toolchain/lint/rules/` (one module, one rule), and the `--select` / `--ignore` logic."""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterable
from functools import cache

from toolchain.diagnostics import InputError
from toolchain.lint.model import Rule

#: Codes of the engine itself (not rules): suppressions without a reason, or that suppress nothing.
ENGINE_CODES = {
    "XL001": "an inline suppression has no reason",
    "XL002": "an inline suppression suppresses nothing",
    "XL003": "a source file could not be parsed",
}
ENGINE_NAMES = {"XL001": "suppression-without-reason", "XL002": "unused-suppression", "XL003": "unparsable-source"}


@cache
def all_rules() -> tuple[type[Rule], ...]:
    import toolchain.lint.rules as package

    found: list[type[Rule]] = []
    for module_info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{package.__name__}.{module_info.name}")
        rules = [
            value
            for value in vars(module).values()
            if isinstance(value, type) and issubclass(value, Rule) and value is not Rule and value.__module__ == module.__name__
        ]
        if len(rules) != 1:
            raise RuntimeError(f"{module.__name__} must define exactly one rule, found {len(rules)}")
        found.append(rules[0])
    codes = [r.code for r in found]
    duplicates = {c for c in codes if codes.count(c) > 1}
    if duplicates:
        raise RuntimeError(f"duplicate rule codes: {sorted(duplicates)}")
    return tuple(sorted(found, key=lambda r: r.code))


def rule_by_code(code: str) -> type[Rule] | None:
    wanted = code.strip().upper()
    return next((r for r in all_rules() if r.code == wanted or r.name == code.strip().lower()), None)


_CODE = re.compile(r"^[A-Z]{2}[0-9]{0,3}$")


def parse_codes(values: Iterable[str], option: str) -> list[str]:
    """`--select XP,XM003 --select XS` → ["XP", "XM003", "XS"]; each a full code or a prefix of known codes."""
    known = [r.code for r in all_rules()] + list(ENGINE_CODES)
    codes: list[str] = []
    for value in values:
        for part in value.split(","):
            code = part.strip().upper()
            if not code:
                continue
            if code == "ALL":
                codes.append("")
                continue
            if not _CODE.match(code) or not any(k.startswith(code) for k in known):
                raise InputError.single(f"{option} {part.strip()!r}: no rule code starts with it (see `xtk lint --explain`)")
            codes.append(code)
    return codes


def selected(code: str, select: list[str], ignore: list[str]) -> bool:
    """Like ruff: the most specific matching prefix decides, an --ignore winning a tie; with no --select,
    every code is selected ("" selects all)."""

    def best(prefixes: list[str]) -> int:
        return max((len(p) for p in prefixes if code.startswith(p)), default=-1)

    chosen = best(select) if select else 0
    return chosen >= 0 and chosen > best(ignore)
