"""XM003 payload-schema-mismatch (projects with a protocol)."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings, places


def test_fires_on_missing_unexpected_and_mistyped_properties(project) -> None:
    ctx = project("protocol")
    assert places(ctx, "XM003") == {("src/popup/index.ts", 8, None), ("src/popup/index.ts", 9, None)}
    assert sorted(f.message for f in findings(ctx, "XM003")) == [
        "`GET_STATUS` payload has `tab`, which the schema does not allow (additionalProperties is false) "
        "(protocol/popup-to-background.schema.json)",
        "`GET_STATUS` payload misses the required `tabId` (protocol/popup-to-background.schema.json)",
        "`SAVE_NOTE` payload has `text` as number, the schema wants string (protocol/popup-to-background.schema.json)",
    ]


def test_near_misses(project) -> None:
    # line 5: tabId a number for an integer $ref into common.schema.json; line 10: pinned null for
    # ["boolean", "null"], and an extra key where additionalProperties is not false; sends to unknown types are
    # XM001's, not judged here
    lines = {line for _, line, _ in places(project("protocol"), "XM003")}
    assert not lines & {5, 6, 7, 10}
