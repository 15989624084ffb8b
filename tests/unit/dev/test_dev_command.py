"""`xtk dev` / `xtk run` without a browser: bad input exits 2 with a located message, --no-launch builds and watches,
a failed rebuild keeps the last good build on disk, and the watcher sees sources but not the build's outputs."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path

import pytest

from tests.browser.dev_session import XtkProcess, copy_dev_mini, edit
from tests.conftest import run_xtk
from toolchain.dev.watcher import Watcher


def test_a_browser_the_project_does_not_target_is_bad_input(tmp_path: Path) -> None:
    project = copy_dev_mini(tmp_path / "project")
    for command in ("dev", "run"):
        result = run_xtk(command, "--browser", "edge", "--no-launch" if command == "dev" else "--headless", cwd=project)
        assert result.code == 2, result.output
        assert "--browser edge: the project has no [targets.edge]" in result.stderr
        assert "Traceback" not in result.output


def test_a_start_url_that_is_not_absolute_is_bad_usage(tmp_path: Path) -> None:
    project = copy_dev_mini(tmp_path / "project")
    result = run_xtk("run", "--start-url", "example.org", cwd=project)
    assert result.code == 2 and "--start-url: 'example.org' is not an absolute" in result.stderr


def test_a_broken_config_is_located(tmp_path: Path) -> None:
    project = copy_dev_mini(tmp_path / "project")
    edit(project / "xtk.toml", 'version = "0.1.0"', "version = 3")
    result = run_xtk("dev", "--no-launch", cwd=project)
    assert result.code == 2 and "xtk.toml:" in result.stderr and "Traceback" not in result.output


@pytest.mark.node
def test_no_launch_rebuilds_and_keeps_the_last_good_build(tmp_path: Path) -> None:
    project = copy_dev_mini(tmp_path / "project")
    dev = XtkProcess("dev", "--no-launch", project=project)
    try:
        ready = dev.wait_for("ready")
        assert ready == {"event": "ready", "browser": "chrome", "ms": ready["ms"], "path": "build/dev/chrome"}
        background = project / "build/dev/chrome/background.js"
        assert '"background-v1"' in background.read_text()
        manifest = json.loads((project / "build/dev/chrome/manifest.json").read_text())
        assert manifest["background"] == {"service_worker": "background.js"}

        edit(project / "src/background.ts", '"background-v1";', '("background-v2";')
        error = dev.wait_for("error")
        assert error["message"].startswith("src/background.ts:4:")
        assert '"background-v1"' in background.read_text()  # esbuild alone would have deleted it

        edit(project / "src/background.ts", '("background-v2";', '"background-v2";')
        rebuilt = dev.wait_for("rebuilt")
        assert rebuilt["full"] is False and '"background-v2"' in background.read_text()

        (project / "README.md").write_text("not an input\n")  # nothing reads it: no rebuild
        edit(project / "xtk.toml", 'version = "0.1.0"', 'version = "0.2.0"')
        assert dev.wait_for("rebuilt")["full"] is True
        assert json.loads((project / "build/dev/chrome/manifest.json").read_text())["version"] == "0.2.0"
        assert dev.stop(signal.SIGINT) == 0
    finally:
        dev.kill()


def test_watcher_sees_sources_not_outputs(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "build").mkdir()
    watcher = Watcher([tmp_path], [tmp_path / "build"])
    try:
        time.sleep(0.2)  # let the watcher thread register its watches (not a timed assertion)
        (tmp_path / "build" / "out.js").write_text("1")
        before = time.time()
        (tmp_path / "src" / "a.ts").write_text("1")
        batch = watcher.next(timeout=10)
        assert batch is not None
        assert batch.paths == {(tmp_path / "src" / "a.ts").resolve()}
        assert before - 1 <= batch.changed_at <= time.time()
    finally:
        watcher.stop()


@pytest.mark.node
def test_components_rebuild_in_dev(tmp_path: Path) -> None:
    """A .svelte edit rebuilds through the components' compiler plugins; its syntax error is located in the file."""
    from tests.integration.components_support import copy_components, install_components_fixture

    project = copy_components(tmp_path / "project", install_components_fixture())
    dev = XtkProcess("dev", "--no-launch", project=project)
    try:
        dev.wait_for("ready")
        content = project / "build/dev/chrome/content/index.js"
        assert "rgb(10, 20, 200)" in content.read_text()
        badge = project / "src/content/Badge.svelte"
        edit(badge, "rgb(10, 20, 200)", "rgb(10, 20, 201)")
        dev.wait_for("rebuilt")
        assert "rgb(10, 20, 201)" in content.read_text()
        edit(badge, '<span class="badge">{text}</span>', '<span class="badge">{text</span>')
        assert dev.wait_for("error")["message"].startswith("src/content/Badge.svelte:5:")
        assert "rgb(10, 20, 201)" in content.read_text()
        assert dev.stop(signal.SIGINT) == 0
    finally:
        dev.kill()


@pytest.mark.node
def test_a_copied_asset_is_never_written_through_a_link_out_of_the_project(tmp_path: Path) -> None:
    from toolchain.dev.dev_build import dev_out_dir, plan_dev, reporter_path, write_static
    from toolchain.diagnostics import InputError
    from toolchain.project import load_project

    project_dir = copy_dev_mini(tmp_path / "project")
    (project_dir / "public").mkdir()
    (project_dir / "public" / "notes.txt").write_text("the asset\n")
    outside = tmp_path / "outside.txt"
    outside.write_text("not xtk's\n")
    project = load_project(project_dir)
    dev = plan_dev(project, "chrome", reporter_path(project))
    out = dev_out_dir(project, "chrome")
    out.mkdir(parents=True)
    (out / "notes.txt").symlink_to(outside)
    with pytest.raises(InputError, match=r"notes\.txt"):
        write_static(dev)
    assert outside.read_text() == "not xtk's\n"
