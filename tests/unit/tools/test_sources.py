"""What the sources zip refuses (secrets) and how the copied folders are walked (links, loops, dotfiles)."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolchain.confine import copied_files
from toolchain.tools.package import is_secret, settings_without_credentials


@pytest.mark.parametrize(
    "name",
    [
        ".env",
        ".env.local",
        "config/.env.production",
        "keys/store.pem",
        "id_rsa",
        "id_ed25519.pub",
        ".npmrc",
        "a/.netrc",
        ".ssh/config",
        "deploy/.aws/credentials",
        "release.p12",
        "app.keystore",
    ],
)
def test_secrets_are_recognised(name: str) -> None:
    assert is_secret(Path(name))


@pytest.mark.parametrize(
    "name", ["xtk.toml", "src/env.ts", "environment.md", "docs/keys.md", "public/key.png", "src/ssh/client.ts"]
)
def test_ordinary_files_are_not_secrets(name: str) -> None:
    assert not is_secret(Path(name))


@pytest.mark.parametrize(
    ("text", "clean"),
    [
        ("# Transformers.js's Node backends download binaries\nignore-scripts=true\n", True),
        ("registry=https://registry.npmjs.org/\nsave-exact=true\n", True),
        ("ignore-scripts=true\n//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n", False),
        ("_auth=dXNlcjpwYXNz\n", False),
        ("registry=https://me:hunter2@npm.example.com/\n", False),
        ('npmRegistryServer: "https://npm.example.com"\nnpmAuthIdent: "me:pass"\n', False),
        ("email=me@example.com\n", False),
    ],
)
def test_package_manager_settings_go_in_only_without_credentials(tmp_path: Path, text: str, clean: bool) -> None:
    """A rebuild may need the project's .npmrc (`ignore-scripts`): it goes in the sources zip when no line could
    hold a credential; one that could stays out, as every secret does."""
    settings = tmp_path / ".npmrc"
    settings.write_text(text, encoding="utf-8")
    assert settings_without_credentials(settings) is clean


def test_copied_files_follow_links_inside_and_refuse_links_out(tmp_path: Path) -> None:
    project = tmp_path / "p"
    public = project / "public"
    (public / "icons").mkdir(parents=True)
    (public / "icons/a.png").write_bytes(b"a")
    (public / ".DS_Store").write_bytes(b"x")
    (project / "shared").mkdir()
    (project / "shared/b.txt").write_text("b")
    (public / "shared").symlink_to(project / "shared", target_is_directory=True)
    (public / "loop").symlink_to(public, target_is_directory=True)  # walked once, not for ever
    (tmp_path / "secret").write_text("s")
    (public / "leak.txt").symlink_to(tmp_path / "secret")

    tree = copied_files(public, project)

    assert [p.relative_to(public).as_posix() for p in tree.files] == ["icons/a.png", "shared/b.txt"]
    assert tree.refused_links == [public / "leak.txt"]
