"""What a slip does to one figure: rounded as published, its unit misread, a superseded fact.

The catalogue's transforms that act on a single figure (pipeline/data/slips.yaml:
`round`, `unit`, `superseded`) live here, keyed by that name in `NODE_TRANSFORMS`, so
every place that slips a figure (a fact on the way to a side, a member's figure, an
expression's input, a group's sum) applies the same arithmetic. Each transform yields
(the figure after the slip, the words that say what changed).
"""

from __future__ import annotations

import math
from typing import NamedTuple

from claimaudit.engine.derive import Alt
from claimaudit.engine.steps import Step
from claimaudit.forensics.catalogue import known_interval
from claimaudit.model import fmt
from claimaudit.model.intervals import Interval
from claimaudit.model.published_numbers import nice_unit, round_significant, significant_digits, unit_twin
from claimaudit.model.units import unit_info

ROUNDED = "\x00rounded"      # the words' key of what was rounded (not a template field)


class Rounded(NamedTuple):
    """A figure rounded as published: which, to what, and whose figure it was."""

    node: tuple         # (entity, metric)
    value: float        # the rounded value, base units
    digits: int
    sources: tuple      # the precise figure's sources


def _rounded(cause, node, alt: Alt, superseded):
    """A published figure (a fact, not a figure derived from facts) rounded as vendors do."""
    if not alt.fact or significant_digits(known_interval(alt)) < cause.get("figure_digits", 0):
        return
    value = known_interval(alt).value
    for digits in cause["digits"]:
        rounded = round_significant(value, digits)
        if rounded == value or rounded == 0:
            continue
        unit = nice_unit(rounded, alt.unit)
        h = 0.5 * 10 ** (math.floor(math.log10(abs(rounded))) - digits + 1)
        shown = f"{fmt.number(rounded / unit_info(unit).factor, digits)} {unit}".rstrip()
        step = Step("figure", f"{node[0]}.{node[1]}", result=shown)
        yield (Alt(Interval.around(rounded, h), alt.dims, (step,), alt.sources, (), "", unit),
               {"changed": shown, "digits": digits,
                ROUNDED: Rounded(node, rounded, digits, alt.sources)})


def _misread(cause, node, alt: Alt, superseded):
    twin = unit_twin(alt.unit) if alt.fact else None
    if twin is None:
        return
    scale = unit_info(twin).factor / unit_info(alt.unit).factor
    written = known_interval(alt).value / unit_info(alt.unit).factor
    shown = f"{fmt.number(written)} {twin}"
    step = Step("figure", f"{node[0]}.{node[1]}", result=shown)
    yield (Alt(known_interval(alt).scaled(scale), alt.dims, (step,), alt.sources, (), "", twin),
           {"changed": shown})


def _superseded(cause, node, alt: Alt, superseded):
    for fact in superseded.get(node, ()):
        quantity = fact.quantity
        shown = f"{quantity.text} [{fact.source}]"
        step = Step("fact", f"{node[0]}.{node[1]}", result=quantity.text, source=fact.source)
        yield (Alt(Interval.around(quantity.base, quantity.base_h), alt.dims, (step,),
                   (fact.source,), (), "", quantity.unit), {"changed": shown})


NODE_TRANSFORMS = {"round": _rounded, "unit": _misread, "superseded": _superseded}
