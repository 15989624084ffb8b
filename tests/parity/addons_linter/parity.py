"""xtk lint against addons-linter on addons-linter's own test inputs (cases.json, made by capture/capture.py).

Each case is a small extension folder and the codes addons-linter reports on it (errors and warnings: its
defects; notices are not). A defect is *caught* when xtk reports a finding of a code that covers it
(mapping.json: addons-linter code → xtk codes; `exit 2` is xtk refusing the input with a located message). An xtk
error that covers none of the case's defects is *unmatched*: true beyond what addons-linter checks (judged.json says
why, case by case), or a false error. Out-of-scope cases (themes, language packs, dictionaries, privileged or
self-hosted add-ons) are not linted.

    .venv/bin/python -m tests.parity.addons_linter.parity [--misses CODE]   # the parity table
"""

from __future__ import annotations

import argparse
import base64
import json
import shutil
import tempfile
import traceback
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REJECTED = "exit 2"
#: the warning addons-linter gives nearly every case (their manifests predate AMO's data-collection rule)
UBIQUITOUS = "MISSING_DATA_COLLECTION_PERMISSIONS"


def load_cases() -> list[dict[str, Any]]:
    return [case for case in json.loads((HERE / "cases.json").read_text())["cases"] if case["scope"] == "extension"]


def load_mapping() -> dict[str, dict[str, Any]]:
    return {code: entry for code, entry in json.loads((HERE / "mapping.json").read_text()).items() if code != "//"}


def load_judged() -> dict[str, dict[str, str]]:
    """(case id → xtk code → why that error is true) for xtk errors addons-linter does not report."""
    return {key: value for key, value in json.loads((HERE / "judged.json").read_text()).items() if key != "//"}


def write_folder(case: dict[str, Any], folder: Path) -> None:
    for name, value in case["files"].items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(value.encode() if isinstance(value, str) else base64.b64decode(value["base64"]))


@dataclass
class Outcome:
    """What xtk said on one case."""

    case: dict[str, Any]
    findings: list[tuple[str, str, str]] = field(default_factory=list)  # (code, severity, message)
    rejected: str | None = None  # the exit-2 message
    crash: str | None = None

    @property
    def defects(self) -> list[str]:
        reported = self.case["addons_linter"]
        return sorted(set(reported.get("errors", [])) | set(reported.get("warnings", [])))

    def codes(self, levels: tuple[str, ...] = ("error", "warning")) -> set[str]:
        found = {code for code, severity, _ in self.findings if severity in levels}
        return found | ({REJECTED} if self.rejected is not None else set())


def lint_case(case: dict[str, Any], scratch: Path) -> Outcome:
    from toolchain.diagnostics import XtkError
    from toolchain.lint.engine import run_rules
    from toolchain.lint.extension_targets import extension_context

    folder = scratch / case["id"]
    write_folder(case, folder)
    outcome = Outcome(case)
    try:
        context = extension_context(folder)
        outcome.findings = [(f.code, f.severity, f.message) for f in run_rules(context, [], [])]
    except XtkError as error:
        outcome.rejected = "; ".join(d.message for d in error.diagnostics)[:300]
    except Exception:  # a crash is what the parity test exists to catch: kept, not raised
        outcome.crash = traceback.format_exc()[-600:]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return outcome


def lint_all(cases: list[dict[str, Any]] | None = None) -> list[Outcome]:
    with tempfile.TemporaryDirectory(prefix="xtk-parity-") as scratch:
        return [lint_case(case, Path(scratch)) for case in (cases if cases is not None else load_cases())]


@dataclass
class Parity:
    caught: Counter[str] = field(default_factory=Counter)  # addons-linter code → cases where xtk reports it
    missed: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))  # code → case ids
    unmatched: dict[str, list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))  # case → errors
    crashes: dict[str, str] = field(default_factory=dict)
    clean: int = 0  # cases with no defect

    @property
    def total(self) -> int:
        return sum(self.caught.values()) + sum(len(ids) for ids in self.missed.values())

    @property
    def recall(self) -> float:
        return sum(self.caught.values()) / self.total if self.total else 1.0

    def recall_without(self, code: str) -> float:
        """The share of the other codes' defects: one code on nearly every case would otherwise hide the rest."""
        caught = sum(n for c, n in self.caught.items() if c != code)
        total = caught + sum(len(ids) for c, ids in self.missed.items() if c != code)
        return caught / total if total else 1.0


def compare(outcomes: list[Outcome], mapping: dict[str, dict[str, Any]]) -> Parity:
    parity = Parity()
    for outcome in outcomes:
        case_id = outcome.case["id"]
        if outcome.crash is not None:
            parity.crashes[case_id] = outcome.crash
            continue
        reported = outcome.codes()
        covering: set[str] = set()
        for defect in outcome.defects:
            counterparts = set(mapping.get(defect, {}).get("xtk", []))
            covering |= counterparts
            if counterparts & reported:
                parity.caught[defect] += 1
            else:
                parity.missed[defect].append(case_id)
        if not outcome.defects:
            parity.clean += 1
        errors = [(code, message) for code, severity, message in outcome.findings if severity == "error"]
        if outcome.rejected is not None:
            errors.append((REJECTED, outcome.rejected))
        for code, message in errors:
            if code not in covering:
                parity.unmatched[case_id].append((code, message))
    return parity


def table(parity: Parity, mapping: dict[str, dict[str, Any]]) -> Iterator[str]:
    caught = sum(parity.caught.values())
    yield (
        f"addons-linter's defects reported by xtk: {caught}/{parity.total} = {parity.recall:.1%} "
        f"({parity.clean} clean cases; {len(parity.crashes)} crashes); without {UBIQUITOUS}, which AMO reports on "
        f"nearly every case: {parity.recall_without(UBIQUITOUS):.1%}"
    )
    areas: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for code in set(parity.caught) | set(parity.missed):
        area = mapping.get(code, {}).get("area", "not mapped")
        areas[area][0] += parity.caught[code]
        areas[area][1] += len(parity.missed.get(code, []))
    yield ""
    yield "| area | caught | of | missed codes |"
    yield "|---|---:|---:|---|"
    for area, (hit, miss) in sorted(areas.items(), key=lambda item: -(item[1][0] + item[1][1])):
        missed_codes = sorted(
            (c for c in parity.missed if mapping.get(c, {}).get("area", "not mapped") == area),
            key=lambda c: -len(parity.missed[c]),
        )
        listed = ", ".join(f"{c} {len(parity.missed[c])}" for c in missed_codes)
        yield f"| {area} | {hit} | {hit + miss} | {listed} |"


def main() -> None:
    parser = argparse.ArgumentParser(description="xtk lint on addons-linter's test inputs: the parity table")
    parser.add_argument("--misses", metavar="CODE", help="list the cases where xtk misses this addons-linter code")
    parser.add_argument("--unmatched", action="store_true", help="list xtk's errors addons-linter does not report")
    args = parser.parse_args()
    mapping = load_mapping()
    outcomes = lint_all()
    parity = compare(outcomes, mapping)
    for line in table(parity, mapping):
        print(line)
    by_id = {outcome.case["id"]: outcome for outcome in outcomes}
    if args.misses:
        for case_id in parity.missed.get(args.misses, []):
            outcome = by_id[case_id]
            print(f"\n{case_id} {outcome.case['tests'][0]}")
            print(f"  addons-linter: {outcome.defects}; xtk: {sorted(outcome.codes())} {outcome.rejected or ''}")
    if args.unmatched:
        judged = load_judged()
        for case_id, errors in parity.unmatched.items():
            for code, message in errors:
                verdict = judged.get(case_id, {}).get(code, "NOT JUDGED")
                print(f"{case_id} {code}: {message[:110]}  [{verdict[:60]}]")
    for case_id, crash in parity.crashes.items():
        print(f"\nCRASH {case_id}\n{crash}")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # `| head`: the reader has what it wanted
        pass
