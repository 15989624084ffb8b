"""`render_remembered`: a template's text kept under a project's .xtk/, byte for byte, keyed by everything the text
depends on; anything it cannot key is rendered every time."""

from __future__ import annotations

from pathlib import Path

import pytest

import toolchain.templating as templating


def _counting_renders(monkeypatch: pytest.MonkeyPatch, text: str | None = None) -> list[str]:
    calls: list[str] = []
    original = templating.render

    def counted(name: str, **values: object) -> str:
        calls.append(name)
        return text if text is not None else original(name, **values)

    monkeypatch.setattr(templating, "render", counted)
    return calls


def test_the_second_render_reads_the_remembered_text_byte_for_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _counting_renders(monkeypatch, text="line one\r\nline two\n")
    values = {
        "browsers": ['"chrome"'],
        "flags": ["CHROME", "FIREFOX"],
        "assets": [".png"],
        "constants": {"API": "string", "N": "number"},
    }
    first = templating.render_remembered(tmp_path, "env.d.ts.j2", **values)
    second = templating.render_remembered(tmp_path, "env.d.ts.j2", **values)
    assert first == second == "line one\r\nline two\n"
    assert calls == ["env.d.ts.j2"]


def test_the_real_template_gives_the_same_text_remembered_or_not(tmp_path: Path) -> None:
    values = {
        "browsers": ['"chrome"', '"firefox"'],
        "flags": ["CHROME", "FIREFOX"],
        "assets": [".png"],
        "constants": {"API": "string"},
    }
    rendered = templating.render("env.d.ts.j2", **values)
    assert "API" in rendered
    assert templating.render_remembered(tmp_path, "env.d.ts.j2", **values) == rendered
    assert templating.render_remembered(tmp_path, "env.d.ts.j2", **values) == rendered


def test_other_values_order_or_types_render_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting_renders(monkeypatch, text="x")
    for values in ({"a": 1, "b": 2}, {"b": 2, "a": 1}, {"a": 1.0, "b": 2}, {"a": True, "b": 2}, {"a": "1", "b": 2}):
        templating.render_remembered(tmp_path, "t.j2", **values)
    assert len(calls) == 5


def test_values_json_cannot_tell_apart_are_never_remembered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting_renders(monkeypatch, text="x")
    for _ in range(2):
        templating.render_remembered(tmp_path, "t.j2", items=("a", "b"))  # a tuple prints unlike a list
        templating.render_remembered(tmp_path, "t.j2", where=tmp_path)
    assert len(calls) == 4
    assert not tmp_path.joinpath("x").exists() and list(tmp_path.iterdir()) == []


def test_another_xtk_or_jinja_renders_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting_renders(monkeypatch, text="x")
    templating.render_remembered(tmp_path, "t.j2", a=1)
    monkeypatch.setattr(templating, "_render_stamp", lambda: "another xtk:another jinja")
    templating.render_remembered(tmp_path, "t.j2", a=1)
    assert len(calls) == 2


def test_an_unwritable_folder_only_means_rendering(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting_renders(monkeypatch, text="x")
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    for _ in range(2):
        assert templating.render_remembered(blocked / "rendered", "t.j2", a=1) == "x"
    assert len(calls) == 2
