"""Plain extensions' manifests are not schema-checked: values of the wrong shape are skipped, never a crash, and
pointers still name the right array element."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings


def test_wrong_shapes_are_skipped(extension) -> None:
    found = [(f.code, f.line, f.column, f.message) for f in findings(extension("odd-manifest"), "")]
    assert found == [
        ("XP005", 6, 40, "host permission `<all_urls>` grants access to every site"),  # index 3, after 42 and null
        ("XP005", 9, 100, "content_scripts[2] runs on `*://*/*`: every page"),
        ("XS003", 11, 98, "web-accessible `*.png` is a wildcard exposed to every site"),
    ]
