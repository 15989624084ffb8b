"""`xtk lint` on DocMind itself, every rule selected: no findings. A rule that fires here is either a DocMind bug
(fix DocMind) or a false positive (fix the rule)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import copy_flagship
from tests.unit.lint.rules.support import lint_project
from toolchain.lint.engine import run_rules
from toolchain.lint.reporters import text


@pytest.fixture(scope="module")
def docmind(tmp_path_factory: pytest.TempPathFactory):
    folder = copy_flagship(
        tmp_path_factory.mktemp("docmind") / "docmind"
    )  # with extension_src/specs/posture and protocol
    return lint_project(folder)


def test_docmind_has_no_findings(docmind) -> None:
    found = run_rules(docmind, [], [])
    assert found == [], "\n" + "".join(text.line(f) + "\n" for f in found)


def test_docmind_is_linted_with_its_posture_protocol_and_abstraction(docmind) -> None:
    assert docmind.posture is not None and docmind.posture.name == "DocMind"
    assert docmind.protocol is not None and {c.name for c in docmind.protocol.channels} >= {"popup-to-background"}
    assert docmind.abstraction == Path(docmind.project.root / "src/shared/browser").resolve()
    assert [t.browser for t in docmind.targets] == ["chrome", "edge", "firefox"]
