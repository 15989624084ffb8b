"""Render one browser's manifest.json: conversions → Jinja2 template → JSON → schema check.

A manifest that fails its schema is never written: the error names the JSON pointer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from toolchain import browser_targets
from toolchain.diagnostics import Diagnostic, InputError
from toolchain.manifest import conversions as cv
from toolchain.plan import BuildPlan
from toolchain.plan.generated_icons import action_icons, manifest_icons
from toolchain.project.locales import missing_translations
from toolchain.project.models import FirefoxTarget
from toolchain.templating import render_remembered


@dataclass(frozen=True)
class RenderedManifest:
    manifest: dict[str, Any]
    warnings: list[Diagnostic]

    def to_json(self) -> str:
        return json.dumps(self.manifest, indent=2, ensure_ascii=False) + "\n"


#: The manifest's keys in the order xtk writes them (after `manifest_version`): (the key, the value of
#: `manifest_values` it takes, the manifest versions that have it). The one place the order is kept: the template
#: writes what this table gives it. MV2 keeps host permissions in `permissions` (conversions.py shapes the values).
MANIFEST_KEYS: tuple[tuple[str, str, tuple[int, ...]], ...] = (
    ("name", "name", (2, 3)),
    ("short_name", "short_name", (2, 3)),
    ("version", "version", (2, 3)),
    ("version_name", "version_name", (3,)),
    ("description", "description", (2, 3)),
    ("author", "author", (2, 3)),
    ("homepage_url", "homepage_url", (2, 3)),
    ("default_locale", "default_locale", (2, 3)),
    ("minimum_chrome_version", "minimum_chrome_version", (3,)),
    ("icons", "icons", (2, 3)),
    ("action", "action", (3,)),
    ("browser_action", "action", (2,)),
    ("background", "background", (2, 3)),
    ("content_scripts", "content_scripts", (2, 3)),
    ("options_ui", "options_ui", (2, 3)),
    ("side_panel", "side_panel", (3,)),
    ("sidebar_action", "sidebar_action", (2, 3)),
    ("devtools_page", "devtools_page", (2, 3)),
    ("permissions", "permissions", (2, 3)),
    ("optional_permissions", "optional_permissions", (2, 3)),
    ("host_permissions", "host_permissions", (3,)),
    ("optional_host_permissions", "optional_host_permissions", (3,)),
    ("web_accessible_resources", "web_accessible_resources", (2, 3)),
    ("content_security_policy", "content_security_policy", (2, 3)),
    ("sandbox", "sandbox", (3,)),
    ("chrome_url_overrides", "chrome_url_overrides", (2, 3)),
    ("commands", "commands", (2, 3)),
    ("browser_specific_settings", "browser_specific_settings", (2, 3)),
)
#: Every value `manifest_values` may fill; what does not apply stays None (absent).
TEMPLATE_KEYS = tuple(dict.fromkeys(value for _key, value, _versions in MANIFEST_KEYS))


def _sorted_icons(icons: dict[str, str], plan: BuildPlan) -> dict[str, str]:
    return {size: plan.output_of(path) for size, path in sorted(icons.items(), key=lambda kv: int(kv[0]))}


def manifest_values(plan: BuildPlan) -> tuple[dict[str, Any], list[Diagnostic]]:
    """Everything the template writes, already in this browser's shape."""
    config = plan.project.config
    browser, mv = plan.browser, plan.manifest_version
    target = config.targets.section(browser)
    gecko = browser_targets.get(browser).is_gecko
    ext = config.extension
    warnings: list[Diagnostic] = []
    m: dict[str, Any] = {
        "name": ext.name,
        "short_name": ext.short_name,
        "version": cv.normalize_version(ext.version),
        "version_name": cv.version_name_for(browser, ext.version, ext.version_name),
        "description": ext.description,
        "author": ext.author,
        "homepage_url": ext.homepage_url,
        "default_locale": ext.default_locale,
        "minimum_chrome_version": cv.minimum_chrome_version(browser, target.min_version),
        # set in xtk.toml, or drawn from `icon` (plan/generated_icons.py): the explicit ones win
        "icons": _sorted_icons(config.icons, plan) or manifest_icons(config),
    }

    if config.action:
        popup = plan.output_of(config.action.popup) if config.action.popup else None
        icons = _sorted_icons(config.action.icons, plan) or action_icons(config)
        m["action"] = cv.action_for(config.action, popup, icons)
    if config.background:
        background_script = plan.output_of(config.background.entry)
        background = cv.background_for(browser, mv, config.background, background_script)
        if gecko and mv == 3:
            background = cv.firefox_mv3_background(background, target.min_version, background_script)
        m["background"] = background

    content_scripts = []
    for i, script in enumerate(config.content_scripts):
        value, notes = cv.content_script_for(
            browser,
            mv,
            script,
            [plan.output_of(js) for js in script.js],
            [plan.output_of(css) for css in script.css],
            i,
        )
        content_scripts.append(value)
        warnings += notes
    m["content_scripts"] = content_scripts

    if config.options:
        m["options_ui"] = cv.options_for(plan.output_of(config.options.page), config.options.open_in_tab)
    if config.side_panel:
        key, value = cv.side_panel_for(
            browser,
            config.side_panel,
            plan.output_of(config.side_panel.page),
            _sorted_icons(config.side_panel.icons, plan),
        )
        m[key] = value
    if config.devtools:  # the same key in Chrome, Edge and Firefox, MV2 and MV3
        m["devtools_page"] = plan.output_of(config.devtools.page)

    permissions, notes = cv.permissions_for(browser, config.permissions)
    warnings += notes
    optional, notes = cv.permissions_for(browser, config.optional_permissions, "optional_permissions")
    warnings += notes
    hosts = cv.host_patterns_for(browser, config.host_permissions)
    optional_hosts = cv.host_patterns_for(browser, config.optional_host_permissions)
    if mv == 2:
        m["permissions"] = cv.merge_host_permissions_mv2(permissions, hosts)
        m["optional_permissions"] = cv.move_optional_host_permissions_mv2(optional, optional_hosts)
    else:
        m.update(
            permissions=permissions,
            optional_permissions=optional,
            host_permissions=hosts,
            optional_host_permissions=optional_hosts,
        )

    m["web_accessible_resources"] = cv.web_accessible_resources_for(browser, mv, _web_accessible(plan))
    if config.csp:
        m["content_security_policy"], notes = cv.content_security_policy_for(browser, mv, config.csp)
        warnings += notes
    sandbox_pages = [plan.output_of(p.page) for p in config.sandbox]
    m["sandbox"], notes = cv.sandbox_for(browser, sandbox_pages)
    warnings += notes
    if config.overrides:
        pages = {
            n: plan.output_of(getattr(config.overrides, n))
            for n in ("newtab", "bookmarks", "history")
            if getattr(config.overrides, n) and (not gecko or n == "newtab")
        }
        m["chrome_url_overrides"], notes = cv.url_overrides_for(browser, config.overrides, pages)
        warnings += notes
    if config.commands:
        m["commands"] = cv.commands_for(
            mv, {name: cmd.model_dump(exclude_none=True) for name, cmd in config.commands.items()}
        )
    if gecko and isinstance(target, FirefoxTarget):  # a gecko browser's section always is one
        m["browser_specific_settings"] = cv.gecko_settings(target)
        warnings += cv.data_collection_version_conflict(browser, target)
    warnings += missing_translations(plan.project)  # the same for every browser: reported once
    return m, warnings


def _web_accessible(plan: BuildPlan) -> list[Any]:
    """Declared groups plus one group per injected UI bundle (its script and stylesheets)."""
    from toolchain.project.models import WebAccessibleResources

    groups = list(plan.project.config.web_accessible_resources)
    for bundle in plan.project.config.injected:
        resources = [plan.output_of(bundle.entry)] + [plan.output_of(css) for css in bundle.css]
        groups.append(WebAccessibleResources(resources=resources, matches=bundle.matches))
    return groups


def render_manifest(plan: BuildPlan, validate: bool = True) -> RenderedManifest:
    """The manifest of `plan.browser`, checked against its schema; raises InputError naming each bad pointer.

    `validate=False` skips the schema (xtk lint reads the manifest, `xtk build` is what guards it).
    """

    values, warnings = manifest_values(plan)
    unknown = set(values) - set(TEMPLATE_KEYS)
    assert not unknown, f"manifest values without a template key: {unknown}"
    # lists, not tuples: plain JSON values, so the rendered text is remembered (render_remembered)
    fields = [[key, values.get(value)] for key, value, versions in MANIFEST_KEYS if plan.manifest_version in versions]
    from toolchain.files import confine

    rendered = confine(plan.project.base_dir / ".xtk" / "rendered", plan.project.base_dir)  # written: confined
    manifest = json.loads(
        render_remembered(rendered, "manifest.json.j2", manifest_version=plan.manifest_version, fields=fields)
    )
    target = plan.project.config.targets.section(plan.browser)
    if target.manifest:
        manifest = cv.deep_merge(manifest, target.manifest)
    if not validate:
        return RenderedManifest(manifest, warnings)
    from toolchain.manifest.schema import schema_for, validate_manifest
    from toolchain.manifest.verdicts import known_valid, remember_valid

    schema = schema_for(plan.browser, plan.manifest_version)
    verdicts = confine(plan.project.base_dir / ".xtk" / "manifest-verdicts", plan.project.base_dir)
    if known_valid(verdicts, manifest, schema):  # passed before: jsonschema is not even imported
        return RenderedManifest(manifest, warnings)
    violations = validate_manifest(manifest, schema)
    if violations:
        raise InputError(
            [
                Diagnostic(
                    "error",
                    f"generated manifest violates {schema}: {v.message}",
                    path=plan.project.display(plan.project.config_path),
                    key=v.key,
                    browser=plan.browser,
                )
                for v in violations
            ]
        )
    remember_valid(verdicts, manifest, schema)
    return RenderedManifest(manifest, warnings)
