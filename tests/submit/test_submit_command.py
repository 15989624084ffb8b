"""`xtk submit` as a user runs it: a dry run on a fresh project and on every example; a real submission to the
three fake stores; credentials from the environment or a file, never in output or zips; the release stopped by a
lint error, a new install warning, a sources zip that does not rebuild, or missing credentials."""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import pytest

from tests.conftest import REPO, run_xtk
from tests.examples.support import copy_example
from tests.submit.conftest import SUBMIT_TABLES, Release, copy_release_project
from tests.submit.fake_stores import FakeStores

pytestmark = pytest.mark.node

#: the stores' variables removed from the environment a test runs xtk in (a developer's own must not leak in)
CLEARED = {name: "" for name in os.environ if name.startswith(("XTK_CHROME", "XTK_AMO", "XTK_EDGE", "XTK_CREDENTIALS"))}


def assert_no_secret(stores: FakeStores, *texts: str) -> None:
    for secret in stores.secrets.all():
        for text in texts:
            assert secret not in text, "a credential in xtk's output"


def with_tables(project: Path) -> Path:
    config = project / "xtk.toml"
    config.write_text(config.read_text() + SUBMIT_TABLES)
    return project


def test_dry_run_on_a_fresh_project_needs_no_credential_and_says_what_to_set(release: Release, tmp_path: Path) -> None:
    project = copy_release_project(release, tmp_path / "demo")
    result = run_xtk("submit", "--dry-run", cwd=project, env=CLEARED)
    assert result.code == 0, result.stderr
    out = result.stdout
    assert "verified chrome: rebuilt from the sources, byte for byte" in out
    assert "lint: no errors" in out
    assert "install warnings chrome: Read and change all your data on all websites" in out
    for store in ("chrome", "firefox", "edge"):  # nothing to compare with, and said
        assert f"{store}: install warnings not compared with the last release (a dry run asks no store)" in out
    assert (
        "POST  https://chromewebstore.googleapis.com/upload/v2/publishers/<publisher_id>/items/<extension_id>:upload"
        in out
    )
    assert "PATCH https://addons.mozilla.org/api/v5/addons/addon/demo@example.com/versions/<id>/" in out
    assert "before a real submit, set: [submit.edge] product_id, XTK_EDGE_CLIENT_ID, XTK_EDGE_API_KEY" in out
    assert out.rstrip().endswith("to set for chrome, firefox, edge")
    with zipfile.ZipFile(next((project / "dist").glob("*-sources.zip"))) as sources:
        readme = sources.read("REBUILD.md").decode()
    assert "npm ci --no-audit --no-fund" in readme and "xtk package" in readme


@pytest.mark.parametrize("example", sorted(p.name for p in (REPO / "examples").iterdir() if (p / "xtk.toml").is_file()))
def test_dry_run_passes_on_every_example(example: str, tmp_path: Path) -> None:
    project = copy_example(example, tmp_path / example)
    result = run_xtk("submit", "--dry-run", "--format", "json", cwd=project, env=CLEARED, timeout=600)
    assert result.code == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["ok"] and report["dry_run"]
    assert report["lint"]["errors"] == []
    assert set(report["verified"].values()) == {None}, report["verified"]  # every store zip rebuilt byte for byte
    assert set(report["requests"]) == set(report["stores"]) and report["stores"]


def test_submits_to_the_three_stores_and_says_each_result(release: Release, stores: FakeStores, tmp_path: Path) -> None:
    project = with_tables(copy_release_project(release, tmp_path / "demo"))
    result = run_xtk("submit", "--no-verify", cwd=project, env={**CLEARED, **stores.environment()})
    assert result.code == 0, result.stdout + result.stderr
    assert "Chrome Web Store: submitted for review" in result.stdout
    assert "addons.mozilla.org: submitted for review" in result.stdout
    assert "Microsoft Edge Add-ons: submitted for review" in result.stdout
    assert "rollout 25 % of users" in result.stdout
    assert "chrome: uploaded" in result.stderr  # progress
    assert "chrome: install warnings not compared with the last release (the Chrome Web Store's API" in result.stdout
    assert "edge: install warnings not compared with the last release (Edge Add-ons' API" in result.stdout
    assert "firefox: install warnings not compared with the last release (addons.mozilla.org has no" in result.stdout
    steps = stores.steps()
    assert steps.index("chrome.publish") < steps.index("amo.upload") < steps.index("edge.upload")
    assert_no_secret(stores, result.stdout, result.stderr)
    for archive in (project / "dist").glob("*.zip"):
        content = archive.read_bytes()
        assert not any(secret.encode() in content for secret in stores.secrets.all())


def test_json_output_names_each_store_result_and_hides_credentials(
    release: Release, stores: FakeStores, tmp_path: Path
) -> None:
    project = with_tables(copy_release_project(release, tmp_path / "demo"))
    result = run_xtk(
        "submit",
        "--browser",
        "firefox,edge",
        "--no-verify",
        "--format",
        "json",
        cwd=project,
        env={**CLEARED, **stores.environment()},
    )
    assert result.code == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert [r["store"] for r in report["results"]] == ["firefox", "edge"]
    assert "chrome.token" not in stores.steps()
    assert_no_secret(stores, result.stdout, result.stderr)


def test_wxt_credentials_file_is_read_and_never_packaged(release: Release, stores: FakeStores, tmp_path: Path) -> None:
    project = with_tables(copy_release_project(release, tmp_path / "demo"))
    environment = stores.environment()
    secrets = stores.secrets
    (project / ".env.submit").write_text(
        f"EDGE_CLIENT_ID={secrets.edge_client_id}\nEDGE_API_KEY={secrets.edge_api_key}\n", encoding="utf-8"
    )
    (project / ".env.submit").chmod(0o600)
    only_addresses = {k: v for k, v in environment.items() if not k.startswith("XTK_EDGE_") or k.endswith("_URL")}
    result = run_xtk("submit", "--browser", "edge", "--no-verify", cwd=project, env={**CLEARED, **only_addresses})
    assert result.code == 0, result.stdout + result.stderr
    assert "Microsoft Edge Add-ons: submitted for review" in result.stdout
    with zipfile.ZipFile(next((project / "dist").glob("*-sources.zip"))) as sources:
        assert ".env.submit" not in sources.namelist()
    assert_no_secret(stores, result.stdout, result.stderr)


def test_a_credentials_file_a_zip_would_hold_is_refused(release: Release, tmp_path: Path) -> None:
    project = copy_release_project(release, tmp_path / "demo")
    (project / "public" / "keys.env").write_text("XTK_EDGE_API_KEY=abcdefgh\n")
    result = run_xtk("submit", "--dry-run", "--credentials", "public/keys.env", cwd=project, env=CLEARED)
    assert result.code == 2
    assert "public/keys.env: error: the credentials file would go into a build zip" in result.stderr
    assert "abcdefgh" not in result.stdout + result.stderr


def test_a_group_readable_credentials_file_is_a_warning(release: Release, tmp_path: Path) -> None:
    project = copy_release_project(release, tmp_path / "demo")
    (project / ".env.submit").write_text("XTK_EDGE_API_KEY=abcdefgh\n")
    (project / ".env.submit").chmod(0o644)
    result = run_xtk("submit", "--dry-run", "--no-verify", cwd=project, env=CLEARED)
    assert result.code == 0, result.stderr
    assert "other users of this machine can read it: chmod 600 .env.submit" in result.stdout


def test_missing_credentials_stop_a_real_submit_before_any_work(release: Release, tmp_path: Path) -> None:
    project = with_tables(copy_release_project(release, tmp_path / "demo"))
    result = run_xtk("submit", "--browser", "chrome", cwd=project, env=CLEARED)
    assert result.code == 2
    assert (
        "Chrome Web Store: set XTK_CHROME_CLIENT_ID, XTK_CHROME_CLIENT_SECRET, XTK_CHROME_REFRESH_TOKEN"
        in result.stderr
    )
    assert not (project / "dist").exists()


def test_a_store_without_its_table_stops_a_real_submit(release: Release, stores: FakeStores, tmp_path: Path) -> None:
    project = copy_release_project(release, tmp_path / "demo")
    result = run_xtk("submit", "--browser", "edge", cwd=project, env={**CLEARED, **stores.environment()})
    assert result.code == 2
    assert "set [submit.edge] product_id" in result.stderr
    assert stores.requests == []


def test_a_lint_error_stops_the_release_before_anything_is_sent(
    release: Release, stores: FakeStores, tmp_path: Path
) -> None:
    project = with_tables(copy_release_project(release, tmp_path / "demo"))
    background = project / "src" / "background" / "index.ts"
    background.write_text(
        background.read_text()
        + "\n// @ts-expect-error chrome's types are not installed\nvoid chrome.cookies.getAll({});\n"
    )
    result = run_xtk("submit", "--no-verify", cwd=project, env={**CLEARED, **stores.environment()})
    assert result.code == 1
    assert "xtk lint finds" in result.stderr and "XP001" in result.stderr
    assert [s for s in stores.steps() if s not in ("amo.addon", "amo.published")] == []  # read, nothing sent
    assert not (project / ".xtk" / "lint-build").exists()  # the lint judged the build it packaged, not one of its own


def test_the_release_lint_finds_what_xtk_lint_finds(release: Release, tmp_path: Path) -> None:
    """Submit lints the production build it packages (no second build): the same findings as `xtk lint`."""
    project = copy_release_project(release, tmp_path / "demo")
    background = project / "src" / "background" / "index.ts"
    background.write_text(
        background.read_text()
        + "\n// @ts-expect-error chrome's types are not installed\nvoid chrome.cookies.getAll({});\n"
        + "document.body.innerHTML = location.hash;\n"
    )
    submitted = run_xtk("submit", "--dry-run", "--no-verify", "--format", "json", cwd=project, env=CLEARED)
    assert submitted.code == 1, submitted.stdout + submitted.stderr
    linted = run_xtk("lint", "--no-cache", "--format", "json", cwd=project)
    findings = json.loads(linted.stdout)
    errors = sorted(f"{f['code']} {f['path']}:{f['line']}" for f in findings if f["severity"] == "error")
    warnings = [f for f in findings if f["severity"] == "warning"]
    assert errors and warnings, findings
    stopped = json.loads(submitted.stdout)["errors"]
    assert sorted(f"{e['code']} {e['path']}:{e['line']}" for e in stopped if e.get("code")) == errors
    assert stopped[-1]["message"] == f"xtk lint finds {len(errors)} error(s): nothing is submitted"


def test_an_install_warning_the_update_adds_stops_the_release(
    release: Release, stores: FakeStores, tmp_path: Path
) -> None:
    project = with_tables(copy_release_project(release, tmp_path / "demo"))
    previous = tmp_path / "previous"
    previous.mkdir()
    with zipfile.ZipFile(release.zips["chrome"]) as archive:
        manifest = json.loads(archive.read("manifest.json"))
    manifest.pop("host_permissions", None)
    manifest["content_scripts"] = []  # the last release could read no site
    (previous / "manifest.json").write_text(json.dumps(manifest))
    result = run_xtk(
        "submit", "--no-verify", "--against", str(previous), cwd=project, env={**CLEARED, **stores.environment()}
    )
    assert result.code == 1, result.stdout + result.stderr
    assert "XP013" in result.stderr and "Read and change all your data on all websites" in result.stderr
    assert stores.requests == []


def test_a_sources_zip_that_does_not_rebuild_stops_the_release(release: Release, tmp_path: Path) -> None:
    """A file the build ships but git does not track: the reviewer's rebuild lacks it."""
    import subprocess

    project = copy_release_project(release, tmp_path / "demo")
    (project / ".gitignore").write_text("node_modules\ndist\nbuild\n.xtk\npublic/generated.txt\n")
    (project / "public" / "generated.txt").write_text("made by a script nobody commits\n")
    git = ["git", "-c", "user.email=t@example.com", "-c", "user.name=t"]
    subprocess.run([*git, "init", "-q"], cwd=project, check=True)
    subprocess.run([*git, "add", "-A"], cwd=project, check=True)
    result = run_xtk("submit", "--dry-run", "--browser", "chrome", cwd=project, env=CLEARED)
    assert result.code == 1
    assert (
        "chrome: the store zip is not reproducible from the sources zip: generated.txt: in the store zip, "
        in result.stderr
    )


def _published_without_bookmarks(release: Release) -> bytes:
    """The Firefox zip of the release, as AMO would serve the published version (0.0.9, no bookmarks)."""
    import io

    source = zipfile.ZipFile(release.zips["firefox"])
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as published:
        for name in source.namelist():
            content = source.read(name)
            if name == "manifest.json":
                manifest = json.loads(content)
                manifest["version"] = "0.0.9"
                content = json.dumps(manifest).encode()
            published.writestr(name, content)
    return buffer.getvalue()


def test_firefox_install_warnings_are_compared_with_the_version_amo_publishes(
    release: Release, stores: FakeStores, tmp_path: Path
) -> None:
    stores.state.amo_published = _published_without_bookmarks(release)
    project = with_tables(copy_release_project(release, tmp_path / "demo"))
    result = run_xtk(
        "submit", "--browser", "firefox", "--no-verify", cwd=project, env={**CLEARED, **stores.environment()}
    )
    assert result.code == 0, result.stdout + result.stderr
    assert "firefox: comparing install warnings with version 0.0.9, published on AMO" in result.stderr
    assert "not compared" not in result.stdout + result.stderr
    config = project / "xtk.toml"
    config.write_text(config.read_text() + '\n[permissions]\nbookmarks = "Saves the page to a bookmark folder."\n')
    stores.requests.clear()
    result = run_xtk(
        "submit", "--browser", "firefox", "--no-verify", cwd=project, env={**CLEARED, **stores.environment()}
    )
    assert result.code == 1, result.stdout + result.stderr
    assert 'error XP013: "Read and modify bookmarks" is a new install warning' in result.stderr, result.stderr
    assert "not in AMO's published 0.0.9" in result.stderr
    assert stores.steps() == ["amo.addon", "amo.published"]  # read, and nothing sent
    assert_no_secret(stores, result.stdout, result.stderr)


@pytest.mark.parametrize(
    ("arguments", "environment", "said"),
    [
        (["--browser", "chrome,opera"], {}, "--browser opera: xtk submits to chrome, firefox, edge (or all)"),
        (["--dry-run"], {"XTK_SUBMIT_TIMEOUT": "soon"}, "XTK_SUBMIT_TIMEOUT='soon': give a number, 0 or more"),
        (["--dry-run"], {"XTK_SUBMIT_RETRIES": "-1"}, "XTK_SUBMIT_RETRIES='-1': give a number, 0 or more"),
        (["--dry-run", "--credentials", "missing.env"], {}, "missing.env: error: the credentials file does not exist"),
        (["--dry-run", "--against", "no-such-release"], {}, "--against no-such-release: give the previous release"),
    ],
)
def test_bad_input_is_exit_2_before_any_work(
    release: Release, tmp_path: Path, arguments: list[str], environment: dict[str, str], said: str
) -> None:
    project = copy_release_project(release, tmp_path / "demo")
    (project / "missing.env").unlink(missing_ok=True)
    result = run_xtk("submit", *arguments, cwd=project, env={**CLEARED, **environment})
    assert result.code == 2, result.stdout + result.stderr
    assert said in result.stderr
    assert "Traceback" not in result.stderr
