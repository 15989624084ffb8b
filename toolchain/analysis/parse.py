"""Tree-sitter parsing of the project's TypeScript and JavaScript sources, with lazy, cached parsers.

One grammar per suffix: `.ts`/`.mts`/`.cts` use tree-sitter-typescript's TypeScript grammar, `.tsx` its TSX grammar,
and plain JavaScript (`.js`, `.mjs`, `.cjs`, `.jsx`) tree-sitter-javascript's grammar. TypeScript is not a superset
of sloppy-mode JavaScript: words it reserves are identifiers there (`var interface = readline.createInterface(…)`
in npm's qrcode-terminal, `await` outside modules, `abstract()`/`accessor` methods), and the TSX grammar rejects
them. A JavaScript file the JavaScript grammar cannot read but the TSX grammar can (JSX's `class=` attribute and
`import … assert {}` trip tree-sitter-javascript 0.25) keeps the TSX tree: a file is reported broken only when
neither reads it. Both grammars take `using` at the start of a statement for an explicit-resource-management
declaration, though sloppy-mode JavaScript may name a variable so (`using = function (props) {…}`, jQuery UI
1.12.1): a JavaScript file they stop at such a `using` is parsed again with it (and every identifier of that name)
renamed to a name of the same length (CONTEXTUAL_KEYWORDS), kept when that parse has no error. `tree_sitter` is
imported on first use only, so commands that never read sources do not pay for it.

A syntax error is located at the innermost problem the parser marked (an ERROR node inside an ERROR, a token it had
to insert), with a reason: "expected `)`", "unexpected `interface`", "unexpected end of file".

A parse is cached by path, size and modification time: the extractor and the rules can ask for the same file many
times and it is parsed once.

A file larger than the size limit (`max_file_bytes`, 2 MiB unless `xtk lint --max-file-size` says otherwise) is not
parsed: `parse_file` raises `FileTooLarge`, an OSError, so callers treat it as a file they cannot read. Parsing is
what costs on a big bundle (10 MB of minified JavaScript: ~20 s and ~1.3 GB of syntax tree and facts); the lint
reports such a file (XL004) and treats what depends on it as unknown.

Every parse has a budget in proportion to its file (budget.py: steps of the parser, CPU time, and the run's
deadline), shared by the JavaScript grammar and the TSX grammar it falls back to; a parse that spends it is
cancelled and `parse_file` raises `AnalysisStopped`, an OSError too, after recording the file in `budget.stopped`.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from toolchain.analysis import budget
from toolchain.analysis.budget import AnalysisStopped, ParseBudget
from toolchain.analysis.facts import Location
from toolchain.analysis.nodes import Parents, node_source

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node, Parser, Tree

Grammar = Literal["typescript", "tsx", "javascript"]
SourceLanguage = Literal["typescript", "tsx", "javascript"]

#: suffix → (grammar used, language reported in FileFacts)
SUFFIXES: dict[str, tuple[Grammar, SourceLanguage]] = {
    ".ts": ("typescript", "typescript"),
    ".mts": ("typescript", "typescript"),
    ".cts": ("typescript", "typescript"),
    ".tsx": ("tsx", "tsx"),
    ".js": ("javascript", "javascript"),
    ".mjs": ("javascript", "javascript"),
    ".cjs": ("javascript", "javascript"),
    ".jsx": ("javascript", "javascript"),
}

#: the suffixes an import specifier without one may stand for, in the order they are tried
RESOLVE_SUFFIXES = (".ts", ".tsx", ".mts", ".js", ".mjs", ".jsx")


def is_source(path: Path) -> bool:
    return path.suffix.lower() in SUFFIXES


def language_of(path: Path) -> tuple[Grammar, SourceLanguage]:
    """The grammar to parse `path` with and the language it is reported as (TypeScript for unknown suffixes)."""
    return SUFFIXES.get(path.suffix.lower(), ("typescript", "typescript"))


@functools.cache
def _language(grammar: Grammar) -> Any:
    from tree_sitter import Language

    if grammar == "javascript":
        import tree_sitter_javascript

        return Language(tree_sitter_javascript.language())
    import tree_sitter_typescript

    raw = tree_sitter_typescript.language_tsx() if grammar == "tsx" else tree_sitter_typescript.language_typescript()
    return Language(raw)


@functools.cache
def parser(grammar: Grammar) -> Parser:
    """The (one, reused) parser for a grammar."""
    from tree_sitter import Parser

    return Parser(_language(grammar))


@dataclass
class ParsedFile:
    """A parsed source file: its bytes, the syntax tree and where the parser found errors."""

    path: Path
    language: SourceLanguage
    source: bytes
    tree: Tree
    errors: list[Location] = field(default_factory=list)
    #: what is wrong at each of `errors` ("expected `)`", "unexpected `interface`")
    error_reasons: list[str] = field(default_factory=list)
    #: the file's bytes as read, hashed (parse_file; "" for sources parsed from memory): walk_cache.py keys on it
    content_digest: str = ""

    def __post_init__(self) -> None:
        self._ascii = self.source.isascii()
        self._wide: tuple[list[int], list[int]] | None = None
        self._parents: Parents | None = None

    def parent(self, node: Node) -> Node | None:
        """`node.parent`, in time linear in the depth however often the walk climbs (nodes.Parents)."""
        if self._parents is None:
            self._parents = Parents(self.tree.root_node)
        return self._parents.of(node)

    def location(self, node: Node) -> Location:
        """1-based line and column of a node's start; columns count UTF-16 code units, as tsc and editors do."""
        row, col = node.start_point
        if col and not self._ascii:
            col = self._utf16_column(node.start_byte, col)
        return Location(self.path, row + 1, col + 1)

    def _utf16_column(self, start: int, byte_column: int) -> int:
        """The UTF-16 column of byte `start`, `byte_column` bytes into its line. Decoding the line's prefix at every
        location was quadratic on a long line (a minified bundle with one non-ASCII character: minutes at 2 MB);
        instead the positions of UTF-8 continuation bytes (no code unit of their own) and of 4-byte leads (two
        code units) are found once, and counted here by bisection."""
        if self._wide is None:
            continuation = [m.start() for m in re.finditer(rb"[\x80-\xbf]", self.source)]
            four_byte = [m.start() for m in re.finditer(rb"[\xf0-\xf7]", self.source)]
            self._wide = continuation, four_byte
        continuation, four_byte = self._wide
        line_start = start - byte_column
        fewer = bisect.bisect_left(continuation, start) - bisect.bisect_left(continuation, line_start)
        more = bisect.bisect_left(four_byte, start) - bisect.bisect_left(four_byte, line_start)
        return byte_column - fewer + more

    def text(self, node: Node) -> str:
        return self.source[node.start_byte : node.end_byte].decode("utf-8", errors="replace")

    def nodes(self, node_type: str) -> list[Node]:
        """Every node of `node_type` (one of INDEXED_TYPES) in source order. The passes over a file's tree besides
        the walk (call strings, tab reads, the mentions of a name) share one traversal, kept with the parse: each
        used to walk the whole tree itself, and a bundle's tree has hundreds of thousands of nodes."""
        if node_type not in INDEXED_TYPES:
            raise ValueError(f"{node_type} is not an indexed node type")
        index: dict[str, list[Node]] | None = self.__dict__.get("_index")
        if index is None:
            index = self.__dict__["_index"] = _index(self.tree)
        return index[node_type]

    def mentions(self, name: str) -> tuple[int, int]:
        """How often the file uses `name` as an identifier, and as a property (`page.name`, `{ name }`)."""
        counts: dict[bytes, list[int]] | None = self.__dict__.get("_mentions")
        if counts is None:
            counts = {}
            for kind, slot in (("identifier", 0), ("property_identifier", 1), ("shorthand_property_identifier", 1)):
                for node in self.nodes(kind):
                    counts.setdefault(node_source(node), [0, 0])[slot] += 1
            self.__dict__["_mentions"] = counts
        identifiers, properties = counts.get(name.encode(), (0, 0))
        return identifiers, properties


#: the node types `ParsedFile.nodes` indexes
INDEXED_TYPES = frozenset(
    {"call_expression", "new_expression", "identifier", "property_identifier", "shorthand_property_identifier"}
)


def _index(tree: Tree) -> dict[str, list[Node]]:
    """One pre-order walk of the tree with a cursor (no recursion: minified code nests deeper than Python's stack)."""
    index: dict[str, list[Node]] = {kind: [] for kind in INDEXED_TYPES}
    cursor = tree.walk()
    while True:
        node = cursor.node
        if node is not None:
            bucket = index.get(node.type)
            if bucket is not None:
                bucket.append(node)
        if cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return index


#: bytes handed to the parser per read (see _parse_within)
READ_CHUNK = 512


def _parse_within(grammar: Grammar, source: bytes, spend: ParseBudget) -> Tree | None:
    """The tree, or None when the parse ran out of the budget (cancelled: the parser is reset for the next file,
    which would otherwise resume this one)."""
    chosen = parser(grammar)
    if spend is PARSED_BEFORE:  # these very bytes were parsed within their budget before (walk_cache.py)
        return chosen.parse(source)
    try:  # the budget needs a progress callback, which py-tree-sitter takes only with a read callback
        budgeted = chosen.parse(
            lambda offset, _point: source[offset : offset + READ_CHUNK], progress_callback=spend.progress
        )
    except ValueError:  # py-tree-sitter's "Parsing failed": the progress callback cancelled it
        chosen.reset()
        if not spend.reason:
            raise
        return None
    # The same tree again, read from the bytes and reusing every node of the first (milliseconds for megabytes): a
    # tree parsed from a callback calls back into Python for each `Node.text`, and where the walk meets the
    # recursion limit inside that callback the parser's C code crashed (`f(f(f(…)))` 10,000 deep: a segmentation
    # fault instead of the RecursionError the walk handles). Its nodes' text is now sliced in C.
    return chosen.parse(source, old_tree=budgeted)


def parse_source(
    source: bytes, path: Path, language: SourceLanguage | None = None, spend: ParseBudget | None = None
) -> ParsedFile:
    """Parse bytes as the file `path` (its suffix picks the grammar unless `language` is given), within `spend`
    (default: the budget of a file of this size, budget.py). Raises AnalysisStopped when the budget runs out."""
    grammar, reported = language_of(path)
    if language is not None:
        grammars: dict[SourceLanguage, Grammar] = {"typescript": "typescript", "tsx": "tsx", "javascript": "javascript"}
        grammar, reported = grammars[language], language
    spend = spend or ParseBudget(len(source))
    tree = _parse_within(grammar, source, spend)
    if tree is None:
        raise AnalysisStopped(path, spend.reason)
    if tree.root_node.has_error and grammar == "javascript":
        masked = _mask_contextual_keywords(tree, source)
        if masked is not None:
            masked_tree = _parse_within("javascript", masked, spend)
            if masked_tree is None and spend.reason.startswith("the run's deadline"):
                raise AnalysisStopped(path, spend.reason)
            if masked_tree is not None and not masked_tree.root_node.has_error:
                tree, source = masked_tree, masked
    if tree.root_node.has_error and grammar == "javascript":
        tsx_tree = _parse_within("tsx", source, spend)
        if tsx_tree is None and spend.reason.startswith("the run's deadline"):
            raise AnalysisStopped(path, spend.reason)
        # a TSX parse cut short by the budget (garbage, not JSX) leaves the JavaScript tree and its errors
        if tsx_tree is not None and not tsx_tree.root_node.has_error:  # a construct tree-sitter-javascript misses
            tree = tsx_tree
    parsed = ParsedFile(path, reported, source, tree)
    if tree.root_node.has_error:
        problems = _error_problems(parsed)
        parsed.errors = [location for location, _ in problems]
        parsed.error_reasons = [reason for _, reason in problems]
    return parsed


#: words both grammars take for the start of a declaration when a statement begins with them, though sloppy-mode
#: JavaScript allows them as names: `using = function (props) {…}` (jQuery UI 1.12.1's position.js) is an assignment
#: to a variable `using`, not an explicit-resource-management `using x = …` declaration (tree-sitter-javascript 0.25
#: and the TSX grammar both stop at it)
CONTEXTUAL_KEYWORDS = {b"using": b"usin_"}


def _mask_contextual_keywords(tree: Tree, source: bytes) -> bytes | None:
    """`source` with each contextual keyword that the parser could not place (a token of an ERROR node), and every
    identifier of that name, renamed to a name of the same length, so the file parses as the names they are and
    every location stays where it was; None when there is nothing to rename. A `using` declaration the parser did
    read keeps its keyword. Only a tree that then parses without error is kept (parse_source)."""
    stuck: set[bytes] = set()
    names: dict[bytes, list[tuple[int, int]]] = {}
    cursor = tree.walk()
    while True:
        node = cursor.node
        if node is not None and node.child_count == 0:
            text = node.text or b""
            if text in CONTEXTUAL_KEYWORDS:
                parent = node.parent
                if parent is not None and parent.is_error:
                    stuck.add(text)
                    names.setdefault(text, []).append((node.start_byte, node.end_byte))
                elif node.type in ("identifier", "shorthand_property_identifier"):
                    names.setdefault(text, []).append((node.start_byte, node.end_byte))
        if cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                if not stuck:
                    return None
                masked = bytearray(source)
                for word in stuck:
                    for start, end in names[word]:
                        masked[start:end] = CONTEXTUAL_KEYWORDS[word]
                return bytes(masked)


_CACHE: dict[Path, tuple[tuple[int, int], ParsedFile]] = {}

#: the default size limit of a parsed file (see the module's docstring)
DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024
max_file_bytes = DEFAULT_MAX_FILE_BYTES


class FileTooLarge(OSError):
    """A source file over the size limit: not parsed."""

    def __init__(self, path: Path, size: int, limit: int) -> None:
        super().__init__(f"{path}: {size:,} bytes, over the limit of {limit:,} bytes for a parsed file")
        self.path, self.size, self.limit = path, size, limit


@contextmanager
def size_limit(limit: int) -> Iterator[None]:
    """Parse with this size limit inside the block (a lint run's `--max-file-size`); the previous one after it."""
    global max_file_bytes
    previous, max_file_bytes = max_file_bytes, limit
    try:
        yield
    finally:
        max_file_bytes = previous


def too_large(path: Path) -> int | None:
    """The file's size when it is over the limit (it will not be parsed), else None (also when it cannot be read)."""
    try:
        size = path.stat().st_size
    except OSError:
        return None
    return size if size > max_file_bytes else None


def content_digest(source: bytes) -> str:
    return hashlib.blake2b(source, digest_size=16).hexdigest()


#: the budget of bytes parsed within their budget before: none needed (the same bytes parse the same way)
PARSED_BEFORE = ParseBudget(0)


def parse_file(path: Path, parsed_before: str = "") -> ParsedFile:
    """Parse a file (cached by path, size and mtime). Raises OSError when it cannot be read, FileTooLarge (an
    OSError) when it is over the size limit, AnalysisStopped (an OSError) when its budget or the run's deadline
    stops its parse (the file is then in `budget.stopped`)."""
    path = path.resolve()
    stat = path.stat()
    if stat.st_size > max_file_bytes:
        raise FileTooLarge(path, stat.st_size, max_file_bytes)
    key = (stat.st_size, stat.st_mtime_ns)
    cached = _CACHE.get(path)
    if cached is not None and cached[0] == key:
        return cached[1]
    over = _OVER_BUDGET.get(path)
    if over is not None and over[0] == key:  # asked again (a rule, a second resolver): not parsed again
        budget.stopped[path] = over[1]
        raise AnalysisStopped(path, over[1])
    try:
        if budget.past_deadline():
            raise AnalysisStopped(path, budget.deadline_reason())
        source = path.read_bytes()
        digest = content_digest(source)
        parsed = parse_source(source, path, None, PARSED_BEFORE if digest == parsed_before else None)
        parsed.content_digest = digest
    except AnalysisStopped as stopped:
        budget.stopped[path] = stopped.reason
        if not budget.past_deadline():  # the file's own budget: the same answer next time
            _OVER_BUDGET[path] = (key, stopped.reason)
        raise
    _CACHE[path] = (key, parsed)
    return parsed


#: files whose parse ran out of its own budget (not the run's deadline), by path → (size, mtime), why
_OVER_BUDGET: dict[Path, tuple[tuple[int, int], str]] = {}


def clear_cache() -> None:
    _CACHE.clear()
    _OVER_BUDGET.clear()


def keep_unchanged() -> None:
    """Keep the cached parses whose file still holds the same bytes (re-keyed by its size and time now), drop the
    rest. For a process that lints more than once (`xtk lint --server`): a file edited since is parsed again even
    when its size and modification time came out the same (a coarse clock, a restored time)."""
    _OVER_BUDGET.clear()
    for path, (_, parsed) in list(_CACHE.items()):
        try:
            stat = path.stat()
            unchanged = bool(parsed.content_digest) and content_digest(path.read_bytes()) == parsed.content_digest
        except OSError:
            unchanged = False
        if unchanged:
            _CACHE[path] = ((stat.st_size, stat.st_mtime_ns), parsed)
        else:
            del _CACHE[path]


def _error_problems(parsed: ParsedFile) -> list[tuple[Location, str]]:
    """Where the tree has ERROR nodes or nodes the parser inserted (MISSING), in source order, each with a reason.
    An ERROR holding another problem is described by the innermost one (an outer ERROR often starts at 1:1)."""
    found: list[tuple[Location, str]] = []
    stack = [parsed.tree.root_node]
    while stack:
        node = stack.pop()
        if node.is_missing:
            found.append((parsed.location(node), f"expected `{node.type}`"))
            continue
        if node.is_error:
            found.append(_innermost_problem(parsed, node))
            continue
        stack.extend(child for child in reversed(node.children) if child.has_error or child.is_missing)
    return found


def _first_error_inside(node: Node) -> Node | None:
    """The first ERROR node below `node` (a token the parser inserted there is a guess of its recovery: not used).
    Without recursion: noise nests ERROR nodes deeper than Python's stack."""
    stack = list(reversed(node.children))
    while stack:
        child = stack.pop()
        if child.is_error:
            return child
        if child.has_error:
            stack.extend(reversed(child.children))
    return None


def _innermost_problem(parsed: ParsedFile, error: Node) -> tuple[Location, str]:
    while (inner := _first_error_inside(error)) is not None:
        error = inner
    skipped_only = all(not c.is_named for c in error.children)  # tokens the parser could not place at all
    if not skipped_only and not parsed.source[error.end_byte :].strip():
        return parsed.location(error.children[-1]), "unexpected end of file"
    first = error.children[0] if error.children else error
    text = parsed.text(first).strip().splitlines()[0] if parsed.text(first).strip() else ""
    return parsed.location(first), f"unexpected `{text[:40]}`" if text else "unexpected token"
