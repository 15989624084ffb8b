"""The walk, imports and exports: `import`, `require`, re-exports and the file's own exports (which of them
are aliases of an API object)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from toolchain.analysis import guards as G
from toolchain.analysis.api_tables import INLINED_POLYFILL, POLYFILL_MODULES
from toolchain.analysis.bundled_modules import (
    BUNDLED_GETTER,
    BUNDLED_MODULE,
    MODULE_VALUE,
    Getter,
    called,
    module_key,
)
from toolchain.analysis.nodes import node_text
from toolchain.analysis.scopes import ApiRef, Binding
from toolchain.analysis.syntax import call_arguments, declared_names, member_chain, property_name, unwrap
from toolchain.analysis.walk_state import WalkerBase

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

#: the export name under which a CommonJS module whose whole value is an API object keeps it (`require` returns it)
COMMONJS_VALUE = MODULE_VALUE


class ModuleWalk(WalkerBase):
    def import_statement(self, node: Node) -> None:
        source = node.child_by_field_name("source")
        specifier = G.string_value(source) if source is not None else None
        if specifier is None:
            return
        self.facts.imports.append(specifier)
        type_only = any(child.type == "type" for child in node.children)
        target = None if specifier in POLYFILL_MODULES else self.resolver.resolve(specifier, self.path)
        if target is not None and not type_only:
            if target not in self.facts.resolved_imports:
                self.facts.resolved_imports.append(target)
            self.resolver.module(target)
        clause = next((child for child in node.named_children if child.type == "import_clause"), None)
        if clause is None or type_only:
            return
        for child in clause.named_children:
            if child.type == "identifier":
                self.bind(node_text(child), self.imported(specifier, target, "default"))
                if target is not None:
                    self.module.imported_names[node_text(child)] = (target, "default")
            elif child.type == "namespace_import":
                local = next((c for c in child.named_children if c.type == "identifier"), None)
                if local is None:
                    continue
                if target is not None:
                    self.module.imported_names[node_text(local)] = (target, "*")
                if specifier in POLYFILL_MODULES:
                    self.bind(node_text(local), Binding("api", api=ApiRef("polyfill", ())))
                elif target is not None:
                    self.bind(node_text(local), Binding("namespace", module=target))
                else:
                    self.bind(node_text(local), Binding("opaque"))
            elif child.type == "named_imports":
                for spec in child.named_children:
                    if spec.type != "import_specifier" or any(c.type == "type" for c in spec.children):
                        continue
                    name = spec.child_by_field_name("name")
                    alias = spec.child_by_field_name("alias") or name
                    if name is None or alias is None:
                        continue
                    self.bind(node_text(alias), self.imported(specifier, target, property_name(name)))
                    if target is not None:
                        self.module.imported_names[node_text(alias)] = (target, property_name(name))

    def imported(self, specifier: str, target: Path | None, name: str) -> Binding:
        if specifier in POLYFILL_MODULES:
            path = () if name == "default" else (name,)
            return Binding("api", api=ApiRef("polyfill", path))
        if target is None:
            return Binding("opaque")
        api = self.resolver.api_export(target, name)
        if api is not None:
            return Binding("api", api=api)
        return Binding("import", module=target, name=name)

    def require_of(self, node: Node) -> Binding | None:
        """`require('webextension-polyfill')` / `require('./x')` (CommonJS)."""
        if node.type != "call_expression":
            return None
        if self.inlined_polyfill_of(node):
            return Binding("api", api=ApiRef("polyfill", ()))
        bundled = self.bundled_of(node)
        if bundled is not None:
            return bundled
        callee = node.child_by_field_name("function")
        if callee is None or callee.type != "identifier" or callee.text != b"require" or self.lookup("require"):
            return None
        args = call_arguments(node)
        specifier = G.string_value(args[0]) if len(args) == 1 else None
        if specifier is None:
            return None
        self.facts.imports.append(specifier)
        if specifier in POLYFILL_MODULES:
            return Binding("api", api=ApiRef("polyfill", ()))
        target = self.resolver.resolve(specifier, self.path)
        if target is None:
            return Binding("opaque")
        if target not in self.facts.resolved_imports:
            self.facts.resolved_imports.append(target)
        self.resolver.module(target)
        api = self.resolver.api_export(target, COMMONJS_VALUE)
        if api is not None:  # `module.exports = browser` there: the value of `require` is the namespace
            return Binding("api", api=api)
        return Binding("namespace", module=target)

    def inlined_polyfill_of(self, call: Node) -> bool:
        """A bundle's `require_browser_polyfill()` (`ee()` minified) or its ES-module view `__toESM(ee(), 1)`, where
        `ee` was bound to the bundler's wrapper around webextension-polyfill's own code: its value is the `browser`
        namespace, as `require('webextension-polyfill')` is (the `.default` of the ES view: see `resolve_root`)."""
        callee = call.child_by_field_name("function")
        if callee is None or callee.type != "identifier":
            return False
        args = call_arguments(call)
        if args:  # __toESM(require_x(), 1): the wrapped module is the first argument
            first = unwrap(args[0])
            return first.type == "call_expression" and not call_arguments(first) and self.inlined_polyfill_of(first)
        binding = self.lookup(node_text(callee))
        init = (
            unwrap(binding.init)
            if binding is not None and binding.kind == "value" and binding.init is not None
            else None
        )
        if init is None or init.type != "call_expression":
            return False
        known = self.polyfill_wrappers.get(init.id)
        if known is None:
            text = init.text or b""
            known = self.polyfill_wrappers[init.id] = all(p.search(text) for p in INLINED_POLYFILL)
        return known

    def reexport(self, statement: Node) -> None:
        source = statement.child_by_field_name("source")
        if source is None:
            return
        specifier = G.string_value(source)
        if specifier is None:
            return
        self.facts.imports.append(specifier)
        if any(child.type == "type" for child in statement.children):
            return
        polyfill = specifier in POLYFILL_MODULES
        target = None if polyfill else self.resolver.resolve(specifier, self.path)
        if target is not None:
            if target not in self.facts.resolved_imports:
                self.facts.resolved_imports.append(target)
            self.resolver.module(target)
        clause = next((c for c in statement.named_children if c.type == "export_clause"), None)
        namespace = next((c for c in statement.named_children if c.type == "namespace_export"), None)
        if clause is not None:
            for spec in clause.named_children:
                if spec.type != "export_specifier" or any(c.type == "type" for c in spec.children):
                    continue
                name = spec.child_by_field_name("name")
                alias = spec.child_by_field_name("alias") or name
                if name is None or alias is None:
                    continue
                exported, original = property_name(alias), property_name(name)
                if polyfill:
                    self.module.api_exports[exported] = ApiRef("polyfill", () if original == "default" else (original,))
                elif target is not None:
                    self.module.reexports[exported] = (target, original)
        elif namespace is not None:
            local = next((c for c in namespace.named_children if c.type in ("identifier", "string")), None)
            if local is not None and polyfill:
                self.module.api_exports[property_name(local)] = ApiRef("polyfill", ())
        elif target is not None:
            self.module.star_exports.append(target)

    def exports(self, statements: list[Node]) -> None:
        """The file's exports (name → local scope) and which of them are aliases of an API object."""
        exports = self.facts.exports
        if self.module.kind == "script":
            for declared, alias in self.lex.bindings.items():  # the top-level API aliases: globals of other scripts
                if alias.kind == "api" and alias.api is not None:
                    self.resolver.script_api_globals.setdefault(declared, alias.api)
        for statement in statements:
            if statement.type == "expression_statement":
                self.commonjs_export(statement)
            if statement.type != "export_statement":
                continue
            default = any(child.type == "default" for child in statement.children)
            declaration = statement.child_by_field_name("declaration")
            if declaration is not None:
                for name in declared_names(declaration):
                    local = "default" if default and name is None else name
                    if local is None:
                        continue
                    exports["default" if default else local] = local
                    binding = self.lex.bindings.get(local)
                    if binding is not None and binding.kind == "api" and binding.api is not None:
                        self.module.api_exports["default" if default else local] = binding.api
                continue
            value = statement.child_by_field_name("value")
            if default and value is not None:
                bare = unwrap(value)
                if bare.type == "identifier":
                    exports["default"] = node_text(bare)
                    binding = self.lex.bindings.get(node_text(bare))
                    if binding is not None and binding.kind == "api" and binding.api is not None:
                        self.module.api_exports["default"] = binding.api
                    elif binding is None and (api := self.api_of(bare)) is not None:
                        self.module.api_exports["default"] = api  # `export default browser`: the global itself
                else:
                    exports["default"] = "default"
                    api = self.api_of(bare)
                    if api is not None:
                        self.module.api_exports["default"] = api
                continue
            if statement.child_by_field_name("source") is not None:
                continue
            clause = next((c for c in statement.named_children if c.type == "export_clause"), None)
            if clause is None:
                continue
            for spec in clause.named_children:
                if spec.type != "export_specifier":
                    continue
                name_node = spec.child_by_field_name("name")
                alias_node = spec.child_by_field_name("alias") or name_node
                if name_node is None or alias_node is None:
                    continue
                local, exported = property_name(name_node), property_name(alias_node)
                binding = self.lex.bindings.get(local)
                if binding is not None and binding.kind == "api" and binding.api is not None:
                    self.module.api_exports[exported] = binding.api
                elif binding is None and (api := self.api_of(name_node)) is not None:
                    self.module.api_exports[exported] = api  # `export { browser }`: the global
                elif binding is not None and binding.kind == "import" and binding.module is not None:
                    self.module.reexports[exported] = (binding.module, binding.name or exported)
                    continue
                exports[exported] = local

    def commonjs_export(self, statement: Node) -> None:
        """`module.exports = browser` (the module's value is the namespace: its default import and its `require`),
        `exports.api = chrome` / `module.exports.api = …` (a named export): API aliases other files import."""
        assignment = unwrap(statement.named_children[0]) if statement.named_children else None
        if assignment is None or assignment.type != "assignment_expression":
            return
        left, right = assignment.child_by_field_name("left"), assignment.child_by_field_name("right")
        if left is None or right is None or unwrap(left).type != "member_expression":
            return
        root, props, _ = member_chain(unwrap(left))
        if root.type != "identifier" or self.lookup(node_text(root)) is not None:
            return  # a local `module`/`exports` is not CommonJS's
        target = [node_text(root), *props]
        if target == ["module", "exports"]:
            name = "default"
        elif len(target) == 2 and target[0] == "exports":
            name = target[1]
        elif len(target) == 3 and target[:2] == ["module", "exports"]:
            name = target[2]
        else:
            return
        api = self.api_of(right)
        if api is not None:
            self.module.api_exports[name] = api
            if name == "default":
                self.module.api_exports[COMMONJS_VALUE] = api

    def bundled_of(self, call: Node) -> Binding | None:
        """A webpack module required by id (`n(815)`: bundled_modules.py), its getter (`t = n.n(r)`) or the getter
        called (`t()`), when what it gives is an API object or a module exporting one."""
        callee = unwrap(call.child_by_field_name("function") or call)
        args = call_arguments(call)
        if callee.type == "identifier" and len(args) == 1:
            key = module_key(args[0])
            if key is None or (callee.text == b"require" and not self.lookup("require")):
                return None
            exports = self.resolver.bundled.module_exports(self.parsed, key)
            if not exports:
                return None
            if MODULE_VALUE in exports:  # CommonJS (webextension-polyfill): the module's value is the namespace
                return Binding("api", api=exports[MODULE_VALUE])
            return Binding(BUNDLED_MODULE, name=key)
        if callee.type == "member_expression" and len(args) == 1:
            root, props, _ = member_chain(callee)
            if props == ["n"] and root.type == "identifier":
                inner = self.bundled_exports(args[0])
                api = called(Getter(inner)) if inner else None
                return Binding(BUNDLED_GETTER, api=api) if api is not None else None
        if callee.type == "identifier" and not args:
            binding = self.lookup(node_text(callee))
            if binding is not None and binding.kind == BUNDLED_GETTER:
                return Binding("api", api=binding.api)  # the getter called: the module's value
        return None

    def bundled_exports(self, node: Node) -> dict[str, ApiRef] | None:
        """The API exports of a required webpack module (`r` bound to `n(815)`, or the call itself)."""
        node = unwrap(node)
        binding = self.lookup(node_text(node)) if node.type == "identifier" else self.bundled_of(node)
        if binding is None:
            return None
        if binding.kind == BUNDLED_MODULE and binding.name is not None:
            return self.resolver.bundled.exports.get(binding.name)
        if binding.kind == "api" and binding.api is not None:
            return {MODULE_VALUE: binding.api}
        return None

    def bundled_root(self, root: Node) -> ApiRef | None:
        """The API object at the root of a member chain that is no name: a webpack getter called (`t().storage`),
        `(0, r.default).storage`."""
        if root.type == "call_expression":
            bundled = self.bundled_of(root)
            return bundled.api if bundled is not None and bundled.kind == "api" else None
        if root.type == "sequence_expression":
            return self.api_of(root)
        return None

    def shared_api_global(self, name: str) -> ApiRef | None:
        """A free name of a classic script that another classic script declares as an API alias at its top level
        (`var api = browser || chrome` in compat.js, `api.alarms.create()` here). Scripts are walked again when one
        used such a name before it was known (extension_targets.py); which scripts run together is not known during
        the walk, so a name shared by any classic script counts."""
        if self.module.kind != "script":
            return None
        found = self.resolver.script_api_globals.get(name)
        if found is None:
            self.resolver.free_script_names.add(name)
        return found
