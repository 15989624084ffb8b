"""Schema → check functions: `(value, pointer) → its first problem, or undefined`, one per named schema (and one per
anonymous oneOf/anyOf branch). The code is written for TypeScript's narrowing: what earlier checks ruled out is
not checked again (it would not compile), and nothing follows an unconditional return."""

from __future__ import annotations

from typing import Any

from toolchain.protocol.fragments import (
    KIND_WORDS,
    CheckFunction,
    Code,
    Facts,
    Here,
    Pointer,
    Var,
    differs,
    ends_in_return,
    is_kind,
    meet,
    not_kind,
    plural,
)
from toolchain.protocol.literals import (
    comment_text,
    is_primitive,
    js_number,
    js_regexp,
    js_string,
    js_value,
    json_equal,
    json_list,
    json_text,
    value_kind_matches,
)
from toolchain.protocol.subset import ANNOTATIONS, JSON_TYPES, Loc, SchemaIndex


class ValidatorWriter:
    """Collects the source of every check function `function()` is asked for (and the branches it hoists)."""

    def __init__(self, index: SchemaIndex) -> None:
        self.named = index.named
        self.refs = index.refs
        self.functions: list[str] = []
        #: pattern → the module-level constant holding its RegExp (`_re1`…), compiled once when the module loads
        self.patterns: dict[str, str] = {}

    def pattern_declarations(self) -> dict[str, str]:
        """Constant name → its declaration. `@__PURE__`: a bundle that does not use one leaves it out."""
        return {
            name: f"const {name} = /* @__PURE__ */ {js_regexp(pattern)};" for pattern, name in self.patterns.items()
        }

    def function(self, name: str, schema: Any, loc: Loc, doc: str = "") -> None:
        """One check function: (value, pointer) → its first problem, or undefined."""
        fn = CheckFunction(name)
        body = self.compile(fn, schema, loc, fn.v, Pointer((fn.p,)), Facts(), "  ", defining=True)
        lines = []
        if doc:
            lines.append(f"/** {comment_text(doc)} */")
        v = "v" if fn.v.used else "_v"
        p = "p" if fn.p.used else "_p"
        lines.append(f"function {name}({v}: unknown, {p}: string): string | undefined {{")
        if fn.e.used:
            lines.append("  let e: string | undefined;")
        lines += body
        if not ends_in_return(body, "  "):
            lines.append("  return undefined;")
        lines.append("}")
        self.functions.append("\n".join(lines))

    def call(self, fn: CheckFunction, check: str, x: Any, p: Pointer, indent: str) -> str:
        return f"{indent}if (({fn.e} = {check}({x}, {p}))) return {fn.e};"

    def compile(
        self,
        fn: CheckFunction,
        schema: Any,
        loc: Loc,
        x: Var,
        p: Pointer,
        facts: Facts,
        indent: str,
        defining: bool = False,
    ) -> list[str]:
        """Statements that return the first problem of the value `x` (at pointer `p`) against `schema`."""
        if not defining and loc in self.named:
            return [self.call(fn, self.named[loc].check, x, p, indent)]
        if schema is True:
            return []
        if schema is False:
            return [f"{indent}return {p.fail('no value is allowed here')};"]
        at = Here(fn, schema, loc, x, p, facts, indent)
        if "$ref" in schema:
            at.out.append(self.call(fn, self.named[self.refs[at.loc_of("$ref")]].check, x, p, indent))
        # Each step returns False when the value can no longer be valid (its last statement returns a problem).
        for step in (
            self.compile_type,
            self.compile_values,
            self.compile_string,
            self.compile_number,
            self.compile_array,
            self.compile_object,
            self.compile_combinators,
        ):
            if step(at) is False or ends_in_return(at.out, indent):
                break
        return at.out

    def compile_type(self, at: Here) -> bool:
        declared = at.schema.get("type")
        if declared is None:
            return True
        kinds = declared if isinstance(declared, list) else [declared]
        expected = "expected " + " or ".join(KIND_WORDS[k] for k in kinds)
        possible = meet(kinds, at.facts.kinds)
        if not possible:
            at.emit(at.fail(expected))
            return False
        if len(kinds) == 1:
            at.emit(f"if ({not_kind(kinds[0], at.x)}) {at.fail(expected)}")
            at.facts.narrowed = "number" if kinds[0] == "integer" else kinds[0]
        else:
            at.emit(f"if (!({' || '.join(is_kind(k, at.x) for k in kinds)})) {at.fail(expected)}")
        at.facts.kinds = frozenset(possible)
        if at.facts.values is not None:
            at.facts.values = tuple(v for v in at.facts.values if any(value_kind_matches(v, k) for k in possible))
        return True

    def compile_values(self, at: Here) -> bool:
        """const and enum. Values TypeScript has ruled out already (by kind, or an earlier const) are left out of the
        comparison: comparing a narrowed value with them would not compile (TS2367), and cannot match anyway."""
        for keyword in ("const", "enum"):
            if keyword not in at.schema:
                continue
            allowed = [at.schema["const"]] if keyword == "const" else list(at.schema["enum"])
            expected = (
                f"expected {json_text(allowed[0])}" if keyword == "const" else f"expected one of {json_list(allowed)}"
            )
            possible = [
                v for v in allowed if at.facts.kinds is None or any(value_kind_matches(v, k) for k in at.facts.kinds)
            ]
            if at.facts.values is not None:
                possible = [v for v in possible if any(json_equal(v, w) for w in at.facts.values)]
            if not possible:
                at.emit(at.fail(expected))
                return False
            if at.facts.values is not None and len(at.facts.values) == len(possible):
                continue  # narrowed to exactly these values already
            at.emit(f"if ({' && '.join(differs(at.x, v) for v in possible)}) {at.fail(expected)}")
            if all(is_primitive(v) for v in possible):
                at.facts.values = tuple(possible)
            at.facts.kinds = frozenset(k for k in JSON_TYPES if any(value_kind_matches(v, k) for v in possible))
        return True

    def compile_string(self, at: Here) -> bool:
        if not at.applies("string"):
            return True
        lines, x, schema = [], at.x, at.schema
        if "minLength" in schema:
            n = schema["minLength"]
            lines.append(f"if (_len({x}) < {js_number(n)}) {at.fail('expected at least ' + plural(n, 'character'))}")
        if "maxLength" in schema:
            n = schema[
                "maxLength"
            ]  # a string of at most n UTF-16 units has at most n code points: count only longer ones
            lines.append(
                f"if ({x}.length > {js_number(n)} && _len({x}) > {js_number(n)}) "
                f"{at.fail('expected at most ' + plural(n, 'character'))}"
            )
        if "pattern" in schema:
            pattern = schema["pattern"]
            constant = self.patterns.setdefault(pattern, f"_re{len(self.patterns) + 1}")
            # The message shows the RegExp itself (`/…/u`, its own escaping): the pattern's text is written once.
            lines.append(f"if (!{constant}.test({x})) {at.fail('expected a string matching ', then=constant)}")
        at.group("string", lines)
        return True

    def compile_number(self, at: Here) -> bool:
        if not at.applies("number"):
            return True
        bounds = [
            ("minimum", "<", ">="),
            ("maximum", ">", "<="),
            ("exclusiveMinimum", "<=", ">"),
            ("exclusiveMaximum", ">=", "<"),
        ]
        checks = [(at.schema[k], bad, good) for k, bad, good in bounds if k in at.schema]
        lines = []
        if checks and at.facts.narrowed != "number":  # `type` has not ruled out NaN and the infinities
            lines.append(f"if (!isFinite({at.x})) {at.fail('expected a finite number')}")
        for limit, bad, good in checks:
            lines.append(
                f"if ({at.x} {bad} {js_number(limit)}) {at.fail(f'expected a number {good} {js_number(limit)}')}"
            )
        at.group("number", lines)
        return True

    def compile_array(self, at: Here) -> bool:
        if not at.applies("array"):
            return True
        lines, x, schema = [], at.x, at.schema
        if "minItems" in schema:
            n = schema["minItems"]
            lines.append(f"if ({x}.length < {js_number(n)}) {at.fail('expected at least ' + plural(n, 'item'))}")
        if "maxItems" in schema:
            n = schema["maxItems"]
            lines.append(f"if ({x}.length > {js_number(n)}) {at.fail('expected at most ' + plural(n, 'item'))}")
        items = schema.get("items", True)
        if items is False:
            lines.append(f"if ({x}.length > 0) {at.fail('no items are allowed', at.p.child('0'))}")
        elif items is not True:
            i, item = at.fn.fresh("i"), at.fn.fresh("x")
            body = self.compile(at.fn, items, at.loc_of("items"), item, at.p.index(i), Facts(), "  ")
            if body:
                lines.append(f"for (let {i} = 0; {i} < {x}.length; {i}++) {{")
                if item.used:
                    lines.append(f"  const {item.name}: unknown = {x}[{i.name}];")
                lines += body + ["}"]
        at.group("array", lines)
        return True

    def compile_object(self, at: Here) -> bool:
        if not at.applies("object"):
            return True
        fn, x, p, schema = at.fn, at.x, at.p, at.schema
        lines: list[str] = []
        properties = schema.get("properties", {})
        required = schema.get("required", [])
        if required:
            lines.append(
                f"if (({fn.e} = _need({x}, [{', '.join(js_string(k) for k in required)}], {p}))) return {fn.e};"
            )
        for key, sub in properties.items():
            lines += self.compile_property(at, key, sub, key in required)
            if ends_in_return(lines):  # a required property that cannot be valid: nothing after it runs
                at.group("object", lines)
                return True
        extra = schema.get("additionalProperties", True)
        if extra is False:
            lines.append(
                f"if (({fn.e} = _only({x}, [{', '.join(js_string(k) for k in properties)}], {p}))) return {fn.e};"
            )
        elif extra is not True:
            k, value = fn.fresh("k"), fn.fresh("x")
            body = self.compile(fn, extra, at.loc_of("additionalProperties"), value, p.key(k), Facts(), "  ")
            if body:
                lines.append(f"for (const {k.name} of Object.keys({x})) {{")
                if properties:
                    lines.append(f"  if ({' || '.join(f'{k} === {js_string(name)}' for name in properties)}) continue;")
                if value.used:
                    lines.append(f"  const {value.name}: unknown = {x}[{k}];")
                lines += body + ["}"]
        at.group("object", lines)
        return True

    def compile_property(self, at: Here, key: str, sub: Any, required: bool) -> list[str]:
        """A property's checks (relative indentation); guarded by Object.hasOwn unless `required` checked it. Code is
        formatted only once it is certain to be emitted (formatting a variable marks it used)."""
        fn, x = at.fn, at.x
        loc, where = at.loc_of("properties", key), at.p.child(key)
        member = Code(x, f"[{js_string(key)}]")
        assertions = set(sub) - set(ANNOTATIONS) if isinstance(sub, dict) else set()

        def guard() -> str:
            return f"Object.hasOwn({x}, {js_string(key)})"

        if sub is True:
            return []
        if sub is False:
            return [
                f"if ({guard()}) {at.fail('not allowed', where)}" if not required else at.fail("not allowed", where)
            ]
        if loc in self.named or assertions == {"$ref"}:  # a call
            target = self.named[loc if loc in self.named else self.refs[at.loc_of("properties", key, "$ref")]].check
            return [f"if ({'' if required else guard() + ' && '}({fn.e} = {target}({member}, {where}))) return {fn.e};"]
        values = [sub["const"]] if assertions == {"const"} else sub["enum"] if assertions == {"enum"} else None
        if values is not None and all(is_primitive(v) for v in values):  # a comparison
            expected = (
                f"expected {json_text(values[0])}" if "const" in assertions else f"expected one of {json_list(values)}"
            )
            condition = " && ".join(differs(member, v) for v in values)
            if not required:
                condition = f"{guard()} && " + (f"({condition})" if len(values) > 1 else condition)
            return [f"if ({condition}) {at.fail(expected, where)}"]
        value = fn.fresh("x")
        body = self.compile(fn, sub, loc, value, where, Facts(), "  ")
        if not body:
            return []
        declaration = [f"const {value.name}: unknown = {member};"] if value.used else []
        if required:  # checked at this level (its variable's name is unique in the function)
            return declaration + [line[2:] for line in body]
        return [f"if ({guard()}) {{"] + ["  " + line for line in declaration] + body + ["}"]

    def compile_combinators(self, at: Here) -> bool:
        for i, sub in enumerate(at.schema.get("allOf", [])):  # all of them: their checks one after the other
            at.out += self.compile(at.fn, sub, at.loc_of("allOf", i), at.x, at.p, at.facts, at.indent)
            if ends_in_return(at.out, at.indent):
                return False
        for keyword in ("oneOf", "anyOf"):
            if keyword not in at.schema:
                continue
            branches = [(sub, at.loc_of(keyword, i)) for i, sub in enumerate(at.schema[keyword])]
            if len(branches) == 1:  # exactly one of one, or any of one: that one
                at.out += self.compile(at.fn, branches[0][0], branches[0][1], at.x, at.p, at.facts, at.indent)
                if ends_in_return(at.out, at.indent):
                    return False
                continue
            tag = self.discriminator(branches)
            if tag is None:
                helper = "_one" if keyword == "oneOf" else "_any"
                checks = ", ".join(self.branch_check(at.fn, sub, sub_loc) for sub, sub_loc in branches)
                at.emit(f"if (({at.fn.e} = {helper}({at.x}, {at.p}, [{checks}]))) return {at.fn.e};")
                continue
            key, consts = tag
            if at.facts.narrowed != "object":
                at.emit(f"if (!_obj({at.x})) {at.fail('expected an object')}")
                at.facts.narrowed, at.facts.kinds = "object", frozenset({"object"})
            at.emit(f"if (!Object.hasOwn({at.x}, {js_string(key)})) {at.fail(f'missing required property {key!r}')}")
            at.emit(f"switch ({at.x}[{js_string(key)}]) {{")
            for (sub, sub_loc), const in zip(branches, consts):
                at.emit(f"  case {js_value(const)}:")
                at.out.append(self.call(at.fn, self.branch_check(at.fn, sub, sub_loc), at.x, at.p, at.indent + "    "))
                at.emit("    break;")
            at.emit("  default:")
            at.emit(f"    {at.fail('expected one of ' + ', '.join(json_text(c) for c in consts), at.p.child(key))}")
            at.emit("}")
        return True

    def branch_check(self, fn: CheckFunction, schema: Any, loc: Loc) -> str:
        """The check function of a oneOf/anyOf branch: a named schema's, else a new one hoisted out of `fn`."""
        if loc in self.named:
            return self.named[loc].check
        if isinstance(schema, dict) and set(schema) - set(ANNOTATIONS) == {"$ref"}:
            return self.named[self.refs[(loc[0], loc[1] + "/$ref")]].check
        fn.hoisted += 1
        name = f"{fn.name}${fn.hoisted}"
        self.function(name, schema, loc)
        return name

    def resolved(self, schema: Any, loc: Loc) -> Any:
        """A schema, following `$ref`s that stand alone."""
        for _ in range(32):
            if isinstance(schema, dict) and set(schema) - set(ANNOTATIONS) == {"$ref"}:
                loc = self.refs[(loc[0], loc[1] + "/$ref")]
                schema = self.named[loc].schema
            else:
                break
        return schema

    def discriminator(self, branches: list[tuple[Any, Loc]]) -> tuple[str, list[Any]] | None:
        """A property every branch requires with a distinct primitive const, each branch an object: then only the
        branch whose const the value has can match, and oneOf (or anyOf) is that branch alone."""
        schemas = [self.resolved(sub, loc) for sub, loc in branches]
        if len(schemas) < 2 or not all(isinstance(s, dict) and s.get("type") == "object" for s in schemas):
            return None
        candidates = [k for k in schemas[0].get("required", []) if isinstance(k, str)]
        for key in (["type"] if "type" in candidates else []) + [k for k in candidates if k != "type"]:
            consts: list[Any] = []
            for s in schemas:
                prop = s.get("properties", {}).get(key) if isinstance(s.get("properties"), dict) else None
                if (
                    key not in s.get("required", [])
                    or not isinstance(prop, dict)
                    or "const" not in prop
                    or not is_primitive(prop["const"])
                ):
                    break
                if any(json_equal(prop["const"], c) for c in consts):
                    break
                consts.append(prop["const"])
            else:
                return key, consts
        return None
