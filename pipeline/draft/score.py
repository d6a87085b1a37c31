"""Score a draft against a hand annotation: recall and noise (pipeline/draft/).

A drafted claim finds an annotated one when the annotated number, as written (TeX as its page
renders it: `as_quoted`), is inside the drafted quote and a drafted `claimed` value equals the
annotated value in base units (within a relative 1e-6; an interpretation's `claimed` counts too).
Each annotation is found at most once, in order. Recall = found / annotated; noise = drafted
numeric claims that found nothing / drafted numeric claims.

An annotated range is one claim (`{number: "120-140 kW", value: 1.2e+5, also: [1.4e+5]}`); the
draft writes it as its two bounds (`at_least` 120 kW, `at_most` 140 kW: draft/bounds.py; under
"about", two `roughly` ends). The end left over once the other found the range is part of that
claim, not noise.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass

from claimaudit.draft.lexicon import lexicon
from claimaudit.draft.markup import tex_as_shown
from claimaudit.model.units import UnitError, parse_quantity


@dataclass
class Score:
    annotated: int = 0
    found: int = 0
    drafted: int = 0
    noise: int = 0
    misses: list | None = None
    noisy: list | None = None

    def add(self, other: Score) -> None:
        self.annotated += other.annotated
        self.found += other.found
        self.drafted += other.drafted
        self.noise += other.noise

    @property
    def recall(self) -> float:
        return self.found / self.annotated if self.annotated else 1.0

    @property
    def noise_share(self) -> float:
        return self.noise / self.drafted if self.drafted else 0.0


def base_value(claimed: str) -> float | None:
    """A `claimed` text in base units: 4.4x -> 4.4, 2.5 PFLOPS -> 2.5e15, 110 mm2 -> 1.1e-4."""

    match = re.fullmatch(r"([\d.,e+]+) (\S+)", claimed)
    extra = lexicon().data["unclaimable_units"]
    if match and match.group(2) in extra:
        return float(match.group(1).replace(",", "")) * extra[match.group(2)]["base"]
    try:
        return parse_quantity(claimed).base
    except UnitError:
        return None


def claimed_values(claim: dict) -> list[float]:
    texts = [claim["claimed"]] if "claimed" in claim else [
        reading["claimed"] for reading in claim.get("interpretations") or [] if "claimed" in reading]
    return [value for text in texts if (value := base_value(str(text))) is not None]


def as_quoted(number) -> str:
    """An annotated number as the draft's quote shows it: the page as rendered, so a reader's
    "989 \\times 10^{12}" copied from the TeX source is the "989e12" of the quote (markup.py), and
    "2.75&nbsp;GHz" copied from a page's HTML is the "2.75\u00a0GHz" of the quote (text.py)."""
    number = str(number)
    number = html.unescape(number) if "&" in number else number
    return tex_as_shown(number) if "\\" in number or "{,}" in number else number


def _same(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-6)


def score(claims: list[dict], annotations: list[dict]) -> Score:
    numeric = [c for c in claims if claimed_values(c)]
    used: set[int] = set()
    misses, hits = [], []
    for note in annotations:
        wanted = [float(note["value"]), *(float(v) for v in note.get("also") or [])]
        number = as_quoted(note["number"])
        hit = next((i for i, c in enumerate(numeric) if i not in used
                    and number in c["quote"]
                    and any(_same(v, w) for v in claimed_values(c) for w in wanted)), None)
        if hit is None:
            misses.append(note)
        else:
            used.add(hit)
            hits.append((note, hit))
    found = [(note, numeric[i]) for note, i in hits]
    noisy = [c for i, c in enumerate(numeric) if i not in used and not _other_bound(c, found)]
    return Score(len(annotations), len(annotations) - len(misses), len(numeric), len(noisy),
                 misses, noisy)


PAIRED = {"at_least": "at_most", "at_most": "at_least", "roughly": "roughly"}


def _other_bound(claim: dict, found: list[tuple[dict, dict]]) -> bool:
    """Is `claim` a range's other end: a bound (or, under "about", a `roughly` end) whose value
    is another value of an annotated range that its pair in the same quote found?"""
    if claim.get("qualifier") not in PAIRED:
        return False
    values = claimed_values(claim)
    for note, hit in found:
        ends = [float(note["value"]), *(float(v) for v in note.get("also") or [])]
        if (len(ends) > 1 and hit.get("qualifier") == PAIRED[claim["qualifier"]]
                and hit["quote"] == claim["quote"] and as_quoted(note["number"]) in claim["quote"]
                and any(_same(v, e) for v in values for e in ends)):
            return True
    return False
