"""A generated manifest that passed its schema once is not validated again (toolchain/manifest/verdicts.py); one
that fails is validated, and reported, every time."""

from __future__ import annotations

from pathlib import Path

import pytest

import toolchain.manifest.schema as schema_module
from toolchain.diagnostics import InputError
from toolchain.manifest import verdicts
from toolchain.manifest.render import render_manifest
from toolchain.plan import plan_build
from toolchain.project import load_project

CONFIG = 'root = "ext"\n[extension]\nname = "x"\nversion = "1"\n[targets.chrome]\nmin_version = "116"\n'


def _project(tmp_path: Path, extra: str = "") -> Path:
    (tmp_path / "ext" / "src").mkdir(parents=True, exist_ok=True)
    (tmp_path / "xtk.toml").write_text(CONFIG + extra, encoding="utf-8")
    return tmp_path


def _counting_validations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    original = schema_module.validate_manifest

    def counted(manifest: object, schema: str) -> object:
        calls.append(schema)
        return original(manifest, schema)  # type: ignore[arg-type]

    monkeypatch.setattr(schema_module, "validate_manifest", counted)
    return calls


def test_a_valid_manifest_is_validated_once_then_remembered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting_validations(monkeypatch)
    project = load_project(_project(tmp_path))
    first = render_manifest(plan_build(project, "chrome", "production"))
    second = render_manifest(plan_build(project, "chrome", "production"))
    assert calls == ["chrome-mv3"]
    assert first.manifest == second.manifest and first.manifest["name"] == "x"
    assert len(list((tmp_path / ".xtk" / "manifest-verdicts").iterdir())) == 1


def test_a_changed_manifest_is_validated_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting_validations(monkeypatch)
    render_manifest(plan_build(load_project(_project(tmp_path)), "chrome", "production"))
    (tmp_path / "xtk.toml").write_text(CONFIG.replace('version = "1"', 'version = "2"'), encoding="utf-8")
    rendered = render_manifest(plan_build(load_project(tmp_path), "chrome", "production"))
    assert calls == ["chrome-mv3", "chrome-mv3"]
    assert rendered.manifest["version"] == "2"


def test_an_invalid_manifest_is_never_remembered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting_validations(monkeypatch)
    project = load_project(_project(tmp_path, "[targets.chrome.manifest]\ndescription = 5\n"))
    for _ in range(2):
        with pytest.raises(InputError) as raised:
            render_manifest(plan_build(project, "chrome", "production"))
        assert "/description" in str(raised.value) or "description" in str(raised.value)
    assert calls == ["chrome-mv3", "chrome-mv3"]
    assert not (tmp_path / ".xtk" / "manifest-verdicts").exists()


def test_another_xtk_or_jsonschema_validates_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting_validations(monkeypatch)
    project = load_project(_project(tmp_path))
    render_manifest(plan_build(project, "chrome", "production"))
    monkeypatch.setattr(verdicts, "_validator_stamp", lambda: "another xtk:another jsonschema")
    render_manifest(plan_build(project, "chrome", "production"))
    assert calls == ["chrome-mv3", "chrome-mv3"]


def test_an_unwritable_cache_only_means_validating(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting_validations(monkeypatch)
    _project(tmp_path)
    (tmp_path / ".xtk").write_text("a file where the folder would be", encoding="utf-8")
    project = load_project(tmp_path)
    for _ in range(2):
        assert render_manifest(plan_build(project, "chrome", "production")).manifest["name"] == "x"
    assert calls == ["chrome-mv3", "chrome-mv3"]
