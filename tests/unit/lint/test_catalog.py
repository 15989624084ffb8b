"""The code catalog (toolchain/catalog.py): every code xtk emits is in it, once, with a name, a severity and an
explanation in four parts; nothing is in it that xtk does not emit; the build's emitters use its severities (the
lint emitters' are checked over the fixtures in rules/test_catalog_severities.py and over the mutation copies)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO
from toolchain import catalog
from toolchain.manifest import conversions as cv
from toolchain.project.models import (
    ContentScript,
    ContentSecurityPolicy,
    DataCollection,
    FirefoxTarget,
    PermissionGrant,
    UrlOverrides,
)

TOOLCHAIN = REPO / "toolchain"
CODE_STRING = re.compile(r"""["'](X[A-Z][0-9]{3})["']""")
CATALOG_FILE = TOOLCHAIN / "catalog.py"


def code_strings(exclude: Path | None = None) -> dict[str, list[str]]:
    """Every quoted code string in toolchain/'s Python files → where it occurs."""
    found: dict[str, list[str]] = {}
    for path in sorted(TOOLCHAIN.rglob("*.py")):
        if path == exclude:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for code in CODE_STRING.findall(line):
                found.setdefault(code, []).append(f"{path.relative_to(REPO)}:{number}")
    return found


def test_every_code_string_in_toolchain_is_in_the_catalog() -> None:
    unknown = {
        code: places
        for code, places in code_strings(CATALOG_FILE).items()
        if code not in {c.code for c in catalog.CODES}
    }
    assert not unknown, f"codes emitted but not in toolchain/catalog.py: {unknown}"


def test_every_catalog_code_is_emitted_somewhere() -> None:
    emitted = code_strings(CATALOG_FILE)
    missing = [c.code for c in catalog.CODES if c.code not in emitted]
    assert not missing, f"in the catalog, but nothing in toolchain/ emits them: {missing}"


def test_each_code_and_name_is_listed_once() -> None:
    assert len({c.code for c in catalog.CODES}) == len(catalog.CODES)
    assert len({c.name for c in catalog.CODES}) == len(catalog.CODES)
    for known in catalog.CODES:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", known.name), known.name
        assert known.severity in ("error", "warning", "note")
        assert known.severity != "note" or known.origin == "lint-engine", known.code  # a note is lint's own
        assert all(old in {c.code for c in catalog.CODES} for old in known.formerly), known.code


def test_every_code_is_explained_in_four_parts() -> None:
    for known in catalog.CODES:
        assert known.summary and "\n" not in known.summary, known.code
        doc = known.explanation
        parts = [doc.find(part) for part in ("What it checks:", "Why it matters:", "Example:", "Fix:")]
        assert all(p > 0 for p in parts) and parts == sorted(parts), known.code
        assert known.code in doc, f"{known.code}'s example should show the code"


def test_the_xm007_drift_code_is_defined_once() -> None:
    """`xtk protocol codegen --check` and the lint rule report the same code, from one definition."""
    from toolchain.lint.rules.xm007_protocol_codegen_drift import ProtocolCodegenDrift
    from toolchain.protocol import codegen

    places = code_strings(CATALOG_FILE)["XM007"]
    assert len(places) == 1 and "xm007_protocol_codegen_drift.py" in places[0], places  # codegen.py had its own
    assert ProtocolCodegenDrift.code == codegen.DRIFT_CODE and codegen.DRIFT.severity == ProtocolCodegenDrift.severity


def test_build_warnings_use_the_catalog_severities(tmp_path: Path) -> None:
    """Every XB code, produced by the conversion (or the locale check) that emits it, with the catalog's severity."""
    from tests.unit.project.test_locales import EN, FR, write
    from toolchain.project import load_project
    from toolchain.project.locales import missing_translations

    french_without_name = {key: value for key, value in FR.items() if key != "extName"}
    untranslated = load_project(write(tmp_path, locales={"en": EN, "fr": french_without_name}))
    firefox = FirefoxTarget(
        min_version="109.0",
        android_min_version="120.0",
        gecko_id="x@example.com",
        data_collection=DataCollection(required=["none"]),
    )
    script = ContentScript(matches=["https://example.com/*"], js=["a.ts"], world="MAIN")
    diagnostics = [
        *cv.sandbox_for("firefox", ["sandbox.html"])[1],
        *cv.url_overrides_for("firefox", UrlOverrides(history="h.html"), {})[1],
        *cv.content_script_for("firefox", 2, script, ["a.js"], [], 0)[1],
        *cv.content_security_policy_for(
            "firefox", 2, ContentSecurityPolicy(extension_pages="script-src 'self'", sandbox="sandbox allow-scripts")
        )[1],
        *cv.permissions_for("firefox", {"offscreen": PermissionGrant(justification="why")})[1],
        *cv.data_collection_version_conflict(firefox),
        *missing_translations(untranslated),
    ]
    assert {d.code for d in diagnostics} == {c.code for c in catalog.CODES if c.origin == "build"}
    for diagnostic in diagnostics:
        assert diagnostic.code is not None and diagnostic.severity == catalog.severity(diagnostic.code), diagnostic


def test_the_doc_table_command(tmp_path: Path) -> None:
    printed = subprocess.run([sys.executable, "-m", "toolchain.catalog"], cwd=REPO, capture_output=True, text=True)
    assert printed.returncode == 0 and printed.stdout.strip() == catalog.markdown_table()
    bad = subprocess.run(
        [sys.executable, "-m", "toolchain.catalog", "--nope"], cwd=REPO, capture_output=True, text=True
    )
    assert bad.returncode == 2 and "usage:" in bad.stderr and "Traceback" not in bad.stderr
    stale = "intro\n" + catalog.TABLE_BEGIN + "\n| old |\n" + catalog.TABLE_END + "\nrest\n"
    assert (
        catalog.with_table(stale)
        == f"intro\n{catalog.TABLE_BEGIN}\n{catalog.markdown_table()}\n{catalog.TABLE_END}\nrest\n"
    )
