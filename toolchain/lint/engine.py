"""Run the selected rules over a LintContext, then apply inline suppressions.

A suppression silences findings of the listed codes on one line and must say why:

    const widget = await import(url);  // xtk-ignore[XS001] the widget bundle is packaged, url is runtime.getURL
    # xtk-ignore[XP005] the API host is the product's own            (in xtk.toml, on or above the key's line)

A comment alone on its line applies to the next line. A suppression without a reason does not apply and is
reported (XL001); one that silences nothing is reported too (XL002), so stale ones do not pile up. A code split
from another (its rule's `formerly`: XS007 from XS001) is also silenced by a suppression naming the old code.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from toolchain.lint import catalog
from toolchain.lint.context import LintContext
from toolchain.lint.limits import InputLimits
from toolchain.lint.model import Finding
from toolchain.lint.registry import all_rules
from toolchain.lint.selection import selected
from toolchain.lint.suppressions import collect_suppressions

if TYPE_CHECKING:  # the project path's module loads the build pipeline, which a plain extension's lint never needs
    from toolchain.lint.project_targets import ProductionBuild


def run_rules(ctx: LintContext, select: list[str], ignore: list[str]) -> list[Finding]:
    from toolchain.analysis import budget

    stopped_before = set(budget.stopped)  # a rule may parse more (XS005 walks the project): its stops count too
    findings: list[Finding] = []
    for rule_class in all_rules():
        if not selected(rule_class.code, select, ignore):
            continue
        if rule_class.applies_to not in ("any", ctx.kind):
            continue
        findings.extend(rule_class().check(ctx))
    for path, facts in sorted(ctx.facts.items()):
        for location, reason in list(zip(facts.parse_errors, facts.parse_error_reasons))[:1]:  # the rest follow
            findings.append(
                Finding.of(
                    "XL003",
                    f"syntax error: {reason}: facts from this file may be incomplete",
                    path=ctx.display(path),
                    line=location.line,
                    column=location.column,
                )
            )
    ctx.stopped.update({path: why for path, why in budget.stopped.items() if path not in stopped_before})
    findings = _without_findings_on_removed_values(ctx, findings)
    findings = _with_unanalysed_files(ctx, findings)
    findings = _outside_known_libraries(ctx, findings)
    findings = [f for f in findings if selected(f.code, select, ignore)]
    findings = _apply_suppressions(ctx, _unique(findings, [t.browser for t in ctx.targets]), select, ignore)
    return [_with_stores(ctx, finding) for finding in findings]


def _with_stores(ctx: LintContext, finding: Finding) -> Finding:
    """The finding with the stores of the targets it holds for (its browser label, else every target's)."""
    from dataclasses import replace

    from toolchain import browser_targets

    browsers = [b.strip() for b in finding.browser.split(",")] if finding.browser else [t.browser for t in ctx.targets]
    stores = tuple(dict.fromkeys(browser_targets.get(b).store for b in browsers if b in browser_targets.names()))
    return replace(finding, stores=stores)


#: findings that rest on code being absent (a permission nothing uses, a message type nothing sends or handles): with a
#: file left unanalysed the absence is unknown, so they are not reported (docs/lint.md, "Bounded input")
ABSENCE_CODES = frozenset({"XP002", "XM001", "XM002"})


#: the manifest keys that grant permissions, and the findings that rest on a permission being absent
PERMISSION_KEYS = frozenset({"permissions", "optional_permissions", "host_permissions", "optional_host_permissions"})
PERMISSION_ABSENCE_CODES = frozenset({"XP001", "XP009"})
#: keys whose removal (XL025) takes no code out of the lint
CODE_FREE_KEYS = PERMISSION_KEYS | {
    "manifest_version",
    "minimum_chrome_version",
    "content_security_policy",
    "browser_specific_settings",
    "applications",
}


def _without_findings_on_removed_values(ctx: LintContext, findings: list[Finding]) -> list[Finding]:
    """None of the findings a value removed for its wrong type (XL025) could make up: with a permission list gone,
    an API is not proven to lack its permission; with a script or page entry gone, code is not proven absent."""
    keys = {defect.pointer.split("/")[1] for defect in ctx.shape_defects}
    withheld = (PERMISSION_ABSENCE_CODES if keys & PERMISSION_KEYS else frozenset()) | (
        ABSENCE_CODES if keys - CODE_FREE_KEYS else frozenset()
    )
    return [finding for finding in findings if finding.code not in withheld]


#: dynamic code facts (analysis/walk_dynamic.py) that load code xtk cannot read: a computed or remote import/script
UNSEEN_CODE = frozenset({"remote-import", "remote-script"})


def _with_unanalysed_files(ctx: LintContext, findings: list[Finding]) -> list[Finding]:
    """XL004 (a warning) for each source file over the size limit, which was not parsed, or whose analysis its
    budget or the run's deadline stopped, XL005 for each script the manifest names that does not exist, XL006 where
    code is loaded from a computed or remote place; and none of the findings their missing facts could make up: a
    verdict of absence is withheld only for the unseen code that could hold what it looks for (unseen_code.py), and
    the note on each unseen input says whether verdicts rest on it."""
    from toolchain.lint.unseen_code import Unseen, contexts_of, could_change, file_text

    unseen_places = sorted(
        {
            (facts.path, fact.location.line, fact.location.column, fact.description)
            for target in ctx.targets
            for facts, fact in ctx.each(target, "dynamic_code")
            if fact.kind in UNSEEN_CODE
        }
    )
    if not ctx.unanalysed and not ctx.stopped and not ctx.missing and not unseen_places and not ctx.outside:
        return findings  # ctx.outside: scripts named outside the extension, never read (XL010 names them)
    from toolchain.analysis.parse import is_source, max_file_bytes
    from toolchain.lint.limits import format_size

    unseen: dict[object, Unseen] = {}
    for path, contexts in ctx.missing.items():
        unseen[("missing", path)] = Unseen(ctx.display(path), frozenset(contexts), None)
    for name, contexts in ctx.outside.items():
        unseen[("outside", name)] = Unseen(name, frozenset(contexts), None)
    for place in unseen_places:
        unseen[("dynamic", place)] = Unseen(ctx.display(place[0]), contexts_of(ctx, place[0]), None)
    for path in {*ctx.unanalysed, *ctx.stopped}:
        text = file_text(path) if is_source(path) else None  # a page: the scripts it would load are unknown
        unseen[("file", path)] = Unseen(ctx.display(path), contexts_of(ctx, path), text)
    absence = [f for f in findings if f.code in ABSENCE_CODES]
    withheld_by: dict[object, list[Finding]] = {key: [] for key in unseen}
    withheld: set[int] = set()
    for finding in absence:
        for key, code in unseen.items():
            if could_change(finding, code, ctx):
                withheld_by[key].append(finding)
                withheld.add(id(finding))
    kept = [f for f in findings if id(f) not in withheld]

    def consequence(key: object) -> str:
        if withheld_by[key] or not absence:
            return "unused permissions and unhandled messages are not judged"
        return "unused permissions and unhandled messages are still judged: it cannot hold what they look for"

    for path, contexts in sorted(ctx.missing.items()):
        kept.append(
            Finding.of(
                "XL005",
                f"`{ctx.display(path)}` ({', '.join(sorted(contexts))} script named in the "
                f"manifest) does not exist: its code was not analysed; {consequence(('missing', path))}",
                path=ctx.manifest_source.display,
            )
        )
    for place in unseen_places:
        named_findings = withheld_by[("dynamic", place)]
        if not named_findings:  # only where a verdict of absence was withheld for it
            continue
        named = ", ".join(
            f"{f.code} at {f.path}:{f.line}" if f.line else f"{f.code} at {f.path}" for f in named_findings[:5]
        )
        more = f" and {len(named_findings) - 5} more" if len(named_findings) > 5 else ""
        path, line, column, description = place
        kept.append(
            Finding.of(
                "XL006",
                f"{description}: the code it loads was not analysed, so findings that rest "
                f"on code being absent are not reported ({named}{more})",
                path=ctx.display(path),
                line=line,
                column=column,
            )
        )
    for path, size in sorted(ctx.unanalysed.items()):
        kept.append(
            Finding.of(
                "XL004",
                f"file not analysed: too large ({format_size(size)}, over the limit of "
                f"{format_size(max_file_bytes)}, --max-file-size); {consequence(('file', path))}",
                path=ctx.display(path),
                line=1,
                column=1,
            )
        )
    for path, reason in sorted(ctx.stopped.items()):
        if path not in ctx.unanalysed:
            kept.append(
                Finding.of(
                    "XL004",
                    f"file not analysed: {reason}; {consequence(('file', path))}",
                    path=ctx.display(path),
                    line=1,
                    column=1,
                )
            )
    return kept


def _outside_known_libraries(ctx: LintContext, findings: list[Finding]) -> list[Finding]:
    """None of the findings inside an exact copy of a well-known library's release (known_libraries.py): not the
    team's code; a note (XL008) names it instead (but a release the store bans is reported: XL026). A file that
    only claims to be one (its banner) is the team's code: its findings stay, with a note (XL009) saying why."""
    from toolchain.lint.known_libraries import library_of

    known: set[str] = set()  # the files that are a release: nothing inside them is reported
    notes: list[Finding] = []
    for path in sorted(ctx.facts):
        library = library_of(path)
        if library is None:
            continue
        shown = ctx.display(path)
        if library.version is not None:
            known.add(shown)
            notes.append(
                Finding.of(
                    "XL008",
                    f"{library.name} {library.version} ({library.file} of npm's "
                    f"{library.package}), a known release: not linted",
                    path=shown,
                )
            )
        else:
            notes.append(
                Finding.of(
                    "XL009",
                    f"says it is {library.name} (its banner), but matches no {library.name} "
                    "release xtk knows: linted as the extension's own code",
                    path=shown,
                )
            )
    if not notes:
        return findings
    return [f for f in findings if f.path not in known or f.code in ABOUT_THE_RELEASE] + notes


#: findings about a release as a whole (XL026: a version the store bans), which its being a release does not silence
ABOUT_THE_RELEASE = frozenset({"XL026"})


def _unique(findings: Iterable[Finding], browsers: list[str] | None = None) -> list[Finding]:
    """One finding per (code, place, message). A finding true of every target loses its browser label; one true of
    some of them (Chrome and Edge, not Firefox) is labelled with those, comma-separated in target order."""
    grouped: dict[tuple[object, ...], list[Finding]] = {}
    for finding in findings:
        key = (finding.code, finding.path, finding.line, finding.column, finding.message)
        grouped.setdefault(key, []).append(finding)
    every = set(browsers or ())
    order = {b: i for i, b in enumerate(browsers or ())}
    result = []
    for group in grouped.values():
        labels = {f.browser for f in group}
        first = group[0]
        if None in labels or (every and labels >= every) or (not every and len(labels) > 1):
            label = None
        else:
            label = ",".join(sorted((b for b in labels if b), key=lambda b: (order.get(b, len(order)), b)))
        related = tuple(dict.fromkeys(r for f in group for r in f.related))  # every target's evidence, once
        if label != first.browser or related != first.related:
            first = replace(first, browser=label, related=related)
        result.append(first)
    return result


def _apply_suppressions(
    ctx: LintContext, findings: list[Finding], select: list[str], ignore: list[str]
) -> list[Finding]:
    suppressions = collect_suppressions(ctx)
    by_place = {(s.path, s.line): s for s in suppressions}
    kept: list[Finding] = []
    for finding in findings:
        suppression = by_place.get((finding.path or "", finding.line or -1))
        if (
            suppression
            and suppression.reason
            and suppression.codes.intersection(catalog.names_for_selection(finding.code))
        ):
            suppression.used = True
            continue
        kept.append(finding)
    for s in suppressions:
        if not s.reason:
            kept.append(
                Finding.of(
                    "XL001",
                    f"xtk-ignore[{','.join(sorted(s.codes))}] needs a reason after it, saying why",
                    path=s.path,
                    line=s.comment_line,
                    column=s.comment_column,
                )
            )
        elif not s.used and any(selected(code, select, ignore) for code in s.codes):
            kept.append(
                Finding.of(
                    "XL002",
                    f"xtk-ignore[{','.join(sorted(s.codes))}] suppresses nothing here: remove it",
                    path=s.path,
                    line=s.comment_line,
                    column=s.comment_column,
                )
            )
    return sorted((f for f in kept if selected(f.code, select, ignore)), key=Finding.sort_key)


def lint_path(
    path: Path | None,
    project_option: str | None,
    browsers: list[str] | None,
    limits: InputLimits | None = None,
    *,
    reuse_graph: bool = True,
    built: ProductionBuild | None = None,
) -> LintContext:
    """What `xtk lint [PATH]` is pointed at: an xtk project (folder with xtk.toml, or the file), else a plain
    extension (folder with manifest.json, or a .zip/.xpi). `reuse_graph`: a project may reuse its last lint
    build's targets when no import changed (graph_cache.py); `--no-cache` builds anew. `built`: the caller's
    production build of `browsers`, judged instead of a lint build (`xtk submit` lints what it packages)."""
    from toolchain.analysis import budget
    from toolchain.diagnostics import InputError
    from toolchain.lint.extension_targets import extension_context
    from toolchain.project import CONFIG_NAME, load_project

    budget.stopped.clear()  # what this lint stops, not an earlier one in the same process

    if path is None or (path.is_dir() and (path / CONFIG_NAME).is_file()) or path.name == CONFIG_NAME:
        # here only: the project path loads the build pipeline, which a plain extension's lint never needs
        from toolchain.lint.project_targets import project_context

        project = load_project(project_option or path)
        if browsers:
            unknown = [b for b in browsers if b not in project.targets]
            if unknown:
                raise InputError.single(
                    f"--browser {','.join(unknown)}: the project has no such target ({', '.join(project.targets)})"
                )
        context = project_context(project, reuse_graph=reuse_graph, browsers=browsers, built=built)
        if browsers:
            context.targets = [t for t in context.targets if t.browser in browsers]
        return _with_stopped(context)
    if not path.exists():
        raise InputError.single(f"{path}: no such file or folder")
    return _with_stopped(extension_context(path, browsers, limits=limits))


def _with_stopped(context: LintContext) -> LintContext:
    """The files (sources, and pages too large to read) whose analysis was stopped while the context was made
    (analysis/budget.py; `lint_path` starts the record empty): XL004."""
    from toolchain.analysis import budget

    context.stopped.update(budget.stopped)
    return context
