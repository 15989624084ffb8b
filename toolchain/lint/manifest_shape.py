"""The shape of a plain extension's manifest.json, as far as `xtk lint` reads it.

A plain extension is not held to xtk's manifest schemas (Chrome Apps, MV2 archives and Firefox-only keys are
linted as they are, and the manifest corpus must pass), but a key lint reads must have the type every browser
requires: `"background": 5` or `"content_scripts": "x"` is refused with exit 2, located at the key's line in
manifest.json — never skipped, never a crash. Keys lint does not read are not judged.

The shape is a JSON Schema checked with jsonschema (already the manifest schemas' validator).
"""

from __future__ import annotations

from typing import Any

from toolchain.diagnostics import Diagnostic, InputError
from toolchain.json_pointer import pointer_of
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


def check_manifest_shape(manifest: dict[str, Any], display: str, positions: dict[str, tuple[int, int]]) -> None:
    """Raise InputError (exit 2) listing every value lint reads whose type is wrong, at its line and column."""
    from jsonschema import Draft202012Validator

    from toolchain.positions.json import locate_pointer

    diagnostics = []
    for error in Draft202012Validator(SHAPE).iter_errors(manifest):
        pointer = pointer_of(error.absolute_path)
        expected = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        line, column = locate_pointer(positions, pointer) or (None, None)
        message = f"expected {' or '.join(expected)}, got {json_type_name(error.instance)}"
        diagnostics.append(Diagnostic("error", message, path=display, line=line, column=column, key=pointer))
    if diagnostics:
        raise InputError(sorted(diagnostics, key=lambda d: (d.line or 0, d.column or 0, d.key or "")))
