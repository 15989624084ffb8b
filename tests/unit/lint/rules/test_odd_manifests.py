"""Plain extensions' manifests are not held to xtk's schemas, but a value lint reads must have the right type: the
odd-manifest fixture's wrong shapes are errors (XL025), each located, never skipped and never a crash, and lint
reads on without them (the whole table of shapes: tests/unit/lint/test_targets_manifest_shape.py)."""

from __future__ import annotations

from tests.unit.lint.rules.support import FIXTURES, findings, lint_extension
from toolchain.lint.schema_verdicts import key_path


def test_wrong_shapes_are_errors_each_at_its_place() -> None:
    ctx = lint_extension(FIXTURES / "extensions" / "odd-manifest")
    found = [(f.path, f.line, f.column, f.message.split("`")[1]) for f in findings(ctx, "XL025")]
    assert found == [
        ("manifest.json", line, column, key_path(pointer))
        for line, column, pointer in [
            (6, 19, "/permissions/0"),  # 42
            (6, 34, "/permissions/2"),  # null
            (7, 3, "/host_permissions"),
            (8, 53, "/background/scripts"),
            (9, 24, "/content_scripts/0/matches"),
            (9, 49, "/content_scripts/0/js"),
            (9, 70, "/content_scripts/1"),
            (9, 97, "/content_scripts/2/matches/0"),
            (10, 31, "/content_security_policy/extension_pages"),
            (11, 33, "/web_accessible_resources/0/resources"),
            (11, 51, "/web_accessible_resources/0/matches"),
            (11, 92, "/web_accessible_resources/1/resources/0"),
            (11, 136, "/web_accessible_resources/2"),
        ]
    ]


def test_lint_reads_the_manifest_without_the_wrong_values() -> None:
    """A list holding a wrong value is read as empty (no later item changes its index); a value that should be a
    list is read as an empty list; any other is gone."""
    manifest = lint_extension(FIXTURES / "extensions" / "odd-manifest").targets[0].manifest
    assert manifest["permissions"] == [] and manifest["host_permissions"] == [] and manifest["content_scripts"] == []
    assert manifest["background"]["scripts"] == [] and manifest["web_accessible_resources"] == []
    assert "extension_pages" not in manifest["content_security_policy"]
