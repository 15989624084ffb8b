"""Terms for scoring: words, lowercased and unaccented, without stopwords, lightly stemmed.

The stemming is deliberately light (plural s, -ing, -ed): it only has to make "costs" meet "cost" and "matching"
meet "matched" between a question and the page; both sides go through the same function, so a crude stem is fine.
"""

from __future__ import annotations

import re
import unicodedata

_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
_MARKS = re.compile("[\u0300-\u036f]")
_CJK_CLASS = "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
_CJK = re.compile(_CJK_CLASS)
_CJK_SPLIT = re.compile(f"({_CJK_CLASS}+)")

STOPWORDS = frozenset(
    """a about above after again against all also am an and any are aren't as at be because been before being below
    between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each
    few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself
    him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's me more most
    mustn't my myself no nor not of off on once only or other ought our ours ourselves out over own same shan't she
    she'd she'll she's should shouldn't so some such than that that's the their theirs them themselves then there
    there's these they they'd they'll they're they've this those through to too under until up very was wasn't we
    we'd we'll we're we've were weren't what what's when when's where where's which while who who's whom why why's
    will with won't would wouldn't you you'd you'll you're you've your yours yourself yourselves
    tell explain describe please say says said according mean means meant give gives know anything something thing
    things much many way ways one ones get got just like does""".split()
)

#: Words that name the task rather than the topic ("summarize the main points of this article"): ignored when a
#: summary-like mode looks for a topic in the question.
TASK_WORDS = frozenset(
    """summarize summarise summary summaries page article document text post site main point points key takeaway
    takeaways argument arguments argue argues claim claims simple simply simpler eli5 five year old kid child
    overview brief briefly short list bullet bullets give section content contents topic""".split()
)


def stem(word: str) -> str:
    """A light suffix stripper: plural s, -es, -ies, -ing, -ed; doubled final consonants undone ("running" →
    "run"), a final silent e dropped so "measure", "measured" and "measuring" meet at "measur"."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    elif len(word) > 4 and word.endswith("ed") and not word.endswith("eed"):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if len(word) > 2 and word[-1] == word[-2] and word[-1] not in "aeiouls":
        word = word[:-1]
    if len(word) > 4 and word.endswith("e") and not word.endswith("ee"):
        word = word[:-1]
    return word


def _fold(text: str) -> str:
    return _MARKS.sub("", unicodedata.normalize("NFKD", text)).lower()


def _cjk_bigrams(word: str) -> list[str]:
    """Chinese and Japanese write no spaces: a run of their characters becomes its overlapping character pairs
    (the usual unit for matching them without a dictionary); other parts of the word stay whole."""
    result: list[str] = []
    for part in _CJK_SPLIT.split(word):
        if not part:
            continue
        if _CJK.match(part):
            result += [part[i : i + 2] for i in range(len(part) - 1)] or [part]
        else:
            result.append(part)
    return result


def words(text: str) -> list[str]:
    """Lowercased, unaccented words, apostrophes kept inside ("don't"); CJK runs as character pairs."""
    result: list[str] = []
    for word in _WORD.findall(_fold(text)):
        word = word.replace("\u2019", "'")
        result += _cjk_bigrams(word) if _CJK.search(word) else [word]
    return result


def terms(text: str, ignore: frozenset[str] = frozenset()) -> list[str]:
    """The stems of `text`'s content words, in order, repeats kept (term frequency counts them)."""
    result = []
    for word in words(text):
        if word in STOPWORDS or word in ignore or (len(word) < 2 and not word.isdigit()):
            continue
        stemmed = stem(word)
        if stemmed in ignore:
            continue
        result.append(stemmed)
    return result
