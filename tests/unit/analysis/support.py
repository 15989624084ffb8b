"""Shared helpers of the analysis tests: the fixture trees and compact views of facts."""

from __future__ import annotations

from pathlib import Path

from toolchain.analysis.extract import extract_project
from toolchain.analysis.facts import FileFacts

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "analysis"


def extract(*files: str, abstraction: str | None = None) -> dict[str, FileFacts]:
    """Facts of fixture files (and what they import), keyed by their path relative to the fixtures folder."""
    found = extract_project(
        [FIXTURES / file for file in files],
        abstraction=FIXTURES / abstraction if abstraction else None,
        root=FIXTURES,
    )
    return {path.relative_to(FIXTURES).as_posix(): facts for path, facts in found.items()}


def apis(facts: FileFacts) -> set[tuple[str, str, str]]:
    """(api, kind, via) of every API use."""
    return {(use.api, use.kind, use.via) for use in facts.api_uses}


def guard_of(facts: FileFacts, api: str) -> str | None:
    (use,) = [use for use in facts.api_uses if use.api == api]
    return use.guard.expression if use.guard else None
