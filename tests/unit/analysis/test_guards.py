"""The guard language, its evaluator, and guards extracted from source conditions."""

from __future__ import annotations

import pytest

from toolchain.analysis import guards as G
from toolchain.analysis.facts import Guard

from .support import extract, guard_of

CHROME_MV3 = {"BROWSER": "chrome", "MANIFEST_VERSION": 3, "CHROME": True, "EDGE": False, "FIREFOX": False, "DEV": False}
FIREFOX_MV2 = {
    "BROWSER": "firefox",
    "MANIFEST_VERSION": 2,
    "CHROME": False,
    "EDGE": False,
    "FIREFOX": True,
    "DEV": True,
}
EDGE_MV3 = {"BROWSER": "edge", "MANIFEST_VERSION": 3, "CHROME": False, "EDGE": True, "FIREFOX": False, "DEV": False}


@pytest.mark.parametrize(
    ("expression", "chrome", "firefox"),
    [
        ("FIREFOX", False, True),
        ("!FIREFOX", True, False),
        ('BROWSER == "firefox"', False, True),
        ("BROWSER == 'firefox'", False, True),
        ('BROWSER != "firefox"', True, False),
        ("MANIFEST_VERSION == 3", True, False),
        ("MANIFEST_VERSION === 3", True, False),
        ("MANIFEST_VERSION != 3", False, True),
        ('MANIFEST_VERSION == "3"', False, False),  # strict
        ("(FIREFOX && MANIFEST_VERSION == 2)", False, True),
        ("(CHROME || FIREFOX)", True, True),
        ("!(CHROME || FIREFOX)", False, False),
        ("(!EDGE && (CHROME || DEV))", True, True),
        ("UNDEFINED_NAME", False, False),
        ("!UNDEFINED_NAME", True, True),
        ("UNDEFINED_NAME == null", False, False),
        ("true", True, True),
    ],
)
def test_evaluate(expression: str, chrome: bool, firefox: bool) -> None:
    assert G.evaluate(expression, CHROME_MV3) is chrome
    assert G.evaluate(expression, FIREFOX_MV2) is firefox


def test_guard_holds() -> None:
    assert Guard("MANIFEST_VERSION == 3").holds(CHROME_MV3)
    assert not Guard("MANIFEST_VERSION == 3").holds(FIREFOX_MV2)


def test_syntax_errors() -> None:
    for bad in ("(A", "A ==", "A && ", "A B", "== 3"):
        with pytest.raises(G.GuardSyntaxError):
            G.parse(bad)


def test_algebra_round_trips_and_simplifies() -> None:
    a, b = G.var("A"), G.cmp("B", "===", "x")
    assert G.to_source(G.negate(G.both(a, b))) == '(!A || B != "x")'
    assert G.both(True, a) == a and G.either(False, a) == a
    assert G.both(False, a) is False and G.either(True, a) is True
    assert G.both(a, G.either(G.negate(a), b)) == G.both(a, b)  # A && (!A || B) = A && B
    assert G.both(a, G.either(a, b)) == a  # absorption
    assert G.cmp("X", "==", True) != G.cmp("X", "==", 1)
    for node in (a, b, G.negate(G.both(a, b)), G.either(G.negate(a), G.both(a, b))):
        assert G.parse(G.to_source(node)) == node


def test_guards_from_source_conditions() -> None:
    facts = extract("guards/guarded.ts")["guards/guarded.ts"]
    assert guard_of(facts, "sidebarAction.open") == "FIREFOX"
    assert guard_of(facts, "sidePanel.open") == "!FIREFOX"  # the else branch
    # `?:` branches, as an expression statement and inside an initializer
    assert guard_of(facts, "action.setBadgeText") == "MANIFEST_VERSION == 3"
    assert guard_of(facts, "browserAction.setBadgeText") == "MANIFEST_VERSION != 3"
    assert guard_of(facts, "action") == "MANIFEST_VERSION == 3"
    assert guard_of(facts, "browserAction") == "MANIFEST_VERSION != 3"
    assert guard_of(facts, "offscreen.createDocument") == '(BROWSER != "firefox" && !EDGE)'
    assert guard_of(facts, "tabGroups.query") == '(BROWSER == "chrome" || BROWSER == "edge")'  # `==` as `===`
    assert guard_of(facts, "management.getSelf") == "DEV"  # `a && b()`
    # a condition part that is not understood: the consequent keeps what is known, the alternate gets nothing
    assert guard_of(facts, "pkcs11.isModuleInstalled") == "FIREFOX"
    assert guard_of(facts, "debugger.getTargets") is None
    assert guard_of(facts, "bookmarks.getTree") is None
    assert guard_of(facts, "menus.refresh") == "(FIREFOX && MANIFEST_VERSION == 2)"  # nested ifs


def test_extracted_guards_evaluate_per_build() -> None:
    facts = extract("guards/guarded.ts")["guards/guarded.ts"]

    def present(env: dict[str, object]) -> set[str]:
        return {use.api for use in facts.api_uses if use.guard is None or use.guard.holds(env)}

    chrome, firefox, edge = present(CHROME_MV3), present(FIREFOX_MV2), present(EDGE_MV3)
    assert "offscreen.createDocument" in chrome and "offscreen.createDocument" not in edge | firefox
    assert "menus.refresh" in firefox and "menus.refresh" not in chrome
    assert "action.setBadgeText" in chrome and "browserAction.setBadgeText" in firefox
    assert "tabGroups.query" in chrome & edge and "tabGroups.query" not in firefox
    assert "sidePanel.open" in chrome and "sidePanel.open" not in firefox
