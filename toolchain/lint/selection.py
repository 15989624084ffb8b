"""`--select` / `--ignore`: which codes a lint run reports, by code prefixes (like ruff), answering to the codes a
split code was split from too (toolchain/lint/catalog.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from toolchain.diagnostics import InputError
from toolchain.lint import catalog

_CODE = re.compile(r"^[A-Z]{2}[0-9]{0,3}$")


def parse_codes(values: Iterable[str], option: str) -> list[str]:
    """`--select XP,XM003 --select XS` → ["XP", "XM003", "XS"]; each a full code or a prefix of known codes."""
    known = [c.code for c in catalog.lint_codes()] + [old for c in catalog.lint_codes() for old in c.formerly]
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
                raise InputError.single(
                    f"{option} {part.strip()!r}: no rule code starts with it (see `xtk lint --explain`)"
                )
            codes.append(code)
    return codes


def selected(code: str, select: list[str], ignore: list[str]) -> bool:
    """Like ruff: the most specific matching prefix decides, an --ignore winning a tie; with no --select,
    every code is selected ("" selects all). A code split from another (XS007 from XS001) also answers to the old
    one, so `--ignore XS001` written before the split still ignores what XS001 used to report."""
    names = catalog.names_for_selection(code)

    def best(prefixes: list[str]) -> int:
        return max((len(p) for p in prefixes for name in names if name.startswith(p)), default=-1)

    chosen = best(select) if select else 0
    return chosen >= 0 and chosen > best(ignore)
