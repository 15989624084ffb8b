"""The walk, declarations: a block's bindings declared before its statements (functions, classes, variables,
destructuring), functions and their parameters, classes and their methods, top-level constants."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolchain.analysis.api_tables import DISCRIMINANT
from toolchain.analysis.facts import ConstantValue
from toolchain.analysis.nodes import node_text
from toolchain.analysis.scopes import ApiRef, Binding, LexicalScope, ProjectFunction
from toolchain.analysis.syntax import is_const_declaration, property_name, unwrap
from toolchain.analysis.walk_constants import NOT_CONSTANT
from toolchain.analysis.walk_state import WalkerBase

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node


class BindingWalk(WalkerBase):
    def prescan(self, statements: list[Node], program: bool = False) -> None:
        """Declare a block's bindings before its statements run: imports, functions, classes, then variables."""
        declarations: list[Node] = []
        for statement in statements:
            kind = statement.type
            if kind == "export_statement":
                inner = statement.child_by_field_name("declaration")
                if inner is None:
                    value = statement.child_by_field_name("value")
                    if value is not None and value.type in ("function_expression", "function", "arrow_function"):
                        self.declare_function(value, "default" if program else None)
                    elif value is not None and value.type == "class":
                        self.bind_class(value)
                    if program:
                        self.reexport(statement)
                    continue
                statement, kind = inner, inner.type
            if kind == "import_statement":
                if program:
                    self.import_statement(statement)
            elif kind in ("function_declaration", "generator_function_declaration"):
                name = statement.child_by_field_name("name")
                if name is not None:
                    fn = self.declare_function(statement, node_text(name))
                    self.bind(node_text(name), Binding("fn", fn=fn))
            elif kind in ("class_declaration", "abstract_class_declaration"):
                self.bind_class(statement)
            elif kind in ("lexical_declaration", "variable_declaration"):
                declarations.append(statement)
        for declaration in declarations:
            self.declare_variables(declaration)

    def declare_function(self, node: Node, name: str | None) -> ProjectFunction:
        known = self.fn_by_node.get(node.id)
        if known is not None:
            return known
        top_level = (
            (self.fn is None or self.fn is self.wrapper) and self.scope == "" and not self.classes and name is not None
        )
        fn = ProjectFunction(self.module, node, name if top_level else None, name if top_level and name else self.scope)
        self.fn_by_node[node.id] = fn
        self.module.fns.append(fn)
        if fn.name is not None and self.wrapper is None:  # an IIFE's functions are not the window's (nor exports)
            self.module.named.setdefault(fn.name, fn)
        return fn

    def bind_class(self, node: Node) -> None:
        name = node.child_by_field_name("name")
        if name is not None:
            self.bind(node_text(name), Binding("class", name=node_text(name)))

    def declare_variables(self, declaration: Node) -> None:
        var = declaration.type == "variable_declaration"
        kind = declaration.child_by_field_name("kind")
        const = kind is not None and kind.type == "const"
        for declarator in declaration.named_children:
            if declarator.type != "variable_declarator":
                continue
            name = declarator.child_by_field_name("name")
            value = declarator.child_by_field_name("value")
            if name is None or declarator.id in self.declared:
                continue
            self.declared.add(declarator.id)
            type_node = declarator.child_by_field_name("type")
            self.declare_pattern(name, value, type_node, const=const, var=var)

    def declare_pattern(
        self, name: Node, value: Node | None, type_node: Node | None, *, const: bool, var: bool
    ) -> None:
        bare = unwrap(value) if value is not None else None
        if name.type == "identifier":
            text = node_text(name)
            if bare is not None and bare.type in ("arrow_function", "function_expression", "function",
                                                  "generator_function"):  # fmt: skip
                fn = self.declare_function(bare, text)
                self.bind(text, Binding("fn", fn=fn), var=var)
                return
            if value is not None and bare is not None:  # (bare is None exactly when value is)
                api = self.api_of(bare)
                if api is not None:
                    self.aliases.add(value.id)
                    self.alias_use(api, bare)
                    self.bind(text, Binding("api", api=api), var=var)
                    return
                required = self.require_of(bare)
                if required is not None:
                    self.aliases.add(value.id)
                    self.bind(text, required, var=var)
                    return
                param = self.param_of(bare)
                if param is not None and const:
                    self.bind(text, Binding("param", param=param), var=var)
                    return
            origin = self.param_path(bare) if const and bare is not None and bare.type == "member_expression" else None
            binding = Binding("value", init=value, type=type_node, const=const, origin=origin)
            if bare is not None and self.is_script_element(bare):
                self.script_elements[id(binding)] = binding
            self.bind(text, binding, var=var)
            return
        # destructuring
        api = self.api_of(bare) if bare is not None else None
        param = self.param_of(bare) if bare is not None and api is None else None
        if api is not None and value is not None:  # (an API is found only in a value)
            self.aliases.add(value.id)
        self.destructure(name, api, param, var=var, origin=bare)

    def destructure(
        self,
        pattern: Node,
        api: ApiRef | None,
        param: tuple[ProjectFunction, int] | None,
        *,
        var: bool,
        origin: Node | None = None,
    ) -> None:
        kind = pattern.type
        if kind == "identifier":
            if api is not None:
                if origin is not None:
                    self.alias_use(api, origin)
                self.bind(node_text(pattern), Binding("api", api=api), var=var)
            else:
                self.bind(node_text(pattern), Binding("opaque"), var=var)
            return
        if kind == "object_pattern":
            for child in pattern.named_children:
                if child.type == "shorthand_property_identifier_pattern":
                    key = node_text(child)
                    self.bind_property(key, key, api, param, var, origin)
                elif child.type == "object_assignment_pattern":
                    left = child.child_by_field_name("left")
                    if left is not None and left.type == "shorthand_property_identifier_pattern":
                        self.bind_property(node_text(left), node_text(left), api, param, var, origin)
                elif child.type == "pair_pattern":
                    key_node, target = child.child_by_field_name("key"), child.child_by_field_name("value")
                    if key_node is None or target is None:
                        continue
                    key = property_name(key_node)
                    if target.type == "assignment_pattern":
                        target = target.child_by_field_name("left") or target
                    sub_api = ApiRef(api.via, api.path + (key,), api.fallback) if api is not None and key else None
                    if target.type == "identifier" and key == DISCRIMINANT and param is not None:
                        self.bind(node_text(target), Binding("param-type", param=param), var=var)
                    else:
                        self.destructure(target, sub_api, None, var=var, origin=origin)
                elif child.type == "rest_pattern":
                    for inner in child.named_children:
                        self.destructure(inner, None, None, var=var)
            return
        if kind in ("array_pattern", "rest_pattern", "assignment_pattern"):
            for child in pattern.named_children:
                if child.type in ("identifier", "object_pattern", "array_pattern", "rest_pattern"):
                    self.destructure(child, None, None, var=var)
                elif child.type == "assignment_pattern":
                    left = child.child_by_field_name("left")
                    if left is not None:
                        self.destructure(left, None, None, var=var)

    def bind_property(
        self,
        key: str,
        local: str,
        api: ApiRef | None,
        param: tuple[ProjectFunction, int] | None,
        var: bool,
        origin: Node | None,
    ) -> None:
        if api is not None:
            member = ApiRef(api.via, api.path + (key,), api.fallback)
            if origin is not None:
                self.alias_use(member, origin)
            self.bind(local, Binding("api", api=member), var=var)
        elif param is not None and key == DISCRIMINANT:
            self.bind(local, Binding("param-type", param=param), var=var)
        else:
            self.bind(local, Binding("opaque"), var=var)

    def visit_function(self, node: Node, *, iife: bool = False) -> None:
        fn = self.fn_by_node.get(node.id)
        if fn is None:
            name = None
            if node.type in ("function_declaration", "generator_function_declaration"):
                name_node = node.child_by_field_name("name")
                name = node_text(name_node) if name_node is not None else None
            fn = self.declare_function(node, name)
        saved = (self.lex, self.fn, self.scope, self.load_time, self.try_depth)
        saved_wrapper = self.wrapper
        if iife and self.fn is None and self.scope == "" and not self.classes:
            # a program-level IIFE (a bundle's `(() => { … })()`, a script's module pattern) is the module's body:
            # its functions get scopes of their own, so calls, helpers and reachability follow them as at top level
            self.wrapper = fn
        self.lex = LexicalScope(self.lex, True)
        if node.type in ("function_expression", "function"):
            name_node = node.child_by_field_name("name")
            if name_node is not None:  # a named function expression sees its own name
                self.lex.bindings[node_text(name_node)] = Binding("fn", fn=fn)
        self.fn, self.scope = fn, fn.scope
        self.load_time = self.load_time and iife
        self.try_depth = 0
        self.bind_parameters(fn, node)
        body = node.child_by_field_name("body")
        if body is not None:
            if body.type == "statement_block":
                statements = body.named_children
                self.prescan(statements)
                for statement in statements:
                    self.visit(statement)
            else:  # an expression-bodied arrow returns its body
                fn.returns.extend(self.classify_return(body))
                self.visit(body)
        self.lex, self.fn, self.scope, self.load_time, self.try_depth = saved
        self.wrapper = saved_wrapper

    def bind_parameters(self, fn: ProjectFunction, node: Node) -> None:
        single = node.child_by_field_name("parameter")
        if single is not None:
            parameters = [single]
        else:
            container = node.child_by_field_name("parameters")
            parameters = [c for c in container.named_children if c.type != "comment"] if container is not None else []
        index = 0
        for parameter in parameters:
            pattern, type_node = parameter, None
            if parameter.type in ("required_parameter", "optional_parameter"):
                pattern = parameter.child_by_field_name("pattern") or parameter
                # an optional parameter may be undefined: its JSON type is not known
                type_node = parameter.child_by_field_name("type") if parameter.type == "required_parameter" else None
            if pattern.type == "this":
                continue
            if pattern.type == "assignment_pattern":
                pattern = pattern.child_by_field_name("left") or pattern
            if pattern.type == "identifier":
                name = node_text(pattern)
                fn.params.append(name)
                if type_node is not None:
                    fn.param_types[name] = type_node
                self.lex.bindings[name] = Binding("param", param=(fn, index))
            else:  # `({ type, tabId }) => …`: a `type` taken from the parameter is the message's type
                fn.params.append(None)
                self.destructure(pattern, None, (fn, index) if pattern.type == "object_pattern" else None, var=False)
            index += 1

    def visit_class(self, node: Node) -> None:
        name_node = node.child_by_field_name("name")
        top_level = self.fn is None and self.scope == "" and not self.classes and name_node is not None
        class_name = node_text(name_node) if name_node is not None and top_level else None
        if node.type == "class" and name_node is not None:
            saved_lex = self.lex
            self.lex = LexicalScope(self.lex, False)
            self.lex.bindings[node_text(name_node)] = Binding("class", name=node_text(name_node))
        else:
            saved_lex = self.lex
        body = node.child_by_field_name("body")
        heritage = [c for c in node.named_children if c.type == "class_heritage"]
        for item in heritage:
            self.visit(item)
        methods: dict[str, ProjectFunction] = {}
        members = body.named_children if body is not None else []
        for member in members:  # declare the methods first: `this.m()` may precede `m`
            target, member_name = None, None
            if member.type == "method_definition":
                target, member_name = member, member.child_by_field_name("name")
            elif member.type in ("public_field_definition", "field_definition"):
                value = member.child_by_field_name("value")
                if value is not None and unwrap(value).type in ("arrow_function", "function_expression", "function"):
                    target, member_name = (
                        unwrap(value),
                        member.child_by_field_name("name") or member.child_by_field_name("property"),
                    )
            if target is None or member_name is None:
                continue
            method = property_name(member_name)
            scope_name = f"{class_name}.{method}" if class_name else None
            fn = ProjectFunction(self.module, target, scope_name, scope_name or self.scope)
            self.fn_by_node[target.id] = fn
            self.module.fns.append(fn)
            if scope_name:
                self.module.named.setdefault(scope_name, fn)
            methods[method] = fn
        self.classes.append((class_name, methods))
        for member in members:
            static = any(child.type == "static" for child in member.children[:2])
            if member.type in ("public_field_definition", "field_definition") and not static:
                saved = self.load_time
                self.load_time = False
                self.visit_children(member)
                self.load_time = saved
            elif member.type == "class_static_block":
                self.visit_children(member)
            else:
                self.visit(member)
        self.classes.pop()
        self.lex = saved_lex

    def visit_declaration(self, node: Node) -> None:
        # declarations outside a block's statement list (for-loop heads) are declared here
        if any(c.type == "variable_declarator" and c.id not in self.declared for c in node.named_children):
            self.declare_variables(node)
        program_const = self.fn is None and not self.classes and self.lex.parent is None and is_const_declaration(node)
        for declarator in node.named_children:
            if declarator.type != "variable_declarator":
                continue
            name = declarator.child_by_field_name("name")
            value = declarator.child_by_field_name("value")
            if value is None:
                continue
            if program_const and name is not None and name.type == "identifier":
                constant = self.constant(value)
                if constant is not NOT_CONSTANT:
                    self.constants[node_text(name)] = constant
                    self.facts.constants.append(ConstantValue(node_text(name), constant, self.location(name)))
            if value.id in self.aliases:
                continue
            self.visit(value)

    def visit_export(self, node: Node) -> None:
        declaration = node.child_by_field_name("declaration")
        if declaration is not None:
            self.visit(declaration)
            return
        value = node.child_by_field_name("value")
        if value is not None:
            self.visit(value)
