"""The seed's text processing (lib/utils/textProcessing.ts): the tokenizer and the Porter stemmer.

    tokens = text.toLowerCase().split(/[^a-z0-9]+/).filter(t => t.length > 0).filter(t => !STOP_WORDS.has(t))
    stems = tokens.map(stem)

Lower-casing is Unicode's full mapping in both languages (JavaScript's toLowerCase, Python's str.lower: 'İ' gives
'i' + U+0307, the Kelvin sign 'k'); only ASCII letters and digits survive the split, so the stemmer only ever sees
[a-z0-9]+. The stemmer is Martin Porter's algorithm as his own C release computes it (with its 'bli' and 'logi'
departures from the 1980 paper, words of one or two letters left alone): NLTK's PorterStemmer in MARTIN_EXTENSIONS
mode here, src/shared/porter.ts in the runtime.
"""

from __future__ import annotations

import re
from functools import lru_cache

from nltk.stem.porter import PorterStemmer

#: The seed names STOP_WORDS without listing them: the common English function words (examples/recall/specs/recall.md).
STOP_WORDS = frozenset(
    """
a about above after again against all am an and any are as at be because been before being below between both but
by can could did do does doing down during each few for from further had has have having he her here hers herself
him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or
other our ours ourselves out over own same she should so some such than that the their theirs them themselves then
there these they this those through to too under until up very was we were what when where which while who whom why
will with would you your yours yourself yourselves
""".split()
)

_SEPARATORS = re.compile(r"[^a-z0-9]+")
_PORTER = PorterStemmer(mode=PorterStemmer.MARTIN_EXTENSIONS)


def words(text: str) -> list[str]:
    """Every lower-cased ASCII run of letters and digits, stop words included (the phrase bonus uses these)."""
    return [word for word in _SEPARATORS.split(text.lower()) if word]


def tokenize(text: str) -> list[str]:
    """The seed's tokenizer: lower-cased runs of [a-z0-9], stop words removed, in text order (repeats kept)."""
    return [word for word in words(text) if word not in STOP_WORDS]


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Porter's stem of one token; a word of at most two characters is its own stem."""
    if len(word) <= 2:
        return word
    result: str = _PORTER.stem(word, to_lowercase=False)
    return result


def terms(text: str) -> list[str]:
    """The search terms of a text: its tokens' stems, in order."""
    return [stem(token) for token in tokenize(text)]
