"""The seed's regex intent classifier (lib/rag/QueryIntentClassifier.ts, "Confidence Calculation").

Each intent has weighted patterns; a query's score for an intent is the sum of the weights of its patterns that
match. The intent is the one with the highest score (ties: the order factual, comparison, howto, navigation), and

    confidence = (maxScore / totalScore) * 0.7 + min(maxScore / 2.0, 1.0) * 0.3

No pattern matching gives `general` with confidence 0. The patterns are the seed's, written as JavaScript reads
them (the runtime's regex literals, flag `i`, no `u`): `\\b` and letters are ASCII, `\\s` is ECMAScript's white
space and line terminators, `.` anything but a line terminator. Python's `re` is told the same: ASCII mode, and
`\\s` and `.` spelled out. Departures from the seed (specs/recall.md): every pattern is case-insensitive (the seed
left /^define\\s+/ and friends case-sensitive), and `(difference|differ)s+between` (a typo that needs
"differsbetween") reads `(difference|differ)s?\\s+between`.
"""

from __future__ import annotations

import re
from typing import Any

#: ECMAScript's \s (WhiteSpace and LineTerminator) and `.` (anything but a LineTerminator), for Python's re.
JS_SPACE = "[\t\n\u000b\u000c\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]"
JS_DOT = "[^\n\r\u2028\u2029]"

INTENTS = ("factual", "comparison", "howto", "navigation")

#: (pattern as the runtime writes it, weight); weights are ours, within the seed's 0.6-1.0.
PATTERNS: dict[str, list[tuple[str, float]]] = {
    "factual": [
        (r"^what\s+(is|are|was|were|does|do)", 1.0),
        (r"^who\s+(is|are|was|were|made)", 1.0),
        (r"^when\s+(did|was|were)", 0.9),
        (r"^define\s+", 0.9),
        (r"^explain\s+", 0.7),
        (r"^describe\s+", 0.7),
    ],
    "comparison": [
        (r"\b(compare|comparison|versus|vs\.?)\b", 1.0),
        (r"\b(difference|differ)s?\s+between\b", 1.0),
        (r"\bwhich\s+is\s+(better|best|worse|worst)", 0.9),
        (r"\bpros?\s+and\s+cons?\b", 0.9),
    ],
    "howto": [
        (r"^how\s+(to|do\s+i|can\s+i)", 1.0),
        (r"\b(tutorial|guide|walkthrough|instructions?)\b", 0.8),
        (r"\b(setup|configure|install|implement)\b", 0.6),
    ],
    "navigation": [
        (r"\b(find|show\s+me)\s+(that|the)?\s*(page|site|website|article)", 1.0),
        (r"\bwhere\s+(did\s+i|can\s+i\s+find)\s+(see|read|visit)", 0.9),
        (r"\b(yesterday|last\s+week|recently|earlier).*\b(saw|read|visited)\b", 0.8),
    ],
}


def _as_python(pattern: str) -> re.Pattern[str]:
    translated = pattern.replace(r"\s", JS_SPACE).replace(".*", JS_DOT + "*")
    return re.compile(translated, re.ASCII | re.IGNORECASE)


_COMPILED = {intent: [(_as_python(p), weight) for p, weight in patterns] for intent, patterns in PATTERNS.items()}


def classify_intent(query: str) -> dict[str, Any]:
    """{"type", "confidence", "scores"}: the intent, its confidence in [0, 1], and every intent's summed weight."""
    scores: dict[str, float] = {}
    for intent in INTENTS:
        score = 0.0
        for pattern, weight in _COMPILED[intent]:
            if pattern.search(query):
                score += weight
        scores[intent] = score
    total = 0.0
    for intent in INTENTS:
        total += scores[intent]
    if total == 0:
        return {"type": "general", "confidence": 0, "scores": scores}
    best = INTENTS[0]
    for intent in INTENTS[1:]:
        if scores[intent] > scores[best]:
            best = intent
    top = scores[best]
    confidence = (top / total) * 0.7 + min(top / 2.0, 1.0) * 0.3
    return {"type": best, "confidence": confidence, "scores": scores}
