"""Score a draft's structure against a hand annotation (issue 19): for each annotated claim,
is its subject, baseline and metric right with no todo, asked (a todo naming the right id
among its candidates), or silently wrong (a wrong id and no todo on that field)?

A drafted claim answers an annotated one as in score.py (the number inside the quote, the
same value; `in`, when given, is more of the quote). A field counts as asked when a todo
line of that field (`subject: ...`), or the claim's `shape:` line, names the right id, or an
interpretation carries it. "?" in the annotation means the text does not decide: any todo
on the field is the right answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from claimaudit.draft.score import _same, as_quoted, claimed_values

FIELDS = ("subject", "baseline", "metric")
RIGHT, ASKED, ASKED_OTHER, SILENT, MISSED = "right", "asked", "asked_other", "silent", "missed"
ORDER = (RIGHT, ASKED, ASKED_OTHER, SILENT, MISSED)


@dataclass
class StructureScore:
    counts: dict = field(default_factory=lambda: dict.fromkeys(ORDER, 0))
    wrong: list = field(default_factory=list)      # (annotation, claim, field) silently wrong

    def add(self, other: StructureScore) -> None:
        for key in ORDER:
            self.counts[key] += other.counts[key]
        self.wrong += other.wrong

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def field_values(claim: dict, name: str) -> set:
    """What the draft writes for a field: its own value, or each interpretation's."""
    readings = claim.get("interpretations") or []
    # a reading without the field takes the claim's (a metric is written once for all)
    values = {r.get(name, claim.get(name)) for r in readings} if readings else {claim.get(name)}
    return values - {None}


def asked_ids(claim: dict, name: str) -> str:
    """The todo text that asks about a field: its own lines and the shape line."""
    lines = [t for t in claim.get("todo") or [] if t.startswith((f"{name}:", "shape:"))]
    return " ".join(lines)


def field_verdict(claim: dict, name: str, expected: str | None) -> str:
    """right / asked / asked_other / silent for one field of one claim (the rule alone)."""
    values = field_values(claim, name)
    asked = asked_ids(claim, name)
    own_todo = any(t.startswith(f"{name}:") for t in claim.get("todo") or [])
    if expected == "?":
        return ASKED if own_todo or not values else SILENT
    wanted = {expected} if expected else set()
    if values == wanted and not own_todo:
        return RIGHT
    if expected and (re.search(rf"(?<![\w.-]){re.escape(expected)}(?![\w-])", asked)
                     or (len(values) > 1 and expected in values)):
        return ASKED
    if values - wanted and not own_todo:
        return SILENT
    return ASKED_OTHER if asked or own_todo else SILENT


def claim_verdict(claim: dict, note: dict) -> tuple[str, str | None]:
    """The worst field's verdict (and that field); right needs no todo at all."""
    worst, where = RIGHT, None
    for name in FIELDS:
        verdict = field_verdict(claim, name, note.get(name))
        if ORDER.index(verdict) > ORDER.index(worst):
            worst, where = verdict, name
    if worst == RIGHT and claim.get("todo"):
        worst = ASKED
    return worst, where


def structure_score(claims: list[dict], notes: list[dict], counted=None) -> StructureScore:
    """Score the notes that `counted` keeps (all by default). Every note, in the text's order,
    takes its claim first, so a note left uncounted (a field "?", an id outside the corpus)
    still holds its own line's claim: "67 TFLOPS" of an FP64 Tensor Core row annotated "?" is
    not given to the FP32 row's note with the same figure."""
    numeric = [c for c in claims if claimed_values(c)]
    used: set[int] = set()
    result = StructureScore()
    for note in notes:
        hit = _match(numeric, used, note, note.get("in", ""))
        if hit is None and note.get("in") and _match(numeric, set(), note, note["in"]) is None:
            # an `in` no quoted line holds (a table's column header, "MI355X"): the notes' order;
            # one whose line's claim an earlier note took is missed, not moved to another line
            hit = _match(numeric, used, note, "")
        if hit is not None:
            used.add(hit)
        if counted is not None and not counted(note):
            continue
        if hit is None:
            result.counts[MISSED] += 1
            continue
        verdict, where = claim_verdict(numeric[hit], note)
        result.counts[verdict] += 1
        if verdict == SILENT:
            result.wrong.append((note, numeric[hit], where))
    return result


def _match(numeric: list[dict], used: set[int], note: dict, piece: str) -> int | None:
    """The first unused claim quoting the note's number, and `piece`, with its value."""
    number = as_quoted(note["number"])
    piece = as_quoted(piece) if piece else piece
    return next((i for i, c in enumerate(numeric) if i not in used
                 and number in c["quote"] and _holds(c["quote"], piece, number)
                 and any(_same(v, float(note["value"])) for v in claimed_values(c))), None)


def _holds(quote: str, piece: str, number: str) -> bool:
    """The quote holds the note's `in` piece, or ends with its start, the number and words
    beyond it: "| ... | 8x NVIDIA H100" for `in: "8x NVIDIA H100 (80 GB)"`, a row the drafter cut
    at the bracket it quotes as a claim of its own."""
    if piece in quote:
        return True
    at = piece.find(number)
    end = quote.rstrip(" |\t")
    return at >= 0 and any(end.endswith(piece[:k]) for k in range(at + len(number) + 6, len(piece)))
