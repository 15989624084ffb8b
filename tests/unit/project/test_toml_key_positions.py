"""The TOML key locator behind config errors' line numbers."""

from __future__ import annotations

from toolchain.positions.toml import key_positions, locate

TEXT = '''\
root = "ext"  # the project
[extension]
name = "Demo # not a comment"
"quoted.key" = 1
icons = { 16 = "a.png", nested = { deep = "x" } }
list = [
  "a = b",
  "[not.a.table]",
]

[[content_scripts]]
matches = ["<all_urls>"]

[[content_scripts]]
js = ["b.ts"]

[content_scripts.extra]
flag = true
desc = """
[still.a.string]
key = 1
"""
after = 2
'''


def test_positions_of_keys_tables_and_array_tables() -> None:
    positions = key_positions(TEXT)
    assert positions[("root",)] == (1, 1)
    assert positions[("extension",)] == (2, 1)
    assert positions[("extension", "name")] == (3, 1)
    assert positions[("extension", "quoted.key")] == (4, 1)
    assert positions[("extension", "icons", "16")] == (5, 11)
    assert positions[("extension", "icons", "nested", "deep")][0] == 5
    assert positions[("extension", "list")] == (6, 1)
    assert ("not", "a", "table") not in positions  # inside a multi-line array
    assert positions[("content_scripts", 0)] == (11, 1)
    assert positions[("content_scripts", 0, "matches")] == (12, 1)
    assert positions[("content_scripts", 1, "js")] == (15, 1)
    assert positions[("content_scripts", 1, "extra", "flag")] == (18, 1)
    assert ("still", "a", "string") not in positions  # inside a multi-line string
    assert positions[("content_scripts", 1, "extra", "after")] == (23, 1)


def test_locate_falls_back_to_the_nearest_parent() -> None:
    positions = key_positions(TEXT)
    assert locate(positions, ("content_scripts", 1, "js", 0)) == (15, 1)
    assert locate(positions, ("extension", "missing")) == (2, 1)
    assert locate(positions, ("nowhere",)) is None


def test_odd_lines_never_raise() -> None:
    assert key_positions("= 1\n[\n[[ ]]\nkey = 'unterminated\n\"open = 2\n") is not None
