"""Counts of verdicts over a stream of result records, for the closing summary line of a table
written a chunk at a time (render.summary_line's text, without holding every record)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from claimaudit.core.words import labels
from claimaudit.output.render import VERDICT_ORDER


class Tally:
    def __init__(self) -> None:
        self.verdicts: Counter = Counter()
        self.claims = 0
        self.mismatched = 0

    def add(self, records: Iterable[dict]) -> None:
        for record in records:
            self.claims += 1
            self.verdicts[record["verdict"]] += 1
            expect = record.get("expect")
            self.mismatched += bool(expect and expect != record["verdict"])

    def summary(self, lang: str = "en") -> str:
        """`12 claims: 3 inconsistent, 9 consistent; 1 pinned expect(s) not met`."""
        words = labels(lang)
        parts = [words["part"].format(count=self.verdicts[name], verdict=words["counted"][name])
                 for name in VERDICT_ORDER if self.verdicts[name]]
        text = words["summary"].format(n=self.claims, parts=words["separator"].join(parts))
        return text + (words["not_met"].format(n=self.mismatched) if self.mismatched else "")
