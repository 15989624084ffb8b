"""The build cache replays a recipe only while everything it came from is unchanged — and then builds exactly
what a full build would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_xtk
from toolchain.builder import cache

pytestmark = pytest.mark.node


def build(project: Path, *extra: str) -> dict:
    result = run_xtk("build", "--no-typecheck", "--format", "json", *extra, cwd=project)
    assert result.code == 0, result.output
    return json.loads(result.stdout)


def snapshot(project: Path) -> dict[str, bytes]:
    out = project / "build"
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_replayed_build_is_identical_to_a_full_build(flagship: Path) -> None:
    assert build(flagship)["cached_recipe"] is False
    replayed = build(flagship)
    assert replayed["cached_recipe"] is True
    assert [b["browser"] for b in replayed["builds"]] == ["chrome", "edge", "firefox"]
    cached_tree = snapshot(flagship)
    assert build(flagship, "--no-cache")["cached_recipe"] is False
    assert snapshot(flagship) == cached_tree


def test_source_edits_are_rebundled_without_reloading_the_config(flagship: Path) -> None:
    build(flagship)
    source = flagship / "extension_src/src/content/index.ts"
    source.write_text(source.read_text().replace("invalid message", "invalid message (edited)"))
    report = build(flagship)
    assert report["cached_recipe"] is True
    assert "invalid message (edited)" in (flagship / "build/chrome/content/index.js").read_text()


@pytest.mark.parametrize("change", ["config", "page", "public file", "request"])
def test_changed_inputs_rebuild_the_recipe(flagship: Path, change: str) -> None:
    build(flagship)
    extra: tuple[str, ...] = ()
    if change == "config":
        config = flagship / "xtk.toml"
        config.write_text(config.read_text().replace('title = "Ask DocMind"', 'title = "Ask DocMind now"'))
    elif change == "page":
        page = flagship / "extension_src/src/popup/index.html"
        page.write_text(page.read_text().replace("<h1>DocMind</h1>", "<h1>DocMind!</h1>"))
    elif change == "public file":
        (flagship / "extension_src/public/extra.txt").write_text("new")
    else:
        extra = ("--mode", "development")
    report = build(flagship, *extra)
    assert report["cached_recipe"] is False
    chrome = flagship / "build/chrome"
    if change == "config":
        assert json.loads((chrome / "manifest.json").read_text())["action"]["default_title"] == "Ask DocMind now"
    elif change == "page":
        assert "<h1>DocMind!</h1>" in (chrome / "popup/index.html").read_text()
    elif change == "public file":
        assert (chrome / "extra.txt").read_text() == "new"
    assert build(flagship, *extra)["cached_recipe"] is True


def test_deleted_entry_is_reported_as_a_config_error_not_replayed(flagship: Path) -> None:
    build(flagship)
    (flagship / "extension_src/src/background/index.ts").unlink()
    result = run_xtk("build", "--no-typecheck", cwd=flagship)
    assert result.code == 2
    assert "background.entry: file not found" in result.stderr


def test_unreadable_cache_means_a_full_build(flagship: Path) -> None:
    build(flagship)
    for path in (flagship / ".xtk/build-cache").glob("*.json"):
        path.write_text("{ not json")
    assert build(flagship)["cached_recipe"] is False


def test_a_change_in_xtk_itself_invalidates(flagship: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build(flagship)
    config = flagship / "xtk.toml"
    assert cache.load(config, "all", "production") is not None
    monkeypatch.setattr(cache, "toolchain_stamp", lambda: "another xtk")
    assert cache.load(config, "all", "production") is None
