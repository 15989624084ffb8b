"""Parsing: one cached parser per grammar, a cached parse per file, parse errors located."""

from __future__ import annotations

from pathlib import Path

from toolchain.analysis import parse
from toolchain.analysis.parse import language_of, parse_file, parse_source

from .support import FIXTURES


def test_grammar_by_suffix() -> None:
    assert language_of(Path("a.ts")) == ("typescript", "typescript")
    assert language_of(Path("a.mts")) == ("typescript", "typescript")
    assert language_of(Path("a.tsx")) == ("tsx", "tsx")
    for suffix in (".js", ".mjs", ".cjs", ".jsx"):
        assert language_of(Path(f"a{suffix}")) == ("tsx", "javascript")


def test_parsers_are_created_once() -> None:
    assert parse.parser("typescript") is parse.parser("typescript")
    assert parse.parser("tsx") is not parse.parser("typescript")


def test_a_file_is_parsed_once(tmp_path: Path) -> None:
    source = tmp_path / "a.ts"
    source.write_text("export const a = 1;\n")
    first = parse_file(source)
    assert parse_file(source) is first
    source.write_text("export const a = 22;\n")  # a change (size) is seen
    assert parse_file(source) is not first


def test_parse_errors_are_located() -> None:
    parsed = parse_file(FIXTURES / "broken" / "broken.ts")
    assert parsed.errors
    assert parsed.errors[0].line == 5
    assert parse_file(FIXTURES / "constants" / "constants.ts").errors == []


def test_jsx_in_javascript_and_tsx() -> None:
    for name in ("a.jsx", "a.js", "a.tsx"):
        parsed = parse_source(b"const v = <div className='x'>{1}</div>;\n", Path(name))
        assert parsed.errors == [], name
    # the TypeScript grammar has no JSX
    assert parse_source(b"const v = <div>{1}</div>;\n", Path("a.ts")).errors


def test_columns_count_utf16_code_units() -> None:
    parsed = parse_source("const s = '€😀'; x;\n".encode(), Path("a.ts"))
    statement = parsed.tree.root_node.named_children[1]
    # c o n s t _ s _ = _ ' € 😀(2 units) ' ; _ → x is at column 18 (1-based)
    assert parsed.location(statement).column == 18
