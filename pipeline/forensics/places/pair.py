"""Candidate slips for one pair reading (subject, baseline, metric): the values each would give.

The catalogue (pipeline/data/slips.yaml) names causes and the kind of arithmetic each
is; this module applies those kinds where a slip happens in a pair reading: at a figure
the derivation uses (a fact, a member's figure; figure_transforms.py), at the metric, or
at a side of a ratio (another metric of the group, a member's or a system's figure).
Each candidate is worked out once per distinct reading, whatever the number of claims
that share it; forensics.py judges them against every claim's region over columns.
Pure: a spec graph in, candidates out. The other places are slip_places.py's; the
claim's own slips are claim_slips.py's (re-exported here for forensics.py).

Speed: what a slip does to one side (entity, metric) is worked out once per `cache` and
shared by every reading with that side; words are built only when a candidate explains.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Callable

from claimaudit.engine import readings
from claimaudit.engine.derive import Alt, DerivationError, SpecGraph
from claimaudit.forensics import words as slip_words
from claimaudit.forensics.catalogue import (
    Candidate,
    ForensicGraph,
    Value,
    catalogue,
    figure_text,
    known_interval,
    same,
    words_later,
    working_of,
)
from claimaudit.forensics.places.claim import claim_candidates as claim_candidates
from claimaudit.forensics.transforms import NODE_TRANSFORMS
from claimaudit.model.expr import ExprError
from claimaudit.model.intervals import IntervalError

# -- sides and routes -------------------------------------------------------------

def _single(alts) -> Alt | None:
    """The one alternative of a figure (conflicting or missing figures are not explained)."""
    return alts[0] if len(alts) == 1 and not alts[0].is_missing else None


def _side(graph: SpecGraph, entity: str, metric: str, via_members: bool) -> Alt | None:
    try:
        alts = graph.member_sum(entity, metric) if via_members else graph.derive(entity, metric)
    except (DerivationError, ExprError, IntervalError):
        return None
    return _single(alts)


def _routes(graph: SpecGraph, entity: str, metric: str) -> list[bool]:
    """The entity's own figure, and its members' sum when it states its own figure too
    (writers multiply the per-chip figure even where the system figure is published)."""
    row, metric_row = graph.entities[entity], graph.metrics[metric]
    stated = (entity, metric) in graph.facts
    return [False] + ([True] if stated and row.members and metric_row.aggregates == "sum" else [])


def _value(top: Alt | None, bottom: Alt | None, names: tuple) -> Value | None:
    """A side's figure, or the ratio of two (None when a side is missing or divides by 0).
    Only the interval is worked out now; the ratio's steps when its words are asked for."""
    if top is None or (names[1] and bottom is None):
        return None
    if not names[1]:
        return Value(known_interval(top), partial(same, top))
    if bottom is None or top.interval is None or bottom.interval is None:
        return None
    try:
        interval = top.interval / bottom.interval
    except (IntervalError, ExprError):
        return None
    return Value(interval, partial(readings.ratio, top, bottom, *names))


# -- candidates for one reading ---------------------------------------------------

def candidates(graph: SpecGraph, key: tuple, superseded: dict,
               cache: dict | None = None) -> list[Candidate]:
    """Every node, metric and side slip for ('pair', subject, baseline, metric).
    `cache` (one per graph and `superseded`) keeps what a slip does to each side."""
    _, subject, baseline, _ = key
    cache = {} if cache is None else cache
    causes = catalogue()["causes"]
    out: list[Candidate] = []
    sides = [(subject, True)] + ([(baseline, False)] if baseline else [])
    for name, cause in causes.items():
        kind, at = cause["transform"], cause["at"]
        if "node" in at and kind in NODE_TRANSFORMS:
            for entity, is_top in sides:
                out += _node_candidates(graph, name, cause, key, entity, is_top, superseded,
                                        cache)
        if kind == "swap":
            out += _swap_candidates(graph, name, cause, key, sides, cache)
        if kind == "scope" and "side" in at:
            for entity, is_top in sides:
                out += _scope_candidates(graph, name, key, entity, is_top, cache)
    return out


def _figure(graph, cache: dict, entity: str, metric: str) -> Alt | None:
    """`_side` of the unchanged graph, worked out once per cache."""
    if (entity, metric) not in cache:
        cache[entity, metric] = _side(graph, entity, metric, False)
    return cache[entity, metric]


def _pair(graph, key, entity, is_top, alt: Alt | None, cache: dict, metric=None
          ) -> Value | None:
    """The claim's figure with one side replaced by `alt` (the other side as derived)."""
    _, subject, baseline, claim_metric = key
    names = (f"{entity}.{metric or claim_metric}", None)
    if not baseline:
        return _value(alt, None, names)
    other = baseline if is_top else subject
    other_alt = _figure(graph, cache, other, claim_metric)
    other_name = f"{other}.{claim_metric}"
    if is_top:
        return _value(alt, other_alt, (names[0], other_name))
    return _value(other_alt, alt, (other_name, names[0]))


def _node_candidates(graph, name, cause, key, entity, is_top, superseded,
                     cache: dict) -> list[Candidate]:
    """Round, misread or swap for a superseded fact one figure on the way to a side."""
    metric = key[3]
    out = []
    for via_members in _routes(graph, entity, metric):
        side = (name, entity, metric, via_members)
        if side not in cache:
            cache[side] = _side_slips(graph, cause, side, superseded)
        if cache[side] is None:
            continue
        base, slipped = cache[side]
        route = _pair(graph, key, entity, is_top, base, cache)
        if route is None:
            continue
        for node, alt, words, changed_side in slipped:
            # the claim's own figure (not a ratio side) is the claim's rounding, not a slip
            if not key[2] and not via_members and cause["transform"] == "round" \
                    and node == (entity, metric):
                continue
            value = _pair(graph, key, entity, is_top, changed_side, cache)
            if value is None or value.interval.value == route.interval.value:
                continue
            limit = words.get("digits", math.inf) + cause.get("claim_digits", math.inf)
            text = words_later(words, figure=partial(figure_text, node, alt),
                               working=partial(working_of, value))
            out.append(Candidate(name, "members" if via_members else "node", value.interval,
                                 text, None if not via_members else route.interval,
                                 claim_digits=limit))
    return out


def _side_slips(graph, cause, side: tuple, superseded) -> tuple | None:
    """One side's figure, and (node, its figure, words, the side's figure after the slip)
    for every slip of `cause` at every figure it is derived from (None: no figure)."""
    _, entity, metric, via_members = side
    tracer = ForensicGraph.over(graph)
    base = _side(tracer, entity, metric, via_members)
    if base is None:
        return None
    slipped = []
    for node in tracer.reachable():
        alt = _single(tracer.derive(*node))
        if alt is None:
            continue
        for changed, words in NODE_TRANSFORMS[cause["transform"]](cause, node, alt, superseded):
            variant = ForensicGraph.over(graph, {node: (changed,)})
            slipped.append((node, alt, words, _side(variant, entity, metric, via_members)))
    return base, slipped


def _swap_candidates(graph, name, cause, key, sides, cache: dict) -> list[Candidate]:
    """Another metric of the claim's group: on one side of a ratio, or on both."""
    _, subject, baseline, metric = key
    group: list = next((g for g in cause["groups"] if metric in g), [])
    out = []
    for other in (m for m in group if m != metric and m in graph.metrics):
        places = [("side", entity, is_top) for entity, is_top in sides]
        places += [("metric", None, None)] if baseline and "metric" in cause["at"] else []
        for place, entity, is_top in places:
            if place == "metric":
                value = _value(_figure(graph, cache, subject, other),
                               _figure(graph, cache, baseline, other),
                               (f"{subject}.{other}", f"{baseline}.{other}"))
                figure: Callable[[], str] = partial(slip_words.phrase, "both_sides", metric=other)
                original = f"{metric}"
            else:
                alt = _figure(graph, cache, entity, other)
                value = _pair(graph, key, entity, is_top, alt, cache, other)
                figure = partial(figure_text, (entity, other), alt) if alt else partial(same, "")
                original = f"{entity}.{metric}"
            if value is not None:
                out.append(Candidate(name, place, value.interval,
                                     words_later({"original": original}, figure=figure,
                                                 working=partial(working_of, value))))
    return out


def _scope_candidates(graph, name, key, entity, is_top, cache: dict) -> list[Candidate]:
    """A member's figure for its system, or a system's figure for its member."""
    metric = key[3]
    members = [m for m, _, _ in graph.entities[entity].members or []]
    if "parents" not in cache:
        cache["parents"] = _parents(graph)
    parents = cache["parents"].get(entity, [])
    out = []
    for other in members + parents:
        alt = _figure(graph, cache, other, metric)
        value = _pair(graph, key, other, is_top, alt, cache)
        if value is not None and alt is not None:
            out.append(Candidate(name, "side", value.interval,
                                 words_later({"original": f"{entity}.{metric}"},
                                             figure=partial(figure_text, (other, metric), alt),
                                             working=partial(working_of, value))))
    return out


def _parents(graph) -> dict:
    """Entity -> the systems it is a member of, in the specs' order."""
    out: dict = {}
    for parent, row in graph.entities.items():
        for member in dict.fromkeys(m for m, _, _ in row.members or []):
            out.setdefault(member, []).append(parent)
    return out
