"""`xtk init`: every template gives a project that builds for three browsers, lints clean and runs in Chromium and
Firefox; bad input (a non-empty folder, an unknown template, a bad name) is refused with exit 2 and nothing written.

`npm ci` runs once per template per session (`initialised`, cached under the session's tmp folder); the tests that
need no Node packages use `--no-install`.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import EXTENSION, XtkResult, run_xtk
from toolchain.browsers import ExtensionBrowser, FixtureServer, Tab, launch
from toolchain.scaffold.templates import available_templates

TEMPLATES = sorted(available_templates())
BROWSER_BUILDS = ("chrome", "edge", "firefox")
_initialised: dict[str, tuple[Path, XtkResult]] = {}


def initialised(template: str, factory: pytest.TempPathFactory) -> tuple[Path, XtkResult]:
    """`xtk init demo --template TEMPLATE` (with npm ci) in an empty folder, once per template per session."""
    if template not in _initialised:
        parent = factory.mktemp(f"init-{template}")
        result = run_xtk("init", "demo", "--template", template, cwd=parent, timeout=600)
        assert result.code == 0, result.output
        _initialised[template] = (parent / "demo", result)
    return _initialised[template]


def built(template: str, factory: pytest.TempPathFactory) -> Path:
    """The initialised project, built for every browser (once per session)."""
    project, _ = initialised(template, factory)
    if not (project / "build" / "firefox" / "manifest.json").is_file():
        result = run_xtk("build", cwd=project)
        assert result.code == 0, result.output
    return project


def init_without_install(parent: Path, *args: str) -> XtkResult:
    return run_xtk("init", *args, "--no-install", cwd=parent)


def leftovers(parent: Path) -> list[str]:
    """Staging folders init left behind (there must be none)."""
    return sorted(p.name for p in parent.iterdir() if ".xtk-init-" in p.name)


# --- the done-when: init, build, lint -------------------------------------------------------------------------


@pytest.mark.node
@pytest.mark.parametrize("template", TEMPLATES)
def test_init_then_build_then_lint_gives_three_builds_and_no_findings(
    template: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    project, init = initialised(template, tmp_path_factory)
    assert f"created demo/ from the {template} template" in init.stdout
    assert "installed the Node packages (npm ci)" in init.stdout
    assert (project / "node_modules" / "esbuild").is_dir()
    assert (project / "node_modules" / "webextension-polyfill").is_dir()

    build = run_xtk("build", cwd=project)
    assert build.code == 0, build.output
    assert "3 build(s)" in build.stdout and "type-checked" in build.stdout
    for browser in BROWSER_BUILDS:
        manifest = json.loads((project / "build" / browser / "manifest.json").read_text(encoding="utf-8"))
        assert manifest["name"] == "demo"
        assert manifest["description"] == "__MSG_extensionDescription__"
        assert (project / "build" / browser / "_locales" / "fr" / "messages.json").is_file()
        assert (project / "build" / browser / "popup" / "index.js").is_file()
    firefox = json.loads((project / "build" / "firefox" / "manifest.json").read_text(encoding="utf-8"))
    assert firefox["manifest_version"] == 3  # Firefox MV3 by default (issue 18), with both background keys
    assert firefox["background"] == {"service_worker": "background/index.js", "scripts": ["background/index.js"]}
    assert "action" in firefox and "browser_action" not in firefox

    lint = run_xtk("lint", "--format", "json", cwd=project)
    assert lint.code == 0, lint.output
    assert json.loads(lint.stdout) == []
    assert run_xtk("lint", cwd=project).stdout.strip() == "All checks passed."


@pytest.mark.node
def test_react_template_bundles_react_in_production_mode(tmp_path_factory: pytest.TempPathFactory) -> None:
    popup = (built("react", tmp_path_factory) / "build" / "chrome" / "popup" / "index.js").read_text(encoding="utf-8")
    assert "Minified React error #" in popup  # React's production build is the one bundled ...
    assert "validateDOMNesting" not in popup  # ... not its development build (its DOM nesting checks)
    assert "process.env" not in popup  # NODE_ENV is defined at build time, or React would throw in the browser


@pytest.mark.node
def test_svelte_template_compiles_its_component_through_node(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The Svelte popup is compiled by the project's svelte (esbuild's JS API in Node, toolchain/tools/components.py),
    its markup and scoped style in the bundle; the other templates stay on esbuild's native binary."""
    project = built("svelte", tmp_path_factory)
    popup = (project / "build" / "chrome" / "popup" / "index.js").read_text(encoding="utf-8")
    assert "Popup.svelte" not in popup
    assert re.search(r"p\.svelte-[a-z0-9]+ ?\{\s*overflow-wrap: ?anywhere", popup)
    recipe = json.loads((project / ".xtk" / "build-cache" / "all-production.json").read_text(encoding="utf-8"))
    argv = [c["argv"] for b in recipe["recipe"]["browsers"] for c in b["esbuild"]]
    assert argv and all(Path(a[1]).name == "components.mjs" for a in argv)
    vanilla = json.loads(
        (built("vanilla", tmp_path_factory) / ".xtk" / "build-cache" / "all-production.json").read_text()
    )
    assert all(Path(c["argv"][0]).name == "esbuild" for b in vanilla["recipe"]["browsers"] for c in b["esbuild"])


@pytest.mark.node
def test_vue_template_compiles_its_component_through_node(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The Vue popup (<script setup lang="ts">) is compiled by the project's vue on the Node path: its template is
    render code (Vue's runtime-only build, no template compiler in the bundle, nothing the CSP forbids), its scoped
    style in the bundle, and the production flags folded."""
    project = built("vue", tmp_path_factory)
    popup = (project / "build" / "chrome" / "popup" / "index.js").read_text(encoding="utf-8")
    assert "Popup.vue" not in popup and "<script setup" not in popup
    assert re.search(r"p\[data-v-[a-f0-9]+\] ?\{\s*overflow-wrap: ?anywhere", popup)
    assert "__VUE_OPTIONS_API__" not in popup and "process.env" not in popup
    assert "new Function" not in popup  # the runtime-only build: templates were compiled at build time
    recipe = json.loads((project / ".xtk" / "build-cache" / "all-production.json").read_text(encoding="utf-8"))
    argv = [c["argv"] for b in recipe["recipe"]["browsers"] for c in b["esbuild"]]
    assert argv and all(Path(a[1]).name == "components.mjs" for a in argv)


# --- what a project holds ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("template", TEMPLATES)
def test_the_project_is_complete(template: str, tmp_path: Path) -> None:
    result = init_without_install(tmp_path, "my-ext", "--template", template, "--name", "My Ext")
    assert result.code == 0, result.output
    project = tmp_path / "my-ext"
    files = {p.relative_to(project).as_posix() for p in project.rglob("*") if p.is_file()}
    expected = {
        "xtk.toml",
        "package.json",
        "package-lock.json",
        "tsconfig.json",
        ".gitignore",
        "README.md",
        "src/background/index.ts",
        "src/content/index.ts",
        "src/shared/browser.ts",
        "src/shared/protocol.ts",
        "src/popup/index.html",
        "specs/posture.json",
        "specs/protocol/protocol.json",
        "_locales/en/messages.json",
        "_locales/fr/messages.json",
        "public/icons/icon-128.png",
    }
    assert expected <= files, expected - files
    assert not any(name.endswith(".j2") or name == "template.toml" or name == "_gitignore" for name in files)
    assert not (project / "node_modules").exists()
    assert leftovers(tmp_path) == []

    package = json.loads((project / "package.json").read_text(encoding="utf-8"))
    docmind = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    assert package["name"] == "my-ext"
    for tool in ("esbuild", "typescript"):  # exactly the versions DocMind builds with
        assert package["devDependencies"][tool] == docmind["devDependencies"][tool]
    assert package["dependencies"]["webextension-polyfill"] == docmind["dependencies"]["webextension-polyfill"]
    if template == "react":
        assert {"react", "react-dom"} <= set(package["dependencies"])
        assert (project / "src" / "popup" / "index.tsx").is_file()
        assert not (project / "src" / "popup" / "index.ts").exists()
    if template == "vue":  # a single-file component with <script setup lang="ts">; tsc reads the `*.vue` shim
        assert "vue" in package["dependencies"]
        assert '<script setup lang="ts">' in (project / "src" / "popup" / "Popup.vue").read_text(encoding="utf-8")
        assert (project / "src" / "vue.d.ts").is_file()
    if template == "svelte":  # the popup is a component; tsc reads svelte's own `*.svelte` module declaration
        assert "svelte" in package["dependencies"]
        assert (project / "src" / "popup" / "Popup.svelte").is_file()
        assert (
            "svelte" in json.loads((project / "tsconfig.json").read_text(encoding="utf-8"))["compilerOptions"]["types"]
        )

    tsconfig = json.loads((project / "tsconfig.json").read_text(encoding="utf-8"))
    assert tsconfig["compilerOptions"]["strict"] is True

    config = (project / "xtk.toml").read_text(encoding="utf-8")
    assert 'name = "My Ext"' in config
    assert 'gecko_id = "my-ext@example.com"' in config
    used = set(re.findall(r'= "__MSG_(\w+)__"', config))
    assert used == {"extensionDescription", "actionTitle"}
    for language in ("en", "fr"):
        messages = json.loads((project / "_locales" / language / "messages.json").read_text(encoding="utf-8"))
        assert used <= set(messages), language
    english = json.loads((project / "_locales" / "en" / "messages.json").read_text(encoding="utf-8"))
    french = json.loads((project / "_locales" / "fr" / "messages.json").read_text(encoding="utf-8"))
    assert set(english) == set(french)  # every text translated

    posture = json.loads((project / "specs" / "posture.json").read_text(encoding="utf-8"))
    assert posture["permissions"]["mode"] == "allow-list"
    assert all(reason.strip() for reason in posture["permissions"]["allowed"].values())
    for ignored in ("node_modules/", "build/", "dist/", ".xtk/"):
        assert ignored in (project / ".gitignore").read_text(encoding="utf-8").splitlines()
    readme = (project / "README.md").read_text(encoding="utf-8")
    for command in ("xtk dev", "xtk build", "xtk lint", "xtk package", "npm ci"):
        assert command in readme

    # The protocol module is what this xtk generates from the schemas, and every receiver validates with it.
    check = run_xtk("protocol", "codegen", "--check", cwd=project)
    assert check.code == 0, check.output
    background = (project / "src" / "background" / "index.ts").read_text(encoding="utf-8")
    content = (project / "src" / "content" / "index.ts").read_text(encoding="utf-8")
    popup = (project / "src" / "popup" / "describe.ts").read_text(encoding="utf-8")
    assert "isPopupToBackground(message)" in background and "isContentToBackground(answer)" in background
    assert "isBackgroundToContent(message)" in content
    assert "isBackgroundToPopup(answer)" in popup


@pytest.mark.parametrize("template", TEMPLATES)
def test_the_lockfile_pins_what_package_json_asks_for(template: str, tmp_path: Path) -> None:
    """A lockfile out of step with package.json makes `npm ci` fail: regenerate it with toolchain.scaffold.locks."""
    assert init_without_install(tmp_path, "p", "--template", template).code == 0
    package = json.loads((tmp_path / "p" / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((tmp_path / "p" / "package-lock.json").read_text(encoding="utf-8"))
    root = lock["packages"][""]
    assert lock["name"] == root["name"] == "p"
    assert root["dependencies"] == package["dependencies"]
    assert root["devDependencies"] == package["devDependencies"]
    for name, version in {**package["dependencies"], **package["devDependencies"]}.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version
        assert lock["packages"][f"node_modules/{name}"]["integrity"].startswith("sha512-")


def test_no_install_prints_the_next_step(tmp_path: Path) -> None:
    result = init_without_install(tmp_path, "demo")
    assert result.code == 0, result.output
    assert "installed" not in result.stdout
    assert "next: cd demo && npm ci && xtk build && xtk lint" in result.stdout


def test_building_before_npm_ci_says_what_to_run(tmp_path: Path) -> None:
    assert init_without_install(tmp_path, "demo").code == 0
    result = run_xtk("build", cwd=tmp_path / "demo")
    assert result.code == 2, result.output
    assert f"esbuild is not installed in {tmp_path / 'demo'}/node_modules: run `npm ci` in" in result.stderr
    assert "make build" not in result.stderr  # DocMind's Makefile is no business of a new project


def test_json_report(tmp_path: Path) -> None:
    result = init_without_install(tmp_path, "demo", "--template", "react", "--format", "json")
    assert result.code == 0, result.output
    report = json.loads(result.stdout)
    assert report["ok"] is True and report["template"] == "react" and report["name"] == "demo"
    assert report["installed"] is False
    assert "src/popup/index.tsx" in report["files"] and "xtk.toml" in report["files"]
    assert report["next"] == ["cd demo", "npm ci", "xtk build", "xtk lint"]


def test_an_empty_existing_folder_is_used_in_place(tmp_path: Path) -> None:
    """`xtk init .` in an empty folder: the folder itself (same inode) receives the project, so a shell standing in
    it stays valid, and the name comes from it."""
    here = tmp_path / "Page Facts"
    here.mkdir()
    inode = here.stat().st_ino
    result = init_without_install(here, ".")
    assert result.code == 0, result.output
    assert here.stat().st_ino == inode
    assert 'name = "Page Facts"' in (here / "xtk.toml").read_text(encoding="utf-8")
    assert json.loads((here / "package.json").read_text(encoding="utf-8"))["name"] == "page-facts"
    assert leftovers(tmp_path) == [] and sorted(p.name for p in tmp_path.iterdir()) == ["Page Facts"]


def test_a_name_with_quotes_stays_valid_toml(tmp_path: Path) -> None:
    result = init_without_install(tmp_path, "q", "--name", 'Say "hi" \\ é')
    assert result.code == 0, result.output
    inspect = run_xtk("inspect", "--format", "json", cwd=tmp_path / "q")
    assert inspect.code == 0, inspect.output
    assert 'Say \\"hi\\" \\\\ é' in (tmp_path / "q" / "xtk.toml").read_text(encoding="utf-8")
    assert json.loads((tmp_path / "q" / "package.json").read_text())["name"] == "say-hi"


def test_an_installed_xtk_has_the_templates(tmp_path: Path) -> None:
    """From the wheel (templates/ is force-included as toolchain/_data/templates), not from this checkout."""
    import subprocess
    import sys
    import zipfile

    from tests.conftest import REPO

    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(tmp_path / "wheel"),
            str(REPO),
        ],
        check=True,
        timeout=300,
    )
    (wheel,) = (tmp_path / "wheel").glob("xtk_toolchain-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(tmp_path / "installed")
    work = tmp_path / "work"
    work.mkdir()
    completed = subprocess.run(
        [sys.executable, "-m", "toolchain", "init", "demo", "-t", "react", "--no-install"],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(tmp_path / "installed")},
    )
    assert completed.returncode == 0, completed.stderr
    assert "created demo/ from the react template" in completed.stdout
    for name in (".gitignore", "package-lock.json", "src/popup/index.tsx", "src/shared/protocol.ts"):
        assert (work / "demo" / name).is_file(), name


# --- bad input: exit 2, nothing written -------------------------------------------------------------------------


def test_a_non_empty_folder_is_refused_and_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "mine"
    target.mkdir()
    (target / "notes.txt").write_text("mine", encoding="utf-8")
    result = init_without_install(tmp_path, "mine")
    assert result.code == 2, result.output
    assert "mine is not empty (notes.txt)" in result.stderr
    assert "never overwrites" in result.stderr
    assert sorted(p.name for p in target.iterdir()) == ["notes.txt"]
    assert (target / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert leftovers(tmp_path) == []
    assert "Traceback" not in result.output


def test_a_hidden_file_makes_a_folder_non_empty(tmp_path: Path) -> None:
    (tmp_path / "repo").mkdir()
    (tmp_path / "repo" / ".git").mkdir()
    result = init_without_install(tmp_path, "repo")
    assert result.code == 2 and "repo is not empty (.git)" in result.stderr


def test_help_lists_every_template() -> None:
    result = run_xtk("init", "--help", cwd=Path.cwd())
    assert result.code == 0
    listed = re.search(r"The template: ([^.]+)\.", " ".join(result.stdout.split()))
    assert listed is not None, result.stdout
    assert listed.group(1).replace(" (default)", "").split(", ") == TEMPLATES


def test_unknown_template_lists_them_and_suggests(tmp_path: Path) -> None:
    result = init_without_install(tmp_path, "demo", "--template", "reakt")
    assert result.code == 2
    assert "unknown template 'reakt'; did you mean 'react'?" in result.stderr
    for name in TEMPLATES:
        assert f"{name}" in result.stderr
    assert "vanilla (default)" in result.stderr
    assert not (tmp_path / "demo").exists()
    far = init_without_install(tmp_path, "demo", "--template", "zzz")
    assert far.code == 2 and "did you mean" not in far.stderr and "The templates:" in far.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--name", "  "], "the extension's name must not be empty"),
        (["--name", "x" * 76], "at most 75 characters (this one has 76)"),
        (["--name", "tab\there"], "must not hold control characters"),
    ],
)
def test_bad_names_are_refused(tmp_path: Path, args: list[str], message: str) -> None:
    result = init_without_install(tmp_path, "demo", *args)
    assert result.code == 2, result.output
    assert message in result.stderr
    assert not (tmp_path / "demo").exists()


def test_a_file_or_a_missing_parent_is_refused(tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    file_result = init_without_install(tmp_path, "afile")
    assert file_result.code == 2 and "afile is a file, not a folder" in file_result.stderr
    missing = init_without_install(tmp_path, "no/such/place")
    assert missing.code == 2 and "does not exist" in missing.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_json_errors_go_to_stdout(tmp_path: Path) -> None:
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "a").write_text("", encoding="utf-8")
    result = init_without_install(tmp_path, "full", "--format", "json")
    assert result.code == 2
    report = json.loads(result.stdout)
    assert report["ok"] is False and "is not empty" in report["errors"][0]["message"]


# --- npm problems: exit 1, the project stays -------------------------------------------------------------------


def _fake_npm(folder: Path, script: str) -> dict[str, str]:
    folder.mkdir()
    npm = folder / "npm"
    npm.write_text(f"#!/bin/sh\n{script}\n", encoding="utf-8")
    npm.chmod(0o755)
    return {"PATH": f"{folder}{os.pathsep}/usr/bin{os.pathsep}/bin"}


def test_npm_failure_is_exit_1_with_npm_s_words(tmp_path: Path) -> None:
    env = _fake_npm(tmp_path / "bin", "echo 'npm error code E404 (fake registry)' >&2; exit 7")
    work = tmp_path / "work"
    work.mkdir()
    result = run_xtk("init", "demo", cwd=work, env=env)
    assert result.code == 1, result.output
    assert "`npm ci` in demo failed (exit 7)" in result.stderr
    assert "E404 (fake registry)" in result.stderr
    assert (work / "demo" / "xtk.toml").is_file()  # the project is there; only the install is to redo


def test_missing_npm_says_what_to_install(tmp_path: Path) -> None:
    empty = tmp_path / "nothing"
    empty.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    result = run_xtk("init", "demo", cwd=work, env={"PATH": str(empty)})
    assert result.code == 1, result.output
    assert "npm not found: install Node.js" in result.stderr
    assert (work / "demo" / "package-lock.json").is_file()


# --- the builds in real browsers --------------------------------------------------------------------------------

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Init fixture</title></head>
<body><main><h1>Seven words live here on this page</h1></main></body></html>
"""


@pytest.fixture(scope="module")
def page_server() -> Iterator[FixtureServer]:
    with FixtureServer(pages={"/page.html": PAGE}) as server:
        yield server


#: (template, build, engine): Chromium runs the Chrome and Edge builds (MV3 service worker), Firefox ESR its MV3 build
#: (background scripts; the content script's `<all_urls>` host access granted at install).
BROWSER_CASES = [
    (template, build, engine)
    for template in TEMPLATES
    for build, engine in (("chrome", "chromium"), ("edge", "chromium"), ("firefox", "firefox"))
]


@pytest.fixture(scope="module", params=BROWSER_CASES, ids=[f"{t}-{b}" for t, b, _ in BROWSER_CASES])
def running(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ExtensionBrowser]:
    """One headless browser per (template, engine), shared by the tests of this module."""
    template, build, engine = request.param
    project = built(template, tmp_path_factory)
    with launch(engine, project / "build" / build, workdir=tmp_path_factory.mktemp(f"{template}-{engine}")) as browser:
        yield browser


def _wait_ready(browser: ExtensionBrowser, tab: Tab) -> None:
    deadline = time.monotonic() + 10
    while not browser.evaluate(tab, "document.body.dataset.ready === 'true'"):
        assert time.monotonic() < deadline, "the popup never became ready"
        time.sleep(0.05)


def _popup(browser: ExtensionBrowser, tab: Tab) -> dict[str, str]:
    _wait_ready(browser, tab)
    return browser.evaluate(
        tab,
        """({
        heading: document.getElementById('heading').textContent,
        title: document.getElementById('title').textContent,
        detail: document.getElementById('detail').textContent,
        state: document.getElementById('detail').dataset.state,
        minWidth: getComputedStyle(document.body).minWidth,
    })""",
    )


@pytest.mark.browser
@pytest.mark.node
def test_popup_background_and_content_script_run(running: ExtensionBrowser, page_server: FixtureServer) -> None:
    """The popup renders (localised, styled); its request goes to the background, which asks the page's content
    script; the answer — the page's title and word count, read from its DOM — comes back and is shown."""
    browser = running
    page = browser.open_tab(page_server.url("/page.html"))
    probe = browser.open_extension_page("popup/index.html")
    ids = browser.evaluate(
        probe,
        """(async () => {
        const api = globalThis.browser ?? globalThis.chrome;
        return [(await api.tabs.getCurrent()).id, (await api.tabs.query({})).map((tab) => tab.id)];
    })()""",
    )
    _wait_ready(browser, probe)
    # The popup's own tab is an extension page: no content script there, and the popup says so.
    own_state = _popup(browser, probe)
    assert own_state["state"] == "unavailable", own_state
    browser.close_tab(probe)
    others = [tab for tab in ids[1] if tab != ids[0]]
    assert len(others) == 1, ids

    popup = browser.open_extension_page(f"popup/index.html?tabId={others[0]}")
    state = _popup(browser, popup)
    assert state == {
        "heading": "This page",
        "title": "Init fixture",
        "detail": "7 words",
        "state": "ok",
        "minWidth": "280px",
    }  # popup.css applied
    browser.close_tab(popup)
    browser.close_tab(page)
    assert browser.extension_errors() == []


@pytest.mark.browser
@pytest.mark.node
def test_receivers_reject_messages_outside_the_protocol(running: ExtensionBrowser, page_server: FixtureServer) -> None:
    browser = running
    page = browser.open_tab(page_server.url("/page.html"))
    probe = browser.open_extension_page("popup/index.html")
    _wait_ready(browser, probe)
    answers = browser.evaluate(
        probe,
        """(async () => {
        const api = globalThis.browser ?? globalThis.chrome;
        const own = (await api.tabs.getCurrent()).id;
        const page = (await api.tabs.query({})).map((tab) => tab.id).find((id) => id !== own);
        return [
            await api.runtime.sendMessage({ type: 'DESCRIBE_TAB', tabId: 'nope' }),
            await api.tabs.sendMessage(page, { type: 'DESCRIBE_PAGE', extra: 1 }),
            await api.tabs.sendMessage(page, { type: 'DESCRIBE_PAGE' }),
        ];
    })()""",
    )
    bad_request, bad_content, good_content = answers
    assert bad_request == {"type": "ERROR", "error": "invalid message: /tabId: expected an integer"}
    assert bad_content == {"type": "ERROR", "error": "invalid message: /extra: unexpected property"}
    assert good_content == {"type": "PAGE_DESCRIPTION", "title": "Init fixture", "words": 7}
    browser.close_tab(probe)
    browser.close_tab(page)
