"""Plain extensions' manifests are not held to xtk's schemas, but a value lint reads must have the right type: the
odd-manifest fixture's wrong shapes are refused as bad input, each located, never skipped and never a crash
(the whole table of shapes: tests/unit/lint/test_targets_manifest_shape.py)."""

from __future__ import annotations

import pytest

from tests.unit.lint.rules.support import FIXTURES, lint_extension
from toolchain.diagnostics import InputError


def test_wrong_shapes_are_refused_each_at_its_place() -> None:
    with pytest.raises(InputError) as refused:
        lint_extension(FIXTURES / "extensions" / "odd-manifest")
    found = [(d.path, d.line, d.column, d.key) for d in refused.value.diagnostics]
    assert found == [
        ("manifest.json", 6, 19, "/permissions/0"),  # 42
        ("manifest.json", 6, 34, "/permissions/2"),  # null
        ("manifest.json", 7, 3, "/host_permissions"),
        ("manifest.json", 8, 53, "/background/scripts"),
        ("manifest.json", 9, 24, "/content_scripts/0/matches"),
        ("manifest.json", 9, 49, "/content_scripts/0/js"),
        ("manifest.json", 9, 70, "/content_scripts/1"),
        ("manifest.json", 9, 97, "/content_scripts/2/matches/0"),
        ("manifest.json", 10, 31, "/content_security_policy/extension_pages"),
        ("manifest.json", 11, 33, "/web_accessible_resources/0/resources"),
        ("manifest.json", 11, 51, "/web_accessible_resources/0/matches"),
        ("manifest.json", 11, 92, "/web_accessible_resources/1/resources/0"),
        ("manifest.json", 11, 136, "/web_accessible_resources/2"),
    ]
