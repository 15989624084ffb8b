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
        assert language_of(Path(f"a{suffix}")) == ("javascript", "javascript")


def test_javascript_that_typescript_reserves_words_of_parses() -> None:
    """Valid sloppy-mode JavaScript the TypeScript grammars reject (npm's qrcode-terminal names a variable
    `interface`): the JavaScript grammar reads it."""
    for source in (
        b"var interface = rl();\ninterface.on('line', f);\n",
        b"function f(await) { return await; }\n",
        b"class A { abstract() {} accessor = 1 }\n",
    ):
        assert parse_source(source, Path("a.js")).errors == [], source
        assert parse_source(source, Path("a.ts")).errors, source  # TypeScript's grammar does reject it


def test_javascript_the_javascript_grammar_misses_keeps_the_tsx_tree() -> None:
    # tree-sitter-javascript 0.25 trips on JSX's `class=` and import assertions; TSX reads both
    for source in (b"const v = <div class='x'>{1}</div>;\n", b"import d from './d.json' assert { type: 'json' };\n"):
        assert parse_source(source, Path("a.js")).errors == [], source


def test_a_syntax_error_has_a_real_place_and_a_reason() -> None:
    cases = {
        b"function f() {\n  if (a {\n    b();\n  }\n}\n": (2, 8, "expected `)`"),
        b"var a = 1;\n@@@\n": (2, 1, "unexpected `@`"),
        b"var a = 1;\nfoo.bar(\n": (2, 8, "unexpected end of file"),
    }
    for source, (line, column, reason) in cases.items():
        parsed = parse_source(source, Path("a.js"))
        assert [(e.line, e.column) for e in parsed.errors][:1] == [(line, column)], source
        assert parsed.error_reasons[0] == reason, source


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
    assert len(parsed.error_reasons) == len(parsed.errors)
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
