"""Seed 004, "Response Handling — Citation Extraction": the element ids an answer cites.

`cited_ids(answer, known_ids, limit)`: every `mgl-node-N` in the answer (N without leading zeros; not part of a
longer word: no ASCII letter, digit, `_` or `-` touching it on either side), bracketed or not — models write
`[mgl-node-3]`, `[mgl-node-3, mgl-node-7]` or a bare id — in order of first appearance, once each, only those the
page has (`known_ids`), at most `limit`.
"""

from __future__ import annotations

import re

ID_IN_ANSWER = re.compile(r"(?<![A-Za-z0-9_-])mgl-node-(?:0|[1-9][0-9]*)(?![A-Za-z0-9_-])")


def cited_ids(answer: str, known_ids: list[str], limit: int) -> list[str]:
    known = set(known_ids)
    cited: list[str] = []
    for match in ID_IN_ANSWER.finditer(answer):
        if len(cited) >= limit:
            break
        node_id = match.group(0)
        if node_id in known and node_id not in cited:
            cited.append(node_id)
    return cited
