"""Readings of a claim's figure that are not a single spec figure: the ratio of two figures.

A ratio claim (`subject` vs `baseline`) divides one derived figure by another; each
pair of alternatives that chooses conflicting facts the same way gives one reading.
Pure: alternatives in, alternatives out (CONTRACT section 4, "Ratio claims divide
subject by baseline").
"""

from __future__ import annotations

from pipeline import fmt
from pipeline.derive import Alt, SpecGraph, capped, consistent_combinations, shown_input


def ratio_alts(graph: SpecGraph, top: str, bottom: str) -> tuple[Alt, ...]:
    """Alternatives of `entity.metric / entity.metric` (the metrics may differ)."""
    pairs = capped(consistent_combinations([graph.derive(*top.split(".")),
                                            graph.derive(*bottom.split("."))]), f"{top} / {bottom}")
    return tuple(ratio(upper, lower, top, bottom) for upper, lower in pairs)


def ratio(top: Alt, bottom: Alt, top_name: str, bottom_name: str) -> Alt:
    """One reading of top / bottom, its steps and sources those of both sides."""
    steps = tuple(dict.fromkeys(top.steps + bottom.steps))
    sources = tuple(dict.fromkeys(top.sources + bottom.sources))
    label = "; ".join(x for x in (top.label, bottom.label) if x)
    choices = tuple(dict.fromkeys(top.choices + bottom.choices))
    if top.is_missing or bottom.is_missing:
        return Alt(None, (), steps, sources, top.missing + bottom.missing, label, choices=choices)
    value = top.interval / bottom.interval
    step = (f"ratio = {top_name} / {bottom_name} = {shown_input(top)} / {shown_input(bottom)}"
            f" = {fmt.number(value.value)}x")
    return Alt(value, (), steps + (step,), sources, (), label, "x", choices=choices)
