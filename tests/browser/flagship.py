"""What DocMind's browser tests share: building the flagship in a scratch copy, and launching a build in the engine
that runs it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.conftest import copy_flagship, run_xtk
from toolchain.browsers import ExtensionBrowser, launch

#: (build, engine): Chromium runs the Chrome and Edge builds (both MV3), Firefox ESR its MV2 build.
Target = tuple[str, str]
CHROME: Target = ("chrome", "chromium")
EDGE: Target = ("edge", "chromium")
FIREFOX: Target = ("firefox", "firefox")
ALL_TARGETS: list[Target] = [CHROME, EDGE, FIREFOX]


def target_ids(targets: list[Target]) -> list[str]:
    return [build for build, _ in targets]


def build_flagship(directory: Path, *, api_base_url: str | None = None) -> Path:
    """DocMind built for every browser from a copy in `directory`; its `build/` folder. With `api_base_url`, the
    build's API_BASE_URL constant points there (the tests' own DocMind API)."""
    project = copy_flagship(directory / "docmind")
    if api_base_url is not None:
        config = project / "xtk.toml"
        text, count = re.subn(r'API_BASE_URL = "[^"]*"', f'API_BASE_URL = "{api_base_url}"', config.read_text())
        assert count == 1, "xtk.toml has no API_BASE_URL constant to point at the test API"
        config.write_text(text)
    result = run_xtk("build", "--browser", "all", cwd=project)
    assert result.code == 0, result.output
    return project / "build"


@contextmanager
def launched(target: Target, builds: Path, factory: pytest.TempPathFactory) -> Iterator[ExtensionBrowser]:
    """`target`'s build running in its engine, headless, with a fresh profile."""
    build, engine = target
    with launch(engine, builds / build, workdir=factory.mktemp(f"{build}-{engine}")) as browser:
        yield browser
