"""Explanation readings as data, and their words in each output language (CONTRACT 9.2).

A reading fills its cause's template (pipeline/data/slips.yaml: `reading` in English,
`reading_in` in the other languages) with fields: numbers, units and names, which no language
changes, and worded fields (a step's working, a phrase such as "fp8_dense on both sides") that
say themselves in the language asked (pipeline/engine/steps.py, `Worded`). The claim's number comes
with its qualifier in the language's words (pipeline/data/labels.yaml, `qualifier_words`).

JSON `reading` and `hints` stay English: a reading is a `Worded` string whose data is the
`Reading` below, so `steps.say(reading, lang)` words it again for `explain --lang` and the
report pages. Readings are made only for claims an explanation fits.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import NamedTuple

from claimaudit.core.words import labels
from claimaudit.engine.steps import ENGLISH, Worded, say
from claimaudit.forensics.catalogue import catalogue


@functools.cache
def _catalogue() -> dict:

    return catalogue()


def _in(entry: dict, english_key: str, lang: str) -> str:
    """A cause's text in `lang` (`reading_in`, `name_in`), the English one where none is given."""
    return (entry.get(f"{english_key}_in") or {}).get(lang) or entry[english_key]


@dataclass(frozen=True, slots=True)
class Phrase:
    """Fixed words standing in a reading's field (slips.yaml `words.phrases`)."""

    key: str
    fields: tuple = ()      # ((name, value), ...) filled into the phrase

    def word(self, lang: str) -> str:
        return _catalogue()["words"]["phrases"][self.key][lang].format(**dict(self.fields))


def phrase(key: str, **fields: str) -> Worded:
    """A phrase in English that can be said in any language (`{metric} on both sides`)."""
    data = Phrase(key, tuple(fields.items()))
    return Worded(data.word(ENGLISH), data)


def claimed_text(text: str, qualifier, lang: str = ENGLISH) -> str:
    """The claim's number as written, after its qualifier (`more than 3x`)."""
    qualifier = qualifier if isinstance(qualifier, str) else "about"
    if lang == ENGLISH:
        return text if qualifier == "about" else f"{qualifier.replace('_', ' ')} {text}"
    words = labels(lang)["qualifier_words"].get(qualifier, qualifier.replace("_", " "))
    return f"{words} {text}".strip()


class Reading(NamedTuple):
    """One explanation's reading: the cause, its template's fields, and the claim's number
    (a named tuple: one is made for every claim an explanation fits)."""

    cause: str
    place: str              # where the slip happened (a cause may word a place its own way)
    fields: tuple           # ((name, str | Worded | int), ...), every field but {claimed}
    claimed: str            # the claim's number as written (`3x`)
    qualifier: str | None   # its qualifier (`more_than`)

    def word(self, lang: str) -> str:
        template = _template(_catalogue()["causes"][self.cause], self.place, lang)
        fields = {name: say(value, lang) for name, value in self.fields}
        return template.format(**fields, claimed=claimed_text(self.claimed, self.qualifier, lang))


def template(cause: str) -> str:
    """The English reading template of a cause (what JSON's `reading` is filled from)."""
    return _catalogue()["causes"][cause]["reading"]


def _template(entry: dict, place: str, lang: str) -> str:
    """A cause's template at `place` in `lang` (`readings_at`: a place's own words; the
    other languages' in `reading_in` and `readings_at_in`), the English one where none is."""
    if place in (entry.get("readings_at") or {}):
        translated = ((entry.get("readings_at_in") or {}).get(place) or {}).get(lang)
        return translated or entry["readings_at"][place]
    return _in(entry, "reading", lang)


def reading(english: str, cause: str, place: str, fields: tuple, claimed: str,
            qualifier) -> Worded:
    """The English reading (already filled in) carrying its data; `fields` are shared by
    every claim a candidate explains."""
    return Worded(english, Reading(cause, place, fields, claimed, qualifier))


def cause_name(cause: str, lang: str, english: str | None = None) -> str:
    """A cause in `lang` (labels.yaml `report.causes`, the index's words for it); in English
    its id, or `english` if given."""
    if lang == ENGLISH:
        return cause if english is None else english
    return labels(lang)["report"]["causes"].get(cause, cause)


class Hint(NamedTuple):
    """An explanation as one line of `hints` (CONTRACT 7): the cause, then its reading."""

    cause: str
    tie: bool
    reading: str

    def word(self, lang: str) -> str:
        words = _catalogue()["words"]
        name = cause_name(self.cause, lang, self.cause.replace("_", " "))
        return words["hint"][lang].format(cause=name, tie=words["tie"][lang] if self.tie else "",
                                          reading=say(self.reading, lang))


def hint(explanation: dict) -> Worded:
    """`double rounding: 144 x 2.52 PFLOPS, ...` in English, sayable in any language."""
    data = Hint(explanation["cause"], bool(explanation.get("tie")), explanation["reading"])
    return Worded(data.word(ENGLISH), data)
