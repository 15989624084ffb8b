"""What a batch of changed files asks of the dev loop (toolchain/dev/changes.py): each file's kind from what the last
build read, a batch the strongest of its files' kinds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.dev_session import copy_dev_mini
from toolchain.dev.bundler import BundleResult
from toolchain.dev.changes import BuiltFiles, ChangeKind, change_kind, file_kind
from toolchain.dev.dev_build import plan_dev, reporter_path
from toolchain.project import load_project

ROOT = Path("/project")
SRC, OUT = ROOT / "src", ROOT / "build" / "dev" / "chrome"


def built(registered: bool = True) -> BuiltFiles:
    """A project with a background, a popup page, a content script registered at run time (or declared, when not
    `registered`) and a module the background and the content script share."""
    bundles = {
        OUT / "background.js": {SRC / "background.ts", SRC / "shared.ts"},
        OUT / "content.js": {SRC / "content.ts", SRC / "widget.ts", SRC / "shared.ts"},
        OUT / "content.css": {SRC / "content.css"},
        OUT / "popup.js": {SRC / "popup.ts"},
    }
    return BuiltFiles(
        config=frozenset({ROOT / "xtk.toml", ROOT / "tsconfig.json", ROOT / "package.json"}),
        pages=frozenset({SRC / "popup.html"}),
        assets=frozenset({ROOT / "icons" / "icon-48.png", ROOT / "public" / "logo.svg"}),
        asset_folders=(ROOT / "public", ROOT / "_locales"),
        sources=frozenset(source for sources in bundles.values() for source in sources),
        bundles=bundles,
        registered_scripts=frozenset({OUT / "content.js", OUT / "content.css"}) if registered else frozenset(),
    )


@pytest.mark.parametrize(
    ("changed", "kind"),
    [
        ("xtk.toml", ChangeKind.CONFIG),
        ("tsconfig.json", ChangeKind.CONFIG),
        ("package.json", ChangeKind.CONFIG),
        ("src/popup.html", ChangeKind.PAGE),
        ("icons/icon-48.png", ChangeKind.ASSET),
        ("public/logo.svg", ChangeKind.ASSET),
        ("public/new-file.txt", ChangeKind.ASSET),  # added: the copied files change
        ("_locales/fr/messages.json", ChangeKind.ASSET),
        ("src/background.ts", ChangeKind.CODE),
        ("src/popup.ts", ChangeKind.CODE),  # a page's script: the extension reloads
        ("src/shared.ts", ChangeKind.CODE),  # read by the content script and the background
        ("src/content.ts", ChangeKind.CONTENT_SCRIPT),
        ("src/widget.ts", ChangeKind.CONTENT_SCRIPT),  # imported by the content script only
        ("src/content.css", ChangeKind.CONTENT_SCRIPT),
        ("README.md", ChangeKind.IGNORED),
        ("src/unused.ts", ChangeKind.IGNORED),  # a new file nothing imports yet
        ("build/dev/chrome/background.js", ChangeKind.IGNORED),  # an output, not a source
    ],
)
def test_each_file_has_its_kind(changed: str, kind: ChangeKind) -> None:
    assert file_kind(ROOT / changed, built()) is kind
    assert change_kind([ROOT / changed], built()) is kind


def test_a_content_script_declared_in_the_manifest_reloads_the_extension() -> None:
    """No content script registered at run time (a Firefox session, `xtk dev --no-launch`): its code is code."""
    assert change_kind([SRC / "content.ts"], built(registered=False)) is ChangeKind.CODE
    assert change_kind([SRC / "widget.ts", SRC / "content.css"], built(registered=False)) is ChangeKind.CODE


@pytest.mark.parametrize(
    ("changed", "kind"),
    [
        (["src/content.ts", "src/widget.ts"], ChangeKind.CONTENT_SCRIPT),
        (["src/content.ts", "README.md"], ChangeKind.CONTENT_SCRIPT),
        (["src/content.ts", "src/background.ts"], ChangeKind.CODE),
        (["src/background.ts", "src/popup.html"], ChangeKind.PAGE),
        (["public/new-file.txt", "src/content.ts"], ChangeKind.ASSET),
        (["src/popup.html", "xtk.toml", "src/content.ts"], ChangeKind.CONFIG),
        (["README.md", "src/unused.ts"], ChangeKind.IGNORED),
        ([], ChangeKind.IGNORED),
    ],
)
def test_a_batch_takes_the_strongest_kind_of_its_files(changed: list[str], kind: ChangeKind) -> None:
    assert change_kind([ROOT / path for path in changed], built()) is kind


def test_only_a_change_past_the_bundles_plans_the_project_again() -> None:
    assert [kind.name for kind in ChangeKind if kind.rebuilds_all] == ["ASSET", "PAGE", "CONFIG"]


@pytest.mark.node  # plans a real dev build: needs esbuild installed (it does not run it)
def test_the_files_come_from_the_dev_plan_and_the_bundles(tmp_path: Path) -> None:
    """dev-mini with a popup and a public/ folder, planned as a Chromium session plans it (content scripts registered
    at run time); the bundles as esbuild would report them."""
    folder = copy_dev_mini(tmp_path / "project").resolve()
    config = folder / "xtk.toml"
    config.write_text(config.read_text(encoding="utf-8") + '\n[action]\npopup = "src/popup.html"\n', encoding="utf-8")
    (folder / "src" / "popup.html").write_text('<script type="module" src="./popup.ts"></script>\n', encoding="utf-8")
    (folder / "src" / "popup.ts").write_text("console.log('popup');\n", encoding="utf-8")
    (folder / "public").mkdir()
    (folder / "public" / "logo.svg").write_text("<svg/>\n", encoding="utf-8")
    project = load_project(config)
    dev = plan_dev(project, "chrome", reporter_path(project), runtime_scripts=True)
    src = folder / "src"
    bundles = {
        (dev.out / entry.out).resolve(): {entry.source.resolve(), src / "api.ts"} for entry in dev.plan.scripts.values()
    }
    files = BuiltFiles.of(dev, BundleResult(inputs=set().union(*bundles.values()), outputs=bundles))

    kinds = {
        name: file_kind(folder / name, files)
        for name in ("xtk.toml", "tsconfig.json", "src/popup.html", "public/logo.svg", "public/added.txt")
    }
    kinds.update({name: file_kind(src / name, files) for name in ("background.ts", "popup.ts", "content.ts")})
    assert kinds == {
        "xtk.toml": ChangeKind.CONFIG,
        "tsconfig.json": ChangeKind.CONFIG,
        "src/popup.html": ChangeKind.PAGE,
        "public/logo.svg": ChangeKind.ASSET,
        "public/added.txt": ChangeKind.ASSET,
        "background.ts": ChangeKind.CODE,
        "popup.ts": ChangeKind.CODE,
        "content.ts": ChangeKind.CONTENT_SCRIPT,
    }
    assert file_kind(src / "api.ts", files) is ChangeKind.CODE  # shared by every bundle
    assert file_kind(folder / "notes.md", files) is ChangeKind.IGNORED


def test_env_files_and_the_icon_image_are_watched(tmp_path: Path) -> None:
    """A saved .env file defines import.meta.env anew (the whole project is planned again); the one image the icons
    are made from is an asset (before: both were IGNORED, the session kept the old values and icons)."""
    folder = copy_dev_mini(tmp_path / "project").resolve()
    (folder / "icon.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"/>\n')
    config = folder / "xtk.toml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("[extension]", 'icon = "icon.svg"\n\n[extension]', 1), encoding="utf-8")
    project = load_project(config)
    dev = plan_dev(project, "chrome", reporter_path(project), runtime_scripts=True)
    files = BuiltFiles.of(dev, BundleResult(inputs=set(), outputs={}))
    for name in (".env", ".env.local", ".env.development", ".env.development.local"):
        assert file_kind(folder / name, files) is ChangeKind.CONFIG, name
    assert file_kind(folder / ".env.production", files) is ChangeKind.IGNORED  # not this mode's
    assert file_kind(folder / "icon.svg", files) is ChangeKind.ASSET
