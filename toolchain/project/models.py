"""The project config (`xtk.toml`) as pydantic models.

One file describes an extension project: what it is, which browsers it targets and from which version,
its entry points of every kind, the permissions it asks for and why, and the constants its code is built
with. Every path is relative to `root` (the extension's JavaScript project: package.json, tsconfig.json).
A file's place in the build mirrors its place under `src/` (code, pages, styles) or `public/` (copied as is).

The models check shape and values; `loader.py` checks what needs the file system (that files exist).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationInfo,
    create_model,
    field_validator,
    model_validator,
)

from toolchain import browser_targets
from toolchain.project.locales import STORE_LIMITS

#: A browser target's name ("chrome", "edge", "firefox"): the registry's names, checked as a Literal by pydantic.
if TYPE_CHECKING:
    Browser = str
else:
    Browser = Literal[browser_targets.names()]
BROWSERS: tuple[Browser, ...] = browser_targets.names()

#: Where code runs. A script loaded by several contexts carries all of them.
Context = Literal[
    "background",
    "content",
    "popup",
    "options",
    "side_panel",
    "offscreen",
    "sandbox",
    "page",
    "newtab",
    "bookmarks",
    "history",
    "worker",
    "injected",
    "devtools",
]

RunAt = Literal["document_start", "document_end", "document_idle"]
ScriptType = Literal["classic", "module"]

#: Firefox's data-collection categories (`browser_specific_settings.gecko.data_collection_permissions`).
FirefoxDataType = Literal[
    "none",
    "authenticationInfo",
    "bookmarksInfo",
    "browsingActivity",
    "financialAndPaymentInfo",
    "healthInfo",
    "locationInfo",
    "personalCommunications",
    "personallyIdentifyingInfo",
    "searchTerms",
    "technicalAndInteraction",
    "websiteActivity",
    "websiteContent",
]

_VERSION = re.compile(r"^(0|[1-9]\d{0,4})(\.(0|[1-9]\d{0,4})){0,3}([-+][0-9A-Za-z.+-]+)?$")
_BROWSER_VERSION = re.compile(r"^\d+(\.\d+){0,2}$")
_PERMISSION = re.compile(r"^[A-Za-z][A-Za-z0-9.]*$")
_CONSTANT = re.compile(r"^[A-Z][A-Z0-9_]*$")
_ALIAS = re.compile(r"^[@~#$A-Za-z0-9_][@~A-Za-z0-9_.-]*$")
_MATCH_PATTERN = re.compile(
    r"^(<all_urls>|(\*|https?|wss?|ftp|file|data|urn|chrome-extension|moz-extension)://(\*|\*\.[^/*]+|[^/*]+)?(/.*))$"
)
_GECKO_ID = re.compile(
    r"^([A-Za-z0-9._+-]*@[A-Za-z0-9.-]+|\{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\})$"
)

#: Names xtk defines itself under `import.meta.env`; a project constant may not shadow them.
RESERVED_CONSTANTS = browser_targets.reserved_env_names()


class _Strict(BaseModel):
    """Unknown keys are errors: a typo must not silently drop part of the manifest."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _non_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value


NonBlank = Annotated[str, BeforeValidator(lambda v: _non_blank(v) if isinstance(v, str) else v)]


def _match_pattern(value: str) -> str:
    if not _MATCH_PATTERN.match(value):
        raise ValueError(f"{value!r} is not a match pattern (like 'https://*.example.com/*' or '<all_urls>')")
    return value


MatchPattern = Annotated[str, BeforeValidator(lambda v: _match_pattern(v) if isinstance(v, str) else v)]


class Extension(_Strict):
    """What the extension is called and which version it is."""

    #: Store limits (75, 12, 132 characters) on literal text; a `__MSG_name__` text is checked per locale instead
    #: (toolchain/project/locales.py), since the browser shows the message, not the placeholder.
    name: NonBlank
    short_name: str | None = None
    version: str
    version_name: str | None = None
    description: str | None = None
    author: str | None = None
    homepage_url: str | None = None
    default_locale: str | None = None

    @field_validator("name", "short_name", "description")
    @classmethod
    def _store_limit(cls, value: str | None, info: ValidationInfo) -> str | None:
        limit = STORE_LIMITS[str(info.field_name)]
        if value is not None and "__MSG_" not in value and len(value) > limit:
            raise ValueError(f"String should have at most {limit} characters (the store limit; this has {len(value)})")
        return value

    @field_validator("version")
    @classmethod
    def _version(cls, value: str) -> str:
        if not _VERSION.match(value):
            raise ValueError(
                f"{value!r} is not a version: one to four dot-separated integers (0-65535, no leading zeros), "
                "optionally followed by a pre-release suffix such as '-beta.1'"
            )
        if any(int(part) > 65535 for part in re.split(r"[-+]", value, maxsplit=1)[0].split(".")):
            raise ValueError(f"{value!r}: each part of a version must be at most 65535")
        return value


def _browser_version(value: str) -> str:
    if not _BROWSER_VERSION.match(value):
        raise ValueError(f"{value!r} is not a browser version (like '116' or '142.0')")
    return value


BrowserVersion = Annotated[str, BeforeValidator(lambda v: _browser_version(str(v)) if isinstance(v, (str, int)) else v)]


class ChromiumTarget(_Strict):
    """Chrome or Edge: always Manifest V3."""

    min_version: BrowserVersion
    manifest_version: Literal[3] = 3
    #: Raw manifest keys merged last, for what the config has no key for. Validated like the rest.
    manifest: dict[str, Any] = Field(default_factory=dict)


class DataCollection(_Strict):
    """What the add-on collects or transmits, as Firefox's data-collection categories."""

    required: list[FirefoxDataType] = Field(min_length=1)
    optional: list[FirefoxDataType] = Field(default_factory=list)

    @model_validator(mode="after")
    def _none_alone(self) -> DataCollection:
        if "none" in self.required and len(self.required) > 1:
            raise ValueError("'none' in required cannot be combined with other categories")
        if "none" in self.optional:
            raise ValueError("'none' is only valid in required")
        if "technicalAndInteraction" in self.required:
            raise ValueError("'technicalAndInteraction' can only be optional")
        return self


class FirefoxTarget(_Strict):
    """Firefox: Manifest V3 by default (background `scripts` beside `service_worker`), V2 when asked for."""

    min_version: BrowserVersion
    android_min_version: BrowserVersion | None = None
    manifest_version: Literal[2, 3] = 3
    gecko_id: str
    data_collection: DataCollection
    manifest: dict[str, Any] = Field(default_factory=dict)

    @field_validator("gecko_id")
    @classmethod
    def _gecko_id(cls, value: str) -> str:
        if not _GECKO_ID.match(value):
            raise ValueError(f"{value!r} is not a gecko id: use an email-like id ('name@example.com') or a {{UUID}}")
        return value


class _Targets(_Strict):
    """`[targets.NAME]`: one optional section per registered browser (the fields are made from the registry)."""

    def of(self, browser: str) -> ChromiumTarget | FirefoxTarget | None:
        """The section of one browser, None when the project does not target it."""
        return getattr(self, browser)

    def section(self, browser: str) -> ChromiumTarget | FirefoxTarget:
        """The section of a browser the project targets (KeyError for one it does not)."""
        found = self.of(browser)
        if found is None:
            raise KeyError(f"the project does not target {browser}")
        return found

    def declared(self) -> list[str]:
        """The targeted browsers, in the registry's order."""
        return [name for name in browser_targets.names() if self.of(name) is not None]

    @model_validator(mode="after")
    def _at_least_one(self) -> _Targets:
        if not self.declared():
            raise ValueError(f"declare at least one target: {browser_targets.listed(template='[targets.{}]')}")
        return self


#: Each engine's section model, made per browser with the manifest versions the registry gives it.
_ENGINE_MODELS: dict[browser_targets.Engine, type[_Strict]] = {"chromium": ChromiumTarget, "gecko": FirefoxTarget}


def _target_model(target: browser_targets.BrowserTarget) -> tuple[Any, None]:
    base = _ENGINE_MODELS[target.engine]
    versions: Any = Literal[target.manifest_versions]  # a Literal made at run time: a value, not a type, to mypy
    model = create_model(
        f"{target.label.replace(' ', '')}Target",
        __base__=base,
        __doc__=base.__doc__,
        manifest_version=(versions, target.default_manifest_version),
    )
    return (model | None, None)


if TYPE_CHECKING:
    Targets = _Targets
else:
    Targets = create_model(
        "Targets",
        __base__=_Targets,
        **{target.name: _target_model(target) for target in browser_targets.targets()},
    )


class Background(_Strict):
    """The background: a service worker in Chrome/Edge MV3, background scripts in Firefox and MV2."""

    entry: NonBlank
    #: `module` makes the MV3 service worker an ES module; MV2 and Firefox background scripts stay classic.
    type: ScriptType = "classic"
    #: MV2 only: a persistent background page instead of an event page.
    persistent: bool = False


class Action(_Strict):
    """The toolbar button: `action` in MV3, `browser_action` in MV2."""

    popup: str | None = None
    title: str | None = None
    icons: dict[str, str] = Field(default_factory=dict)


class OptionsPage(_Strict):
    page: NonBlank
    open_in_tab: bool = False


class DevtoolsPage(_Strict):
    """`devtools_page`: the page each open DevTools window loads (it creates panels with `devtools.panels.create`)."""

    page: NonBlank


class SidePanel(_Strict):
    """Chrome's `side_panel` (needs the `sidePanel` permission); Firefox's `sidebar_action`."""

    page: NonBlank
    title: str | None = None
    icons: dict[str, str] = Field(default_factory=dict)


class Page(_Strict):
    """An extension page: an HTML file whose local scripts and stylesheets xtk bundles."""

    page: NonBlank


class Worker(_Strict):
    """A web worker script, bundled on its own so pages can start it with `new Worker(url)`."""

    entry: NonBlank
    type: ScriptType = "module"


class ContentScript(_Strict):
    matches: list[MatchPattern] = Field(min_length=1)
    exclude_matches: list[MatchPattern] = Field(default_factory=list)
    js: list[NonBlank] = Field(default_factory=list)
    css: list[NonBlank] = Field(default_factory=list)
    run_at: RunAt = "document_idle"
    all_frames: bool = False
    match_about_blank: bool = False
    #: MAIN runs in the page's own world (Chrome 111+, Firefox 128+ in MV3 only).
    world: Literal["ISOLATED", "MAIN"] = "ISOLATED"
    #: Accepted only as "classic": content scripts are bundled as classic scripts (IIFE), their imports included.
    type: ScriptType = "classic"
    #: The one js file default-exports a React component: xtk mounts it in a shadow root on the page (its
    #: `getRootContainer` / `getStyle` exports honoured, as Plasmo's content-script UIs).
    component: bool = False

    @field_validator("type")
    @classmethod
    def _classic(cls, value: str) -> str:
        if value == "module":
            raise ValueError(
                "content scripts are bundled as classic scripts (IIFE), with their ES module imports bundled in: "
                'remove type = "module"; for a module loaded at run time with import(), use [[injected]]'
            )
        return value

    @model_validator(mode="after")
    def _has_files(self) -> ContentScript:
        if not self.js and not self.css:
            raise ValueError("a content script needs at least one file in js or css")
        if self.component and len(self.js) != 1:
            raise ValueError("component = true mounts one component: give js exactly one file")
        return self


class ExecutedScript(_Strict):
    """A script the extension runs with `scripting.executeScript({files: [...]})`: a classic bundle at its build
    path, whose default export (awaited by the browser when it is a promise) is the result executeScript returns."""

    entry: NonBlank


class InjectedBundle(_Strict):
    """A UI bundle a content script loads at run time (`import(runtime.getURL(...))`), with its stylesheets.

    Its outputs are exposed to the pages in `matches` through web_accessible_resources.
    """

    entry: NonBlank
    css: list[NonBlank] = Field(default_factory=list)
    matches: list[MatchPattern] = Field(min_length=1)


class WebAccessibleResources(_Strict):
    """Build-relative paths or globs that web pages (or other extensions) may load."""

    resources: list[NonBlank] = Field(min_length=1)
    matches: list[MatchPattern] = Field(default_factory=list)
    extension_ids: list[str] = Field(default_factory=list)
    use_dynamic_url: bool = False

    @model_validator(mode="after")
    def _someone_may_load(self) -> WebAccessibleResources:
        if not self.matches and not self.extension_ids:
            raise ValueError("give matches or extension_ids: who may load these resources")
        return self


class PermissionGrant(_Strict):
    """A permission and the reason a store reviewer reads. `browsers` limits it to some targets."""

    justification: NonBlank
    browsers: list[Browser] | None = None


def _grant(value: Any) -> Any:
    return {"justification": value} if isinstance(value, str) else value


Grant = Annotated[PermissionGrant, BeforeValidator(_grant)]


class Conformance(_Strict):
    """The module `xtk conform` checks against the golden vectors: it exports `conformance`, an object mapping each
    golden function's name to the runtime function (the very code the extension ships, not a copy)."""

    module: NonBlank
    #: Golden-vector files or folders, relative to this config; default: [golden] vectors.
    vectors: list[NonBlank] = Field(default_factory=list)


class GoldenSettings(_Strict):
    """The project's golden vectors and the Python reference that computes them (docs/golden.md)."""

    #: The folder holding the reference module, relative to this config; xtk puts it first on sys.path.
    reference_path: NonBlank
    #: The reference module's importable (dotted) name inside reference_path; it defines FUNCTIONS.
    reference_module: NonBlank = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")
    #: The golden files (<function>.json), relative to this config.
    vectors: NonBlank
    #: The hand-written inputs (<function>.json, no `expected`), relative to this config; default: <vectors>/inputs.
    inputs: str | None = None
    #: The corpus pages corpus cases refer to, relative to this config; only read, so it may lie outside the project.
    corpus: str | None = None


class LintSettings(_Strict):
    """How `xtk lint` reads this project."""

    #: The one module — or folder of modules — allowed to touch the extension APIs (relative to root); calls
    #: elsewhere are findings.
    abstraction: str | None = None
    #: The project's permission posture (a JSON file, relative to this config file).
    posture: str | None = None
    #: Rule codes or prefixes, as the CLI's --select/--ignore (which add to these).
    select: list[str] = Field(default_factory=list)
    ignore: list[str] = Field(default_factory=list)


class PackageSettings(_Strict):
    """What `xtk package` writes."""

    #: The zips' base name (`<name>-<version>-<browser>.zip`, made file-name safe); by default the extension's
    #: name as the default locale shows it.
    name: NonBlank


class ChromeSubmit(_Strict):
    """Where `xtk submit` sends the Chrome build: an item that exists in the Chrome Web Store (the API cannot make
    one). Credentials never go here (environment or a credentials file: docs/submit.md)."""

    #: The item's 32-letter ID (the dashboard's URL and the store page show it).
    extension_id: str = Field(pattern=r"^[a-p]{32}$")
    #: The developer account's publisher ID (the dashboard's URL shows it).
    publisher_id: NonBlank
    #: "default": published once approved; "staged": approved, then published from the dashboard.
    publish_type: Literal["default", "staged"] = "default"
    #: A staged rollout: the share of users who get the update (the store allows it above 10,000 users).
    deploy_percentage: int | None = Field(default=None, ge=0, le=100)


class FirefoxSubmit(_Strict):
    """How `xtk submit` sends the Firefox build to addons.mozilla.org (the add-on is [targets.firefox] gecko_id)."""

    #: "listed": on AMO, reviewed; "unlisted": signed for self-distribution, and the signed .xpi downloaded to dist/.
    channel: Literal["listed", "unlisted"] = "listed"
    #: The version's release notes (en-US), shown on AMO.
    release_notes: str | None = None
    #: Notes for the reviewer (how to test, accounts): never public.
    approval_notes: str | None = None


class EdgeSubmit(_Strict):
    """Where `xtk submit` sends the Edge build: a product that exists in Partner Center."""

    #: The product ID Partner Center shows for the extension (a GUID).
    product_id: NonBlank
    #: The certification notes that go with the submission.
    notes: str | None = None


class SubmitSettings(_Strict):
    """The stores `xtk submit` sends to: one table per store; a store without its table is not submitted to."""

    chrome: ChromeSubmit | None = None
    firefox: FirefoxSubmit | None = None
    edge: EdgeSubmit | None = None


class ProtocolSettings(_Strict):
    """The message protocol: JSON Schemas per channel, and the TypeScript `xtk protocol codegen` makes of them."""

    #: A folder holding protocol.json and one schema per channel, relative to this config file.
    schemas: NonBlank
    #: The generated module (types and validators), relative to root; inside src/.
    generated: NonBlank


class ContentSecurityPolicy(_Strict):
    extension_pages: str | None = None
    #: Chrome only: the policy of sandboxed pages. Dropped for Firefox.
    sandbox: str | None = None


class UrlOverrides(_Strict):
    """Pages that replace the browser's own. Firefox supports only `newtab`."""

    newtab: str | None = None
    bookmarks: str | None = None
    history: str | None = None


class Command(_Strict):
    description: str | None = None
    suggested_key: dict[str, str] | str | None = None


def _permission_names(grants: dict[str, PermissionGrant]) -> dict[str, PermissionGrant]:
    for name in grants:
        if "://" in name or name == "<all_urls>":
            raise ValueError(f"{name!r} is a host pattern: declare it under host_permissions")
        if not _PERMISSION.match(name):
            raise ValueError(f"{name!r} is not a permission name")
    return grants


def _host_patterns(grants: dict[str, PermissionGrant]) -> dict[str, PermissionGrant]:
    for pattern in grants:
        _match_pattern(pattern)
    return grants


class EsbuildPlugin(_Strict):
    """An esbuild plugin from the project's packages, run on the Node path (toolchain/tools/esbuild_plugins.mjs)."""

    #: The module that exports it, resolved from the project ("unplugin-icons/esbuild").
    package: NonBlank
    #: The export: a function called with `options` that returns the plugin, or the plugin object itself.
    export: NonBlank = "default"
    options: dict[str, Any] = Field(default_factory=dict)


class ProjectConfig(_Strict):
    """The whole of `xtk.toml`."""

    extension: Extension
    #: The extension's JavaScript project (package.json, tsconfig.json), relative to this file.
    root: str = "."
    #: Code, pages and styles, relative to root; their build paths mirror this folder.
    src: str = "src"
    #: Files copied into the build as they are (icons, fonts), relative to root.
    public: str = "public"
    #: `_locales` folder relative to root, copied to `_locales/`; needs extension.default_locale.
    locales: str | None = None
    #: "chrome": `locales` holds `<locale>/messages.json`; "wxt": @wxt-dev/i18n's `<locale>.yml|yaml|json|toml`
    #: files, compiled into _locales/ by each build (toolchain/project/wxt_locales.py).
    locales_format: Literal["chrome", "wxt"] = "chrome"
    #: tsc (`--noEmit`, strict) in every `xtk build` and `xtk package`: true (its errors fail the build), "warn" (they
    #: are shown, the build goes on: a project adopting types) or false (not run). `--no-typecheck` turns it off.
    typecheck: bool | Literal["warn"] = True
    #: How .jsx/.tsx compile, over tsconfig's `jsx`: "automatic" (React 17+'s runtime, `jsx_import_source`/jsx-runtime
    #: imported for you, as Plasmo and @vitejs/plugin-react compile) or "classic" (`React.createElement` in scope).
    jsx: Literal["automatic", "classic"] | None = None
    #: The package the automatic runtime comes from (`<it>/jsx-runtime`): "react" unless set (e.g. "preact").
    jsx_import_source: NonBlank | None = None
    #: Where `xtk build` and `xtk package` write, relative to this file.
    out: str = "build"
    dist: str = "dist"

    targets: Targets
    #: One SVG or large square PNG, relative to root: xtk draws every icon size from it (toolchain/tools/icons.py)
    #: for `icons` and `action.default_icon`, unless `[icons]` / `[action] icons` set them.
    icon: str | None = None
    icons: dict[str, str] = Field(default_factory=dict)
    background: Background | None = None
    action: Action | None = None
    options: OptionsPage | None = None
    side_panel: SidePanel | None = None
    devtools: DevtoolsPage | None = None
    offscreen: list[Page] = Field(default_factory=list)
    sandbox: list[Page] = Field(default_factory=list)
    pages: list[Page] = Field(default_factory=list)
    overrides: UrlOverrides | None = None
    workers: list[Worker] = Field(default_factory=list)
    content_scripts: list[ContentScript] = Field(default_factory=list)
    scripts: list[ExecutedScript] = Field(default_factory=list)
    injected: list[InjectedBundle] = Field(default_factory=list)
    web_accessible_resources: list[WebAccessibleResources] = Field(default_factory=list)
    esbuild_plugins: list[EsbuildPlugin] = Field(default_factory=list)

    permissions: dict[str, Grant] = Field(default_factory=dict)
    optional_permissions: dict[str, Grant] = Field(default_factory=dict)
    host_permissions: dict[str, Grant] = Field(default_factory=dict)
    optional_host_permissions: dict[str, Grant] = Field(default_factory=dict)
    csp: ContentSecurityPolicy | None = None
    commands: dict[str, Command] = Field(default_factory=dict)
    conformance: Conformance | None = None
    golden: GoldenSettings | None = None
    lint: LintSettings | None = None
    protocol: ProtocolSettings | None = None
    package: PackageSettings | None = None
    submit: SubmitSettings | None = None
    #: Build-time constants, readable in code as `import.meta.env.NAME`.
    constants: dict[str, str | int | float | bool] = Field(default_factory=dict)
    #: `.env` variables whose name starts with one of these become `import.meta.env.NAME` (toolchain/plan/env_files.py);
    #: any other variable of those files never reaches a bundle.
    env_prefix: list[str] = Field(default_factory=lambda: ["XTK_PUBLIC_", "VITE_", "WXT_", "PLASMO_PUBLIC_"])
    #: A framework whose build-time runtime xtk supplies, so its projects build unchanged (docs/import.md): "wxt"
    #: injects WXT's auto-imported `browser` and `define*` helpers and resolves `wxt/*` and `#imports` to them.
    framework: Literal["wxt"] | None = None
    #: Import paths resolved to project folders or files (relative to root), like tsconfig `paths` or Vite's
    #: `resolve.alias`: `"@" = "src"` makes `@/utils/x` import `src/utils/x`.
    aliases: dict[str, str] = Field(default_factory=dict)
    #: Folders (relative to root) whose modules' named exports code uses without importing them, as WXT's
    #: utils/, components/, composables/ and hooks/: a file using one gets an import of it (tools/auto_imports.mjs).
    auto_imports: list[NonBlank] = Field(default_factory=list)
    #: Names code uses without importing them → the module each comes from (`storage = "@wxt-dev/storage"`), as
    #: WXT's package auto-imports: imported like auto_imports, by the files that use them.
    auto_import_names: dict[str, NonBlank] = Field(default_factory=dict)

    @field_validator("permissions", "optional_permissions")
    @classmethod
    def _permission_names(cls, grants: dict[str, PermissionGrant]) -> dict[str, PermissionGrant]:
        return _permission_names(grants)

    @field_validator("host_permissions", "optional_host_permissions")
    @classmethod
    def _host_patterns(cls, grants: dict[str, PermissionGrant]) -> dict[str, PermissionGrant]:
        return _host_patterns(grants)

    @field_validator("overrides")
    @classmethod
    def _one_override(cls, overrides: UrlOverrides | None, info: ValidationInfo) -> UrlOverrides | None:
        targets = info.data.get("targets")  # declared before: validated first (absent when it failed)
        overridden = [name for name in ("newtab", "bookmarks", "history") if overrides and getattr(overrides, name)]
        chromium = targets is not None and any(browser_targets.get(b).is_chromium for b in targets.declared())
        if len(overridden) > 1 and chromium:  # Chromium refuses to load such an extension at all
            raise ValueError(
                f"{' and '.join(overridden)} are set, but Chrome and Edge load an extension that overrides one page "
                "only (they refuse the whole extension): keep one"
            )
        return overrides

    @field_validator("icons")
    @classmethod
    def _icon_sizes(cls, icons: dict[str, str]) -> dict[str, str]:
        for size in icons:
            if not size.isdigit():
                raise ValueError(f'icon size {size!r} must be a number of pixels, like "16" or "128"')
        return icons

    @field_validator("auto_import_names")
    @classmethod
    def _auto_import_names(cls, names: dict[str, str]) -> dict[str, str]:
        for name in names:
            if not re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$]*", name):
                raise ValueError(f"{name!r} is not a JavaScript name")
        return names

    @field_validator("aliases")
    @classmethod
    def _alias_names(cls, aliases: dict[str, str]) -> dict[str, str]:
        for name in aliases:
            if not _ALIAS.match(name):
                raise ValueError(f"{name!r}: an alias is an import path's first part, like '@', '~' or '@lib'")
        return aliases

    @field_validator("env_prefix")
    @classmethod
    def _env_prefixes(cls, prefixes: list[str]) -> list[str]:
        for prefix in prefixes:
            if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", prefix):
                raise ValueError(
                    f"{prefix!r}: a prefix is the start of a variable name, like 'VITE_' (an empty one would put every "
                    ".env variable, secrets included, into the bundles)"
                )
        return prefixes

    @field_validator("constants")
    @classmethod
    def _constant_names(cls, constants: dict[str, object]) -> dict[str, object]:
        for name in constants:
            if not _CONSTANT.match(name):
                raise ValueError(f"{name!r}: constant names are UPPER_SNAKE_CASE")
            if name in RESERVED_CONSTANTS:
                raise ValueError(f"{name!r} is defined by xtk itself (import.meta.env.{name})")
        return constants

    @model_validator(mode="after")
    def _consistent(self) -> ProjectConfig:
        if self.locales and not self.extension.default_locale:
            raise ValueError("locales is set: extension.default_locale must name the default locale")
        if self.locales_format != "chrome" and not self.locales:
            raise ValueError(f'locales_format = "{self.locales_format}" needs `locales`: the folder of message files')
        if self.jsx == "classic" and self.jsx_import_source:
            raise ValueError('jsx_import_source names the automatic runtime\'s package: it needs jsx = "automatic"')
        chromium = [b for b in self.targets.declared() if browser_targets.get(b).is_chromium]
        if self.side_panel and "sidePanel" not in self.permissions and chromium:
            labels = " and ".join(browser_targets.get(b).label for b in browser_targets.of_engine("chromium"))
            raise ValueError(
                f"side_panel needs the 'sidePanel' permission in {labels}: declare it under [permissions] "
                f"with a justification and browsers = {json.dumps(list(browser_targets.of_engine('chromium')))}"
            )
        if self.offscreen and "offscreen" not in self.permissions and chromium:
            raise ValueError("offscreen documents need the 'offscreen' permission: declare it under [permissions]")
        for name in set(self.permissions) & set(self.optional_permissions):
            raise ValueError(f"{name!r} is declared both required and optional")
        for pattern in set(self.host_permissions) & set(self.optional_host_permissions):
            raise ValueError(f"{pattern!r} is declared both required and optional")
        return self
