"""Fixtures of the submit tests: the fake stores (one server for the session, its state fresh for each test) and
a release packaged once from a fresh `xtk init` project."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import EXTENSION, run_xtk
from tests.submit.fake_stores import FakeStores, StoreState

CHROME_ITEM = "abcdefghijklmnopabcdefghijklmnop"
EDGE_PRODUCT = "0f3c2a7e-1111-4222-8333-944455556666"
GECKO_ID = "demo@example.com"

SUBMIT_TABLES = f"""
[submit.chrome]
extension_id = "{CHROME_ITEM}"
publisher_id = "publisher-1"
deploy_percentage = 25

[submit.firefox]
channel = "listed"
release_notes = "Faster answers."

[submit.edge]
product_id = "{EDGE_PRODUCT}"
notes = "No new permissions."
"""


@pytest.fixture(scope="session")
def fake_stores() -> Iterator[FakeStores]:
    stores = FakeStores()
    stores.start()
    yield stores
    stores.stop()


@pytest.fixture
def stores(fake_stores: FakeStores) -> FakeStores:
    """The fakes, as a store that knows the item, the add-on and the product (version 0.0.9 published)."""
    fake_stores.state = StoreState(amo_download_host=fake_stores.other_host)
    fake_stores.state.chrome_items[CHROME_ITEM] = "0.0.9"
    fake_stores.state.amo_addons[GECKO_ID] = ["0.0.9"]
    fake_stores.state.edge_products.add(EDGE_PRODUCT)
    fake_stores.requests.clear()
    fake_stores.failures.clear()
    return fake_stores


def new_project(parent: Path, name: str = "demo") -> Path:
    """`xtk init NAME --no-install` with DocMind's installed packages linked in (the template's are a subset)."""
    result = run_xtk("init", name, "--no-install", cwd=parent)
    assert result.code == 0, result.stderr
    project = parent / name
    (project / "node_modules").symlink_to(EXTENSION / "node_modules", target_is_directory=True)
    return project


@dataclass(frozen=True)
class Release:
    project: Path
    zips: dict[str, Path]  # chrome, edge, firefox, sources


@pytest.fixture(scope="session")
def release(tmp_path_factory: pytest.TempPathFactory) -> Release:
    project = new_project(tmp_path_factory.mktemp("release"))
    result = run_xtk("package", cwd=project)
    assert result.code == 0, result.stderr
    zips = {path.name.removesuffix(".zip").rsplit("-", 1)[-1]: path for path in (project / "dist").glob("*.zip")}
    return Release(project, zips)


def copy_release_project(release: Release, destination: Path) -> Path:
    shutil.copytree(release.project, destination, symlinks=True, ignore=shutil.ignore_patterns("dist", "build", ".xtk"))
    return destination
