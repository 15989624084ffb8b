"""The chunker's Python reference on small pages: the decisions of seed 002 §3 and §7 (examples/chunker/specs/
chunker.md), each asserted on its outcome. The golden vectors then hold the TypeScript runtime to the same."""

from __future__ import annotations

from typing import Any

from chunker_reference.chunker import chunk_tree, digest
from chunker_reference.html_tree import tree_from_html

from tests.examples.chunker_support import EXAMPLE  # noqa: F401 - puts the reference on sys.path


def chunks_of(html: str) -> dict[str, Any]:
    return chunk_tree(tree_from_html(html))


def summary(result: dict[str, Any]) -> list[tuple[str, str, str, str | None, str]]:
    return [(c["id"], c["text"], c["contentType"], c["parentChunkId"], c["xpath"]) for c in result["chunks"]]


CAREERS = """<!doctype html><html><head><title>Careers</title><style>p{}</style></head><body>
<header><h1>Acme</h1><nav><a href="/">Home</a></nav></header>
<main>
  <h1>Careers at Acme</h1>
  <p>We build tools. <a href="/more">Learn more</a></p>
  <section><h2>Benefits</h2><p>Health cover.</p>
    <ul><li>Pension</li><li>Gym</li></ul>
    <h3>Leave</h3><p>25 days.</p>
  </section>
  <aside><h2>Related</h2><p>Other jobs</p></aside>
  <h2>Culture</h2><p>Open doors.</p>
</main>
<footer><h2>Contact</h2></footer>
</body></html>"""


def test_headings_group_content_lists_split_and_chrome_is_left_out() -> None:
    result = chunks_of(CAREERS)
    assert (result["layer"], result["main"]) == ("headings", {"xpath": "/html/body/main", "by": "main"})
    assert summary(result) == [
        ("heading-0", "[H1: Careers at Acme] We build tools.", "mixed", None, "/html/body/main/h1"),
        (
            "heading-1",
            "[H1: Careers at Acme] [H2: Benefits] Health cover.",
            "mixed",
            "heading-0",
            "/html/body/main/section/h2",
        ),
        (
            "heading-1-item-0",
            "[H1: Careers at Acme] [H2: Benefits] Pension",
            "list",
            "heading-1",
            "/html/body/main/section/ul/li[1]",
        ),
        (
            "heading-1-item-1",
            "[H1: Careers at Acme] [H2: Benefits] Gym",
            "list",
            "heading-1",
            "/html/body/main/section/ul/li[2]",
        ),
        (
            "heading-2",
            "[H1: Careers at Acme] [H2: Benefits] [H3: Leave] 25 days.",
            "mixed",
            "heading-1",
            "/html/body/main/section/h3",
        ),
        ("heading-3", "[H1: Careers at Acme] [H2: Culture] Open doors.", "mixed", "heading-0", "/html/body/main/h2"),
    ]


def test_the_html5_tree_nests_as_a_browser_does() -> None:
    """Implied tbody, a <p> closed by a <table> (standards mode), template content outside the tree: the XPaths
    address the elements the live DOM has."""
    result = chunks_of(
        "<!doctype html><body><main><p>Intro<table><tr><td><h2>In a cell</h2>text</table>"
        "<template><h2>never</h2></template></main>"
    )
    assert summary(result) == [
        ("preamble", "Intro", "mixed", None, "/html/body/main"),
        ("heading-0", "[H2: In a cell] text", "mixed", None, "/html/body/main/table/tbody/tr/td/h2"),
    ]


def test_responsive_duplicates_hidden_ones_skipped_visible_twins_merged() -> None:
    """Seed §7.2: a variant hidden by markup is no content; two visible variants of the same text keep the first."""
    html = """<main><div class="mob"><h2>Perks</h2><p>Lunch</p></div>
      <div style="display: none"><h2>Perks</h2><p>Hidden variant</p></div>
      <div class="desk"><h2>Perks</h2><p>Lunch</p></div><p hidden>gone</p></main>"""
    result = chunks_of(html)
    assert [c["text"] for c in result["chunks"]] == ["[H2: Perks] Lunch"]
    assert result["duplicates"] == 1


def test_fallback_layers_in_order() -> None:
    assert chunks_of("<main><section><p>a</p></section><div role=region>b</div></main>")["layer"] == "regions"
    assert chunks_of("<main><div><p>a</p><p>b</p></div></main>")["layer"] == "blocks"
    assert chunks_of("<main><div>a <span>b</span></div></main>")["layer"] == "text"
    assert chunks_of("<main> </main>")["layer"] == "none"


def test_without_main_the_text_dense_container_wins_over_link_lists() -> None:
    words = "Benefits include a pension plan and paid leave. " * 6
    links = "".join(f'<a href="/{i}">A link with quite a long text number {i}</a>' for i in range(10))
    html = f"<body><div id=links>{links}</div><div><div><h2>Article</h2><p>{words}</p></div><div>x</div></div></body>"
    result = chunks_of(html)
    assert result["main"] == {"xpath": "/html/body/div[2]/div[1]", "by": "heuristic"}
    assert [c["headingPath"] for c in result["chunks"]] == [["Article"]]


def test_digest_is_fnv1a_over_utf16_code_units() -> None:
    assert digest("") == "0:811c9dc5"
    assert digest("a") == "1:e40c292c"  # FNV-1a 32 of the single unit 0x61
    assert digest("\U0001f600").startswith("2:")
