"""The build cache cannot lie: it is keyed on the project's own location and on the content of every input, so a
replayed build is always the build `--no-cache` would make (issue "Nothing lost, nothing leaked", item 1)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from tests.integration.support import build, copy_fixture, edit, tree
from toolchain.builder import cache

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


@pytest.mark.parametrize(
    "name", ["tsconfig.json", "package-lock.json", "public/icons/icon-16.png", "_locales/en/messages.json"]
)
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
        text = text.replace("open_in_tab = true", "open_in_tab = false", 1)
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


def _edit_style(project: Path, rng: random.Random) -> None:
    style = rng.choice(sorted((project / "src").rglob("*.css")))
    style.write_text(style.read_text() + f"\n.edit-{rng.randrange(1000)} {{ color: red; }}\n")


def _edit_tsconfig(project: Path, rng: random.Random) -> None:
    # esbuild reads tsconfig.json too (its target decides how class fields are emitted)
    tsconfig = project / "tsconfig.json"
    data = json.loads(tsconfig.read_text())
    data["compilerOptions"]["target"] = rng.choice(["ES2020", "ES2022", "ESNext"])
    data["compilerOptions"]["useDefineForClassFields"] = rng.random() < 0.5
    tsconfig.write_text(json.dumps(data, indent=2))
    worker = project / "src/worker/embeddings.ts"
    if "class Counter" not in worker.read_text():  # code whose output depends on those options
        worker.write_text(worker.read_text() + "\nexport class Counter { count = 1; }\n")


def _edit_second_locale(project: Path, rng: random.Random) -> None:
    french = project / "_locales/fr/messages.json"
    if french.exists() and rng.random() < 0.5:
        shutil.rmtree(french.parent)
    else:
        french.parent.mkdir(exist_ok=True)
        french.write_text(json.dumps({"extName": {"message": f"Toutes {rng.randrange(100)}"}}))


def _edit_icon(project: Path, rng: random.Random) -> None:
    icons = sorted((project / "public/icons").glob("*.png"))
    source, target = rng.sample(icons, 2)
    target.write_bytes(source.read_bytes())  # same name, same listing, other content


def _edit_constant(project: Path, rng: random.Random) -> None:
    config = project / "xtk.toml"
    text = config.read_text()
    start = text.index("API_BASE_URL = ")
    end = text.index("\n", start)
    config.write_text(text[:start] + f'API_BASE_URL = "https://api{rng.randrange(100)}.example.com"' + text[end:])


def _remove_an_entry(project: Path, rng: random.Random) -> None:
    # the build must fail (a named file is missing), cached or not, and keep the last good build
    entry = project / "src/worker/embeddings.ts"
    if entry.exists():
        entry.unlink()


def _link_in_public(project: Path, rng: random.Random) -> None:
    # a link inside the project is followed; one that leaves it is refused, cached or not
    link = project / "public/linked.txt"
    if link.is_symlink():
        link.unlink()
    elif rng.random() < 0.5:
        link.symlink_to(project / "public/icons/icon-16.png")
    else:
        outside = project.parent / "outside.txt"
        outside.write_text("not the project's\n")
        link.symlink_to(outside)


EDITS = [
    _edit_config,
    _edit_page,
    _edit_messages,
    _edit_public,
    _edit_source,
    _edit_style,
    _edit_tsconfig,
    _edit_second_locale,
    _edit_icon,
    _edit_constant,
    _remove_an_entry,
    _link_in_public,
]
#: what the edits touch: put back from the last buildable state when an edit breaks the build
EDITED = ("xtk.toml", "tsconfig.json", "src", "public", "_locales")


def _save(project: Path, to: Path) -> None:
    shutil.rmtree(to, ignore_errors=True)
    to.mkdir()
    for name in EDITED:
        source = project / name
        if source.is_dir():
            shutil.copytree(source, to / name, symlinks=True)
        else:
            shutil.copy2(source, to / name)


def _restore(project: Path, saved: Path) -> None:
    for name in EDITED:
        target = project / name
        if target.is_dir():
            shutil.rmtree(target)
        else:
            target.unlink()
        if (saved / name).is_dir():
            shutil.copytree(saved / name, target, symlinks=True)
        else:
            shutil.copy2(saved / name, target)


def test_cached_build_equals_full_build_after_random_edits(tmp_path: Path) -> None:
    """Random edits (one to three a round) to random inputs: the build the cache gives is the build `--no-cache`
    gives, byte for byte, and exits alike (an edit that breaks the build breaks both, and keeps the last good one)."""
    project = copy_fixture(tmp_path / "p")
    good = tmp_path / "last-good"
    rng = random.Random(20261127)
    assert build(project).code == 0
    _save(project, good)
    used: set[str] = set()
    failures = 0
    for round_number in range(24):
        edits = [rng.choice(EDITS) for _ in range(rng.randint(1, 3))]
        for edit_input in edits:
            edit_input(project, rng)
            used.add(edit_input.__name__)
        replayed = build(project, "--format", "json")
        replayed_tree = tree(project / "build")
        full = build(project, "--no-cache", "--format", "json")
        names = [e.__name__ for e in edits]
        assert replayed.code == full.code, (round_number, names, replayed.output, full.output)
        assert replayed_tree == tree(project / "build"), (round_number, names)
        if full.code == 0:
            _save(project, good)
        else:  # back to a buildable project for the next round
            failures += 1
            _restore(project, good)
            assert build(project, "--no-cache").code == 0
    assert used == {e.__name__ for e in EDITS}  # every kind of input was edited
    assert failures > 0  # and some edits broke the build (the cache then must not replay a good one)
