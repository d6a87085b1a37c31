"""The draft's word lists (pipeline/data/draft_lexicon.yaml), compiled once into regexes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from pipeline.load import package_yaml


def alternation(words, bounded: bool = True) -> str:
    """A regex alternation, longest first; ASCII words get word boundaries (cached: the
    same word lists are asked for once per number)."""
    return _alternation(tuple(words), bounded)


@cache
def _alternation(words: tuple, bounded: bool) -> str:
    parts = []
    for word in sorted(set(words), key=len, reverse=True):
        escaped = re.escape(word)
        if bounded and word[:1].isascii() and word[:1].isalnum():
            escaped = r"(?<![A-Za-z0-9])" + escaped
        if bounded and word[-1:].isascii() and word[-1:].isalnum():
            escaped += r"(?![A-Za-z0-9])"
        parts.append(escaped)
    return "|".join(parts)


@dataclass(frozen=True)
class Lexicon:
    data: dict
    unit_of: dict          # spelling -> canonical unit
    unit_pattern: re.Pattern
    unit_pattern_i: re.Pattern

    def words(self, key: str) -> list[str]:
        return list(self.data.get(key) or [])

    def pattern(self, key: str, flags: int = re.IGNORECASE) -> re.Pattern:
        return _compiled(self, key, flags)


@cache
def lexicon() -> Lexicon:
    data = package_yaml("draft_lexicon.yaml")
    unit_of = {spelling: unit for unit, spellings in data["units"].items() for spelling in spellings}
    # a unit follows the number directly or after one space; it must not run into letters
    body = alternation(unit_of, bounded=False)
    tail = r"(?![A-Za-z0-9])"
    return Lexicon(data, unit_of, re.compile(rf"[ \u00a0]?-?(?:{body}){tail}"),
                   re.compile(rf"[ \u00a0]?-?(?:{body}){tail}", re.IGNORECASE))


_PATTERNS: dict = {}


def _compiled(lex: Lexicon, key: str, flags: int) -> re.Pattern:
    if (key, flags) not in _PATTERNS:
        _PATTERNS[key, flags] = re.compile(alternation(lex.words(key)), flags)
    return _PATTERNS[key, flags]


@cache
def grouped_pattern(key: str) -> tuple[re.Pattern, dict]:
    """For a mapping of name -> words: one regex and word (lower-case) -> name."""
    lex = lexicon()
    table = {word.lower(): name for name, words in lex.data[key].items() for word in words}
    return re.compile(alternation(table), re.IGNORECASE), table
