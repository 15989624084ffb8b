"""Schema → TypeScript type expression: literal types for const/enum, object types with their documentation, unions
and intersections with as few parentheses as their precedence needs; a named schema is referred to by its name."""

from __future__ import annotations

from typing import Any

from toolchain.json_pointer import escape_token
from toolchain.protocol.literals import comment_text, json_equal, ts_key, ts_literal, value_kind_matches
from toolchain.protocol.subset import Loc, SchemaIndex

#: a type expression and its precedence (TypeWriter.UNION, INTERSECTION or ATOM)
Typed = tuple[str, int]


class TypeWriter:
    """The TypeScript type of any schema reachable from the index's channels."""

    UNION, INTERSECTION, ATOM = 0, 1, 2  # precedence: lower ones need parentheses inside higher ones

    def __init__(self, index: SchemaIndex) -> None:
        self.named = index.named
        self.refs = index.refs

    def type_of(self, schema: Any, loc: Loc, top: bool = False) -> Typed:
        if not top and loc in self.named:
            return self.named[loc].name, self.ATOM
        if schema is True:
            return "unknown", self.ATOM
        if schema is False:
            return "never", self.ATOM
        path, pointer = loc
        parts: list[Typed] = []
        if "$ref" in schema:
            parts.append((self.named[self.refs[(path, pointer + "/$ref")]].name, self.ATOM))
        own = self.own_type(schema, loc, top)
        if own is not None:
            parts.append(own)
        for i, sub in enumerate(schema.get("allOf", [])):
            parts.append(self.type_of(sub, (path, f"{pointer}/allOf/{i}")))
        for keyword in ("anyOf", "oneOf"):
            if keyword in schema:
                parts.append(
                    self.union(
                        [self.type_of(sub, (path, f"{pointer}/{keyword}/{i}")) for i, sub in enumerate(schema[keyword])]
                    )
                )
        return self.intersection(parts)

    def union(self, members: list[Typed]) -> Typed:
        texts = list(dict.fromkeys(self.wrap(m) for m in members if m[0] != "never"))
        if "unknown" in texts:
            return "unknown", self.ATOM
        if not texts:
            return "never", self.ATOM
        if len(texts) == 1:
            return next(m for m in members if self.wrap(m) == texts[0])
        return " | ".join(texts), self.UNION

    def intersection(self, parts: list[Typed]) -> Typed:
        texts = list(dict.fromkeys(self.wrap(p) for p in parts if p[0] != "unknown"))
        if "never" in texts:
            return "never", self.ATOM
        if not texts:
            return "unknown", self.ATOM
        if len(texts) == 1:
            return next(p for p in parts if self.wrap(p) == texts[0])
        return " & ".join(texts), self.INTERSECTION

    def wrap(self, typed: Typed) -> str:
        text, precedence = typed
        return text if precedence == self.ATOM else f"({text})"

    def own_type(self, schema: dict[str, Any], loc: Loc, top: bool) -> Typed | None:
        """The type `type`, `const`, `enum` and the object and array keywords say (None: they say nothing)."""
        declared = schema.get("type")
        kinds: list[str] | None = None if declared is None else (declared if isinstance(declared, list) else [declared])
        if "const" in schema or "enum" in schema:
            values = [schema["const"]] if "const" in schema else list(schema["enum"])
            if "const" in schema and "enum" in schema:
                values = [v for v in values if any(json_equal(v, e) for e in schema["enum"])]
            if kinds is not None:
                values = [v for v in values if any(value_kind_matches(v, k) for k in kinds)]
            return self.union([(ts_literal(v), self.ATOM) for v in values])
        object_keywords = any(k in schema for k in ("properties", "required", "additionalProperties"))
        if kinds is None:
            if not object_keywords and "items" not in schema:
                return None
            kinds = ["string", "number", "boolean", "null", "array", "object"]
        path, pointer = loc
        members: list[Typed] = []
        for kind in kinds:
            if kind in ("string", "boolean", "null"):
                members.append((kind, self.ATOM))
            elif kind in ("number", "integer"):
                members.append(("number", self.ATOM))
            elif kind == "array":
                item = (
                    self.type_of(schema["items"], (path, pointer + "/items"))
                    if "items" in schema
                    else ("unknown", self.ATOM)
                )
                members.append((f"{self.wrap(item)}[]", self.ATOM))
            else:
                members.append((self.object_type(schema, loc, top), self.ATOM))
        return self.union(members)

    def object_type(self, schema: dict[str, Any], loc: Loc, top: bool) -> str:
        path, pointer = loc
        properties = schema.get("properties", {})
        required = schema.get("required", [])
        members: list[tuple[str, str]] = []  # (member, its description)
        for key, sub in properties.items():
            sub_loc = (path, f"{pointer}/properties/{escape_token(key)}")
            text = self.type_of(sub, sub_loc)[0]
            doc = sub.get("description", "") if isinstance(sub, dict) and sub_loc not in self.named else ""
            members.append((f"{ts_key(key)}{'' if key in required else '?'}: {text}", str(doc)))
        members += [(f"{ts_key(key)}: unknown", "") for key in required if key not in properties]
        extra = schema.get("additionalProperties", True)
        if extra is True or (extra is not False and members):
            members.append(("[key: string]: unknown", ""))
        elif extra is not False:
            members.append((f"[key: string]: {self.type_of(extra, (path, pointer + '/additionalProperties'))[0]}", ""))
        if not members:
            return "Record<string, never>"
        if not top:
            return "{ " + "; ".join(m for m, _ in members) + " }"
        lines = ["{"]
        for member, doc in members:
            if doc:
                lines.append(f"  /** {comment_text(doc)} */")
            lines.append(f"  {member};")
        lines.append("}")
        return "\n".join(lines)
