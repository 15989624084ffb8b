"""`xtk help`: the documentation an installed user has, and no message that sends them to a file they lack."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from tests.conftest import REPO
from toolchain.cli import main
from toolchain.cli.help import TOPICS

#: What only a checkout of xtk's repository (or DocMind's) has: an installed user would look for it in vain.
CHECKOUT_ONLY = ("docs/", "Makefile", "make build", "extension_src", "DocMind", "semantics.md", "shared/corpus")


def _invoke(*args: str) -> click.testing.Result:
    return CliRunner().invoke(main, list(args), prog_name="xtk")


@pytest.mark.parametrize("topic", sorted(TOPICS))
def test_every_topic_prints_its_document(topic: str) -> None:
    result = _invoke("help", topic)
    assert result.exit_code == 0, result.output
    assert result.output == (REPO / "docs" / TOPICS[topic][0]).read_text(encoding="utf-8")


def test_help_lists_the_topics_and_xtk_help_names_them() -> None:
    listing = _invoke("help")
    assert listing.exit_code == 0
    assert [line.split()[0] for line in listing.output.splitlines()] == [*TOPICS, "CODE"]
    overview = _invoke("--help").output
    assert "xtk help TOPIC" in overview and all(topic in overview for topic in TOPICS)
    assert "help " in overview.split("Commands:")[1]  # the command itself is listed


def test_help_on_a_code_is_its_explanation() -> None:
    assert _invoke("help", "XP001").output == _invoke("lint", "--explain", "XP001").output
    assert "XP001 (api-without-permission)" in _invoke("help", "xp001").output


def test_an_unknown_topic_is_bad_usage() -> None:
    result = CliRunner().invoke(main, ["help", "configuration"], prog_name="xtk")
    assert result.exit_code == 2
    assert "help configuration: no such topic or code (topics: config, lint" in result.output


def _all_help_texts(command: click.Command, path: tuple[str, ...] = ()) -> dict[str, str]:
    texts = {" ".join(("xtk", *path)): _invoke(*path, "--help").output}
    if isinstance(command, click.Group):
        for name, sub in command.commands.items():
            texts.update(_all_help_texts(sub, (*path, name)))
    return texts


def test_no_help_text_points_at_a_file_an_installed_user_lacks() -> None:
    texts = _all_help_texts(main)
    assert {"xtk", "xtk lint", "xtk golden make", "xtk protocol codegen", "xtk help"} <= set(texts)
    for where, text in texts.items():
        assert not [mark for mark in CHECKOUT_ONLY if mark in text], where


def test_no_code_explanation_points_at_a_file_an_installed_user_lacks() -> None:
    from toolchain.lint import catalog

    assert len(catalog.all_codes()) > 30
    for known in catalog.all_codes():
        text = _invoke("lint", "--explain", known.code).output
        assert known.code in text and not [mark for mark in CHECKOUT_ONLY if mark in text], known.code


def test_no_message_in_the_toolchain_points_at_a_checkout_file() -> None:
    """Every string literal of the toolchain's Python that reaches a user (not docstrings of internal modules,
    not comments) is free of checkout-only paths: the error messages xtk raises name `xtk help TOPIC` instead."""
    import ast

    offenders = []
    for path in sorted((REPO / "toolchain").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                if node.value.startswith(("http://", "https://")) or (
                    path.name == "catalog.py" and "docs/lint.md" in node.value
                ):
                    continue  # `python -m toolchain.lint.catalog --write` is a maintainer's command on the checkout
                found = [mark for mark in CHECKOUT_ONLY if mark in node.value]
                if found:
                    offenders.append(f"{path.relative_to(REPO)}:{node.lineno}: {found}")
    assert offenders == []


def test_json_errors_of_inspect_and_package_use_the_envelope(tmp_path) -> None:
    for command in ("inspect", "package"):
        result = CliRunner().invoke(
            main, [command, "--format", "json", "--project", str(tmp_path / "none")], prog_name="xtk"
        )
        assert result.exit_code == 2, command
        assert result.stdout.startswith('{\n  "ok": false,\n  "errors": [')
        assert "no project config at" in result.stdout
