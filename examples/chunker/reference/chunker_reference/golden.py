"""The chunker's golden case sources (xtk docs/golden.md, "The reference module").

Corpus cases: one `chunkTreeDigest` case per page of ../shared/corpus/pages, its tree given as the reference
`{"$corpus": {"page": NAME}}`, which `resolve_corpus` turns into `html_tree.tree_from_file(page)` for `xtk golden`
and `xtk conform` alike. The vectors thus hold page names and digests, never the pages' text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chunker_reference.chunker import ATTRIBUTES
from chunker_reference.html_tree import tree_from_file

try:  # xtk's case type, when xtk loads this module (it always does: only xtk calls golden_sources()).
    from toolchain.golden.format import GoldenCase
except ImportError:  # pragma: no cover - the reference itself never needs xtk
    GoldenCase = None  # type: ignore[assignment,misc]

#: A tree deeper than this is outside the domain (the browser's HTML parser nests at most 512 elements).
MAX_DEPTH = 512


@dataclass
class CorpusCases:
    cases: dict[str, list[Any]] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    pages: int = 0


def corpus_available(root: Path) -> bool:
    return root.is_dir() and any(root.glob("*.html"))


def _page(spec: Any, root: Path) -> Path:
    if not isinstance(spec, dict) or set(spec) != {"page"}:
        raise ValueError(f'a corpus reference is {{"page": NAME}}, got {spec!r}')
    name = spec["page"]
    if not isinstance(name, str) or "/" in name or "\\" in name or not name.endswith(".html"):
        raise ValueError(f"a corpus page is the name of an .html file in the corpus folder, got {name!r}")
    path = root / name
    if not path.is_file():
        raise ValueError(f"no page {name!r} in the corpus at {root}")
    return path


def resolve_corpus(spec: Any, root: Path) -> Any:
    """The tree of the corpus page a reference names."""
    return tree_from_file(_page(spec, root))


def corpus_cases(root: Path, functions: list[str], pages: Any = None) -> CorpusCases:
    out = CorpusCases()
    names = sorted(pages) if pages is not None else sorted(p.name for p in root.glob("*.html"))
    if "chunkTreeDigest" in functions:
        out.cases["chunkTreeDigest"] = [
            GoldenCase(
                f"chunkTreeDigest/corpus/{Path(name).stem}",
                f"{name}: every chunk of the saved page",
                {"tree": {"$corpus": {"page": name}}},
                source="corpus",
            )
            for name in names
        ]
    out.pages = len(names)
    return out


def _tree_problems(node: Any, pointer: str, depth: int, problems: list[tuple[str, str]]) -> None:
    if isinstance(node, str):
        return
    if depth > MAX_DEPTH:
        problems.append((pointer, f"the tree nests deeper than {MAX_DEPTH} elements"))
        return
    if not isinstance(node, dict) or set(node) != {"tag", "attrs", "hidden", "children"}:
        problems.append((pointer, "an element is {tag, attrs, hidden, children}; a text node is a string"))
        return
    tag = node["tag"]
    if not isinstance(tag, str) or not tag or tag != tag.lower() or any(c in tag for c in " /[]"):
        problems.append((f"{pointer}/tag", "a tag is a non-empty lower-case name"))
    attrs = node["attrs"]
    if not isinstance(attrs, dict) or any(k not in ATTRIBUTES or not isinstance(v, str) for k, v in attrs.items()):
        problems.append((f"{pointer}/attrs", f"attrs maps some of {', '.join(ATTRIBUTES)} to strings"))
    if not isinstance(node["hidden"], bool):
        problems.append((f"{pointer}/hidden", "hidden is a boolean"))
    children = node["children"]
    if not isinstance(children, list):
        problems.append((f"{pointer}/children", "children is a list"))
        return
    for index, child in enumerate(children):
        _tree_problems(child, f"{pointer}/children/{index}", depth + 1, problems)


def _record_problems(arguments: dict[str, Any]) -> list[tuple[str, str]]:
    """persistenceRecord's domain: chunks as the protocol has them (the fields it reads), a model's id and dtype."""
    problems: list[tuple[str, str]] = []
    model = arguments["model"]
    if not isinstance(model, dict) or not all(isinstance(model.get(k), str) for k in ("id", "dtype")):
        problems.append(("/model", "a model is {id, dtype, …} with string id and dtype"))
    chunks = arguments["chunks"]
    if not isinstance(chunks, list):
        return [*problems, ("/chunks", "chunks is a list")]
    for index, chunk in enumerate(chunks):
        pointer = f"/chunks/{index}"
        if (
            not isinstance(chunk, dict)
            or not isinstance(chunk.get("id"), str)
            or not isinstance(chunk.get("rawText"), str)
        ):
            problems.append((pointer, "a chunk has a string id and rawText"))
        elif not isinstance(chunk.get("headingPath"), list) or not all(
            isinstance(t, str) for t in chunk["headingPath"]
        ):
            problems.append((f"{pointer}/headingPath", "headingPath is a list of strings"))
    return problems


def case_problems(function: str, arguments: dict[str, Any]) -> list[tuple[str, str]]:
    """The domain: a tree of elements and strings, rooted at an element (persistenceRecord: chunks and a model)."""
    if function == "persistenceRecord":
        return _record_problems(arguments)
    problems: list[tuple[str, str]] = []
    tree = arguments["tree"]
    if isinstance(tree, str):
        return [("/tree", "the root is an element, not a text node")]
    _tree_problems(tree, "/tree", 1, problems)
    return problems


def describe(function: str) -> str:
    if function == "persistenceRecord":
        return (
            "Golden vectors of persistenceRecord(chunks, model): the JSON whose UTF-8 SHA-256 keys a page's saved "
            "Orama database (src/shared/persistence.ts). Generated by `xtk golden generate --project examples/chunker` "
            "from golden/inputs/persistenceRecord.json; `expected` is reference/chunker_reference's result. "
            "Do not edit by hand."
        )
    what = (
        "the chunks of a simplified DOM tree"
        if function == "chunkTree"
        else "chunkTree with page text replaced by digests (the corpus pages stay out of the repository)"
    )
    return (
        f"Golden vectors of {function}(tree): {what}. Generated by `xtk golden generate --project examples/chunker` "
        f"from golden/inputs/{function}.json (adversarial) and ../shared/corpus/pages (corpus, as references); "
        "`expected` is reference/chunker_reference's result. Do not edit by hand (specs/chunker.md)."
    )
