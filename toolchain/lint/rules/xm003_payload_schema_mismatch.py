"""XM003: a literal message payload that does not match its type's JSON Schema."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from toolchain.json_types import json_type_name
from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule


def schema_types(protocol: Any, schema: Any, base: Path, depth: int = 0) -> set[str] | None:
    """The JSON types a schema accepts ("integer" counts as "number"); None when it does not say (any)."""
    if not isinstance(schema, dict) or depth > 16:
        return None
    if "$ref" in schema:
        try:
            resolved, path, _ = protocol.resolve(schema["$ref"], base)
        except (KeyError, TypeError):
            return None
        return schema_types(protocol, resolved, path, depth + 1)
    if "const" in schema:
        return {json_type_name(schema["const"])}
    if isinstance(schema.get("enum"), list):
        return {json_type_name(v) for v in schema["enum"]}
    if "type" in schema:
        declared = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        return {"number" if t == "integer" else str(t) for t in declared}
    for key in ("oneOf", "anyOf"):
        if isinstance(schema.get(key), list):
            found: set[str] = set()
            for option in schema[key]:
                types = schema_types(protocol, option, base, depth + 1)
                if types is None:
                    return None
                found |= types
            return found
    return None


def message_base(protocol: Any, channel: Any, message: Any) -> Path:
    """The schema file a message is defined in (its `$ref`s resolve against it)."""
    if message.pointer.startswith("/oneOf/"):
        option = channel.schema["oneOf"][int(message.pointer.split("/")[2])]
        if isinstance(option, dict) and "$ref" in option:
            try:
                return protocol.resolve(option["$ref"], channel.schema_path)[1]
            except (KeyError, TypeError):
                pass
    return channel.schema_path


def payload_problems(protocol: Any, channel: Any, message: Any, payload: dict[str, str]) -> list[str]:
    schema = message.schema
    base = message_base(protocol, channel, message)
    properties = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    problems = []
    complete = "?" not in payload  # a key we could not name: missing/unexpected keys cannot be judged
    if complete:
        for key in schema.get("required") or []:
            if key != "type" and key not in payload:
                problems.append(f"misses the required `{key}`")
    for key, actual in payload.items():
        if key == "?":
            continue
        if key not in properties:
            if complete and schema.get("additionalProperties") is False:
                problems.append(f"has `{key}`, which the schema does not allow (additionalProperties is false)")
            continue
        allowed = schema_types(protocol, properties[key], base)
        if actual != "unknown" and allowed is not None and actual not in allowed:
            problems.append(f"has `{key}` as {actual}, the schema wants {' or '.join(sorted(allowed))}")
    return problems


class PayloadSchemaMismatch(Rule):
    """A message sent with a literal payload that its type's schema rejects.

    What it checks: every send whose message is an object literal with a literal `type`, against the schema
    of that type on the request channel it travels (same API, `from` one of the sender's contexts): required
    properties missing, properties the schema does not allow (`additionalProperties: false`), and properties
    whose JSON type (as the source facts infer it: literals, TypeScript annotations, common built-ins) the schema
    does not accept. Values of unknown type are not judged; `integer` accepts any number (the facts do not tell
    integers apart).

    Why it matters: the receiver validates every message with the generated validator and answers an invalid
    one with an error: a payload that does not match is a request that always fails, in production, in a way
    TypeScript may not see (a `message: unknown` helper parameter accepts anything).

    Example:

        // popup-to-background declares ANALYZE_PAGE { tabId: integer } with additionalProperties false
        await sendToBackground({ type: 'ANALYZE_PAGE', tab: tabId });   // XM003: misses `tabId`, has `tab`

    Fix: send what the schema says (the generated TypeScript types for the channel catch it at compile time:
    type the helper's parameter with them), or change the schema if the message really changed.
    """

    code = "XM003"
    name = "payload-schema-mismatch"
    severity = "error"
    applies_to = "project"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        protocol = ctx.protocol
        if protocol is None:
            return
        for target in ctx.targets:
            for facts, send in ctx.each(target, "sends"):
                if send.forwarded or send.message_type is None or send.payload is None:
                    continue
                sender = ctx.contexts_of(target, facts.path)
                candidates = [
                    c
                    for c in protocol.channels
                    if c.kind == "request"
                    and c.api == send.channel
                    and c.senders & sender
                    and send.message_type in c.messages
                ]
                verdicts = [
                    (c, payload_problems(protocol, c, c.messages[send.message_type], dict(send.payload)))
                    for c in candidates
                ]
                if not verdicts or any(not problems for _, problems in verdicts):
                    continue
                channel, problems = verdicts[0]
                for problem in problems:
                    yield self.finding(
                        f"`{send.message_type}` payload {problem} ({ctx.display(channel.schema_path)})",
                        browser=target.browser,
                        fix="send what the schema declares (type the send with the generated protocol types)",
                        **ctx.where(send.location),
                    )
