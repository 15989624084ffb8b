"""Manifests already found valid, remembered under the project's `.xtk/manifest-verdicts/`.

Every build and every lint validates each target's generated manifest against its schema, and importing jsonschema
and building its validators costs more than the rest of the manifest's rendering. Validity is a pure function of
the manifest, the schema document and jsonschema's version, so a manifest that passed once with the same xtk (its
code, templates and schemas: `toolchain_stamp`) and the same jsonschema passes again: it is not re-validated.

Only passes are remembered: a manifest with violations is always validated, so its diagnostics are always fresh.
The cache is best-effort: an unreadable or unwritable folder means validating, never an error.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any


@cache
def _validator_stamp() -> str:
    """What validation depends on besides the manifest: xtk's code and schemas, and the installed jsonschema."""
    from toolchain.fingerprint import package_stamp, toolchain_stamp

    return f"{toolchain_stamp()}:{package_stamp('jsonschema')}"


def _entry(folder: Path, manifest: Mapping[str, Any], schema: str) -> Path:
    text = json.dumps(manifest, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    key = hashlib.sha256(f"{schema}\n{_validator_stamp()}\n{text}".encode()).hexdigest()
    return folder / key


def known_valid(folder: Path, manifest: Mapping[str, Any], schema: str) -> bool:
    """True when this very manifest passed `schema` before, with the same xtk and jsonschema."""
    try:
        return _entry(folder, manifest, schema).is_file()
    except OSError:
        return False


def remember_valid(folder: Path, manifest: Mapping[str, Any], schema: str) -> None:
    """Record that `manifest` passed `schema` (an empty file named by the key)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _entry(folder, manifest, schema).touch()
    except OSError:
        return
