"""A message protocol: channels between extension contexts, each described by a JSON Schema of its messages.

`specs/protocol/protocol.json` lists the channels:

    {"channels": [{"name": "popup-to-background", "schema": "popup-to-background.schema.json", "api": "runtime",
                   "from": ["popup"], "to": ["background"], "kind": "request"}, ...]}

Each channel's schema is a `oneOf` of message schemas (objects whose `type` property is a `const`), usually as
`$ref`s into its `$defs`. A `response` channel names the request channel it answers (`responds_to`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from toolchain.diagnostics import Diagnostic, InputError
from toolchain.json_pointer import escape_token, unescape_token

#: How a channel's messages travel: the extension messaging APIs, or postMessage between a page and its Web Worker.
API_NAMES = ("runtime", "tabs", "worker")
CHANNEL_KEYS = {"name", "schema", "api", "from", "to", "kind", "responds_to", "description", "type_name"}
#: protocol.json's own keys
INDEX_KEYS = {"channels", "description", "$schema", "$comment"}
#: keywords whose values are data, not schemas (no `$ref` is looked for inside them)
_DATA_KEYWORDS = {"const", "enum", "default", "examples"}
#: keywords whose value maps names to schemas
_SCHEMA_MAPS = {"properties", "$defs", "definitions", "patternProperties", "dependentSchemas"}


@dataclass(frozen=True)
class Message:
    type: str
    schema: dict[str, Any]  # the message's own schema, `$ref`s not expanded
    pointer: str  # where it is in its schema file
    name: str  # the TypeScript type name


@dataclass
class Channel:
    name: str
    api: Literal["runtime", "tabs", "worker"]  # worker: an extension page and its Web Worker, over postMessage
    senders: frozenset[str]
    receivers: frozenset[str]
    kind: Literal["request", "response"]
    schema_path: Path
    schema: dict[str, Any]
    type_name: str  # the TypeScript name of the union (PopupToBackground)
    responds_to: str | None = None
    description: str = ""
    messages: dict[str, Message] = field(default_factory=dict)
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)

    def locate(self, pointer: str) -> tuple[int | None, int | None]:
        from toolchain.positions.json import locate_pointer

        return locate_pointer(self.positions, pointer) or (None, None)


@dataclass
class Protocol:
    folder: Path
    channels: list[Channel]
    #: other schema files the channels `$ref` (shared definitions), by file name
    documents: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: paths are shown relative to it (the config's folder); None: shown as they are
    display_base: Path | None = None
    #: where each value of a shared document is written (line, column by JSON pointer), by file name
    document_positions: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict)

    def channel(self, name: str) -> Channel | None:
        return next((c for c in self.channels if c.name == name), None)

    def files(self) -> list[Path]:
        """protocol.json, the channels' schemas (in order), then the shared documents (by name)."""
        paths = [self.folder / "protocol.json"] + [c.schema_path for c in self.channels]
        paths += [self.folder / name for name in sorted(self.documents)]
        return list(dict.fromkeys(paths))

    def document(self, path: Path) -> dict[str, Any] | None:
        """The schema document of a file of the protocol (a channel's schema or a shared one)."""
        found = next((c.schema for c in self.channels if c.schema_path == path), None)
        return (
            found
            if found is not None
            else self.documents.get(path.name)
            if path.parent == self.folder.resolve()
            else None
        )

    def shown(self, path: Path) -> str:
        """A file as users read it: relative to the config's folder when it is inside."""
        if self.display_base is not None:
            try:
                return path.resolve().relative_to(self.display_base.resolve()).as_posix()
            except ValueError:
                pass
        return str(path)

    def locate(self, path: Path, pointer: str) -> tuple[int | None, int | None]:
        """The line and column of a JSON pointer in one of the protocol's files (or of its nearest parent)."""
        from toolchain.positions.json import locate_pointer

        channel = next((c for c in self.channels if c.schema_path == path), None)
        positions = channel.positions if channel else self.document_positions.get(path.name, {})
        return locate_pointer(positions, pointer) or (None, None)

    def resolve(self, reference: str, base: Path) -> tuple[Any, Path, str]:
        """A `$ref` (`#/$defs/X` or `file.json#/$defs/X`) → (schema, its file, its pointer). KeyError if unresolved."""
        file, _, fragment = reference.partition("#")
        path = (base.parent / file).resolve() if file else base
        document = self.document(path)
        if document is None or (fragment and not fragment.startswith("/")):
            raise KeyError(reference)
        node: Any = document
        for part in [p for p in fragment.split("/") if p]:
            key = unescape_token(part)
            if isinstance(node, dict) and key in node:
                node = node[key]
            elif isinstance(node, list) and key.isdigit() and int(key) < len(node):
                node = node[int(key)]
            else:
                raise KeyError(reference)
        return node, path, fragment or "/"


def _pascal(name: str) -> str:
    return "".join(part.capitalize() for part in name.replace("_", "-").split("-") if part)


def _message_name(type_value: str) -> str:
    return "".join(part.capitalize() for part in type_value.lower().split("_"))


def _names(value: object) -> frozenset[str]:
    """The strings of a `from`/`to` list (anything else in it is already a problem reported)."""
    return frozenset(name for name in value if isinstance(name, str)) if isinstance(value, list) else frozenset()


def extension_contexts() -> tuple[str, ...]:
    """The context names a channel's `from` and `to` may use: those the build tags each script with."""
    from typing import get_args

    from toolchain.project.models import Context

    return get_args(Context)


def context_problems(value: object) -> list[tuple[str, str]]:
    """What is wrong with a channel's `from` or `to` (a non-empty list of context names), as (message, pointer
    suffix) pairs; a misspelt name gets a "did you mean"."""
    import difflib

    contexts = extension_contexts()
    if not isinstance(value, list) or not value:
        return [(f"expected a non-empty list of context names ({', '.join(contexts)})", "")]
    found: list[tuple[str, str]] = []
    for index, name in enumerate(value):
        if isinstance(name, str) and name in contexts:
            continue
        close = difflib.get_close_matches(name, contexts, n=1, cutoff=0.6) if isinstance(name, str) else []
        hint = f"; did you mean '{close[0]}'?" if close else ""
        found.append((f"unknown context {json.dumps(name)}{hint} (contexts: {', '.join(contexts)})", f"/{index}"))
    return found


def load_protocol(folder: Path, display_base: Path) -> Protocol:
    """Read protocol.json and every schema it names; bad input is an InputError naming the file and key."""
    from toolchain.positions.json import value_positions

    index_path = folder / "protocol.json"

    def shown(path: Path) -> str:
        try:
            return path.resolve().relative_to(display_base.resolve()).as_posix()
        except ValueError:
            return str(path)

    def read(path: Path) -> tuple[dict[str, Any], dict[str, tuple[int, int]]]:
        from toolchain.json_input import read_json_bytes

        if not path.exists():
            raise InputError.single("file not found", path=shown(path))
        try:
            text = read_json_bytes(path, shown(path), "the schema").decode("utf-8")  # its size is judged first
            data = json.loads(text, parse_constant=_not_json)
        except json.JSONDecodeError as error:
            raise InputError.single(
                f"invalid JSON: {error.msg}", path=shown(path), line=error.lineno, column=error.colno
            ) from None
        except _NotJson as error:
            raise InputError.single(f"invalid JSON: {error} is not a JSON number", path=shown(path)) from None
        except RecursionError:
            raise InputError.single("invalid JSON: nested too deeply", path=shown(path)) from None
        except UnicodeDecodeError as error:  # read_json_bytes answers an unreadable file itself
            raise InputError.single(f"cannot read: {error}", path=shown(path)) from None
        if not isinstance(data, dict):
            raise InputError.single("expected a JSON object", path=shown(path))
        return data, value_positions(text)

    index, index_positions = read(index_path)
    problems: list[Diagnostic] = []

    def problem(
        message: str, pointer: str, path: Path = index_path, positions: dict[str, tuple[int, int]] = index_positions
    ) -> None:
        from toolchain.positions.json import locate_pointer

        line, column = locate_pointer(positions, pointer) or (None, None)
        problems.append(Diagnostic("error", message, path=shown(path), line=line, column=column, key=pointer))

    for key in sorted(set(index) - INDEX_KEYS):
        problem(f"unknown key {key!r} (protocol.json has {', '.join(sorted(INDEX_KEYS))})", f"/{escape_token(key)}")
    channels: list[Channel] = []
    raw_channels = index.get("channels")
    if not isinstance(raw_channels, list) or not raw_channels:
        raise InputError.single(
            'protocol.json needs a non-empty "channels" list', path=shown(index_path), key="/channels"
        )
    for i, raw in enumerate(raw_channels):
        pointer = f"/channels/{i}"
        if not isinstance(raw, dict):
            problem("a channel is an object", pointer)
            continue
        unknown = set(raw) - CHANNEL_KEYS
        for key in sorted(unknown):
            problem(f"unknown key {key!r}", f"{pointer}/{key}")
        missing = [k for k in ("name", "schema", "api", "from", "to", "kind") if k not in raw]
        if missing:
            problem(f"missing {', '.join(missing)}", pointer)
            continue
        if raw["api"] not in API_NAMES:
            problem(
                "api is 'runtime' (runtime.sendMessage), 'tabs' (tabs.sendMessage) or 'worker' (a Web Worker's "
                "postMessage)",
                f"{pointer}/api",
            )
        if raw["kind"] not in ("request", "response"):
            problem("kind is 'request' or 'response'", f"{pointer}/kind")
        if raw["kind"] == "response" and not raw.get("responds_to"):
            problem("a response channel names the request channel it answers (responds_to)", pointer)
        for key in ("from", "to"):
            for message, where in context_problems(raw[key]):
                problem(message, f"{pointer}/{key}{where}")
        schema_path = (folder / str(raw["schema"])).resolve()
        if not schema_path.is_file():
            problem(f"schema file not found: {raw['schema']}", f"{pointer}/schema")
            continue
        schema, positions = read(schema_path)
        channels.append(
            Channel(
                name=str(raw["name"]),
                api=raw["api"],
                senders=_names(raw["from"]),
                receivers=_names(raw["to"]),
                kind=raw["kind"],
                schema_path=schema_path,
                schema=schema,
                type_name=str(raw.get("type_name") or _pascal(str(raw["name"]))),
                responds_to=raw.get("responds_to"),
                description=str(raw.get("description", "")),
                positions=positions,
            )
        )
    names = [c.name for c in channels]
    for channel in channels:
        if names.count(channel.name) > 1:
            problem(f"duplicate channel name {channel.name!r}", "/channels")
        if channel.responds_to and channel.responds_to not in names:
            problem(f"{channel.name}: responds_to names no channel ({channel.responds_to!r})", "/channels")
    if problems:
        raise InputError(problems)

    protocol = Protocol(folder=folder, channels=channels, display_base=display_base)
    for path in sorted(folder.glob("*.json")):
        if path.name != "protocol.json" and path.resolve() not in {c.schema_path for c in channels}:
            protocol.documents[path.name], protocol.document_positions[path.name] = read(path)
    for channel in channels:
        _collect_messages(protocol, channel, problems, shown)
    for path in protocol.files()[1:]:
        document = protocol.document(path.resolve())
        if document is not None:
            _check_references(protocol, path.resolve(), document, "", problems)
    if problems:
        raise InputError(problems)
    return protocol


class _NotJson(ValueError):
    pass


def _not_json(name: str) -> Any:
    raise _NotJson(name)


def _check_references(protocol: Protocol, path: Path, node: Any, pointer: str, problems: list[Diagnostic]) -> None:
    """Every `$ref` of a schema document resolves (data keywords such as `const` are not looked into)."""
    if isinstance(node, list):
        for i, item in enumerate(node):
            _check_references(protocol, path, item, f"{pointer}/{i}", problems)
        return
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        where = f"{pointer}/{escape_token(key)}"
        if key in _DATA_KEYWORDS:
            continue
        if key == "$ref":
            if not isinstance(value, str):
                line, column = protocol.locate(path, where)
                problems.append(
                    Diagnostic(
                        "error", "$ref is a string", path=protocol.shown(path), line=line, column=column, key=where
                    )
                )
                continue
            try:
                protocol.resolve(value, path)
            except KeyError:
                line, column = protocol.locate(path, where)
                problems.append(
                    Diagnostic(
                        "error",
                        f"unresolved $ref {value!r} (references are '#/$defs/Name' or "
                        "'file.json#/$defs/Name', a file of the protocol's folder)",
                        path=protocol.shown(path),
                        line=line,
                        column=column,
                        key=where,
                    )
                )
        elif key in _SCHEMA_MAPS and isinstance(value, dict):
            for name, schema in value.items():
                _check_references(protocol, path, schema, f"{where}/{escape_token(name)}", problems)
        else:
            _check_references(protocol, path, value, where, problems)


def _collect_messages(protocol: Protocol, channel: Channel, problems: list[Diagnostic], shown: Any) -> None:
    options = channel.schema.get("oneOf")
    if not isinstance(options, list):
        line, column = channel.locate("")
        problems.append(
            Diagnostic(
                "error",
                "a channel schema is a oneOf of message schemas",
                path=shown(channel.schema_path),
                line=line,
                column=column,
            )
        )
        return
    for i, option in enumerate(options):
        pointer = f"/oneOf/{i}"
        schema, path, where = option, channel.schema_path, pointer
        if isinstance(option, dict) and "$ref" in option:
            try:
                schema, path, where = protocol.resolve(option["$ref"], channel.schema_path)
            except (KeyError, TypeError, AttributeError):
                continue  # reported by _check_references, located at the $ref
        properties = schema.get("properties") if isinstance(schema, dict) else None
        type_schema = properties.get("type", {}) if isinstance(properties, dict) else {}
        type_value = type_schema.get("const") if isinstance(type_schema, dict) else None
        if not isinstance(type_value, str):
            line, column = channel.locate(pointer)
            problems.append(
                Diagnostic(
                    "error",
                    "each message schema needs properties.type with a string const",
                    path=shown(channel.schema_path),
                    line=line,
                    column=column,
                    key=pointer,
                )
            )
            continue
        if type_value in channel.messages:
            line, column = channel.locate(pointer)
            problems.append(
                Diagnostic(
                    "error",
                    f"message type {type_value!r} declared twice",
                    path=shown(channel.schema_path),
                    line=line,
                    column=column,
                    key=pointer,
                )
            )
            continue
        name = schema.get("title") if isinstance(schema.get("title"), str) else None
        ref_name = option["$ref"].rsplit("/", 1)[-1] if isinstance(option, dict) and "$ref" in option else None
        channel.messages[type_value] = Message(
            type_value,
            schema,
            where if path == channel.schema_path else pointer,
            name or ref_name or _message_name(type_value),
        )
