"""Message sends (direct and through helpers), their error handling, and onMessage handlers."""

from __future__ import annotations

from toolchain.analysis.facts import FileFacts, MessageSend

from .support import extract


def sends_by_type(facts: FileFacts) -> dict[str | None, MessageSend]:
    """The first non-forwarded send of each type."""
    found: dict[str | None, MessageSend] = {}
    for send in facts.sends:
        if not send.forwarded:
            found.setdefault(send.message_type, send)
    return found


def test_send_helpers_chained_across_modules() -> None:
    found = extract("helpers/page.ts")
    raw, typed, page = found["helpers/lib/raw.ts"], found["helpers/lib/typed.ts"], found["helpers/page.ts"]
    # the helpers' own sends forward their parameter
    assert [(s.channel, s.via, s.forwarded, s.scope) for s in raw.sends] == [
        ("runtime", "api", True, "sendRaw"),
        ("tabs", "api", True, "toTab"),
    ]
    assert [(s.channel, s.via, s.forwarded, s.message_type) for s in typed.sends] == [
        ("runtime", "sendRaw", True, None)  # through `const forwarded = message`
    ]
    sends = sends_by_type(page)
    greet = sends["GREET"]
    assert (greet.channel, greet.via, greet.scope, greet.forwarded) == ("runtime", "request", "page", False)
    assert dict(greet.payload or {}) == {
        "name": "string",
        "tabId": "number",  # shorthand, typed by the parameter's annotation
        "note": "string",
        "count": "unknown",  # an optional parameter may be undefined
        "at": "number",
        "nested": "object",
        "list": "array",
        "flag": "boolean",
        "nothing": "null",
        "label": "string",  # a template string
    }
    assert dict(sends["HELLO"].payload or {}) == {"version": "number"}  # a const initialised with a literal
    assert sends["KIND"].payload == {}  # `type` from a const string
    spread = [s for s in page.sends if "extra" in (s.payload or {})]
    assert [(s.message_type, dict(s.payload or {})) for s in spread] == [
        ("HELLO", {"version": "number", "extra": "number"})  # a spread of a constant of the file
    ]
    assert (sends["TO_TAB"].channel, sends["TO_TAB"].via) == ("tabs", "toTab")
    assert sends["LOCAL"].via == "api"
    assert (
        "EXTERNAL" not in sends
    )  # sendMessage(extensionId, message): another extension's protocol, not a send of its own
    # a stylesheet import is recorded, not read
    assert "./page.css" in page.imports
    assert [p.name for p in page.resolved_imports] == ["typed.ts", "raw.ts"]
    assert len({hash(send) for send in page.sends}) == len(page.sends)  # facts are hashable


def test_handles_error_variants() -> None:
    facts = extract("errors/sends.ts")["errors/sends.ts"]
    handled = {send.message_type: send.handles_error for send in facts.sends}
    assert handled == {
        "IN_TRY": True,
        "CAUGHT": True,  # .catch()
        "THEN_REJECTED": True,  # .then(ok, onRejected)
        "CHAINED": True,  # .then().finally().catch()
        "UNHANDLED": False,
        "THEN_ONLY": False,
        "CALLBACK": True,  # chrome's callback reading runtime.lastError
        "LATER_OUTSIDE_TRY": False,  # in a callback: the surrounding try does not catch it
    }
    assert all(send.channel == "tabs" for send in facts.sends)


def test_handler_answers_types_and_validators() -> None:
    found = extract("handlers/background.ts")
    facts = found["handlers/background.ts"]
    handlers = {handler.location.line: handler for handler in facts.handlers}
    summary = {line: (sorted(h.handled), h.answer, h.validates) for line, h in handlers.items()}
    assert summary == {
        9: (["ASYNC"], "promise", None),
        15: (["LATER"], "return-true", None),  # message['type'] !== 'LATER'
        22: (["NOW"], "sync-send-response", None),  # const { type } = message
        28: ([], "none", None),
        33: (["MIXED"], "unknown", None),
        # a named listener: validated by an imported guard whose switch names the types; returns an async call
        39: (["GET", "SET"], "promise", "isRequest"),
        # registered through a helper: the wrapper passes the callback's Promise through
        47: (["NOT_A_REQUEST"], "promise", "isOther"),
        # through a helper of a helper
        52: (["TYPED"], "promise", None),
        61: (["NAMED"], "promise", None),
        # calls an outer parameter (a logger), but is no wrapper: a handler; `=> sendResponse(…)` answers at once
        69: (["SETUP"], "sync-send-response", None),
        # a constant naming a type, and the keys of a lookup table indexed by the type
        75: (["GET_A", "GET_B", "PING"], "promise", None),
        # a method given with .bind(this)
        82: (["SERVICE"], "promise", None),
    }
    assert {h.scope for h in facts.handlers} == {"", "setup", "Service.start"}
    assert facts.listener_scopes == {"onRequest", "onNamed", "Service.onMessage"}
    # the helpers' own registrations are not handlers
    assert found["handlers/helper.ts"].handlers == []


def test_message_types_only_follow_the_message() -> None:
    # isObject(value) is reached, but compares no type; other functions the handler calls do not count
    facts = extract("handlers/background.ts")["handlers/background.ts"]
    (named,) = [h for h in facts.handlers if h.location.line == 39]
    assert named.handled == frozenset({"GET", "SET"})
    # the types come from the validator (a predicate), not from a dispatch of the handler's own
    assert named.types == frozenset() and named.validated_types == frozenset({"GET", "SET"})


def test_helpers_taking_the_message_type() -> None:
    facts = extract("helpers/typed-send.ts")["helpers/typed-send.ts"]
    found = [(s.scope, s.via, s.message_type, s.payload, s.forwarded) for s in facts.sends]
    assert found == [
        ("send", "api", None, None, True),  # { type, ...data }: the type is send's parameter
        ("notify", "send", None, None, True),  # passes its own parameter on
        ("use", "send", "SAVE", None, False),  # the type is known at the call, the payload is not
        ("use", "notify", "NOTIFIED", None, False),
    ]
