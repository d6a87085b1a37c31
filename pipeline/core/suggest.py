"""'Did you mean' without reading every known word per problem: an index of character trigrams.

difflib.get_close_matches compares the asked word with every known word; 2,000 unknown names
against 2,000 entities took a minute. The index is built once per collection of known words
(and cached on it); a look-up reads the postings of the asked word's rarest trigrams, within a
fixed budget, and lets difflib rank at most CANDIDATES words. So a look-up costs a bounded
amount whatever the number of known words, and a run's suggestions stay linear in its problems.
"""

from __future__ import annotations

import difflib
from collections import Counter, OrderedDict
from collections.abc import Collection

CANDIDATES = 24         # words difflib ranks per look-up
POSTINGS_BUDGET = 4096  # posting entries read per look-up
LONGEST = 100           # characters of a word compared (difflib is quadratic in length)
_CACHE: OrderedDict[int, tuple[Collection[str], int, Index]] = OrderedDict()


def _grams(word: str) -> set[str]:
    padded = f"  {word[:LONGEST].casefold()} "
    return {padded[i:i + 3] for i in range(len(padded) - 2)}


class Index:
    """Known words by trigram, for `near`."""

    def __init__(self, words: Collection[str]):
        self.words = sorted({w for w in words if isinstance(w, str)})
        self.postings: dict[str, list[int]] = {}
        for number, word in enumerate(self.words):
            for gram in _grams(word):
                self.postings.setdefault(gram, []).append(number)

    def near(self, word: str, n: int = 1, cutoff: float = 0.6) -> list[str]:
        """Up to n known words close to `word` (difflib's ratio >= cutoff), best first."""
        if not isinstance(word, str) or not self.words:
            return []
        lists = sorted((self.postings.get(g, []) for g in _grams(word)), key=len)
        shared: Counter[int] = Counter()
        budget = POSTINGS_BUDGET
        for postings in lists:
            if budget <= 0:
                break
            shared.update(postings[:budget])
            budget -= len(postings)
        candidates = [self.words[i] for i, _ in shared.most_common(CANDIDATES)]
        trimmed = {c[:LONGEST]: c for c in candidates}
        return [trimmed[m] for m in difflib.get_close_matches(word[:LONGEST], list(trimmed), n,
                                                              cutoff)]


def index_of(words: Collection[str]) -> Index:
    """The index of `words`, built once per collection object (a few recent ones are kept)."""
    key = id(words)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is words and hit[1] == len(words):
        _CACHE.move_to_end(key)
        return hit[2]
    index = Index(words)
    _CACHE[key] = (words, len(words), index)       # holding `words` keeps its id from being reused
    while len(_CACHE) > 8:
        _CACHE.popitem(last=False)
    return index


def nearest(word: str, words: Collection[str], n: int = 1, cutoff: float = 0.6) -> list[str]:
    """difflib.get_close_matches(word, words, n, cutoff), through a cached index."""
    return index_of(words).near(word, n, cutoff)
