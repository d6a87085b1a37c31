"""Figures of a metric the contract defines by another (pipeline/draft/, issue 19).

`scaleup_bandwidth_per_direction` is `scaleup_bandwidth / 2` (CONTRACT, metrics.yaml): a chip
or system that publishes only its both-ways figure has a one-way figure all the same. Such a
figure tells a subject's scope apart ("The uni-directional NVLink Bandwidth of GB200 NVL72 is
900GB/s": its GPU's, not the rack's 65 TB/s); it decides no subject or metric by itself (a
vendor's one-way figure may be counted otherwise), so only the scope rules read it.
"""

from __future__ import annotations

import re
from functools import cache

from claimaudit.input import records

# a formula of one metric over a number: "scaleup_bandwidth / 2"
OVER_A_NUMBER = re.compile(r"\s*([a-z][a-z0-9_]*)\s*/\s*(\d+(?:\.\d+)?)\s*")


@cache
def _defined() -> dict[str, tuple[str, float]]:
    """metric -> (the metric it is defined by, the divisor)."""
    out = {}
    for row in records.builtin_metrics():
        found = OVER_A_NUMBER.fullmatch(str(row.get("formula") or ""))
        if row.get("aggregates") == "formula" and found:
            out[row["id"]] = (found.group(1), float(found.group(2)))
    return out


def figures_of(catalogue, entity: str, metric: str) -> list[float]:
    """The entity's published figures for the metric, else those its definition gives."""
    published = list(catalogue.figures.get((entity, metric), ()))
    if published or metric not in _defined():
        return published
    base, divisor = _defined()[metric]
    return [f / divisor for f in catalogue.figures.get((entity, base), ())]
