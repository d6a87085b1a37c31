"""The draft's word lists (pipeline/data/draft_lexicon.yaml), compiled once into regexes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from claimaudit.core.yamlio import package_yaml


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
    return "|".join(parts) or "(?!)"      # an emptied list matches nothing, not everywhere


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

    def ends_with(self, key: str, text: str) -> bool:
        """Does `text` end (spaces aside) with one of the words of `key`?"""
        end = len(text.rstrip())
        return any(m.end() == end for m in self.pattern(key).finditer(text, max(0, end - 40)))


# "4x A100 80gb", "32gb": gigabytes written in lower case, but not in an identifier or a setting
# (`h100-sxm-80gb`, `a100-80gb-sxm`, `mem=10gb`) nor as a rate (`32gb/s` is read as GB/s)
LOWER_GB = (r"(?<![-=_/]\d)(?<![-=_/]\d\d)(?<![-=_/]\d\d\d)(?<![-=_/]\d{4})"
            r"gb(?![-_./]?[A-Za-z0-9])")


@cache
def lexicon() -> Lexicon:
    data = package_yaml("draft_lexicon.yaml")
    unit_of = composed_units(data)
    unit_of.update({spelling: unit for unit, spellings in data["units"].items() for spelling in spellings})
    # a unit follows the number directly or after one space; it must not run into letters
    body = alternation(unit_of, bounded=False)
    # ... unless the spelling ends in a Han character (5倍Token量), or the next field's label in
    # capitals follows a spec list pasted without its borders (`3.67 TB/sPeak`; not `8xH100`)
    # (`32 EFA devices` is no EF(LOPS): AWS's network adapter, held-out round 210)
    tail = r"(?:(?<=[\u4e00-\u9fff])|(?![A-Za-z0-9])|(?<![xX×])(?<!EF)(?=[A-Z]))"
    # case-insensitively only spellings of 4 characters or more count (numbers.unit_at)
    body_i = alternation({s.lower() for s in unit_of if len(s) >= 4}, bounded=False)
    unit_of["gb"] = "GB"
    return Lexicon(data, unit_of, re.compile(rf"[ \u00a0]?-?(?:{body}|{LOWER_GB}){tail}"),
                   re.compile(rf"[ \u00a0]?-?(?:{body_i}){tail}", re.IGNORECASE))


def composed_units(data: dict) -> dict:
    """Spellings made by the unit grammar: an SI prefix (letter or word) before a base
    spelling gives the canonical unit prefix + base, when that unit is listed (`T` + `F/s` ->
    TFLOPS, `peta` + `bytes per second` -> PB/s). Listed spellings take precedence."""
    grammar = data.get("unit_grammar") or {}
    out = {}
    for prefix, prefix_spellings in (grammar.get("prefixes") or {}).items():
        for base, base_spellings in (grammar.get("bases") or {}).items():
            unit = prefix + base
            if unit not in data["units"]:
                continue
            for p in prefix_spellings:
                for b in base_spellings:
                    if len(p) == 1 and not (b[:1].isupper() or b.startswith(("b", "flop"))):
                        continue          # Tflops, Tbytes, Gbits/s; not "Tops" or "Gwatts"
                    if len(p) > 1 and not (b[:1].islower() and len(b) > 3 or b.startswith(("FLOP", "Flop"))):
                        continue          # terabytes, petaFLOP/s; not "teraB" or "kiloW"
                    out[p + b] = unit
                    if len(p) == 1 and b.lower().startswith(("flop", "operations/")):
                        out[p + " " + b] = unit   # 8E FLOPS, 92 T Operations/s: spaced from its base
                    if len(p) > 1:
                        out[p.capitalize() + b] = unit
    return out


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


# Names as one regex (pipeline/draft/entities.py): a trie of their characters.
SEPARATOR, END = "\x00", "\x01"


def trie_regex(names) -> str:
    """One regex for every name, shared prefixes factored out (a trie), so finding names
    costs the text's length, not length x names. Deeper branches come first: the longest
    name at a place wins, as in a longest-first alternation. Words may be joined by a space,
    a hyphen or nothing ("TPU v5p", "TPU-v5p", "TPUv5p"); case does not count."""
    trie: dict = {}
    for name in names:
        node = trie
        for index, part in enumerate(re.split(r"[\s-]+", name.strip())):
            # "MI300X" written "MI 300X": letters, then the model number apart (not a unit's "GB 200")
            parts = _model_number.fullmatch(part.lower())
            chars = list(part.lower())
            if parts is not None and parts.group(1) not in _UNIT_LETTERS:
                chars = [*parts.group(1), SEPARATOR, *parts.group(2)]
            for char in ([SEPARATOR] if index else []) + chars:
                node = node.setdefault(char, {})
        node[END] = {}
    return _trie_body(trie)


_model_number = re.compile(r"([a-z]{2,4})(\d{2,4}[a-z]?)")
_UNIT_LETTERS = {"gb", "tb", "mb", "kb", "pb", "gib", "tib", "nm", "kw", "fp", "int", "bf", "tf", "hbm",
                 "ddr"}


def _trie_body(node: dict) -> str:
    branches = [(r"[\s-]?" if char == SEPARATOR else re.escape(char)) + _trie_body(node[char])
                for char in sorted(node) if char != END]
    if END in node:
        branches.append("")
    return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
