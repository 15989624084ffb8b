"""DocMind's posture (extension_src/specs/posture/) is seed 000 §10 as data, and its frozen constants are the spec's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from docmind_reference.config import CONFIGS

from toolchain.diagnostics import InputError
from toolchain.lint.posture import load_posture

POSTURE = Path(__file__).resolve().parents[3] / "extension_src" / "specs" / "posture" / "docmind.json"


def test_frozen_constants_are_the_reference_configuration() -> None:
    """The posture freezes exactly docmind_reference/config.py (which the frozenConfig golden vectors pin), so
    XS005 holds the TypeScript to the spec: lowering a value means changing the spec, not only the code."""
    posture = load_posture(POSTURE, "docmind.json")
    assert posture.frozen_constants is not None
    assert posture.frozen_constants.values == {name: dict(values) for name, values in CONFIGS.items()}


def test_the_seeds_permissions() -> None:
    posture = load_posture(POSTURE, "docmind.json")
    assert posture.permissions.mode == "allow-list"
    assert set(posture.permissions.allowed) == {"activeTab", "contextMenus"}  # seed 000 §10.1
    assert {"tabs", "storage", "scripting"} <= set(posture.permissions.forbidden)  # §10.2
    assert posture.host_permissions.allowed == []  # no host permissions (§10.2)
    assert posture.content_scripts.inert and posture.content_scripts.matches == ["<all_urls>"]


def test_a_bad_posture_names_the_key_and_line(tmp_path: Path) -> None:
    data = json.loads(POSTURE.read_text())
    data["permissions"]["mode"] = "allow-some"
    broken = tmp_path / "posture.json"
    broken.write_text(json.dumps(data, indent=2))
    with pytest.raises(InputError) as caught:
        load_posture(broken, "posture.json")
    (problem,) = caught.value.diagnostics
    assert problem.key == "/permissions/mode" and problem.line is not None and problem.path == "posture.json"
