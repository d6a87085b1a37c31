"""Node and source slips along any figure: trace what a figure is derived from, slip each.

slip_places.py, expression_slips.py and group_slips.py all ask one question of a figure
(a side of a pair reading, a system's members' sum, an expression): which figures is it
derived from, and what does it become when one of them slips (a node transform of the
catalogue, figure_transforms.py) or is another source's fact (`source`)? This module
answers it once for all of them: `SharedTracer` derives each figure once per explain
run and records the edges; `node_candidates` slips every figure reached, cached per
label. Pure: a spec graph in, (cause, place, words, node, figures) tuples out.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

from claimaudit.engine import readings
from claimaudit.engine.derive import Alt, DerivationError, SpecGraph, finest
from claimaudit.engine.steps import Step
from claimaudit.forensics.catalogue import (
    ROOT,
    Candidate,
    ForensicGraph,
    Value,
    catalogue,
    figure_text,
    known_interval,
    same,
    working,
)
from claimaudit.forensics.transforms import NODE_TRANSFORMS
from claimaudit.model import expr
from claimaudit.model.intervals import Interval, IntervalError
from claimaudit.model.units import unit_info

Figure = Callable[[SpecGraph], tuple]     # a graph -> the alternatives of one figure


def member_sum(entity: str, metric: str, graph: SpecGraph) -> tuple:
    return graph.member_sum(entity, metric)


def derived(entity: str, metric: str, graph: SpecGraph) -> tuple:
    return graph.derive(entity, metric)


def evaluated(tree, graph: SpecGraph) -> tuple:
    return graph.evaluate(tree)


def one_alternative(figure: Figure, graph: SpecGraph) -> Alt | None:
    """The one alternative `figure` has on `graph` (None: several, missing, or an error)."""
    try:
        alts = figure(graph)
    except (DerivationError, expr.ExprError, IntervalError, ZeroDivisionError):
        return None
    return alts[0] if len(alts) == 1 and not alts[0].is_missing else None


def figure_once(graph, cache: dict, entity: str, metric: str) -> Alt | None:
    """An entity's figure on the unchanged graph, worked out once per cache."""
    if ("place", entity, metric) not in cache:
        cache["place", entity, metric] = one_alternative(partial(derived, entity, metric), graph)
    return cache["place", entity, metric]


def in_reading(graph, key: tuple, entity: str, is_top: bool, alt: Alt | None,
               cache: dict) -> Value | None:
    """The reading's figure with its side `entity` replaced by `alt` (a ratio keeps the other
    side as derived)."""
    _, subject, baseline, metric = key
    if alt is None or alt.interval is None:
        return None
    name = f"{entity}.{metric}"
    if not baseline or key[0] == "members":
        return as_value(alt)
    other = figure_once(graph, cache, baseline if is_top else subject, metric)
    if other is None or other.interval is None:
        return None
    other_name = f"{baseline if is_top else subject}.{metric}"
    top, bottom = (alt, other) if is_top else (other, alt)
    try:
        interval = known_interval(top) / known_interval(bottom)
    except IntervalError:
        return None
    names = (name, other_name) if is_top else (other_name, name)
    return Value(interval, partial(readings.ratio, top, bottom, *names))


class SharedTracer(ForensicGraph):
    """One tracing graph for every reading of an explain run: each figure is derived once,
    and the figures a reading reaches are read off the recorded edges."""

    def trace(self, label: tuple, figure: Figure) -> tuple[Alt | None, list[tuple]]:
        """`figure`'s one alternative (or None) and every figure it is derived from."""
        self._trail = [label]
        try:
            base = one_alternative(figure, self)
        finally:
            self._trail = [ROOT]
        return base, self.reachable(label)


def node_candidates(graph, label: tuple, figure: Figure, superseded: dict, others: dict,
                    cache: dict, places: tuple, own) -> list[tuple]:
    """(cause, place, words, node, its figure, the figure after the slip) for every node slip
    (`node` in a cause's `at`) and every conflicting source (`source`) at every figure that
    `figure` is derived from. `own`: the claim's own figure (its rounding is the claim's
    precision, not a slip). A figure with alternatives (a conflict) is slipped only where
    the slip leaves one."""
    if ("nodes", label, places) in cache:
        return cache["nodes", label, places]
    if "tracer" not in cache:
        cache["tracer"] = SharedTracer.over(graph)
    tracer = cache["tracer"]
    base, reached = tracer.trace(label, figure)
    out: list[tuple] = []
    for node in reached:
        if places == ("source",) and node not in cache["conflicted"]:
            continue
        alt = one_alternative(partial(derived, *node), tracer)
        for name, cause in catalogue()["causes"].items():
            for changed, words in _node_slips(cause, places, node, alt, superseded, others,
                                              graph):
                if cause["transform"] == "round" and node == own:
                    continue
                slipped = one_alternative(figure, ForensicGraph.over(graph, {node: (changed,)}))
                if slipped is None or (base is not None and value_of(slipped) == value_of(base)):
                    continue
                place = "source" if "source" in words else places[0]
                words = {**words, "limit": cause.get("claim_digits", math.inf)}
                out.append((name, place, words, node, alt, slipped))
    cache["nodes", label, places] = out
    return out


def _node_slips(cause: dict, places: tuple, node: tuple, alt: Alt | None, superseded: dict,
                others: dict, graph):
    """(the figure after the slip, its words) for one cause at one node."""
    transform = NODE_TRANSFORMS.get(cause["transform"])
    if "node" in places and "node" in cause["at"] and transform is not None \
            and alt is not None:
        yield from transform(cause, node, alt, superseded)
    if "source" in places and "source" in cause["at"]:
        yield from _conflicting(node, alt, others, graph)


def _conflicting(node: tuple, alt: Alt | None, others: dict, graph):
    """Each other source's figure for `node`: facts in force beside another (a conflict the
    figure's own derivation shows as alternatives) or facts this group does not use."""
    # a figure's own rounding (one figure at two precisions, derive.finest) is no other source
    in_force = finest(f for f in graph.facts.get(node, ()) if f.quantity is not None)
    facts = (in_force if len(in_force) > 1 else []) + list(others.get(node, ()))
    for fact in facts:
        quantity = fact.quantity
        shown = f"{quantity.text} [{fact.source}]"
        step = Step("fact", f"{node[0]}.{node[1]}", result=quantity.text, source=fact.source)
        dims = alt.dims if alt is not None else _metric_dims(graph, node[1])
        yield (Alt(Interval.around(quantity.base, quantity.base_h), dims, (step,),
                   (fact.source,), (), "", quantity.unit, fact=True),
               {"changed": shown, "source": fact.source})


def _metric_dims(graph, metric: str) -> tuple:
    return unit_info(graph.metrics[metric].unit).dims


def slip_candidate(name: str, words: dict, node: tuple, alt: Alt | None, value: Value,
                   place: str, worded: Callable[[Alt], str] = working) -> Candidate:
    """A candidate from one of `node_candidates`' slips; `worded` writes its working."""
    limit = words.get("digits", math.inf) + words["limit"]
    text = partial(_words, words, node, alt, value, worded)
    return Candidate(name, place, value.interval, text, claim_digits=limit)


def _words(words: dict, node: tuple, alt: Alt | None, value: Value,
           worded: Callable[[Alt], str]) -> dict:
    figure = figure_text(node, alt) if alt is not None else f"{node[0]}.{node[1]}"
    return {**words, "figure": figure, "working": worded(value.alt())}


def value_of(alt: Alt) -> float:
    return known_interval(alt).value


def as_value(alt: Alt) -> Value:
    assert alt.interval is not None
    return Value(alt.interval, partial(same, alt))
