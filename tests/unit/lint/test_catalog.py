"""The code catalog (toolchain/lint/catalog.py: the build's and engine's codes of toolchain/codes.py, and the rules as
their classes declare themselves): every code xtk emits is in it, once, with a name, a severity and an explanation in
four parts; nothing is in it that xtk does not emit; the build's emitters use its severities (the lint emitters' are
checked over the fixtures in rules/test_catalog_severities.py and over the mutation copies)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO
from toolchain import codes
from toolchain.lint import catalog
from toolchain.lint.registry import all_rules, declaration_problems
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
CODES_FILE = TOOLCHAIN / "codes.py"


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
        for code, places in code_strings(CODES_FILE).items()
        if code not in {c.code for c in catalog.all_codes()}
    }
    assert not unknown, f"codes emitted but neither a rule's nor in toolchain/codes.py: {unknown}"


def test_every_catalog_code_is_emitted_somewhere() -> None:
    emitted = code_strings(CODES_FILE)
    missing = [c.code for c in catalog.all_codes() if c.code not in emitted]
    assert not missing, f"in the catalog, but nothing in toolchain/ emits them: {missing}"


def test_each_code_and_name_is_listed_once() -> None:
    everything = catalog.all_codes()
    assert len({c.code for c in everything}) == len(everything)
    assert len({c.name for c in everything}) == len(everything)
    for known in everything:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", known.name), known.name
        assert known.severity in ("error", "warning", "note")
        assert known.severity != "note" or known.origin == "lint-engine", known.code  # a note is lint's own
        assert all(old in {c.code for c in everything} for old in known.formerly), known.code
    assert {c.code for c in everything if c.origin == "lint-rule"} == {r.code for r in all_rules()}
    assert not [c for c in codes.CODES if c.origin == "lint-rule"]  # a rule is declared by its class alone


def test_a_rule_is_declared_by_its_class() -> None:
    """Code, name, severity and the codes it was split from are the rule class's own attributes (no second list)."""
    from toolchain.lint.rules.xp001_api_without_permission import ApiWithoutPermission
    from toolchain.lint.rules.xs007_computed_html_sink import ComputedHtmlSink

    assert {k: vars(ApiWithoutPermission)[k] for k in ("code", "name", "severity")} == {
        "code": "XP001",
        "name": "api-without-permission",
        "severity": "error",
    }
    assert catalog.entry("XP001").name == "api-without-permission" and catalog.severity("XP001") == "error"
    assert vars(ComputedHtmlSink)["formerly"] == ("XS001",) and catalog.names_for_selection("XS007") == (
        "XS007",
        "XS001",
    )
    assert catalog.entry("XP008").formerly == ("XP005",) and catalog.entry("XP001").formerly == ()
    assert catalog.entry("XS007").explanation == ComputedHtmlSink.documentation()
    assert catalog.find("xb101") == codes.entry("XB101") and catalog.find("Unsafe-CSP") == catalog.entry("XS002")
    with pytest.raises(KeyError):
        catalog.entry("XP999")


def _rule(code: str, name: str, severity: str = "error", **more: object) -> type:
    """A stand-in for a rule class (not a `Rule` subclass: those register their code when defined)."""
    return type(f"Rule{code}", (), {"code": code, "name": name, "severity": severity, "formerly": (), **more})


@pytest.mark.parametrize(
    ("rules", "problem"),
    [
        ([type("Bare", (), {"code": "XP901", "formerly": ()})], "does not declare name, severity"),
        ([_rule("XP901", "one"), _rule("XP901", "two")], "codes declared twice"),
        ([_rule("XP901", "same"), _rule("XP902", "same")], "names declared twice"),
        (
            [_rule("XL001", "fresh-name")],
            "codes declared twice (by rules, or by a rule and toolchain/codes.py): ['XL001']",
        ),
        ([_rule("XP901", "missing-translation")], "names declared twice"),  # an XB code's name
        ([_rule("XP901", "Not Kebab")], "is not kebab-case"),
        ([_rule("XP901", "fine", "fatal")], "severity 'fatal'"),
        ([_rule("XP9", "fine")], "is not X, a letter and three digits"),
        ([_rule("XP901", "fine", formerly=("XP902",))], "split from ['XP902']"),
    ],
)
def test_the_registry_refuses_incomplete_or_clashing_declarations(rules: list[type], problem: str) -> None:
    problems = declaration_problems(rules)  # type: ignore[arg-type]
    assert len(problems) == 1 and problem in problems[0], problems


def test_the_rules_as_declared_have_no_problem() -> None:
    assert declaration_problems(list(all_rules())) == []
    assert declaration_problems([_rule("XP901", "fine", formerly=("XL001",))]) == []


def test_every_code_is_explained_in_four_parts() -> None:
    for known in catalog.all_codes():
        assert known.summary and "\n" not in known.summary, known.code
        doc = known.explanation
        parts = [doc.find(part) for part in ("What it checks:", "Why it matters:", "Example:", "Fix:")]
        assert all(p > 0 for p in parts) and parts == sorted(parts), known.code
        assert known.code in doc, f"{known.code}'s example should show the code"


def test_the_xm007_drift_code_is_defined_once() -> None:
    """`xtk protocol codegen --check` and the lint rule report the same code, from one definition: the rule's."""
    places = code_strings(CODES_FILE)["XM007"]
    assert len(places) == 1 and "xm007_protocol_codegen_drift.py" in places[0], places  # codegen.py had its own


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
        *cv.data_collection_version_conflict("firefox", firefox),
        *missing_translations(untranslated),
    ]
    assert {d.code for d in diagnostics} == {c.code for c in codes.CODES if c.origin == "build"}
    for diagnostic in diagnostics:
        assert diagnostic.code is not None and diagnostic.severity == codes.severity(diagnostic.code), diagnostic


def test_the_doc_table_command(tmp_path: Path) -> None:
    printed = subprocess.run([sys.executable, "-m", "toolchain.lint.catalog"], cwd=REPO, capture_output=True, text=True)
    assert printed.returncode == 0 and printed.stdout.strip() == catalog.markdown_table()
    bad = subprocess.run(
        [sys.executable, "-m", "toolchain.lint.catalog", "--nope"], cwd=REPO, capture_output=True, text=True
    )
    assert bad.returncode == 2 and "usage:" in bad.stderr and "Traceback" not in bad.stderr
    stale = "intro\n" + catalog.TABLE_BEGIN + "\n| old |\n" + catalog.TABLE_END + "\nrest\n"
    assert (
        catalog.with_table(stale)
        == f"intro\n{catalog.TABLE_BEGIN}\n{catalog.markdown_table()}\n{catalog.TABLE_END}\nrest\n"
    )
