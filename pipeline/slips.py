"""Candidate slips for one reading (subject, baseline, metric): the values each would give.

The catalogue (pipeline/data/slips.yaml) names causes and the kind of arithmetic each
is; this module applies those kinds where a slip happens: at a figure the
derivation uses (a fact, a member's figure, a side of a ratio), at the metric, or
at a side of a ratio. Each candidate is worked out once per distinct reading,
whatever the number of claims that share it; forensics.py judges them against
every claim's region over columns. Pure: a spec graph in, candidates out.

Speed: a candidate carries its value as numbers; the words of its reading (the working,
a ratio's steps, figures as written) are built only when it explains some claim
(`Candidate.text`). What a slip does to one side (entity, metric) is worked out once per
`cache` and shared by every reading with that side.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, partial
from typing import Callable, NamedTuple, TypeVar

from pipeline import fmt, readings, slip_words
from pipeline.derive import Alt, DerivationError, SpecGraph
from pipeline.expr import ExprError
from pipeline.intervals import Interval, IntervalError
from pipeline.steps import Step, arithmetic
from pipeline.units import UnitError, unit_info

ROOT = ("", "")
PREFIXES = ("k", "M", "G", "T", "P", "E")


@cache
def catalogue() -> dict:
    """The causes in catalogue order, and the policy settings (pipeline/data/slips.yaml)."""
    from pipeline.load import package_yaml

    return package_yaml("slips.yaml")


@dataclass(frozen=True)
class Candidate:
    """One slip applied at one place, and the value (base units; plain for ratios) it gives.

    `route` is the untransformed value along the same path (a system figure summed over its
    members, say): a slip explains a claim only if the path alone does not already fit it.
    """

    cause: str
    place: str
    interval: Interval
    words: dict | Callable[[], dict]  # or a function that builds them when first needed
    route: Interval | None = None
    steps: int = 1
    claim_digits: float = math.inf    # explains only claims written with at most these

    def text(self) -> dict:
        """The words of the reading (built now if they were left for later)."""
        return self.words() if callable(self.words) else self.words


class Value(NamedTuple):
    """A figure's interval now, and its alternative (steps and all) when asked for."""

    interval: Interval
    alt: Callable[[], Alt]


def _later(fixed: dict, **parts: Callable[[], str]) -> Callable[[], dict]:
    """Words to build when asked: `fixed` as they are, each of `parts` by calling it."""
    return partial(_build_words, fixed, parts)


def _build_words(fixed: dict, parts: dict) -> dict:
    return {**fixed, **{name: make() for name, make in parts.items()}}


def _working_of(value: Value) -> str:
    return working(value.alt())


class ForensicGraph(SpecGraph):
    """A SpecGraph that records which figures each figure is derived from, and can stand a
    transformed figure in for one (`overrides`), everything else derived as usual."""

    overrides: dict
    edges: dict
    _trail: list

    @classmethod
    def over(cls, graph: SpecGraph, overrides: dict | None = None) -> ForensicGraph:
        variant = cls.__new__(cls)
        variant.entities, variant.metrics, variant.facts = graph.entities, graph.metrics, graph.facts
        variant._memo, variant._stack = {}, []
        variant.overrides, variant.edges, variant._trail = overrides or {}, {}, [ROOT]
        return variant

    def derive(self, entity: str, metric: str) -> tuple[Alt, ...]:
        key = (entity, metric)
        self.edges.setdefault(self._trail[-1], set()).add(key)
        if key in self.overrides:
            return self.overrides[key]
        self._trail.append(key)
        try:
            return super().derive(entity, metric)
        finally:
            self._trail.pop()

    def reachable(self, start: tuple = ROOT) -> list[tuple]:
        """Every figure derived since the graph was made (from `start`), in first-use order."""
        seen: dict = {}
        pending = [start]
        while pending:
            for key in sorted(self.edges.get(pending.pop(), ())):
                if key not in seen:
                    seen[key] = True
                    pending.append(key)
        return list(seen)


# -- sides and routes -------------------------------------------------------------

def _single(alts) -> Alt | None:
    """The one alternative of a figure (conflicting or missing figures are not explained)."""
    return alts[0] if len(alts) == 1 and not alts[0].is_missing else None


def _side(graph: SpecGraph, entity: str, metric: str, via_members: bool) -> Alt | None:
    try:
        alts = graph.member_sum(entity, metric) if via_members else graph.derive(entity, metric)
    except (DerivationError, ExprError, IntervalError, KeyError):
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
        return Value(_interval(top), partial(_same, top))
    if bottom is None or top.interval is None or bottom.interval is None:
        return None
    try:
        interval = top.interval / bottom.interval
    except (IntervalError, ExprError):
        return None
    return Value(interval, partial(readings.ratio, top, bottom, *names))


T = TypeVar("T")


def _same(thing: T) -> T:
    """The thing itself (as a function of nothing, with partial: words known already)."""
    return thing


def working(alt: Alt) -> str:
    """The arithmetic of a figure's last step as a reader writes it: `144 x 2.52 PFLOPS`."""
    if not alt.steps:
        return fmt.quantity(_interval(alt).value, alt.unit)
    return arithmetic(alt.steps[-1])


def figure_text(key: tuple, alt: Alt) -> str:
    return f"{key[0]}.{key[1]} ({fmt.quantity(_interval(alt).value, alt.unit)})"


def _interval(alt: Alt) -> Interval:
    """The interval of an alternative known to be there (missing ones never get this far)."""
    assert alt.interval is not None
    return alt.interval


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
            text = _later(words, figure=partial(figure_text, node, alt),
                          working=partial(_working_of, value))
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


def _rounded(cause, node, alt: Alt, superseded):
    """A published figure (a fact, not a figure derived from facts) rounded as vendors do."""
    if not alt.fact or significant_digits(_interval(alt)) < cause.get("figure_digits", 0):
        return
    value = _interval(alt).value
    for digits in cause["digits"]:
        rounded = round_significant(value, digits)
        if rounded == value or rounded == 0:
            continue
        unit = nice_unit(rounded, alt.unit)
        h = 0.5 * 10 ** (math.floor(math.log10(abs(rounded))) - digits + 1)
        shown = f"{fmt.number(rounded / unit_info(unit).factor, digits)} {unit}".rstrip()
        step = Step("figure", f"{node[0]}.{node[1]}", result=shown)
        yield (Alt(Interval.around(rounded, h), alt.dims, (step,), alt.sources, (), "", unit),
               {"changed": shown, "digits": digits})


def _misread(cause, node, alt: Alt, superseded):
    twin = unit_twin(alt.unit) if alt.fact else None
    if twin is None:
        return
    scale = unit_info(twin).factor / unit_info(alt.unit).factor
    written = _interval(alt).value / unit_info(alt.unit).factor
    shown = f"{fmt.number(written)} {twin}"
    step = Step("figure", f"{node[0]}.{node[1]}", result=shown)
    yield (Alt(_interval(alt).scaled(scale), alt.dims, (step,), alt.sources, (), "", twin),
           {"changed": shown})


def _superseded(cause, node, alt: Alt, superseded):
    for fact in superseded.get(node, ()):
        quantity = fact.quantity
        shown = f"{quantity.text} [{fact.source}]"
        step = Step("fact", f"{node[0]}.{node[1]}", result=quantity.text, source=fact.source)
        yield (Alt(Interval.around(quantity.base, quantity.base_h), alt.dims, (step,),
                   (fact.source,), (), "", quantity.unit), {"changed": shown})


NODE_TRANSFORMS = {"round": _rounded, "unit": _misread, "superseded": _superseded}


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
                figure = partial(figure_text, (entity, other), alt) if alt else partial(_same, "")
                original = f"{entity}.{metric}"
            if value is not None:
                out.append(Candidate(name, place, value.interval,
                                     _later({"original": original}, figure=figure,
                                            working=partial(_working_of, value))))
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
                                 _later({"original": f"{entity}.{metric}"},
                                        figure=partial(figure_text, (other, metric), alt),
                                        working=partial(_working_of, value))))
    return out


def _parents(graph) -> dict:
    """Entity -> the systems it is a member of, in the specs' order."""
    out: dict = {}
    for parent, row in graph.entities.items():
        for member in dict.fromkeys(m for m, _, _ in row.members or []):
            out.setdefault(member, []).append(parent)
    return out


# -- claim-level slips: a factor on the claimed figure --------------------------------

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


# -- numbers as published -----------------------------------------------------------

def significant_digits(interval: Interval) -> float:
    """Digits a figure was written with, from its resolution (`2,517` 4, `4.9` 2)."""
    h = (interval.high - interval.low) / 2
    if h <= 0 or interval.value == 0:
        return math.inf
    return math.floor(math.log10(abs(interval.value))) - round(math.log10(2 * h)) + 1


def round_significant(value: float, digits: int) -> float:
    """2,517 -> 2,520 (3 digits) -> 2,500 (2 digits)."""
    if value == 0 or not math.isfinite(value):
        return value
    return float(f"{value:.{digits - 1}e}")


def nice_unit(base_value: float, unit: str) -> str:
    """The prefix of `unit`'s family that shows the value between 1 and 1,000 (2.52 PFLOPS)."""
    stem = unit[1:] if unit[:1] in PREFIXES and unit[1:2] != "i" else None
    if not stem:
        return unit
    for prefix in PREFIXES:
        try:
            shown = base_value / unit_info(prefix + stem).factor
        except UnitError:
            return unit
        if 1 <= abs(shown) < 1000:
            return prefix + stem
    return unit


def unit_twin(unit: str) -> str | None:
    """GiB <-> GB, TiB/s <-> TB/s: the same digits under the other kind of prefix."""
    if not unit or len(unit) < 2:
        return None
    if unit[1] == "i" and unit[0] in "KMGTPE" and unit[2:3] == "B":
        return ("k" if unit[0] == "K" else unit[0]) + unit[2:]
    if unit[0] in PREFIXES and unit[1:2] == "B":
        return ("K" if unit[0] == "k" else unit[0]) + "i" + unit[1:]
    return None
