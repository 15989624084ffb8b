"""Firefox builds are Manifest V3 unless the project says `manifest_version = 2` (issue 18, item 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.project.test_config import MINIMAL, load_error, write_project
from toolchain import browser_targets
from toolchain.project import load_project

FIREFOX = """
[targets.firefox]
min_version = "142.0"
gecko_id = "a@example.com"
data_collection = { required = ["none"] }
"""


def test_firefox_is_mv3_by_default(tmp_path: Path) -> None:
    assert browser_targets.get("firefox").default_manifest_version == 3
    project = load_project(write_project(tmp_path, MINIMAL + FIREFOX))
    assert project.config.targets.section("firefox").manifest_version == 3


def test_mv2_stays_available_when_asked_for(tmp_path: Path) -> None:
    project = load_project(write_project(tmp_path, MINIMAL + FIREFOX + "manifest_version = 2\n"))
    assert project.config.targets.section("firefox").manifest_version == 2


@pytest.mark.parametrize("version", ["1", "4", '"3"'])
def test_other_versions_are_refused_with_the_key(tmp_path: Path, version: str) -> None:
    error = load_error(tmp_path, MINIMAL + FIREFOX + f"manifest_version = {version}\n")
    assert [d.key for d in error.diagnostics] == ["targets.firefox.manifest_version"], error.diagnostics
