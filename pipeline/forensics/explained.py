"""The explanations of a run (CONTRACT 9.2), put in words only when they are read.

forensics/explain.py finds, for every claim that is off, the candidates that explain it:
a few numbers per claim (which candidate, which reading of the number, first-equal or
not). `Explanations` keeps just those and is read like a dict, claim label -> [explanation
dict, ...], building each claim's dicts and words on access: a million claims cost no
million word lists until a format asks for them, and `check --format csv`, which shows only
each claim's top cause, asks for none (`top_cause`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping

from claimaudit.forensics import rounding
from claimaudit.forensics import words as slip_words
from claimaudit.forensics.places import others as slip_places
from claimaudit.forensics.transforms import ROUNDED
from claimaudit.model import fmt
from claimaudit.model.units import binary_reading, unit_info

CLAIMED = "\x00claimed\x00"    # stands for the claim's own text in a shared reading


class Explanations(Mapping):
    """claim label -> its explanations, best first (dicts of CONTRACT 9.2), built when read.
    `joined` puts several runs' together (their claims are distinct)."""

    def __init__(self, columns: dict | None = None, picks: dict | None = None, table=None,
                 words: list | None = None):
        self._parts: list[tuple] = []
        self._where: dict = {}          # claim label -> (part, row)
        if columns is not None and picks and words is not None:
            self._add(columns, picks, table, words)

    def _add(self, columns: dict, picks: dict, table, words: list) -> None:
        number = len(self._parts)
        self._parts.append((columns, picks, table, words))
        labels = columns["claim"]
        self._where.update((labels[row], (number, row)) for row in picks)

    @classmethod
    def joined(cls, parts: list) -> Explanations:
        out = cls()
        for part in parts:
            for columns, picks, table, words in part._parts:
                out._add(columns, picks, table, words)
        return out

    def __getitem__(self, label) -> list[dict]:
        number, row = self._where[label]
        columns, picks, table, words = self._parts[number]
        claim = _claim(columns, row)
        return [words[table.group[c]].explanation(c - table.start[table.group[c]], claim,
                                                  reading, tie)
                for c, reading, tie in picks[row]]

    def __iter__(self) -> Iterator:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __contains__(self, label) -> bool:
        return label in self._where

    def top_cause(self, label):
        """The cause of the claim's best explanation (None when it has none), no words built."""
        where = self._where.get(label)
        if where is None:
            return None
        columns, picks, table, words = self._parts[where[0]]
        c = picks[where[1]][0][0]
        return words[table.group[c]].cause(c - table.start[table.group[c]])

    def top_causes(self, labels: list) -> list:
        """top_cause of each label, in order (a million labels, most without explanations)."""
        where, top = self._where, self.top_cause
        return [top(label) if label in where else None for label in labels] if where \
            else [None] * len(labels)

    def excused(self, label) -> bool:
        """Does the rounding of the claim's best explanation excuse it (forensics/rounding.py)?"""
        number, row = self._where[label]
        columns, picks, table, words = self._parts[number]
        c, reading, _ = picks[row][0]
        return words[table.group[c]].excused(c - table.start[table.group[c]],
                                             _claim(columns, row), reading)


def _claim(columns: dict, row: int) -> dict:
    return {"quantity": columns["quantity"][row], "qualifier": columns["qualifier"][row],
            "value": columns["value"][row], "digits": columns["digits"][row]}


class Words:
    """Explanations in words for one group's candidates; the parts every claim of the group
    shares (the reading up to the claimed text, the derived record) are built once."""

    def __init__(self, found: list, ratio: bool, whose):
        self.found, self.ratio, self.whose = found, ratio, whose
        self.parts: dict = {}

    def explanation(self, index: int, claim: dict, reading_number: int, tie: bool) -> dict:
        """{cause, reading, derived, verdict} in the claim's unit (or its binary reading)."""
        cache_key = (index, reading_number)
        if cache_key not in self.parts:
            self.parts[cache_key] = self._parts(self.found[index], claim, reading_number)
        cause, place, reading, fields, derived, rounded = self.parts[cache_key]
        text, qualifier = claim["quantity"].text, claim["qualifier"]
        english = reading.replace(CLAIMED, slip_words.claimed_text(text, qualifier))
        item = {"cause": cause,
                "reading": slip_words.reading(english, cause, place, fields, text, qualifier),
                "derived": dict(derived), "verdict": "consistent"}
        if tie:
            item["tie"] = True
        return item

    def cause(self, index: int) -> str:
        return self.found[index].cause

    def excused(self, index: int, claim: dict, reading_number: int) -> bool:
        """Does this explanation's rounding excuse the claim (forensics/rounding.py)?"""
        cache_key = (index, reading_number)
        if cache_key not in self.parts:
            self.parts[cache_key] = self._parts(self.found[index], claim, reading_number)
        rounded = self.parts[cache_key][-1]
        return rounded is not None and rounding.sign(rounded, claim["digits"], self.whose)

    def _parts(self, candidate, claim: dict, reading_number: int) -> tuple:
        unit = _shown_unit(claim["quantity"], reading_number, self.ratio)
        factor = 1.0 if unit in ("x", "") else unit_info(unit).factor
        interval = candidate.interval
        derived = {"value": _tidy(interval.value / factor), "unit": unit,
                   "low": _tidy(interval.low / factor), "high": _tidy(interval.high / factor)}
        words = dict(candidate.text())
        rounded = words.pop(ROUNDED, None)
        fields = {"working": "", "figure": "", "changed": "", "original": "", "digits": "",
                  "direction": "", "factor": "", "whose": "", **words,
                  "value": _quantity(interval.value, unit),
                  "derived": _quantity(claim["value"], unit)}
        if rounded is not None:
            fields["whose"] = self.whose.words(rounded)
        english = slip_places.reading(candidate.cause, candidate.place).format(**fields,
                                                                               claimed=CLAIMED)
        return (candidate.cause, candidate.place, english, tuple(fields.items()), derived,
                rounded)


def _shown_unit(quantity, reading_number: int, ratio: bool) -> str:
    if ratio:
        return "x"
    if quantity.kind == "count":
        return ""
    return (binary_reading(quantity.unit) or quantity.unit) if reading_number == 1 \
        else quantity.unit


def _quantity(base_value: float, unit: str) -> str:
    return fmt.quantity(base_value, unit) if unit else fmt.number(base_value)


def _tidy(x: float) -> float | None:
    return None if math.isinf(x) or math.isnan(x) else float(f"{x:.12g}")


