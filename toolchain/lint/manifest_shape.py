"""The shape of a plain extension's manifest.json, as far as `xtk lint` reads it.

A plain extension is not held to xtk's manifest schemas (Chrome Apps, MV2 archives and Firefox-only keys are
linted as they are, and the manifest corpus must pass), but a key lint reads must have the type every browser
requires: a browser that reads `"background": 5` or `"content_scripts": "x"` refuses the whole manifest. Each such
value is a defect (XL025, an error located at its key), and lint goes on without it, so the manifest's other defects
are reported too, as addons-linter and web-ext do: the value is removed (a list that holds it, or a value that
should be a list, becomes empty: the key stays declared, and no pointer shifts). The findings that would
rest on the removed value (a permission missing, code never run) are withheld (engine.py). Keys lint does not read
are not judged.

The shape is a JSON Schema checked with jsonschema (already the manifest schemas' validator).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from toolchain.json_pointer import pointer_of, unescape_token
from toolchain.json_types import json_type_name

_STRING: dict[str, Any] = {"type": "string"}
_STRINGS: dict[str, Any] = {"type": "array", "items": _STRING}
# Chrome Apps list permissions with arguments as objects: {"fileSystem": ["write"]}
_PERMISSIONS: dict[str, Any] = {"type": "array", "items": {"type": ["string", "object"]}}
_POPUP: dict[str, Any] = {"type": "object", "properties": {"default_popup": _STRING}}
_GECKO: dict[str, Any] = {
    "type": "object",
    "properties": {"gecko": {"type": "object", "properties": {"id": _STRING, "strict_min_version": _STRING}}},
}

SHAPE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "manifest_version": {"type": "integer"},
        "minimum_chrome_version": _STRING,
        "background": {
            "type": "object",
            "properties": {"service_worker": _STRING, "scripts": _STRINGS, "page": _STRING},
        },
        "content_scripts": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"js": _STRINGS, "css": _STRINGS, "matches": _STRINGS, "exclude_matches": _STRINGS},
            },
        },
        "permissions": _PERMISSIONS,
        "optional_permissions": _PERMISSIONS,
        "host_permissions": _STRINGS,
        "optional_host_permissions": _STRINGS,
        "action": _POPUP,
        "browser_action": _POPUP,
        "page_action": _POPUP,
        "options_ui": {"type": "object", "properties": {"page": _STRING}},
        "options_page": _STRING,
        "side_panel": {"type": "object", "properties": {"default_path": _STRING}},
        "sidebar_action": {"type": "object", "properties": {"default_panel": _STRING}},
        "devtools_page": _STRING,
        "sandbox": {"type": "object", "properties": {"pages": _STRINGS}},
        "chrome_url_overrides": {"type": "object", "additionalProperties": _STRING},
        # MV2: one policy string; MV3: {extension_pages, sandbox}
        "content_security_policy": {"type": ["string", "object"], "additionalProperties": _STRING},
        # MV2: resource strings; MV3: {resources, matches, extension_ids}
        "web_accessible_resources": {
            "type": "array",
            "items": {
                "type": ["string", "object"],
                "properties": {"resources": _STRINGS, "matches": _STRINGS, "extension_ids": _STRINGS},
            },
        },
        "browser_specific_settings": _GECKO,
        "applications": _GECKO,
    },
}


@dataclass(frozen=True)
class ShapeDefect:
    """A value of a type no browser reading its key accepts, removed before lint reads the manifest."""

    pointer: str
    message: str  # "expected array, got string"
    line: int | None
    column: int | None
    emptied: bool  # a list that was not one, kept as [] so the key is still declared


def shape_defects(manifest: dict[str, Any], positions: dict[str, tuple[int, int]]) -> list[ShapeDefect]:
    """Every value lint reads whose type is wrong, at its line and column, in the manifest's order."""
    from jsonschema import Draft202012Validator

    from toolchain.positions.json import locate_pointer

    found = []
    for error in Draft202012Validator(SHAPE).iter_errors(manifest):
        pointer = pointer_of(error.absolute_path)
        expected = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        line, column = locate_pointer(positions, pointer) or (None, None)
        message = f"expected {' or '.join(expected)}, got {json_type_name(error.instance)}"
        found.append(ShapeDefect(pointer, message, line, column, emptied=expected == ["array"]))
    return sorted(found, key=lambda d: (d.line or 0, d.column or 0, d.pointer))


def without_defects(manifest: dict[str, Any], defects: list[ShapeDefect]) -> dict[str, Any]:
    """The manifest with each defective value removed: a list holding one is emptied (so no later item changes its
    index, and every pointer still names what it named in the file), a non-list where a list belongs is emptied
    too (the key stays declared), any other value is deleted."""
    cleaned = copy.deepcopy(manifest)
    for defect in defects:
        tokens = [unescape_token(token) for token in defect.pointer.split("/")[1:]]
        parent = _value_at(cleaned, tokens[:-1])
        if isinstance(parent, list):
            parent.clear()
        elif isinstance(parent, dict) and tokens[-1] in parent:
            if defect.emptied:
                parent[tokens[-1]] = []
            else:
                del parent[tokens[-1]]
    return cleaned


def _value_at(value: Any, tokens: list[str]) -> Any:
    """The value at these pointer tokens, or None where an earlier removal took it (or its list's items)."""
    for token in tokens:
        if isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        elif isinstance(value, dict) and token in value:
            value = value[token]
        else:
            return None
    return value
