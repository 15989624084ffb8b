"""`xtk lint`'s manifest-level rules over every manifest of the shared corpus (Google's Chrome samples, Chrome Apps and
MV2 archives included, and MDN's examples): none may crash the linter.

Each manifest is linted alone, as a plain extension, in-process: `extension_context` + `run_rules`, every rule
selected. The corpus holds no code, so each manifest is linted twice: bare (manifest.json in an otherwise empty
folder), where every script it names is reported missing (XL005) and nothing that rests on code being absent is
judged; and complete with empty code (an empty file for each script it names), where only the manifest rules can
fire — the knowledge-coverage pass the summary and most tests read. A manifest the loader cannot read may be
refused with an InputError (counted and shown, not a failure); any other exception is a crash, and there must be none.
The whole corpus is linted once per module (about half a second); the tests read that one pass.

Run with `pytest tests/corpus/test_lint_corpus.py -s` to see the summary: files linted, targets, crashes, findings
per code, the permissions XP002/XP005/XP006 flag most, and examples.

With no code, every API permission looks unused: XP002 here says how many declared permissions xtk ties to an API
of its knowledge base (permissions it knows no API for, `unlimitedStorage`, Chrome Apps' `fileSystem`…, are not
judged), not that the samples are wrong.
"""

from __future__ import annotations

import re
import shutil
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from toolchain.diagnostics import InputError
from toolchain.lint.engine import ABSENCE_CODES, run_rules
from toolchain.lint.extension_targets import extension_context
from toolchain.lint.model import Finding

pytestmark = pytest.mark.corpus

CHROME = "chrome-extensions-samples"
MDN = "webextensions-examples"
#: the rules that read only the manifest: the only ones that can fire on a folder with no code (XL007: a
#: web-accessible resource, icon, style or page the folder does not hold, which here is every one the manifest lists)
MANIFEST_CODES = {"XP002", "XP005", "XP006", "XS001", "XS002", "XS003", "XS012", "XL007"} | {
    f"XL0{n}"
    for n in range(13, 28)  # Firefox's and AMO's manifest checks, icons, locales, value types, libraries
}


@dataclass
class Linted:
    group: str  # "Chrome sample", "Chrome App", "Chrome MV2 archive", "MDN example"
    name: str
    manifest: dict[str, Any] | None = None
    browsers: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)  # with an empty file for every script the manifest names
    missing: list[str] = field(default_factory=list)  # the scripts the bare manifest names (none exists)
    bare_findings: list[Finding] = field(default_factory=list)  # the manifest alone, its scripts missing
    refused: str | None = None  # the InputError, when the manifest could not be read
    crash: str | None = None  # the traceback of any other exception


def _group(path: Path) -> str:
    if path.parent.name == MDN:
        return "MDN example"
    if path.name.startswith("_archive_apps_"):
        return "Chrome App"
    if path.name.startswith("_archive_mv2_"):
        return "Chrome MV2 archive"
    return "Chrome sample"


def _lint(path: Path, folder: Path) -> Linted:
    result = Linted(_group(path), path.name)
    folder.mkdir()
    shutil.copyfile(path, folder / "manifest.json")
    try:
        bare = extension_context(folder)
        result.missing = sorted(bare.display(path) for path in bare.missing)
        result.bare_findings = run_rules(bare, [], [])
        for path in bare.missing:  # inside the folder (missing_entries keeps only those)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.touch()
        ctx = extension_context(folder)
        result.manifest = ctx.targets[0].manifest if ctx.targets else None
        result.browsers = [t.browser for t in ctx.targets]
        result.findings = run_rules(ctx, [], [])
    except InputError as error:
        result.refused = "; ".join(d.format() for d in error.diagnostics)
    except Exception:
        result.crash = traceback.format_exc()
    return result


@pytest.fixture(scope="module")
def linted(manifest_corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> list[Linted]:
    files = sorted(manifest_corpus.rglob("*.json"))
    assert files, f"no manifests under {manifest_corpus}"
    scratch = tmp_path_factory.mktemp("lint-corpus")
    results = [_lint(path, scratch / f"{i:04d}") for i, path in enumerate(files)]
    _print_summary(results)
    return results


def _subject(finding: Finding) -> str:
    match = re.search(r"`([^`]+)`", finding.message)
    return match.group(1) if match else finding.message


def _print_summary(results: list[Linted]) -> None:
    say = lambda line="": print(f"[lint corpus] {line}")  # noqa: E731
    groups = Counter(r.group for r in results)
    say(f"files linted: {len(results)} (" + ", ".join(f"{n} {g}s" for g, n in sorted(groups.items())) + ")")
    say(f"crashes: {sum(1 for r in results if r.crash)}; refused as InputError: {sum(1 for r in results if r.refused)}")
    for r in results:
        if r.crash or r.refused:
            say(f"  {r.name}: {(r.crash or r.refused or '').strip().splitlines()[-1]}")
    targets = Counter((r.group, "+".join(r.browsers)) for r in results if not (r.crash or r.refused))
    say("targets: " + "; ".join(f"{g} → {b or 'none'}: {n}" for (g, b), n in sorted(targets.items())))
    legacy = [r.name for r in results if r.manifest is not None and "manifest_version" not in r.manifest]
    say(f"manifests without manifest_version (legacy MV1, linted as MV3 for Chrome): {len(legacy)}")
    findings = [(r, f) for r in results for f in r.findings]
    per_code = Counter(f.code for _, f in findings)
    severities = {code: Counter(f.severity for _, f in findings if f.code == code) for code in per_code}
    say(
        f"findings: {len(findings)} in {sum(1 for r in results if r.findings)} files; per code: "
        + ", ".join(
            f"{code} {n} ({', '.join(f'{k} {v}' for k, v in sorted(severities[code].items()))})"
            for code, n in sorted(per_code.items())
        )
    )
    for code in ("XP002", "XP005", "XP006"):
        top = Counter(_subject(f) for _, f in findings if f.code == code).most_common(10)
        say(f"  {code} flags most: " + ", ".join(f"{name} {n}" for name, n in top))
    say("examples:")
    for code in sorted(per_code):
        for r, f in [(r, f) for r, f in findings if f.code == code][:2]:
            where = f"{r.name}:{f.line}:{f.column}" + (f" [{f.browser}]" if f.browser else "")
            say(f"  {code} {where}: {f.message}")


def test_every_manifest_lints_without_a_crash(linted: list[Linted], manifest_corpus: Path) -> None:
    crashes = [f"{r.name}:\n{r.crash}" for r in linted if r.crash]
    refused = [f"{r.name}: {r.refused}" for r in linted if r.refused]
    summary = f"{len(linted)} linted, {len(crashes)} crashes, {len(refused)} refused as InputError"
    assert len(linted) == len(list(manifest_corpus.rglob("*.json"))), summary
    assert crashes == [], summary + "\n" + "\n".join(crashes)
    # every manifest of the corpus loaded in a browser: none should be unreadable either
    assert refused == [], summary + "\n" + "\n".join(refused)


def test_corpus_groups(linted: list[Linted]) -> None:
    groups = Counter(r.group for r in linted)
    assert groups["Chrome App"] >= 80 and groups["Chrome MV2 archive"] >= 100, groups
    assert groups["Chrome sample"] >= 90 and groups["MDN example"] >= 60, groups


def test_targets_follow_the_manifest_version(linted: list[Linted]) -> None:
    """MV2 (the MV2 archives, most Chrome Apps, most MDN examples): Firefox only, since Chrome no longer runs MV2.
    MV3 with background scripts or a background page and no service worker (MDN's MV3 examples): Firefox only, since
    Chrome refuses them. Other MV3, and legacy manifests without manifest_version (Chrome's): Chrome, and Firefox
    too when the manifest has gecko settings."""
    wrong = []
    for r in linted:
        if r.manifest is None:
            continue
        settings = r.manifest.get("browser_specific_settings") or r.manifest.get("applications") or {}
        gecko = isinstance(settings, dict) and "gecko" in settings
        background = r.manifest.get("background") if isinstance(r.manifest.get("background"), dict) else {}
        event_page = ("scripts" in background or "page" in background) and "service_worker" not in background
        if r.manifest.get("manifest_version") == 2 or (r.manifest.get("manifest_version") == 3 and event_page):
            expected = ["firefox"]
        else:
            expected = ["chrome", "firefox"] if gecko else ["chrome"]
        if r.browsers != expected:
            wrong.append(f"{r.name}: {r.browsers}, expected {expected}")
    assert wrong == []
    mv2_archives = [
        r for r in linted if r.group == "Chrome MV2 archive" and r.manifest and r.manifest.get("manifest_version") == 2
    ]
    assert len(mv2_archives) >= 100 and all(r.browsers == ["firefox"] for r in mv2_archives)


def test_chrome_apps_are_linted_as_plain_manifests(linted: list[Linted]) -> None:
    """Chrome Apps (`app` key, `app.background.scripts`) are not extensions; xtk lints their manifests all the same,
    without crashing, and finds nothing about code it does not have."""
    apps = [r for r in linted if r.group == "Chrome App"]
    assert apps and all(not r.crash and not r.refused for r in apps)
    assert sum(1 for r in apps if r.manifest and "app" in r.manifest) >= 80
    assert {f.code for r in apps for f in r.findings} <= MANIFEST_CODES


def test_only_manifest_rules_fire(linted: list[Linted]) -> None:
    """No code in the corpus: no API-use, message or parse findings, and every finding points into manifest.json."""
    codes = Counter(f.code for r in linted for f in r.findings)
    assert set(codes) <= MANIFEST_CODES, codes
    unplaced = [
        (r.name, f.code, f.message) for r in linted for f in r.findings if f.path != "manifest.json" or not f.line
    ]
    assert unplaced == []
    # XL007 here: a web-accessible resource, or a file the manifest loads other than the scripts made empty above
    # (icons, styles, pages, the default locale's catalog): the corpus holds manifests alone
    named = re.compile(r"`[^`]+` names `(?P<name>[^`]+)`, which is not in the extension$|`default_locale` is `")
    xl007 = [(r, f.message) for r in linted for f in r.findings if f.code == "XL007"]
    assert all(message.startswith("web-accessible `") or named.match(message) for _, message in xl007)
    scripts_made = [
        (r.name, match["name"])
        for r, message in xl007
        if (match := named.match(message)) and match["name"] and match["name"].lstrip("/") in r.missing
    ]
    assert scripts_made == []


def test_a_manifest_alone_says_its_scripts_are_missing(linted: list[Linted]) -> None:
    """Linted bare, every script a manifest names is one XL005 (a warning naming it), and no finding that rests on
    code being absent (an unused permission: XP002) is reported, since the code was not seen."""
    named = [r for r in linted if r.missing]
    assert len(named) >= 150, len(named)  # most samples name a background or content script
    wrong = []
    for r in named:
        reported = sorted(f.message.split("`")[1] for f in r.bare_findings if f.code == "XL005")
        if reported != r.missing or any(f.code == "XL005" and f.severity != "warning" for f in r.bare_findings):
            wrong.append(f"{r.name}: XL005 for {reported}, missing {r.missing}")
        if any(f.code in ABSENCE_CODES for f in r.bare_findings):
            wrong.append(f"{r.name}: {sorted({f.code for f in r.bare_findings if f.code in ABSENCE_CODES})} judged")
    assert wrong == []
    # complete with empty code, nothing is missing and the unused permissions are judged again
    assert not any(f.code == "XL005" for r in linted for f in r.findings)
    assert any(f.code == "XP002" for r in named for f in r.findings)


def test_broad_host_access_is_always_flagged(linted: list[Linted]) -> None:
    """Every required `<all_urls>` (MV3 host_permissions, MV2 permissions) gets an XP005 that names it."""
    missed = []
    for r in linted:
        if r.manifest is None:
            continue
        key = "permissions" if r.manifest.get("manifest_version") == 2 else "host_permissions"
        declared = r.manifest.get(key)
        if (
            isinstance(declared, list)
            and "<all_urls>" in declared
            and not any(f.code == "XP005" and "host permission `<all_urls>`" in f.message for f in r.findings)
        ):
            missed.append(r.name)
    assert missed == []


def test_known_findings(linted: list[Linted]) -> None:
    """A few findings read off the samples by hand."""
    by_name = {r.name: r for r in linted}

    def has(name: str, code: str, text: str) -> bool:
        return name in by_name and any(f.code == code and text in f.message for f in by_name[name].findings)

    # MV2 CSPs that load Google's CDNs
    assert has("_archive_mv2_tutorials_analytics.json", "XS002", "https://ssl.google-analytics.com")
    # MDN's beastify exposes beasts/*.jpg to every site (MV2: web-accessible resources are exposed everywhere), but a
    # glob that can only match images is not over-exposed (toolchain/lint/rules/xs003…, commit 96d76c3)
    assert "beastify.json" in by_name and not has("beastify.json", "XS003", "beasts/*.jpg")
    # declarativeNetRequestWithHostAccess beside declarativeNetRequest
    assert has("api-samples_declarativeNetRequest_url-redirect.json", "XP006", "declarativeNetRequestWithHostAccess")
    # activeTab beside <all_urls>
    assert has("functional-samples_libraries-xhr-in-sw.json", "XP006", "`activeTab` is redundant beside `<all_urls>`")
