"""The SpiderMonkey host: `python pythonmonkey_host.py BUNDLE`, run by spidermonkey.py. Standalone (no xtk imports).

Evaluates the ASCII bundle with PyPI pythonmonkey, then answers one request per stdin line with one
`@xtk <answer>` line on stdout. Requests reach JavaScript as JSON string literals of ASCII text (never as Python
str objects holding non-ASCII), and answers are ASCII, so the pythonmonkey bridge only ever carries ASCII: its
strings can print right and still not compare equal when they hold anything else.

The real stdout is kept for answers only: fd 1 is pointed at stderr, so whatever the module prints (console.log,
print) cannot corrupt the protocol.
"""

from __future__ import annotations

import json
import os
import sys

PREFIX = b"@xtk "


def main(argv: list[str]) -> int:
    answers = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    source = open(argv[1], encoding="ascii").read()  # noqa: SIM115 - read once, at start-up
    try:
        import pythonmonkey as pm  # ~0.5 s: a whole SpiderMonkey

        pm.eval(source)
    except Exception as error:  # the import or the bundle itself failed: say why, exit
        print(f"xtk spidermonkey host: cannot load {argv[1]}: {type(error).__name__}: {error}", file=sys.stderr)
        return 3
    for raw in sys.stdin.buffer:
        line = raw.rstrip(b"\r\n").decode("ascii")
        try:
            result = pm.eval(f"globalThis.__xtkConform.run({json.dumps(line)})")
            # A string from pythonmonkey can be stored wider than its characters need: it prints right, yet
            # isascii() is False and it does not compare equal to the same text. Encoding checks the characters
            # themselves (and fails on anything non-ASCII); the bytes are what we send anyway.
            data = str(result).encode("ascii")
        except UnicodeEncodeError:
            data = json.dumps({"$fatal": "the bundle answered non-ASCII text"}).encode("ascii")
        except Exception as error:
            data = json.dumps({"$fatal": f"{type(error).__name__}: {error}"}).encode("ascii")
        answers.write(PREFIX + data + b"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
