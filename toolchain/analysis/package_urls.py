"""URLs of the extension's own files built at run time: `dir + 'codec.js'` where `dir` is the folder of
`document.currentScript.src`, `new URL('worker.js', import.meta.url)`, `runtime.getURL('') + 'lib/x.js'`.

A script loaded from such a URL is a file of the package, reviewed with it, not remote code (XS001). The value is
followed symbolically: string constants (literals, `const`s and never-reassigned `let`s, concatenation, template
strings) after one of the package's bases —

- `runtime.getURL(…)` (any name of the API): the package's root, then its argument;
- `document.currentScript.src`, `import.meta.url`: the URL of the running script itself; its folder is taken by
  `.replace(/[^/]*$/, '')` (any regex ending at `$` that removes the last segment), `.substring(0, s.lastIndexOf('/')
  + 1)` (`slice`, `substr` too), `.split('/').slice(0, -1).join('/')`, `new URL('.', s)`; `new URL('x.js', s)` is
  the file beside it; `.href`/`.toString()` keep the value.

The outcome (`PackagedUrl`): the path it names — from the package root ("root") or from the folder of the file
that holds the code ("beside") — when every part is a constant; else the part that could not be settled, which
is the evidence of a warning (XS008) rather than an error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from toolchain.analysis import guards as G
from toolchain.analysis.nodes import node_source, node_text
from toolchain.analysis.syntax import FUNCTION_NODES, call_arguments, member_chain, short_text, unwrap

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

    from toolchain.analysis.walk_state import WalkerBase


@dataclass(frozen=True)
class PackagedUrl:
    #: "root": `path` is from the package root; "beside": from the folder of the file holding the code
    base: str
    #: the package path when settled, else None
    path: str | None
    #: what could not be followed (for the warning), "" when settled
    unsettled: str = ""


class _Base:
    """A part of the URL that is a package base: the root, the running script, or its folder."""

    def __init__(self, kind: str) -> None:
        self.kind = kind  # "root" | "script" | "folder"


class _Unknown:
    def __init__(self, text: str) -> None:
        self.text = text


Part = str | _Base | _Unknown
#: how deep a value is followed through bindings and operators
MAX_DEPTH = 12
_FOLDER_REGEX = re.compile(r"\[\^\\?/\]|\[\^/\]")


def packaged_url(walker: WalkerBase, node: Node) -> PackagedUrl | None:
    """What package file the URL expression `node` names, when it starts from a package base; None when it does not
    (a literal, a remote address, a value from elsewhere: judged as before)."""
    parts = _parts(walker, node, 0)
    if not parts or not isinstance(parts[0], _Base):
        return None
    base = parts[0]
    unknown = [p for p in parts[1:] if not isinstance(p, str)]
    where = "root" if base.kind == "root" else "beside"
    if unknown:
        first = unknown[0]
        what = first.text if isinstance(first, _Unknown) else "a second base"
        return PackagedUrl(where, None, f"`{what}` could not be followed")
    rest = "".join(p for p in parts[1:] if isinstance(p, str))
    rest = rest.split("?", 1)[0].split("#", 1)[0]
    if base.kind == "script":
        if rest:  # text glued to the script's own URL: not a path
            return PackagedUrl(where, None, f"`{short_text(unwrap(node))}` appends to the script's own URL")
        return PackagedUrl(where, ".", "")  # the running script itself
    return PackagedUrl(where, _normal(rest.lstrip("/")), "")


def _normal(path: str) -> str:
    out: list[str] = []
    for segment in path.split("/"):
        if segment in ("", "."):
            continue
        if segment == ".." and out and out[-1] != "..":
            out.pop()
            continue
        out.append(segment)
    return "/".join(out)


def _parts(walker: WalkerBase, node: Node, depth: int, local: dict[str, Node] | None = None) -> list[Part]:
    """The parts of a URL expression. `local`: the constants of the immediately invoked function being followed
    (its scope is not the walker's)."""
    node = unwrap(node)
    if depth > MAX_DEPTH:
        return [_Unknown(short_text(node))]
    kind = node.type
    constant = walker.string_of(node)
    if constant is not None:
        return [constant]
    if kind == "binary_expression":
        operator = node.child_by_field_name("operator")
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if operator is not None and operator.type == "+" and left is not None and right is not None:
            return _parts(walker, left, depth + 1, local) + _parts(walker, right, depth + 1, local)
        if operator is not None and operator.type in ("||", "??") and left is not None:
            return _parts(walker, left, depth + 1, local)  # `document.currentScript.src || fallback`
    if kind == "ternary_expression":  # `match !== null ? url.slice(0, match.index) : ''`
        chosen = _either(walker, node, depth, local)
        if chosen is not None:
            return chosen
    if kind == "template_string":
        found: list[Part] = []
        for child in node.named_children:
            if child.type == "string_fragment":
                found.append(node_text(child))
            elif child.type == "template_substitution":
                value = next((c for c in child.named_children if c.type != "comment"), None)
                found += _parts(walker, value, depth + 1, local) if value is not None else [_Unknown("${}")]
            elif child.type == "escape_sequence":
                found.append(G.string_value(child) or node_text(child))
        return found
    if kind == "identifier":
        if local is not None and node_text(node) in local:
            return _parts(walker, local[node_text(node)], depth + 1, local)
        binding = walker.lookup(node_text(node))
        if (
            binding is not None
            and binding.kind == "value"
            and binding.init is not None
            and binding.init.id != node.id
            and (binding.const or node_text(node) not in walker.reassigned_names())
        ):
            return _parts(walker, binding.init, depth + 1)
        return [_Unknown(node_text(node))]
    if kind in ("member_expression", "subscript_expression"):
        text = node.text or b""
        if text.replace(b"?.", b".") in (b"document.currentScript.src", b"import.meta.url"):
            return [_Base("script")]
        obj = node.child_by_field_name("object")
        prop = node.child_by_field_name("property")
        if obj is not None and prop is not None and prop.text == b"href":
            inner = _parts(walker, obj, depth + 1, local)
            if inner and isinstance(inner[0], _Base):
                return inner
    if kind in ("call_expression", "new_expression"):
        folded = _call(walker, node, depth, local)
        if folded is not None:
            return folded
    return [_Unknown(short_text(node))]


def _call(walker: WalkerBase, node: Node, depth: int, local: dict[str, Node] | None) -> list[Part] | None:
    args = call_arguments(node)
    if node.type == "new_expression":
        constructor = node.child_by_field_name("constructor")
        if constructor is None or constructor.text != b"URL" or len(args) != 2 or walker.lookup("URL") is not None:
            return None
        base = _parts(walker, args[1], depth + 1)
        relative = walker.string_of(args[0])
        if base and isinstance(base[0], _Base) and relative is not None and len(base) == 1:
            start = _Base("root") if relative.startswith("/") else _Base("folder")
            if base[0].kind == "root":
                start = _Base("root")
            return [start, relative]
        return None
    callee = node.child_by_field_name("function")
    if callee is None:
        return None
    callee = unwrap(callee)
    if callee.type in FUNCTION_NODES and not args:  # `(function () { …; return folder; })()`
        return _returned(walker, callee, depth)
    if callee.type != "member_expression":
        return None
    root, props, _ = member_chain(callee)
    if root.type == "identifier" and props:
        resolved = walker.resolve_root(node_text(root), props[:-1]) if len(props) > 1 else None
        api = resolved[0].path + tuple(resolved[1]) if resolved is not None else ()
        if (*api, props[-1]) in (("runtime", "getURL"), ("extension", "getURL")) and len(args) == 1:
            return [_Base("root"), *_parts(walker, args[0], depth + 1, local)]
    method = props[-1] if props else ""
    obj = callee.child_by_field_name("object")
    if obj is None:
        return None
    if method == "join":  # `s.split('/').slice(0, -1).join('/')`: the folder, without its last slash
        split = _split_without_last(obj)
        if split is None or not args or walker.string_of(args[0]) != "/":
            return None
        inner = _parts(walker, split, depth + 1, local)
        return (
            [_Base("folder")] if len(inner) == 1 and isinstance(inner[0], _Base) and inner[0].kind == "script" else None
        )
    inner = _parts(walker, obj, depth + 1, local)
    if not inner or not isinstance(inner[0], _Base):
        return None
    if method == "toString" and not args:
        return inner
    if len(inner) != 1 or inner[0].kind != "script":
        return None
    if method == "replace" and len(args) == 2:
        pattern = unwrap(args[0])
        replacement = walker.string_of(args[1])
        if pattern.type == "regex" and replacement is not None:
            source = node_text(pattern)
            if source.rstrip("gimsuy").endswith("$/") and _FOLDER_REGEX.search(source):
                return [_Base("folder"), replacement]
        return None
    if method in ("substring", "slice", "substr") and len(args) == 2 and b"lastIndexOf" in (args[1].text or b""):
        return [_Base("folder")]
    if method in ("substring", "slice") and len(args) == 2 and _last_segment_index(walker, args[1], local):
        return [_Base("folder")]  # `url.slice(0, match.index)` with `match = /[^\/]+$/.exec(url)`
    return None


def _either(walker: WalkerBase, node: Node, depth: int, local: dict[str, Node] | None) -> list[Part] | None:
    """`c ? a : b` where one branch is a package base and the other the same base or a relative constant (`''`:
    resolved against the extension page, inside the package too): the base's branch."""
    branches = [node.child_by_field_name("consequence"), node.child_by_field_name("alternative")]
    if any(branch is None for branch in branches):
        return None
    parts = [_parts(walker, branch, depth + 1, local) for branch in branches if branch is not None]
    based = [p for p in parts if p and isinstance(p[0], _Base)]
    relative = [p for p in parts if len(p) == 1 and isinstance(p[0], str) and ":" not in p[0] and p[0][:2] != "//"]
    kinds = {p[0].kind for p in based if len(p) == 1 and isinstance(p[0], _Base)}
    if len(based) == 2 and len(kinds) == 1 and all(len(p) == 1 for p in based):
        return based[0]
    if len(based) == 1 and len(relative) == 1:
        return based[0]
    return None


def _returned(walker: WalkerBase, function: Node, depth: int) -> list[Part] | None:
    """What an immediately invoked function without arguments returns: its one `return`, with its body's
    constants (declared once, never assigned again) followed."""
    body = function.child_by_field_name("body")
    if body is None or body.type != "statement_block":
        return _parts(walker, body, depth + 1) if body is not None else None
    local: dict[str, Node] = {}
    returns: list[Node] = []
    stack = list(body.named_children)
    while stack:
        current = stack.pop()
        if current.type in FUNCTION_NODES:
            continue
        if current.type == "return_statement":
            returns += [c for c in current.named_children if c.type != "comment"]
        elif current.type == "variable_declarator":
            name, value = current.child_by_field_name("name"), current.child_by_field_name("value")
            if name is not None and value is not None and name.type == "identifier":
                local[node_text(name)] = value
        elif current.type in ("assignment_expression", "augmented_assignment_expression", "update_expression"):
            return None  # a value that changes: not followed
        stack.extend(current.named_children)
    if len(returns) != 1:
        return None
    return _parts(walker, returns[0], depth + 1, local)


def _last_segment_index(walker: WalkerBase, node: Node, local: dict[str, Node] | None) -> bool:
    """`match.index` where `match = /[^/]+$/.exec(…)`: where the last path segment starts."""
    node = unwrap(node)
    if node.type != "member_expression" or (node.child_by_field_name("property") or node).text != b"index":
        return False
    holder = unwrap(node.child_by_field_name("object") or node)
    if holder.type == "identifier":
        name = node_text(holder)
        if local is not None and name in local:
            holder = unwrap(local[name])
        else:
            binding = walker.lookup(name)
            if binding is None or binding.init is None:
                return False
            holder = unwrap(binding.init)
    callee = holder.child_by_field_name("function") if holder.type == "call_expression" else None
    if callee is None or callee.type != "member_expression":
        return False
    pattern = unwrap(callee.child_by_field_name("object") or callee)
    method = callee.child_by_field_name("property")
    if pattern.type != "regex" or method is None or method.text != b"exec":
        return False
    source = node_text(pattern)
    return source.rstrip("gimsuy").endswith("$/") and _FOLDER_REGEX.search(source) is not None


def _split_without_last(node: Node) -> Node | None:
    """`X` of `X.split('/').slice(0, -1)`."""
    node = unwrap(node)
    if node.type != "call_expression" or re.sub(rb"\s", b"", node_source(call_arguments_node(node))) != b"(0,-1)":
        return None
    sliced = node.child_by_field_name("function")
    if (
        sliced is None
        or sliced.type != "member_expression"
        or (sliced.child_by_field_name("property") or sliced).text != b"slice"
    ):
        return None
    split = unwrap(sliced.child_by_field_name("object") or sliced)
    if split.type != "call_expression":
        return None
    member = split.child_by_field_name("function")
    if (
        member is None
        or member.type != "member_expression"
        or (member.child_by_field_name("property") or member).text != b"split"
    ):
        return None
    return member.child_by_field_name("object")


def call_arguments_node(node: Node) -> Node:
    return node.child_by_field_name("arguments") or node
