"""JSON's names for the types of parsed values, as JSON Schema's `type` keyword spells them."""

from __future__ import annotations

from typing import Literal

JsonTypeName = Literal["null", "boolean", "number", "string", "array", "object"]


def json_type_name(value: object) -> JsonTypeName:
    """ "null", "boolean", "number", "string", "array" or "object" for a value `json.loads` could return."""
    if value is None:
        return "null"
    if isinstance(value, bool):  # before int: bool is an int in Python
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"
