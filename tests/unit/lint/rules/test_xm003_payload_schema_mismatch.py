"""XM003 payload-schema-mismatch (projects with a protocol). Where it fires and where not (near misses), line by line:
tests/fixtures/lint/rules/XM003/XM003.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings


def test_fires_on_missing_unexpected_and_mistyped_properties(project) -> None:
    ctx = project("protocol")
    assert sorted(f.message for f in findings(ctx, "XM003")) == [
        "`GET_STATUS` payload has `tab`, which the schema does not allow (additionalProperties is false) "
        "(protocol/popup-to-background.schema.json)",
        "`GET_STATUS` payload misses the required `tabId` (protocol/popup-to-background.schema.json)",
        "`SAVE_NOTE` payload has `text` as number, the schema wants string (protocol/popup-to-background.schema.json)",
    ]
