"""The walk, values: top-level constants evaluated as written, message shapes (`type` and payload JSON types),
strings a node certainly holds, JSON types of expressions and TypeScript annotations."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolchain.analysis import guards as G
from toolchain.analysis.api_tables import DISCRIMINANT
from toolchain.analysis.facts import JsonType
from toolchain.analysis.nodes import node_source, node_text
from toolchain.analysis.scopes import FrozenDict
from toolchain.analysis.syntax import call_arguments, first_expression, member_chain, property_name, static_key, unwrap
from toolchain.analysis.walk_state import WalkerBase
from toolchain.json_types import json_type_name

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

    from tree_sitter import Node

#: what `constant` returns for an expression that is not a literal constant (None is the constant `null`)
NOT_CONSTANT = object()


class ConstantWalk(WalkerBase):
    def constant(self, node: Node, depth: int = 0) -> object:
        if depth > 40:
            return NOT_CONSTANT
        node = unwrap(node)
        kind = node.type
        if kind in ("string", "template_string"):
            value: object = G.string_value(node)
            return NOT_CONSTANT if value is None else value
        if kind in ("number", "true", "false", "null", "unary_expression"):
            value = G.literal_value(node)
            return NOT_CONSTANT if value is G.MISSING else value
        if kind == "identifier":
            return self.constants.get(node_text(node), NOT_CONSTANT) if self.lookup(node_text(node)) else NOT_CONSTANT
        if kind == "object":
            result: dict[str, object] = {}
            for child in node.named_children:
                if child.type == "pair":
                    key = static_key(child.child_by_field_name("key"))
                    value_node = child.child_by_field_name("value")
                    if key is None or value_node is None:
                        return NOT_CONSTANT
                    value = self.constant(value_node, depth + 1)
                    if value is NOT_CONSTANT:
                        return NOT_CONSTANT
                    result[key] = value
                elif child.type == "shorthand_property_identifier":
                    value = self.constants.get(node_text(child), NOT_CONSTANT)
                    if value is NOT_CONSTANT:
                        return NOT_CONSTANT
                    result[node_text(child)] = value
                elif child.type == "spread_element":
                    inner = first_expression(child)
                    value = self.constant(inner, depth + 1) if inner is not None else NOT_CONSTANT
                    if not isinstance(value, dict):
                        return NOT_CONSTANT
                    result.update(value)
                elif child.type != "comment":
                    return NOT_CONSTANT
            return result
        if kind == "array":
            items: list[object] = []
            for child in node.named_children:
                if child.type == "comment":
                    continue
                if child.type == "spread_element":
                    inner = first_expression(child)
                    value = self.constant(inner, depth + 1) if inner is not None else NOT_CONSTANT
                    if not isinstance(value, list):
                        return NOT_CONSTANT
                    items.extend(value)
                    continue
                value = self.constant(child, depth + 1)
                if value is NOT_CONSTANT:
                    return NOT_CONSTANT
                items.append(value)
            return items
        if kind == "call_expression":
            callee = node.child_by_field_name("function")
            args = call_arguments(node)
            if (
                callee is not None
                and callee.type == "member_expression"
                and callee.text == b"Object.freeze"
                and self.lookup("Object") is None
                and len(args) == 1
            ):
                return self.constant(args[0], depth + 1)
            return NOT_CONSTANT
        if kind == "binary_expression":
            operator = node.child_by_field_name("operator")
            left_node, right_node = node.child_by_field_name("left"), node.child_by_field_name("right")
            if operator is None or left_node is None or right_node is None:
                return NOT_CONSTANT
            left, right = self.constant(left_node, depth + 1), self.constant(right_node, depth + 1)
            return fold_arithmetic(operator.type, left, right)
        return NOT_CONSTANT

    def shape(self, node: Node) -> tuple[str | None, dict[str, JsonType] | None]:
        message_type: str | None = None
        payload: dict[str, JsonType] | None = FrozenDict()
        for child in node.named_children:
            kind = child.type
            if kind == "pair":
                key = static_key(child.child_by_field_name("key"))
                value = child.child_by_field_name("value")
                if key is None or value is None:
                    payload = None
                    continue
                if key == DISCRIMINANT:
                    message_type = self.string_of(value)
                elif payload is not None:
                    payload[key] = self.json_type(value)
            elif kind == "shorthand_property_identifier":
                key = node_text(child)
                if key == DISCRIMINANT:
                    message_type = self.string_of(child)
                elif payload is not None:
                    payload[key] = self.json_type(child)
            elif kind == "method_definition":
                if payload is not None:
                    name = child.child_by_field_name("name")
                    payload[property_name(name) if name is not None else "?"] = "unknown"
            elif kind == "spread_element":  # `{ ...BASE, x }`: literal when BASE is a constant of this file
                inner = first_expression(child)
                spread = self.constant(inner) if inner is not None else NOT_CONSTANT
                if not isinstance(spread, dict):
                    payload = None
                    continue
                for key, item in spread.items():
                    if key == DISCRIMINANT:
                        message_type = item if isinstance(item, str) else None
                    elif payload is not None:
                        payload[key] = json_type_name(item)
            elif kind != "comment":  # a computed key: the shape is not literal
                payload = None
        return message_type, payload

    def reassigned_names(self) -> set[str]:
        """Every name the file assigns to after declaring it (`x = …`, `x += …`, `x++`, `[x] = …`), once per file."""
        if self.module.reassigned is None:
            names: set[str] = set()
            stack = [self.parsed.tree.root_node]
            while stack:
                current = stack.pop()
                if current.type in ("assignment_expression", "augmented_assignment_expression", "update_expression"):
                    target = current.child_by_field_name("left") or current.child_by_field_name("argument")
                    targets = [target] if target is not None else current.named_children[:1]
                    for part in targets:  # destructuring puts identifiers inside patterns
                        names.update(node_text(n) for n in _identifiers(part))
                stack.extend(current.children)
            self.module.reassigned = names
        return self.module.reassigned

    def string_of(self, node: Node) -> str | None:
        """A string a node certainly holds: a literal, a const initialised with one, a constant's member."""
        node = unwrap(node)
        value = G.string_value(node)
        if value is not None:
            return value
        if node.type in ("identifier", "shorthand_property_identifier"):
            binding = self.lookup(node_text(node))
            if (
                binding is not None
                and binding.kind == "value"
                and binding.init is not None
                and (binding.const or node_text(node) not in self.reassigned_names())
            ):  # `let x = "a"`, never set again
                return G.string_value(unwrap(binding.init))
            known = self.known_constant(node_text(node), [])
            return known if isinstance(known, str) else None
        if node.type in ("member_expression", "subscript_expression"):
            root, props, extras = member_chain(node)
            if root.type == "identifier" and not extras:
                known = self.known_constant(node_text(root), props)
                return known if isinstance(known, str) else None
        return None

    def known_constant(self, name: str, props: list[str]) -> object:
        """The value of a top-level constant of this file or imported from a project file (`MSG.GET`)."""
        binding = self.lookup(name)
        if binding is None:
            return NOT_CONSTANT
        if binding.kind == "import" and binding.module is not None:
            value = self.exported_constant(binding.module, binding.name or name)
        elif binding.kind == "namespace" and binding.module is not None and props:
            value = self.exported_constant(binding.module, props[0])
            props = props[1:]
        else:
            value = self.constants.get(name, NOT_CONSTANT)
        for prop in props:
            value = value.get(prop, NOT_CONSTANT) if isinstance(value, dict) else NOT_CONSTANT
        return value

    def exported_constant(self, path: Path, name: str) -> object:
        """The value of the top-level constant a project file exports as `name`."""
        target = self.resolver.export(path, name)
        module = self.resolver.modules.get(target[0]) if target is not None else None
        if target is None or module is None:
            return NOT_CONSTANT
        return next((c.value for c in module.base.constants if c.name == target[1]), NOT_CONSTANT)

    def json_type(self, node: Node, depth: int = 0) -> JsonType:
        node = unwrap(node) if node.type != "as_expression" else node
        kind = node.type
        if kind == "as_expression":
            type_node = node.named_children[-1] if node.named_children else None
            if type_node is not None and type_node.type != "const":
                found = annotation_json_type(type_node)
                if found != "unknown":
                    return found
            inner = first_expression(node)
            return self.json_type(inner, depth + 1) if inner is not None and depth < 8 else "unknown"
        if kind in ("string", "template_string"):
            return "string"
        if kind == "number":
            return "number"
        if kind in ("true", "false"):
            return "boolean"
        if kind == "null":
            return "null"
        if kind == "object":
            return "object"
        if kind == "array":
            return "array"
        if kind == "unary_expression":
            operator = node.child_by_field_name("operator")
            if operator is not None:
                if operator.type == "!":
                    return "boolean"
                if operator.type in ("-", "+", "~"):
                    return "number"
                if operator.type == "typeof":
                    return "string"
            return "unknown"
        if kind == "binary_expression":
            operator = node.child_by_field_name("operator")
            op = operator.type if operator is not None else ""
            if op in ("===", "!==", "==", "!=", "<", ">", "<=", ">=", "instanceof", "in"):
                return "boolean"
            if op in ("-", "*", "/", "%", "**", "|", "&", "^", "<<", ">>", ">>>"):
                return "number"
            left_node, right_node = node.child_by_field_name("left"), node.child_by_field_name("right")
            if op == "+" and depth < 8 and left_node is not None and right_node is not None:
                left, right = self.json_type(left_node, depth + 1), self.json_type(right_node, depth + 1)
                if "string" in (left, right):
                    return "string"
                if left == right == "number":
                    return "number"
            return "unknown"
        if kind in ("identifier", "shorthand_property_identifier") and depth < 8:
            name = node_text(node)
            binding = self.lookup(name)
            if binding is None:
                return "unknown"
            if binding.kind in ("param",) and binding.param is not None:
                owner, index = binding.param
                param_name = owner.params[index] if index < len(owner.params) else None
                type_node = owner.param_types.get(param_name) if param_name else None
                return annotation_json_type(type_node) if type_node is not None else "unknown"
            if binding.kind == "param-type":
                return "string"
            if binding.kind == "value":
                if binding.type is not None:
                    return annotation_json_type(binding.type)
                if binding.const and binding.init is not None:
                    return self.json_type(binding.init, depth + 1)
            return "unknown"
        if kind == "call_expression":
            callee = node.child_by_field_name("function")
            text = node_source(callee) if callee is not None else b""
            if text in (b"String", b"JSON.stringify") or text.endswith((b".toString", b".join", b".trim", b".slice")):
                return "string" if text != b".slice" else "unknown"
            if text in (b"Number", b"Date.now", b"parseInt", b"parseFloat") or text.startswith(b"Math."):
                return "number"
            if text in (b"Boolean", b"Array.isArray"):
                return "boolean"
            return "unknown"
        if kind == "member_expression":
            prop = node.child_by_field_name("property")
            if prop is not None and prop.text == b"length":
                return "number"
        return "unknown"


def fold_arithmetic(operator: str, left: object, right: object) -> object:
    if left is NOT_CONSTANT or right is NOT_CONSTANT:
        return NOT_CONSTANT
    if operator == "+" and isinstance(left, str) and isinstance(right, str):
        return left + right
    a, b = _number(left), _number(right)
    if a is None or b is None:  # a string and a number, or anything not a number: not folded
        return NOT_CONSTANT
    result: int | float
    if operator == "+":
        result = a + b
    elif operator == "-":
        result = a - b
    elif operator == "*":
        result = a * b
    elif operator == "/":
        if b == 0:
            return NOT_CONSTANT
        result = a / b
    elif operator == "%":
        if b == 0:
            return NOT_CONSTANT
        result = abs(a) % abs(b) * (1 if a >= 0 else -1)
    elif operator == "**":
        result = a**b
    else:
        return NOT_CONSTANT
    if isinstance(result, float) and result.is_integer() and abs(result) < 2**53:
        return int(result)
    return result


def _number(value: object) -> int | float | None:
    """A JavaScript number (a bool is an int in Python, not a number in JavaScript)."""
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


#: TypeScript's predefined types that are one JSON type
_PREDEFINED_JSON_TYPES: dict[str, JsonType] = {
    "string": "string", "number": "number", "boolean": "boolean", "null": "null", "object": "object"
}  # fmt: skip


def annotation_json_type(node: Node | None) -> JsonType:
    """The JSON type a TypeScript type annotation stands for (`unknown` when it is not one JSON type)."""
    if node is None:
        return "unknown"
    if node.type == "type_annotation":
        inner = first_expression(node)
        return annotation_json_type(inner)
    kind = node.type
    if kind == "parenthesized_type":
        return annotation_json_type(first_expression(node))
    if kind == "predefined_type":
        text = node_text(node)
        return _PREDEFINED_JSON_TYPES.get(text, "unknown")
    if kind == "literal_type":
        inner = first_expression(node)
        if inner is None:
            return "unknown"
        if inner.type in ("string", "template_string"):
            return "string"
        if inner.type in ("number", "unary_expression"):
            return "number"
        if inner.type in ("true", "false"):
            return "boolean"
        if inner.type == "null":
            return "null"
        return "unknown"
    if kind == "template_literal_type":
        return "string"
    if kind in ("array_type", "tuple_type", "readonly_type"):
        if kind == "readonly_type":
            return annotation_json_type(first_expression(node))
        return "array"
    if kind == "object_type":
        return "object"
    if kind == "generic_type":
        name = node.child_by_field_name("name")
        text = node_text(name) if name is not None else ""
        if text in ("Array", "ReadonlyArray"):
            return "array"
        if text in ("Record", "Partial", "Readonly", "Required", "Pick", "Omit"):
            return "object" if text == "Record" else "unknown"
        return "unknown"
    if kind == "union_type":
        kinds = {annotation_json_type(child) for child in node.named_children}
        return kinds.pop() if len(kinds) == 1 else "unknown"
    return "unknown"


def _identifiers(node: Node) -> list[Node]:
    """The identifiers a pattern or expression names (`x`, `[a, b]`, `{ c: d }` → x, a, b, d; `o.p` → none)."""
    if node.type in ("identifier", "shorthand_property_identifier_pattern"):
        return [node]
    if node.type in ("member_expression", "subscript_expression"):
        return []
    return [found for child in node.named_children for found in _identifiers(child)]
