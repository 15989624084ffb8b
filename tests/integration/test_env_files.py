""".env files as Vite reads them (issue 18, item 4): `.env`, `.env.local`, `.env.<mode>`, `.env.<mode>.local` and the
environment, in rising precedence; only names with an allowed prefix (`env_prefix`) become `import.meta.env.NAME`,
typed in .xtk/env.d.ts; a secret without the prefix never reaches a bundle; the files are inputs of the build cache
and never enter a zip. Before, .env files were ignored: `import.meta.env.VITE_API` was undefined at run time."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

from tests.conftest import run_xtk
from tests.integration.support import build, copy_fixture, edit
from toolchain.diagnostics import Diagnostic
from toolchain.plan.env_files import parse_env, read_env_files
from toolchain.tools.package import is_secret

USES = (
    "console.log('api=' + import.meta.env.VITE_API, 'wxt=' + import.meta.env.WXT_TITLE, "
    "'local=' + import.meta.env.XTK_PUBLIC_LOCAL, 'mode=' + import.meta.env.MODE, "
    "'secret=' + (import.meta.env as unknown as Record<string, unknown>).SECRET_TOKEN);\n"
)


def _project(tmp_path: Path) -> Path:
    project = copy_fixture(tmp_path / "project")
    (project / ".env").write_text(
        "# shared\nVITE_API=https://dev.example.com\nSECRET_TOKEN=sk-live-do-not-ship\nWXT_TITLE='${VITE_API} raw'\n",
        encoding="utf-8",
    )
    (project / ".env.local").write_text("XTK_PUBLIC_LOCAL=from-local\n", encoding="utf-8")
    (project / ".env.production").write_text("VITE_API=https://api.example.com\n", encoding="utf-8")
    (project / ".env.development.local").write_text("VITE_API=http://localhost:8787\n", encoding="utf-8")
    edit(project / "src/popup/popup.ts", "", USES)
    return project


def _bundle(project: Path, browser: str = "chrome") -> str:
    return (project / "build" / browser / "popup/popup.js").read_text(encoding="utf-8")


def test_allowed_variables_of_the_modes_files_are_defined_and_a_secret_never_is(tmp_path: Path) -> None:
    project = _project(tmp_path)
    result = run_xtk("build", "--browser", "all", cwd=project, env={**os.environ, "SECRET_TOKEN": "sk-env"})
    assert result.code == 0, result.output  # type-checked: env.d.ts declares the variables
    for browser in ("chrome", "edge", "firefox"):
        bundle = _bundle(project, browser)
        assert "api=https://api.example.com" in bundle or '"api="+"https://api.example.com"' in bundle, bundle
        assert "https://api.example.com" in bundle and "localhost" not in bundle  # .env.production over .env
        assert "from-local" in bundle and "${VITE_API} raw" in bundle  # single quotes: no expansion
        assert "sk-live" not in bundle and "sk-env" not in bundle
    types = (project / ".xtk/env.d.ts").read_text(encoding="utf-8")
    for name in ("VITE_API", "WXT_TITLE", "XTK_PUBLIC_LOCAL"):
        assert f"readonly {name}: string;" in types
    assert "SECRET_TOKEN" not in types
    for written in [*project.joinpath("build").rglob("*"), *project.joinpath(".xtk").rglob("*")]:
        if written.is_file():
            assert b"sk-live" not in written.read_bytes(), written  # nor in the cached recipe, nor anywhere


def test_development_mode_and_the_environment(tmp_path: Path) -> None:
    project = _project(tmp_path)
    result = run_xtk(
        "build", "--no-typecheck", "--browser", "chrome", "--mode", "development", cwd=project,
        env={**os.environ, "XTK_PUBLIC_LOCAL": "from-environment"},
    )  # fmt: skip
    assert result.code == 0, result.output
    bundle = _bundle(project)
    assert "http://localhost:8787" in bundle  # .env.development.local over everything else of the files
    assert "from-environment" in bundle and "from-local" not in bundle  # the environment over the files


def test_an_edited_env_file_rebuilds_and_an_unchanged_one_replays(tmp_path: Path) -> None:
    project = _project(tmp_path)
    assert build(project, "--browser", "chrome").code == 0
    assert "api.example.com" in _bundle(project)
    (project / ".env.production").write_text("VITE_API=https://edited.example.com\n", encoding="utf-8")
    assert build(project, "--browser", "chrome").code == 0
    assert "edited.example.com" in _bundle(project)
    (project / ".env.production.local").write_text("VITE_API=https://new-file.example.com\n", encoding="utf-8")
    assert build(project, "--browser", "chrome").code == 0
    assert "new-file.example.com" in _bundle(project)  # a .env file that did not exist before counts too
    replay = build(project, "--browser", "chrome", "--format", "json")
    assert '"cached_recipe": true' in replay.stdout, replay.stdout
    changed = run_xtk(
        "build", "--no-typecheck", "--browser", "chrome", cwd=project,
        env={**os.environ, "VITE_API": "https://from-env.example.com"},
    )  # fmt: skip
    assert changed.code == 0 and "from-env.example.com" in _bundle(project)


def test_env_files_never_enter_a_zip(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "public/.env").write_text("VITE_API=in-public\n", encoding="utf-8")
    result = run_xtk("package", "--no-typecheck", cwd=project)
    assert result.code == 0, result.output
    zips = list((project / "dist").glob("*.zip"))
    assert len(zips) == 4, zips  # three stores and the sources
    for archive in zips:
        names = zipfile.ZipFile(archive).namelist()
        assert not [n for n in names if Path(n).name.startswith(".env")], (archive.name, names)
        assert all(b"sk-live" not in zipfile.ZipFile(archive).read(n) for n in names)
    for name in (".env", ".env.local", ".env.production", ".env.development.local", "public/.env"):
        assert is_secret(Path(name))


def test_bad_env_input_is_a_located_error(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / ".env.local").write_text("XTK_PUBLIC_LOCAL=ok\nthis is not an assignment\n", encoding="utf-8")
    result = build(project, "--browser", "chrome")
    assert result.code == 0, result.output  # dotenv skips such a line: so does xtk, saying where it is
    assert ".env.local:2:1: warning: not a NAME=value line: ignored (dotenv syntax)" in result.stderr, result.stderr
    (project / ".env.local").write_text("XTK_PUBLIC_LOCAL='never closed\n", encoding="utf-8")
    unclosed = build(project, "--browser", "chrome")
    assert unclosed.code == 1 and ".env.local:1:1: error: XTK_PUBLIC_LOCAL: the ' quote is never closed" in (
        unclosed.stderr
    ), unclosed.stderr
    (project / ".env.local").write_text("API_BASE_URL=x\n", encoding="utf-8")
    edit(project / "xtk.toml", 'locales = "_locales"', 'locales = "_locales"\nenv_prefix = ["API_"]')
    clash = build(project, "--browser", "chrome")
    assert clash.code != 0
    assert "API_BASE_URL is set both in [constants] and in .env.local: keep one" in clash.stderr, clash.stderr
    edit(project / "xtk.toml", 'env_prefix = ["API_"]', 'env_prefix = [""]')
    empty = build(project, "--browser", "chrome")
    assert empty.code == 2 and "an empty one would put every .env variable" in empty.stderr, empty.stderr


def test_the_dotenv_syntax() -> None:
    problems: list[Diagnostic] = []
    text = 'export A=1 # comment\nB=\'single $A\'\nC="two\\nlines ${A}"\nD="multi\nline"\n#x\n\nE=a#b\nF=`tick`\n'
    assert parse_env(text, ".env", problems) == [
        ("A", "1", True),
        ("B", "single $A", False),
        ("C", "two\nlines ${A}", True),
        ("D", "multi\nline", True),
        ("E", "a#b", True),
        ("F", "tick", True),
    ]
    assert problems == []
    folder = Path(__file__).parent / "nowhere"
    assert read_env_files(folder, "production", ["VITE_"], environ={"VITE_X": "1", "OTHER": "2"}).values == {
        "VITE_X": "1"
    }
