"""Extension pages: local scripts and stylesheets are found and rewritten; what a browser would block is an error."""

from __future__ import annotations

from pathlib import Path

from toolchain.plan.pages import rewrite_page, scan_page


def page(tmp_path: Path, html: str, files: tuple[str, ...] = ("index.ts", "style.css", "icon.png")) -> Path:
    for name in files:
        (tmp_path / name).write_text("", encoding="utf-8")
    target = tmp_path / "index.html"
    target.write_text(html, encoding="utf-8")
    return target


def test_references_are_found_with_positions(tmp_path: Path) -> None:
    html = (
        "<html><head>\n"
        '<link rel="stylesheet" href="./style.css">\n<script type="module" src="./index.ts"></script>\n'
        "<link rel=icon href=icon.png></head></html>"
    )
    scan = scan_page(html, page(tmp_path, html), "index.html")
    assert scan.problems == []
    kinds = [(r.kind, r.value, r.line, r.module) for r in scan.references]
    assert kinds == [
        ("style", "./style.css", 2, False),
        ("script", "./index.ts", 3, True),
        ("asset", "icon.png", 4, False),
    ]
    script = scan.references[1]
    assert html[script.start : script.end] == "./index.ts"
    assert script.column == html.splitlines()[2].index("./index.ts") + 1


def test_rewrite_replaces_only_the_attribute_values(tmp_path: Path) -> None:
    html = "<script src='./index.ts'></script><link rel='stylesheet' href=\"style.css\">"
    scan = scan_page(html, page(tmp_path, html), "index.html")
    out = rewrite_page(html, {(r.start, r.end): f"NEW{i}" for i, r in enumerate(scan.references)})
    assert out == "<script src='NEW0'></script><link rel='stylesheet' href=\"NEW1\">"


def test_inline_script_is_an_error_with_its_line(tmp_path: Path) -> None:
    html = "<html>\n<body>\n  <script>alert(1)</script>\n</body></html>"
    scan = scan_page(html, page(tmp_path, html), "popup.html")
    (problem,) = scan.problems
    assert problem.path == "popup.html" and problem.line == 3 and problem.column == 3
    assert "inline <script>" in problem.message


def test_data_blocks_and_empty_inline_scripts_are_fine(tmp_path: Path) -> None:
    html = '<script type="application/json">{"a": 1}</script><script></script>'
    assert scan_page(html, page(tmp_path, html), "p.html").problems == []


def test_remote_script_is_an_error(tmp_path: Path) -> None:
    html = '<script src="https://cdn.example.com/lib.js"></script><link rel="stylesheet" href="https://fonts.example/x.css">'
    scan = scan_page(html, page(tmp_path, html), "p.html")
    (problem,) = scan.problems
    assert "remote script" in problem.message and "cdn.example.com" in problem.message
    assert scan.references == []


def test_missing_file_is_an_error(tmp_path: Path) -> None:
    html = '<script type="module" src="./nope.ts"></script>'
    scan = scan_page(html, page(tmp_path, html), "p.html")
    (problem,) = scan.problems
    assert problem.message == "./nope.ts: file not found" and problem.line == 1


def test_query_and_fragment_are_ignored_for_the_file(tmp_path: Path) -> None:
    html = '<link rel="stylesheet" href="style.css?v=2">'
    (ref,) = scan_page(html, page(tmp_path, html), "p.html").references
    assert ref.target == (tmp_path / "style.css").resolve()


def test_plan_bundles_page_files_outside_src_but_never_from_public(tmp_path: Path) -> None:
    from toolchain.plan import plan_build
    from toolchain.project import load_project

    (tmp_path / "ext/src").mkdir(parents=True)
    (tmp_path / "ext/public").mkdir()
    (tmp_path / "ext/public/x.css").write_text("")
    (tmp_path / "ext/public/i.png").write_text("")
    (tmp_path / "ext/lib.ts").write_text("")
    (tmp_path / "ext/src/p.html").write_text(
        '<link rel="stylesheet" href="../public/x.css">\n<script src="../lib.ts"></script>\n<img src="../public/i.png">'
    )
    (tmp_path / "xtk.toml").write_text(
        'root = "ext"\n[extension]\nname = "x"\nversion = "1"\n'
        '[targets.chrome]\nmin_version = "116"\n[[pages]]\n'
        'page = "src/p.html"\n'
    )
    plan = plan_build(load_project(tmp_path), "chrome", "production")
    messages = sorted((d.line, d.message) for d in plan.problems)
    # a file of the project outside src/ is bundled from the page (under its path from root); public/ never is
    assert messages == [(1, "../public/x.css is inside ext/public/, which is never a source")]
    assert list(plan.pages[0].replacements.values()) == ["./lib.js", "./i.png"]  # assets may come from public/
    assert [entry.out for entry in plan.scripts.values()] == ["lib.js"]
