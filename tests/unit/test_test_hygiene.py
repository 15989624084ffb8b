"""The test suite's own rules: no timed assertion (speed figures belong in benchmarks/, measured against a baseline
in the same run) and no test that asserts nothing."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.conftest import REPO

TESTS = REPO / "tests"
CLOCKS = frozenset({"perf_counter", "monotonic", "time", "perf_counter_ns", "monotonic_ns", "time_ns"})
#: names that hold a duration: compared with a number in an assert, they make a timed assertion
DURATION_WORDS = ("elapsed", "duration", "seconds", "took")
#: helpers that fail the test themselves (they raise when their condition never holds)
ASSERTING_HELPERS = ("assert", "expect", "wait_until", "wait_for", "check", "only_error", "fail")


def _test_files() -> Iterator[Path]:
    for path in sorted(TESTS.rglob("test_*.py")):
        if "node_modules" not in path.parts:
            yield path


def _reads_a_clock(node: ast.AST) -> bool:
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in CLOCKS
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == "time"
        for n in ast.walk(node)
    )


def _is_duration(node: ast.AST) -> bool:
    """`time.monotonic() - started`, or a name or call naming a duration (`elapsed`, `k.load_seconds()`)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and _reads_a_clock(node):
        return True
    name = node.func if isinstance(node, ast.Call) else node
    text = name.attr if isinstance(name, ast.Attribute) else name.id if isinstance(name, ast.Name) else ""
    return any(word in text.lower() for word in DURATION_WORDS)


def timed_assertions(tree: ast.AST) -> list[int]:
    """Lines of asserts comparing a duration with a bound."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            for compare in (n for n in ast.walk(node.test) if isinstance(n, ast.Compare)):
                sides = [compare.left, *compare.comparators]
                if (
                    any(isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for op in compare.ops)
                    and any(_is_duration(side) for side in sides)
                    and any(isinstance(s, ast.Constant) for s in sides)
                ):
                    found.append(node.lineno)
    return found


def asserts_something(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for node in ast.walk(function):
        if isinstance(node, (ast.Assert, ast.Raise)):
            return True
        if isinstance(node, ast.Call):
            callee = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if callee == "raises" or callee.lstrip("_").startswith(ASSERTING_HELPERS):
                return True
    return False


def test_no_test_asserts_on_a_duration() -> None:
    found = [
        f"{path.relative_to(REPO)}:{line}"
        for path in _test_files()
        for line in timed_assertions(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert found == [], "timed assertions (move the figure to a benchmark): " + ", ".join(found)


def test_every_test_asserts_something() -> None:
    silent = []
    for path in _test_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                and node.name.startswith("test_")
                and not asserts_something(node)
            ):
                silent.append(f"{path.relative_to(REPO)}:{node.lineno} {node.name}")
    assert silent == [], "tests that assert nothing: " + ", ".join(silent)


def test_the_checks_catch_what_they_are_for() -> None:
    timed = ast.parse(
        "def test_a():\n    started = time.perf_counter()\n    run()\n"
        "    assert time.perf_counter() - started < 3.0\n    assert k.load_seconds() < 0.25\n"
        "    assert 0.85 <= elapsed <= 3.0\n    assert result.seconds == 2\n"
    )
    assert timed_assertions(timed) == [4, 5, 6]
    (silent,) = ast.parse("def test_b():\n    load_project(path)\n").body
    (checked,) = ast.parse("def test_c():\n    with pytest.raises(ValueError):\n        f()\n").body
    assert not asserts_something(silent) and asserts_something(checked)  # type: ignore[arg-type]
