"""The walk, the platform: calls and reads of unbound globals (timers, network, DOM, storage), code built or
fetched at run time (eval, string timers, remote import/importScripts/<script src>, HTML sinks), assignments."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolchain.analysis import guards as G
from toolchain.analysis.api_tables import (
    API_GLOBALS,
    DOM_MUTATORS,
    DOM_READ_GLOBALS,
    GLOBAL_OBJECTS,
    KNOWN_WINDOW_MEMBERS,
    NETWORK_CALLS,
    NETWORK_CONSTRUCTORS,
    PURE_CONSTRUCTORS,
    PURE_FUNCTIONS,
    PURE_NAMESPACES,
    REGISTRATION_METHODS,
    STORAGE_GLOBALS,
    TIMERS,
)
from toolchain.analysis.facts import Call, DynamicCode, DynamicKind, LoadWorkKind
from toolchain.analysis.html_escapes import entity_tables, escapes_html, tag_escapes
from toolchain.analysis.nodes import node_text
from toolchain.analysis.package_urls import packaged_url as package_file_url
from toolchain.analysis.standard_globals import dead_without_standard_global
from toolchain.analysis.syntax import (
    FUNCTION_NODES,
    call_arguments,
    is_literal_string,
    member_chain,
    short_text,
    unwrap,
)
from toolchain.analysis.walk_state import WalkerBase
from toolchain.urls import is_remote_url

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

#: functions whose result is sanitised HTML (sanitize-html's default export, as its README names it)
SANITIZER_FUNCTIONS = frozenset({b"sanitizeHtml"})


def _strict(body: Node) -> bool:
    """Does a program or function body open with the "use strict" directive?"""
    for child in body.named_children:
        if child.type == "comment":
            continue
        if child.type == "expression_statement":
            expression = child.named_children[0] if child.named_children else None
            if expression is not None and expression.type == "string":
                if node_text(expression)[1:-1] == "use strict":
                    return True
                continue  # another directive
        return False
    return False


#: how deep a value is followed when asking whether it can carry markup
MAX_HTML_DEPTH = 8
#: operators whose result is a number (or a boolean): no markup
_NUMERIC_OPERATORS = frozenset({"-", "*", "/", "%", "**", "<", ">", "<=", ">=", "==", "===", "!=", "!==", "&", "|"})
#: global functions that return numbers
_NUMERIC_FUNCTIONS = frozenset({"Number", "parseInt", "parseFloat", "Number.parseInt", "Number.parseFloat"})


class DynamicWalk(WalkerBase):
    def safe_html(self, node: Node, depth: int = 0) -> bool:
        """A value that cannot carry markup from data: a literal string or number, a concatenation, template or
        choice of such values (`"<b>" + "x" + "</b>"`, `` `<b>${n.length}</b>` ``), a number (`.length`,
        `Number(x)`, `toFixed`), or a sanitiser's output: `DOMPurify.sanitize(x)` (any object whose name says purify:
        `purify = createDOMPurify(window)`, `window.DOMPurify`), `sanitizeHtml(x)` (sanitize-html), directly or
        through a `const` holding it."""
        node = unwrap(node)
        if is_literal_string(node) or node.type in ("number", "true", "false", "null", "undefined"):
            return True
        if depth < MAX_HTML_DEPTH and self.markup_free(node, depth):
            return True
        if node.type == "identifier":
            binding = self.lookup(node_text(node))
            return (
                binding is not None
                and binding.kind == "value"
                and binding.const
                and binding.init is not None
                and binding.init.id != node.id
                and self.safe_html(binding.init, depth + 1)
            )
        if node.type != "call_expression":
            return False
        callee = node.child_by_field_name("function")
        if callee is None:
            return False
        callee = unwrap(callee)
        if callee.type == "identifier":  # `escapeHTML(x)`, or a tagged template ``html`…${x}…` ``
            arguments = node.child_by_field_name("arguments")
            tagged = arguments is not None and arguments.type == "template_string"
            return callee.text in SANITIZER_FUNCTIONS or self.escaping_function(callee, tag=tagged)
        root, props, _ = member_chain(callee)
        owner = props[-2] if len(props) > 1 else node_text(root) if root.type == "identifier" else ""
        return bool(props) and props[-1] == "sanitize" and "purify" in owner.lower()

    def markup_free(self, node: Node, depth: int) -> bool:
        """Built only from values that cannot carry markup: `a + b`, templates, `c ? a : b`, numbers."""
        kind = node.type
        if kind == "binary_expression":
            operator = node.child_by_field_name("operator")
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if operator is None or left is None or right is None:
                return False
            if operator.type != "+":
                return operator.type in _NUMERIC_OPERATORS  # `a - b`, `a * b`: a number
            return self.safe_html(left, depth + 1) and self.safe_html(right, depth + 1)
        if kind == "template_string":
            substitutions = [c for c in node.named_children if c.type == "template_substitution"]
            values = [next((v for v in c.named_children if v.type != "comment"), None) for c in substitutions]
            return all(v is not None and self.safe_html(v, depth + 1) for v in values)
        if kind == "ternary_expression":
            branches = [node.child_by_field_name("consequence"), node.child_by_field_name("alternative")]
            return all(b is not None and self.safe_html(b, depth + 1) for b in branches)
        if kind == "member_expression":
            prop = node.child_by_field_name("property")
            return prop is not None and prop.text == b"length"
        if kind == "call_expression":
            callee = node.child_by_field_name("function")
            text = node_text(unwrap(callee)) if callee is not None else ""
            return text in _NUMERIC_FUNCTIONS or text.endswith((".toFixed", ".toPrecision")) or text.startswith("Math.")
        return False

    def escaping_function(self, name: Node, *, tag: bool) -> bool:
        """Is the function this identifier names one of the project's that escapes HTML — or, for a tag, the
        values it is given (html_escapes.py)? Answered once per function (a bundle may write HTML often)."""
        found = self.function_named(name)
        if found is None:
            return False
        function, tables = found
        cache: dict[tuple[int, int, int, bool], bool] = self.__dict__.setdefault("_escaping_functions", {})
        key = (function.id, function.start_byte, function.end_byte, tag)
        if key not in cache:
            check = tag_escapes if tag else escapes_html
            cache[key] = check(function, self.function_named, tables)
        return cache[key]

    def function_named(self, name: Node) -> tuple[Node, bytes] | None:
        """The definition of the project function an identifier names (of this file, or imported from a project
        file), with its file's top-level tables of entities (html_escapes.entity_tables)."""
        binding = self.lookup(node_text(name))
        if binding is None:
            return None
        module = self.module
        function: Node | None = None
        if binding.kind == "fn" and binding.fn is not None:
            function, module = binding.fn.node, binding.fn.module
        elif binding.kind == "value" and binding.init is not None and unwrap(binding.init).type in FUNCTION_NODES:
            function = unwrap(binding.init)
        elif binding.kind == "import" and binding.module is not None and binding.name is not None:
            imported = self.resolver.module(binding.module)
            project_function = imported.named.get(binding.name) if imported is not None else None
            if project_function is not None:
                function, module = project_function.node, project_function.module
        if function is None:
            return None
        tables_of: dict[int, bytes] = self.__dict__.setdefault("_entity_tables", {})
        if id(module) not in tables_of:
            tables_of[id(module)] = entity_tables(module.parsed.tree.root_node)
        return function, tables_of[id(module)]

    def returns_document(self, call: Node) -> bool:
        """`getDocument().write(…)`: is the object of this method call a call of a project function whose every
        `return` gives a document (`document`, `window.document`, `frame.contentDocument`, `el.ownerDocument`)?"""
        callee = call.child_by_field_name("function")
        target = unwrap(callee.child_by_field_name("object") or callee) if callee is not None else None
        name = (
            target.child_by_field_name("function") if target is not None and target.type == "call_expression" else None
        )
        found = self.function_named(unwrap(name)) if name is not None and unwrap(name).type == "identifier" else None
        if found is None:
            return False
        returned: list[str] = []
        stack = [found[0].child_by_field_name("body") or found[0]]
        while stack:
            current = stack.pop()
            if current.type in FUNCTION_NODES:
                continue
            if current.type == "return_statement":
                value = next((c for c in current.named_children if c.type != "comment"), None)
                returned.append(node_text(unwrap(value)) if value is not None else "")
                continue
            stack.extend(current.named_children)
        if (
            found[0].type == "arrow_function"
            and (found[0].child_by_field_name("body") or found[0]).type != "statement_block"
        ):
            returned.append(node_text(unwrap(found[0].child_by_field_name("body") or found[0])))
        return bool(returned) and all(
            text == "document" or text.endswith((".document", ".contentDocument", ".ownerDocument"))
            for text in returned
        )

    def style_element(self, node: Node) -> bool:
        """An identifier bound to `document.createElement('style')`: its text is CSS, never parsed as markup."""
        if node.type != "identifier":
            return False
        binding = self.lookup(node_text(node))
        init = unwrap(binding.init) if binding is not None and binding.init is not None else None
        if init is None or init.type != "call_expression":
            return False
        callee = init.child_by_field_name("function")
        args = call_arguments(init)
        return (
            callee is not None
            and callee.text == b"document.createElement"
            and len(args) == 1
            and (G.string_value(unwrap(args[0])) or "").lower() == "style"
        )

    def html_sinks(self, node: Node, method: str | None, args: list[Node]) -> None:
        if method in ("write", "writeln") and self.returns_document(node) and not all(self.safe_html(a) for a in args):
            self.dynamic("inner-html", f"{method}() on the document a project function returns", node)
        if method == "insertAdjacentHTML" and len(args) > 1 and not self.safe_html(args[1]):
            self.dynamic("inner-html", "insertAdjacentHTML() with a computed value", node)
        elif method == "createContextualFragment" and args and not self.safe_html(args[0]):
            self.dynamic("inner-html", "createContextualFragment() with a computed value", node)

    def global_call(self, node: Node, name: str, args: list[Node]) -> None:
        """A call of an unbound global: `eval`, timers, `fetch`, `addEventListener`…"""
        if name == "eval":  # even of a constant: Manifest V3's CSP blocks it, and no library idiom needs it
            self.run_time_code("eval", "eval()", node)
            self.load_work("other", "eval()", node)
        elif name == "Function":
            # every argument a constant (`Function("return this")()`, the global-object idiom of lodash and
            # webpack's runtime, run behind a fallback or a `try`): code fixed in the source, reviewed with it
            if not all(self.constant_string(a) for a in args):
                self.run_time_code("new-function", "Function()", node)
        elif name in ("setTimeout", "setInterval"):
            if args and self.is_code_string(args[0]):
                self.run_time_code("string-timer", f"{name}() with a string", node)
            self.load_work("timer", f"{name}()", node)
        elif name in TIMERS:
            self.load_work("timer", f"{name}()", node)
        elif name in NETWORK_CALLS:
            self.load_work("network", f"{name}()", node)
        elif name == "importScripts":
            for a in args:
                if self.packaged_script("remote-script", "importScripts()", a, node):
                    continue
                if not is_literal_string(a) or is_remote_url(G.string_value(unwrap(a)) or ""):
                    self.run_time_code("remote-script", "importScripts() of a remote or computed URL", node)
                    break
            self.load_work("other", "importScripts()", node)
        elif name in ("addEventListener", "removeEventListener"):
            if name == "addEventListener" and len(args) > 1:
                self.registration(node, f"dom:{G.string_value(args[0]) or '?'}", args[1])
        elif name == "postMessage":
            self.load_work("message", "postMessage()", node)
        elif name in DOM_READ_GLOBALS:
            self.load_work("dom-read", f"{name}()", node)
        elif name in PURE_FUNCTIONS or name == "require":
            return
        else:
            self.load_work("other", f"{name}()", node)

    def global_member_call(self, node: Node, root: str, props: list[str], args: list[Node]) -> None:
        """A method of an unbound global: `document.querySelector()`, `window.setTimeout()`, `Object.freeze()`…"""
        while root in GLOBAL_OBJECTS and len(props) > 1 and props[0] in GLOBAL_OBJECTS:
            props = props[1:]  # `window.window.eval(…)`, `self.globalThis.fetch(…)`: the same global
        if root in GLOBAL_OBJECTS and props:
            first = props[0]
            if len(props) == 1 and first in KNOWN_WINDOW_MEMBERS | {"addEventListener", "removeEventListener",
                                                                      "postMessage"}:  # fmt: skip
                self.global_call(node, first, args)
                return
            if first in KNOWN_WINDOW_MEMBERS:
                root, props = first, props[1:]
        method = props[-1] if props else ""
        if root == "document":
            if method in ("write", "writeln") and props[:1] == [method]:
                self.dynamic("inner-html", f"document.{method}()", node)
            self.html_sinks(node, method, args)
            if method in ("addEventListener", "removeEventListener"):
                if method == "addEventListener" and len(args) > 1:
                    self.registration(node, f"dom:{G.string_value(args[0]) or '?'}", args[1])
                if len(props) == 1:
                    return
                self.load_work("dom-read", f"{root}.{'.'.join(props[:-1])}", node)
                return
            kind: LoadWorkKind = "dom-write" if method in DOM_MUTATORS else "dom-read"
            if root == "document" and props and props[0] == "cookie":
                kind = "storage"
            self.load_work(kind, f"{root}.{'.'.join(props)}()", node)
            return
        if root in STORAGE_GLOBALS:
            self.load_work("storage", f"{root}.{'.'.join(props)}()", node)
        elif root in DOM_READ_GLOBALS:
            self.load_work("dom-read", f"{root}.{'.'.join(props)}()", node)
        elif root in PURE_NAMESPACES or root in PURE_FUNCTIONS:
            return
        elif root == "navigator" and method == "sendBeacon":
            self.load_work("network", "navigator.sendBeacon()", node)
        else:
            self.html_sinks(node, method, args)
            if method not in REGISTRATION_METHODS:
                self.load_work("other", f"{root}.{'.'.join(props)}()", node)

    def is_code_string(self, node: Node) -> bool:
        node = unwrap(node)
        if node.type in ("string", "template_string"):
            return True
        if node.type == "binary_expression":
            return self.json_type(node) == "string"
        if node.type == "identifier":
            binding = self.lookup(node_text(node))
            if binding is not None and binding.kind == "value" and binding.init is not None:
                return unwrap(binding.init).type in ("string", "template_string")
        return False

    def constant_string(self, node: Node | None) -> bool:
        """A string fixed in the source: a literal, a `const` initialised with one, a constant's member."""
        return node is not None and self.string_of(node) is not None

    def packaged_url(self, node: Node) -> bool:
        """`runtime.getURL('<a path fixed in the source>')`, by whatever name the API goes by (chrome, browser, the
        polyfill): a file of the extension's own package (an `[[injected]]` bundle), reviewed with it."""
        node = unwrap(node)
        callee = node.child_by_field_name("function") if node.type == "call_expression" else None
        if callee is None:
            return False
        root, props, _ = member_chain(unwrap(callee))
        resolved = self.resolve_root(node_text(root), props) if root.type == "identifier" else None
        if resolved is None:
            return False
        api, rest = resolved
        arguments = call_arguments(node)
        return (
            (*api.path, *rest) == ("runtime", "getURL") and len(arguments) == 1 and self.constant_string(arguments[0])
        )

    def run_time_code(self, kind: DynamicKind, description: str, node: Node) -> None:
        """Code built or fetched at run time — unless `node` runs only where a standard global is missing
        (`JSON ? JSON.parse(a) : eval(a)`: dead in every browser, standard_globals.py)."""
        if dead_without_standard_global(node, lambda name: self.lookup(name) is not None) is None:
            self.dynamic(kind, description, node)

    def packaged_script(self, kind: DynamicKind, what: str, url: Node, node: Node) -> bool:
        """When `url` is built from a package base (the running script's folder, `import.meta.url`,
        `runtime.getURL`: package_urls.py), record the package file it names (or what could not be followed) and
        say True: the rule checks the file is there (XS001 stays silent) or warns (XS008)."""
        named = package_file_url(self, url)
        if named is None:
            return False
        description = f"{what} of `{short_text(unwrap(url))}`"
        self.facts.dynamic_code.append(
            DynamicCode(
                kind,
                description,
                self.location(node),
                G.as_guard(self.guard),
                self.scope,
                package_path=f"{named.base}:{named.path}" if named.path is not None else f"{named.base}:",
                unsettled=named.unsettled,
            )
        )
        return True

    def dynamic_import(self, node: Node, args: list[Node]) -> None:
        if args and self.packaged_url(args[0]):
            return
        specifier = G.string_value(unwrap(args[0])) if args else None
        if specifier is None:
            if args and self.packaged_script("remote-import", "import()", args[0], node):
                return
            self.run_time_code("remote-import", "import() of a computed specifier", node)
            return
        if is_remote_url(specifier):
            self.run_time_code("remote-import", f"import('{specifier}')", node)
            return
        self.facts.imports.append(specifier)
        target = self.resolver.resolve(specifier, self.path)
        if target is not None:
            if target not in self.facts.resolved_imports:
                self.facts.resolved_imports.append(target)
            self.resolver.module(target)

    def visit_new(self, node: Node) -> None:
        constructor = node.child_by_field_name("constructor")
        args = call_arguments(node)
        if constructor is not None:
            bare = unwrap(constructor)
            if bare.type == "identifier":
                name = node_text(bare)
                binding = self.lookup(name)
                if binding is None:
                    if name == "Function":
                        if not all(self.constant_string(a) for a in args):  # constant code (see global_call)
                            self.run_time_code("new-function", "new Function()", node)
                    elif name in NETWORK_CONSTRUCTORS:
                        self.load_work("network", f"new {name}()", node)
                    elif name not in PURE_CONSTRUCTORS:
                        self.load_work("other", f"new {name}()", node)
                else:
                    if binding.kind == "class" and binding.name is not None:
                        method = self.module.named.get(f"{binding.name}.constructor")
                        if method is not None:
                            self.facts.calls.append(Call(self.scope, method.name or "", None, self.location(node)))
                    self.load_work("other", f"new {name}()", node)
            else:
                if bare.text not in (b"Intl.DateTimeFormat", b"Intl.NumberFormat", b"Intl.Collator"):
                    self.load_work("other", f"new {short_text(bare)}()", node)
                self.visit(bare)
        for arg in args:
            self.visit(arg)

    def this_is_window(self, node: Node) -> bool:
        """Is `this` at `node` the window? In a classic script (not strict) at the top level, or in a plain function
        that is not a method (not an object's property, a class member or a function assigned to a member) and not
        strict — what a function called plainly gets as `this`. Arrow functions take their surroundings'."""
        if self.module.kind != "script" or self.classes or _strict(self.parsed.tree.root_node):
            return False
        function = node.parent
        while function is not None and (function.type not in FUNCTION_NODES or function.type == "arrow_function"):
            function = function.parent
        if function is None:
            return True
        if function.type in ("method_definition", "class_declaration") or function.parent is None:
            return False
        holder: Node | None = function.parent
        while holder is not None and holder.type == "parenthesized_expression":
            holder = holder.parent
        if holder is not None and holder.type == "pair":
            return False
        if holder is not None and holder.type == "assignment_expression":
            left = holder.child_by_field_name("left")
            if left is not None and left.type == "member_expression":
                return False
        body = function.child_by_field_name("body")
        return body is None or not _strict(body)

    def eval_reference(self, root: str, props: list[str], node: Node) -> None:
        """`eval` read as a value, not called where it is named: `const E = eval`, `(0, eval)(s)`, `f(eval)`,
        `window.eval` kept — whoever calls it evaluates a string (an indirect eval). `typeof eval` tests for it."""
        while root in GLOBAL_OBJECTS and props:
            root, props = props[0], props[1:]
        if root != "eval" or props:
            return
        parent = node.parent
        if parent is not None and parent.type == "unary_expression" and (parent.text or b"").startswith(b"typeof"):
            return
        self.run_time_code("eval", f"`{node_text(node)}` used as a value (an indirect eval)", node)

    def global_read(self, root: str, props: list[str], node: Node, *, write: bool) -> None:
        if not self.load_time:
            return
        if root in GLOBAL_OBJECTS:
            if not props:
                return
            if props[0] in KNOWN_WINDOW_MEMBERS:
                root, props = props[0], props[1:]
            else:  # a global variable of the page or the extension: writing it is work, reading it is not
                if write and props[0] not in API_GLOBALS:
                    self.load_work("other", f"{root}.{props[0]} assigned", node)
                return
        description = ".".join([root, *props])
        if root == "document":
            if props and props[0] == "cookie":
                self.load_work("storage", description, node)
            elif props:
                self.load_work("dom-write" if write else "dom-read", description, node)
        elif root in DOM_READ_GLOBALS:
            self.load_work("dom-write" if write else "dom-read", description, node)
        elif root in STORAGE_GLOBALS:
            self.load_work("storage", description, node)

    def visit_assignment(self, node: Node) -> None:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        if left is not None:
            target = unwrap(left)
            if target.type in ("member_expression", "subscript_expression"):
                root, props, extras = member_chain(target)
                last = props[-1] if props else None
                if (
                    right is not None
                    and last in ("innerHTML", "outerHTML")
                    and not self.safe_html(right)
                    and not (last == "innerHTML" and len(props) == 1 and self.style_element(root))
                ):
                    self.dynamic("inner-html", f"{last} assigned a computed value", node)
                if right is not None and last == "src" and root.type == "identifier" and len(props) == 1:
                    binding = self.lookup(node_text(root))
                    if binding is not None and self.script_elements.get(id(binding)) is binding:
                        url = G.string_value(unwrap(right))
                        packaged = url is None and self.packaged_script(
                            "remote-script", "a <script>'s src", right, node
                        )
                        if not packaged and (url is None or is_remote_url(url)):
                            what = "a <script> element's src set to a remote or computed URL"
                            self.run_time_code("remote-script", what, node)
                if root.type == "identifier":
                    name = node_text(root)
                    binding = self.lookup(name)
                    if binding is None:
                        event = (
                            last[2:]
                            if last is not None
                            and last.startswith("on")
                            and (len(props) == 1 and name in GLOBAL_OBJECTS | {"document"})
                            else None
                        )
                        if event is not None and right is not None:
                            self.registration(node, f"dom:{event}", right)
                        else:
                            self.global_read(name, props, target, write=True)
                    else:
                        resolved = self.resolve_root(name, props)
                        if resolved is not None:
                            self.record_api(resolved[0], resolved[1], False, target)
                else:
                    self.visit(root)
                for extra in extras:
                    self.visit(extra)
            elif target.type == "identifier":
                name = node_text(target)
                if self.lookup(name) is None and name.startswith("on") and right is not None:
                    self.registration(node, f"dom:{name[2:]}", right)
                elif self.lookup(name) is None and name in DOM_READ_GLOBALS:
                    self.global_read(name, [], target, write=True)
            else:
                self.visit(target)
        if right is not None:
            self.visit(right)

    def is_script_element(self, node: Node) -> bool:
        if node.type != "call_expression":
            return False
        callee = node.child_by_field_name("function")
        args = call_arguments(node)
        return (
            callee is not None
            and callee.text == b"document.createElement"
            and len(args) == 1
            and (G.string_value(unwrap(args[0])) or "").lower() == "script"
        )
