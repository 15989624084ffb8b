"""The build cache cannot lie: it is keyed on the project's own location and on the content of every input, so a
replayed build is always the build `--no-cache` would make (issue "Nothing lost, nothing leaked", item 1)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from tests.integration.support import build, copy_fixture, edit, tree
from toolchain.build import cache

pytestmark = pytest.mark.node


def test_a_copied_project_builds_itself_not_the_original(tmp_path: Path) -> None:
    original = copy_fixture(tmp_path / "myext")
    assert build(original).code == 0
    assert build(original).stdout.rstrip().endswith("recipe from cache")
    before = tree(original / "build")
    copy = tmp_path / "myext-copy"
    shutil.copytree(original, copy, symlinks=True)  # `cp -r`: the copy carries .xtk/build-cache and build/
    shutil.rmtree(copy / "build")
    edit(copy / "src/background/index.ts", "", "const broken: number = ;\n")

    result = build(copy)

    assert result.code == 1, result.output
    assert "src/background/index.ts:1:" in result.stderr
    assert not (copy / "build/chrome").exists()
    assert tree(original / "build") == before


def test_a_moved_project_does_not_replay_the_recipe_of_its_old_place(tmp_path: Path) -> None:
    original = copy_fixture(tmp_path / "here")
    assert build(original).code == 0
    moved = original.rename(tmp_path / "there")
    report = json.loads(build(moved, "--format", "json").stdout)
    assert report["cached_recipe"] is False
    assert (moved / "build/chrome/manifest.json").is_file() and not original.exists()


def test_a_removed_locale_message_is_reported_not_replayed(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    assert build(project).code == 0
    messages = project / "_locales/en/messages.json"
    data = json.loads(messages.read_text())
    del data["extDescription"]
    messages.write_text(json.dumps(data))

    result = build(project)

    assert result.code == 2, result.output
    assert "__MSG_extDescription__ is not defined in _locales/en/messages.json" in result.stderr


@pytest.mark.parametrize("name", ["tsconfig.json", "package-lock.json", "public/icons/icon-16.png", "_locales/en/messages.json"])
def test_a_content_change_in_any_input_misses_the_cache(tmp_path: Path, name: str) -> None:
    project = copy_fixture(tmp_path / "p")
    (project / "package-lock.json").write_text('{"lockfileVersion": 3}\n')
    assert build(project).code == 0
    config = project / "xtk.toml"
    assert cache.load(config, "all", "production") is not None
    path = project / name
    path.write_bytes(path.read_bytes() + b"\n")  # same name, same listing, other content
    assert cache.load(config, "all", "production") is None


def test_another_esbuild_binary_misses_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = copy_fixture(tmp_path / "p")
    assert build(project).code == 0
    config = project / "xtk.toml"
    assert cache.load(config, "all", "production") is not None
    monkeypatch.setattr(cache, "tool_stamp", lambda path: "another build of the tool")
    assert cache.load(config, "all", "production") is None


# -- property: whatever is edited, a replayed build equals a full build ---------------------------------------


def _edit_config(project: Path, rng: random.Random) -> None:
    config = project / "xtk.toml"
    text = config.read_text()
    choice = rng.randrange(4)
    if choice == 0:
        text = text.replace('title = "All entries"', f'title = "All entries {rng.randrange(1000)}"', 1)
    elif choice == 1:
        text = text.replace("MAX_RESULTS = 20", f"MAX_RESULTS = {rng.randrange(1, 99)}", 1)
    elif choice == 2:
        text = text.replace('open_in_tab = true', 'open_in_tab = false', 1)
    else:
        text = text.replace('short_name = "AllEntries"', f'short_name = "AE{rng.randrange(100)}"', 1)
    config.write_text(text)


def _edit_page(project: Path, rng: random.Random) -> None:
    pages = sorted((project / "src").rglob("*.html"))
    page = rng.choice(pages)
    page.write_text(page.read_text().replace("</body>", f"<p>edit {rng.randrange(10**6)}</p></body>", 1))


def _edit_messages(project: Path, rng: random.Random) -> None:
    messages = project / "_locales/en/messages.json"
    data = json.loads(messages.read_text())
    if rng.random() < 0.5 and "extDescription" in data:
        del data["extDescription"]  # the manifest uses it: the build must fail, cached or not
    else:
        data["extDescription"] = {"message": f"Described {rng.randrange(1000)}"}
    messages.write_text(json.dumps(data, indent=2))


def _edit_public(project: Path, rng: random.Random) -> None:
    public = project / "public"
    name = f"data-{rng.randrange(3)}.txt"
    if rng.random() < 0.3 and (public / name).exists():
        (public / name).unlink()
    else:
        (public / name).write_text(f"{rng.randrange(10**6)}\n")


def _edit_source(project: Path, rng: random.Random) -> None:
    source = rng.choice(sorted((project / "src").rglob("*.ts")))
    source.write_text(source.read_text() + f"\nconsole.log({rng.randrange(1000)});\n")


EDITS = [_edit_config, _edit_page, _edit_messages, _edit_public, _edit_source]


def test_cached_build_equals_full_build_after_random_edits(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    rng = random.Random(20261124)
    assert build(project).code == 0
    for round_number in range(10):
        rng.choice(EDITS)(project, rng)
        replayed = build(project, "--format", "json")
        replayed_tree = tree(project / "build")
        full = build(project, "--no-cache", "--format", "json")
        assert replayed.code == full.code, (round_number, replayed.output, full.output)
        assert replayed_tree == tree(project / "build"), round_number
        if full.code != 0:  # put the message back so the next round starts from a buildable project
            _edit_messages(project, random.Random(0))
            assert build(project, "--no-cache").code == 0
