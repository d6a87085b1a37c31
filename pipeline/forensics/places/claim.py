"""Slips at the claim itself: a factor on the claimed figure, its unit, N+1 for N.

A prefix, bits for bytes, one direction for both, GiB for GB, "N times more" for N+1
times as much: these change the claimed number, not a figure it is derived from, so
they need only the derived interval, the claim's unit and its kind. Kept apart from
the figure-level slips (slips.py, slip_places.py), which trace the spec graph.
"""

from __future__ import annotations

from claimaudit.forensics import words as slip_words
from claimaudit.forensics.catalogue import Candidate, catalogue
from claimaudit.model import fmt
from claimaudit.model.intervals import Interval
from claimaudit.model.published_numbers import unit_twin
from claimaudit.model.units import unit_info


def claim_candidates(derived: Interval, metric: str | None, unit: str, kind: str,
                     dimension: str) -> list[Candidate]:
    """Slips at the claim: a prefix, bits for bytes, one direction, GiB for GB, N+1."""
    out = []
    for name, cause in catalogue()["causes"].items():
        if "claim" not in cause["at"]:
            continue
        transform = cause["transform"]
        if transform == "factor" and _applies(cause, metric, kind, dimension):
            for factor in cause["factors"]:
                for direction, scale in (("x", factor), ("/", 1 / factor)):
                    out.append(Candidate(name, "claim", derived.scaled(scale),
                                         {"direction": direction, "factor": fmt.number(factor)}))
        elif transform == "unit" and dimension != "information" and unit_twin(unit):
            scale = unit_info(unit).factor / unit_info(unit_twin(unit)).factor
            out.append(Candidate(name, "claim", derived.scaled(scale),
                                 {"figure": unit, "changed": unit_twin(unit),
                                  "working": slip_words.phrase("claimed_figure")}))
        elif transform == "offset" and kind in ("ratio", "change"):
            for direction, offset in (("+", 1.0), ("-", -1.0))[: 1 if kind == "change" else 2]:
                if derived.value + offset > 0:
                    shifted = Interval(derived.value + offset, derived.low + offset,
                                       derived.high + offset)
                    out.append(Candidate(name, "claim", shifted, {"direction": direction}))
    return out


def _applies(cause: dict, metric, kind: str, dimension: str) -> bool:
    if "kinds" in cause and kind not in cause["kinds"]:
        return False
    if "metrics" in cause and metric not in cause["metrics"]:
        return False
    return "dimensions" not in cause or dimension in cause["dimensions"]
