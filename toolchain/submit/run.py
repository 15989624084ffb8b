"""A release, in order: the stores chosen and their settings and credentials checked (before any work), the
project packaged in production, linted (an error stops the release; `--against` adds the install warnings the
update would add), the sources verified by a rebuild, then each store's requests — shown (`--dry-run`) or sent.

A dry run needs no credentials and no [submit] tables: it says which are still to set, and shows each request
with placeholders for the missing values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolchain.diagnostics import Diagnostic, InputError, ProjectError, XtkError
from toolchain.lint.previous_release import PreviousRelease
from toolchain.project import Project
from toolchain.submit.credentials import STORE_NAMES, STORES, Credentials, load_credentials
from toolchain.submit.store import PlannedRequest, Polling, StorePath, StoreResult, Submission
from toolchain.submit.transport import TransportSettings

if TYPE_CHECKING:
    from toolchain.lint.project_targets import ProductionBuild

#: what each store's table needs, as a dry run says it
REQUIRED_SETTINGS = {
    "chrome": "[submit.chrome] extension_id and publisher_id",
    "firefox": "[submit.firefox] (channel, release_notes: optional; the add-on is [targets.firefox] gecko_id)",
    "edge": "[submit.edge] product_id",
}


def store_paths() -> dict[str, StorePath]:
    from toolchain.submit.amo import AddonsMozillaOrg
    from toolchain.submit.chrome import ChromeWebStore
    from toolchain.submit.edge import EdgeAddons

    return {"chrome": ChromeWebStore(), "firefox": AddonsMozillaOrg(), "edge": EdgeAddons()}


@dataclass
class SubmitReport:
    dry_run: bool
    stores: list[str]
    packages: dict[str, Path] = field(default_factory=dict)
    sources: Path | None = None
    lint_errors: list[Diagnostic] = field(default_factory=list)  # the lint's error findings
    lint_warnings: int = 0
    install_warnings: dict[str, list[str] | None] = field(default_factory=dict)
    verified: dict[str, str | None] = field(default_factory=dict)  # browser → None (identical) or the difference
    plans: dict[str, list[PlannedRequest]] = field(default_factory=dict)
    to_set: dict[str, list[str]] = field(default_factory=dict)  # store → settings and credentials still missing
    results: list[StoreResult] = field(default_factory=list)
    notes: list[Diagnostic] = field(default_factory=list)


def chosen_stores(project: Project, choice: str) -> list[str]:
    """`--browser chrome,firefox,edge|all`: all = the stores with a [submit.*] table, or (none) every store whose
    browser is a target."""
    configured = project.config.submit
    if choice == "all":
        tables = [s for s in STORES if configured is not None and getattr(configured, s) is not None]
        return tables or [s for s in STORES if s in project.targets]
    stores = [part.strip() for part in choice.split(",") if part.strip()]
    for store in stores:
        if store not in STORES:
            raise InputError.single(f"--browser {store}: xtk submits to {', '.join(STORES)} (or all)")
        if store not in project.targets:
            raise InputError.single(f"--browser {store}: the project has no [targets.{store}] to submit")
    return list(dict.fromkeys(stores))


def submit_release(
    project: Project,
    stores: list[str],
    *,
    dry_run: bool,
    against: Path | None,
    credentials_path: Path | None,
    verify: bool,
    log: Callable[[str], None],
    environ: dict[str, str] | None = None,
) -> tuple[SubmitReport, Credentials]:
    import os

    from toolchain.submit.credentials import credentials_file

    environ = dict(os.environ) if environ is None else environ
    TransportSettings.from_environment()  # read now: a bad value is exit 2 before any work
    Polling.from_environment()
    report = SubmitReport(dry_run, stores)
    credentials = load_credentials(
        credentials_file(credentials_path, project.base_dir, environ),
        base_dir=project.base_dir,
        packaged_folders=(project.src_dir, project.public_dir),
        environ=environ,
    )
    report.notes += credentials.warnings
    for store in stores:
        missing = _missing_settings(project, store) + credentials.stores[store].missing
        if missing:
            report.to_set[store] = missing
    if not dry_run and report.to_set:
        raise InputError(
            [
                Diagnostic(
                    "error", f"{STORE_NAMES[store]}: set {', '.join(missing)} (docs: xtk help submit)", key=store
                )
                for store, missing in report.to_set.items()
            ]
        )
    secrets = credentials.secrets
    try:  # from here on every word said passes the secrets filter: progress lines and errors alike
        _release(project, stores, report, credentials, dry_run, against, verify, lambda line: log(secrets.hide(line)))
    except XtkError as error:
        hidden = [replace(d, message=secrets.hide(d.message)) for d in error.diagnostics]
        raise type(error)(hidden, exit_code=error.exit_code) from None
    return report, credentials


def _release(
    project: Project,
    stores: list[str],
    report: SubmitReport,
    credentials: Credentials,
    dry_run: bool,
    against: Path | None,
    verify: bool,
    log: Callable[[str], None],
) -> None:
    from toolchain.submit.transport import Transport

    settings, polling = TransportSettings.from_environment(), Polling.from_environment()
    browsers = list(stores)
    built = _package(project, browsers, report, log)
    previous = None
    if against is None and not dry_run and "firefox" in stores:
        previous = _published_on_amo(project, report, credentials, settings, log)
    if against is None:
        report.notes += _not_compared(stores, previous, dry_run)
    _lint(project, browsers, built, against, previous, report, log)
    if report.lint_errors:
        raise ProjectError(
            [
                *report.lint_errors,
                Diagnostic("error", f"xtk lint finds {len(report.lint_errors)} error(s): nothing is submitted"),
            ]
        )
    if verify:
        _verify(project, report, log)
    paths = store_paths()
    for store in stores:
        submission = _submission(project, store, report)
        if dry_run:
            report.plans[store] = paths[store].plan(submission, credentials.stores[store])
            continue
        transport = Transport(store, credentials.secrets, settings, log)
        try:
            log(f"{store}: submitting {submission.package.name} to {STORE_NAMES[store]}")
            report.results.append(paths[store].submit(submission, credentials.stores[store], transport, polling))
        finally:
            transport.close()


def _missing_settings(project: Project, store: str) -> list[str]:
    table = getattr(project.config.submit, store, None) if project.config.submit else None
    return [REQUIRED_SETTINGS[store]] if table is None and store != "firefox" else []


def _placeholder_settings(store: str) -> Any:
    from toolchain.project.models import ChromeSubmit, EdgeSubmit, FirefoxSubmit

    if store == "chrome":
        return ChromeSubmit.model_construct(
            extension_id="<extension_id>", publisher_id="<publisher_id>", publish_type="default", deploy_percentage=None
        )
    if store == "edge":
        return EdgeSubmit.model_construct(product_id="<product_id>", notes=None)
    return FirefoxSubmit()


def _submission(project: Project, store: str, report: SubmitReport) -> Submission:
    table = getattr(project.config.submit, store, None) if project.config.submit else None
    settings = table if table is not None else _placeholder_settings(store)
    target = project.config.targets.of(store)
    gecko_id = getattr(target, "gecko_id", None)
    return Submission(
        store=store,
        package=report.packages[store],
        version=project.config.extension.version,
        settings=settings,
        sources=report.sources if store == "firefox" else None,
        gecko_id=gecko_id,
        signed_dir=project.dist_dir,
    )


def _package(
    project: Project, browsers: list[str], report: SubmitReport, log: Callable[[str], None]
) -> ProductionBuild:
    """The production build packaged, and kept: the lint judges this build, the one submitted."""
    from toolchain.builder.pipeline import build
    from toolchain.lint.project_targets import ProductionBuild
    from toolchain.tools.package import package_builds, package_sources, source_files
    from toolchain.tools.typecheck import typecheck_mode

    log(f"package: {', '.join(browsers)} in production")
    sources = source_files(project)
    checked = typecheck_mode(None, project.config.typecheck)
    built = ProductionBuild()
    built.report = build(
        project, browsers, "production", checked, report.notes.append, while_bundling=built.while_bundling
    )
    zips = package_builds(project, built.report.builds)
    report.packages = {b.browser: z.path for b, z in zip(built.report.builds, zips, strict=True)}
    report.sources = package_sources(project, sources, zips).path
    return built


def _published_on_amo(
    project: Project,
    report: SubmitReport,
    credentials: Credentials,
    settings: TransportSettings,
    log: Callable[[str], None],
) -> PreviousRelease | None:
    """AMO's published version as the release Firefox's install warnings are compared with (the other stores' APIs
    give no package: name it with --against)."""
    from toolchain.submit.amo import AddonsMozillaOrg
    from toolchain.submit.transport import Transport

    transport = Transport("firefox", credentials.secrets, settings, log)
    try:
        submission = _submission(project, "firefox", report)
        found = AddonsMozillaOrg().published_manifest(submission, credentials.stores["firefox"], transport)
    finally:
        transport.close()
    if found is None:
        log("firefox: no version published on AMO yet: no install warnings to compare with")
        return None
    version, manifest = found
    log(f"firefox: comparing install warnings with version {version}, published on AMO")
    return PreviousRelease(f"AMO's published {version}", manifest, {"firefox": manifest})


def _not_compared(stores: list[str], previous: PreviousRelease | None, dry_run: bool) -> list[Diagnostic]:
    """The stores whose install warnings are not compared with an earlier release, each said with why: a new
    permission warning there (XP013) disables the extension for its users until they accept it, and nothing here
    would show it."""
    reasons = {
        "chrome": "the Chrome Web Store's API gives no published package",
        "edge": "Edge Add-ons' API gives no published package",
        "firefox": "addons.mozilla.org has no published version yet",
    }
    return [
        Diagnostic(
            "warning",
            f"{store}: install warnings not compared with the last release"
            f" ({'a dry run asks no store' if dry_run else reasons[store]}); name it with --against REF (a git ref,"
            " a folder or a zip) to see a new permission warning before its users do",
        )
        for store in stores
        if not (store == "firefox" and previous is not None)
    ]


def _lint(
    project: Project,
    browsers: list[str],
    built: ProductionBuild,
    against: Path | None,
    previous: PreviousRelease | None,
    report: SubmitReport,
    log: Callable[[str], None],
) -> None:
    from toolchain.lint.engine import lint_path, run_rules
    from toolchain.lint.install_warnings import install_warnings
    from toolchain.lint.selection import parse_codes

    log(
        "lint: the permission posture, the message protocol, the stores' checks"
        + (f", against {against}" if against else "")
    )
    context = lint_path(project.base_dir, str(project.config_path), browsers, built=built)
    if against is not None:
        from toolchain.lint.previous_release import load_previous_release

        context.previous_release = load_previous_release(against, project=project)
    elif previous is not None:
        context.previous_release = previous
    settings = project.config.lint
    findings = run_rules(
        context,
        parse_codes(list(settings.select) if settings else [], "[lint] select"),
        parse_codes(list(settings.ignore) if settings else [], "[lint] ignore"),
    )
    for finding in findings:
        if finding.severity == "error":
            report.lint_errors.append(finding)
        elif finding.severity == "warning":
            report.lint_warnings += 1
    for target in context.targets:
        found = install_warnings(target.manifest, target.browser)
        report.install_warnings[target.browser] = None if found is None else [w.text for w in found]


def _verify(project: Project, report: SubmitReport, log: Callable[[str], None]) -> None:
    from toolchain.submit.verify import verify_sources

    assert report.sources is not None
    verification = verify_sources(project, report.sources, report.packages, log)
    report.verified = {c.browser: None if c.identical else c.difference for c in verification.comparisons}
    if not verification.reproducible:
        raise ProjectError(
            [
                Diagnostic(
                    "error",
                    f"{c.browser}: the store zip is not reproducible from the sources zip: {c.difference} "
                    "(a reviewer rebuilding them gets another package)",
                )
                for c in verification.comparisons
                if not c.identical
            ]
        )
