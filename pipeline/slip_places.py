"""Slips at the places slips.py does not reach (CONTRACT 9.2; issue 10).

slips.py applies the catalogue to a pair reading (subject, baseline, metric) at its
facts, its members' figures and its sides. This module applies the same catalogue
(pipeline/data/slips.yaml; a cause names the places it reaches in `at`) at:
- `source`: a conflicting source. A figure on the way for which the specs hold another
  source's fact that this derivation does not use: a second fact in force that a stated
  system figure hides (the members' sum takes either), or a fact left out for this claim
  (its own source's URL, a source dated later). The claim may fit that source's figure.
- the inputs of an expression claim (`expr`): every fact or figure it is derived from
  (`node`), and each `entity.metric` it names (`side`: another metric of the group, a
  member's or a system's figure);
- the spec audit's sums (readings of shape `members`: a system's stated figure against
  the sum over its members): the members' figures (`node`), and `group`: the figure of a
  smaller system of the same members, rounded as published and multiplied up (a vendor's
  42.8 PFLOPS = 4 x 10.7, where 10.7 is 16 chips' 10,672 TFLOPS rounded).
`group` also reaches pair readings. Pure: a spec graph in, slips.Candidate items out.
Each figure is worked out once per `cache` (shared with slips.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

import pandas as pd

from pipeline import expr, fmt, readings, slips
from pipeline.derive import Alt, DerivationError, SpecGraph
from pipeline.intervals import Interval, IntervalError
from pipeline.steps import Step
from pipeline.units import unit_info

Figure = Callable[[SpecGraph], tuple]     # a graph -> the alternatives of one figure


def other_sources(facts: pd.DataFrame, graph: SpecGraph) -> dict:
    """(entity, metric) -> facts with a value that are not superseded and that `graph` does
    not use (left out for this group of claims: their own source, a later source)."""
    used = {(row.file, row.line) for rows in graph.facts.values() for row in rows}
    standing = facts[~facts["superseded"].astype(bool) & facts["quantity"].notna()]
    table: dict = {}
    for fact in standing.itertuples():
        if (fact.file, fact.line) not in used:
            table.setdefault((fact.entity, fact.metric), []).append(fact)
    return table


def candidates(graph: SpecGraph, key: tuple, superseded: dict, others: dict,
               cache: dict) -> list[slips.Candidate]:
    """The slips of this module's places for one reading (('pair', ...), ('expr', text) or
    ('members', entity, None, metric))."""
    if key[0] == "expr":
        return _expression_candidates(graph, key[1], superseded, others, cache)
    _, subject, baseline, metric = key
    if key[0] == "members":
        figure = partial(_member_sum, subject, metric)
        found = _node_candidates(graph, ("members", subject, metric), figure, superseded,
                                 others, cache, ("members", "node", "source"), None)
        return [_candidate(name, words, node, alt, _as_value(slipped), place)
                for name, place, words, node, alt, slipped in found] \
            + _group_candidates(graph, key, subject, True, cache)
    out = []
    for entity, is_top in [(subject, True)] + ([(baseline, False)] if baseline else []):
        out += _source_candidates(graph, key, entity, is_top, others, cache)
        out += _group_candidates(graph, key, entity, is_top, cache)
    return out


# -- figures ----------------------------------------------------------------------------

def _member_sum(entity: str, metric: str, graph: SpecGraph) -> tuple:
    return graph.member_sum(entity, metric)


def _derived(entity: str, metric: str, graph: SpecGraph) -> tuple:
    return graph.derive(entity, metric)


def _evaluated(tree, graph: SpecGraph) -> tuple:
    return graph.evaluate(tree)


def _single(figure: Figure, graph: SpecGraph) -> Alt | None:
    """The one alternative `figure` has on `graph` (None: several, missing, or an error)."""
    try:
        alts = figure(graph)
    except (DerivationError, expr.ExprError, IntervalError, KeyError, ZeroDivisionError):
        return None
    return alts[0] if len(alts) == 1 and not alts[0].is_missing else None


def _figure_once(graph, cache: dict, entity: str, metric: str) -> Alt | None:
    """An entity's figure on the unchanged graph, worked out once per cache."""
    if ("place", entity, metric) not in cache:
        cache["place", entity, metric] = _single(partial(_derived, entity, metric), graph)
    return cache["place", entity, metric]


def _in_reading(graph, key: tuple, entity: str, is_top: bool, alt: Alt | None,
                cache: dict) -> slips.Value | None:
    """The reading's figure with its side `entity` replaced by `alt` (a ratio keeps the other
    side as derived)."""
    _, subject, baseline, metric = key
    if alt is None or alt.interval is None:
        return None
    name = f"{entity}.{metric}"
    if not baseline or key[0] == "members":
        return _as_value(alt)
    other = _figure_once(graph, cache, baseline if is_top else subject, metric)
    if other is None or other.interval is None:
        return None
    other_name = f"{baseline if is_top else subject}.{metric}"
    top, bottom = (alt, other) if is_top else (other, alt)
    try:
        interval = _interval(top) / _interval(bottom)
    except IntervalError:
        return None
    names = (name, other_name) if is_top else (other_name, name)
    return slips.Value(interval, partial(readings.ratio, top, bottom, *names))


# -- node slips along any figure ------------------------------------------------------------

def _source_candidates(graph, key: tuple, entity: str, is_top: bool, others: dict,
                       cache: dict) -> list[slips.Candidate]:
    """Conflicting sources on the way to one side of a pair reading: along the side's own
    derivation, and along its members' sum where the side states its own figure."""
    if "conflicted" not in cache:
        cache["conflicted"] = _conflicted(graph, others)
    if not cache["conflicted"]:
        return []
    metric = key[3]
    routes = [("derive", partial(_derived, entity, metric))]
    if (entity, metric) in graph.facts and graph.entities[entity].members \
            and graph.metrics[metric].aggregates == "sum":
        routes.append(("members", partial(_member_sum, entity, metric)))
    out = []
    for route_name, figure in routes:
        label = (route_name, entity, metric)
        found = _node_candidates(graph, label, figure, {}, others, cache, ("source",), None)
        for name, place, words, node, alt, slipped in found:
            value = _in_reading(graph, key, entity, is_top, slipped, cache)
            if value is not None:
                out.append(_candidate(name, words, node, alt, value, place))
    return out


class SharedTracer(slips.ForensicGraph):
    """One tracing graph for every reading of an explain run: each figure is derived once,
    and the figures a reading reaches are read off the recorded edges."""

    def trace(self, label: tuple, figure: Figure) -> tuple[Alt | None, list[tuple]]:
        """`figure`'s one alternative (or None) and every figure it is derived from."""
        self._trail = [label]
        try:
            base = _single(figure, self)
        finally:
            self._trail = [slips.ROOT]
        return base, self.reachable(label)


def _conflicted(graph, others: dict) -> set:
    """The figures with another source's fact (in force beside another, or unused)."""
    return set(others) | {node for node, facts in graph.facts.items()
                          if sum(f.quantity is not None for f in facts) > 1}


def _node_candidates(graph, label: tuple, figure: Figure, superseded: dict, others: dict,
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
        alt = _single(partial(_derived, *node), tracer)
        for name, cause in slips.catalogue()["causes"].items():
            for changed, words in _node_slips(cause, places, node, alt, superseded, others,
                                              graph):
                if cause["transform"] == "round" and node == own:
                    continue
                slipped = _single(figure, slips.ForensicGraph.over(graph, {node: (changed,)}))
                if slipped is None or (base is not None and _value(slipped) == _value(base)):
                    continue
                place = "source" if "source" in words else places[0]
                words = {**words, "limit": cause.get("claim_digits", math.inf)}
                out.append((name, place, words, node, alt, slipped))
    cache["nodes", label, places] = out
    return out


def _node_slips(cause: dict, places: tuple, node: tuple, alt: Alt | None, superseded: dict,
                others: dict, graph):
    """(the figure after the slip, its words) for one cause at one node."""
    transform = slips.NODE_TRANSFORMS.get(cause["transform"])
    if "node" in places and "node" in cause["at"] and transform is not None \
            and alt is not None:
        yield from transform(cause, node, alt, superseded)
    if "source" in places and "source" in cause["at"]:
        yield from _conflicting(node, alt, others, graph)


def _conflicting(node: tuple, alt: Alt | None, others: dict, graph):
    """Each other source's figure for `node`: facts in force beside another (a conflict the
    figure's own derivation shows as alternatives) or facts this group does not use."""
    in_force = [f for f in graph.facts.get(node, ()) if f.quantity is not None]
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


def _candidate(name: str, words: dict, node: tuple, alt: Alt | None, value: slips.Value,
               place: str, working: Callable[[Alt], str] = slips.working) -> slips.Candidate:
    limit = words.get("digits", math.inf) + words["limit"]
    text = partial(_words, words, node, alt, value, working)
    return slips.Candidate(name, place, value.interval, text, claim_digits=limit)


def _words(words: dict, node: tuple, alt: Alt | None, value: slips.Value,
           working: Callable[[Alt], str]) -> dict:
    figure = slips.figure_text(node, alt) if alt is not None else f"{node[0]}.{node[1]}"
    return {**words, "figure": figure, "working": working(value.alt())}


def expression_working(alt: Alt) -> str:
    """An expression's arithmetic with its inputs filled in: `2 * 362 PFLOPS`."""
    if not alt.steps:
        return slips.working(alt)
    last = alt.steps[-1]
    return last.working if last.kind == "expr" else last.text.rsplit(" = ", 1)[0]


def _interval(alt: Alt) -> Interval:
    """The interval of a figure known to be there (missing ones never get this far)."""
    assert alt.interval is not None
    return alt.interval


def _value(alt: Alt) -> float:
    return _interval(alt).value


def _itself(alt: Alt) -> Alt:
    return alt


def _as_value(alt: Alt) -> slips.Value:
    assert alt.interval is not None
    return slips.Value(alt.interval, partial(_itself, alt))


def reading(cause: str, place: str) -> str:
    """The words template of `cause` at `place` (a cause may word a place its own way)."""
    entry = slips.catalogue()["causes"][cause]
    return entry.get("readings_at", {}).get(place, entry["reading"])


# -- expression claims ------------------------------------------------------------------

def _expression_candidates(graph, text: str, superseded: dict, others: dict,
                           cache: dict) -> list[slips.Candidate]:
    """Node slips at every input of the expression, and side slips (another metric of the
    group, a member's or a system's figure) at each `entity.metric` it names."""
    try:
        tree = expr.parse(text)
    except expr.ExprError:
        return []
    figure = partial(_evaluated, tree)
    references = [(e, m) for e, m in expr.references(tree) if e is not None]
    own = references[0] if tree[0] == "ref" else None
    found = _node_candidates(graph, ("expr", text), figure, superseded, others, cache,
                             ("node", "source"), own)
    out = [_candidate(name, words, node, alt, _as_value(slipped), place, expression_working)
           for name, place, words, node, alt, slipped in found]
    base = _single(figure, graph)
    if base is None:
        return out
    for name, cause in slips.catalogue()["causes"].items():
        if "side" not in cause["at"]:
            continue
        for reference in dict.fromkeys(references):
            for other, alt in _side_replacements(graph, cause, reference, cache):
                slipped = _single(figure, slips.ForensicGraph.over(graph, {reference: (alt,)}))
                if slipped is not None and _value(slipped) != _value(base):
                    out.append(_side_candidate(name, reference, other, alt, slipped))
    return out


def _side_replacements(graph, cause: dict, reference: tuple, cache: dict):
    """What a side slip puts in place of `entity.metric`: the entity's figure for another
    metric of the cause's group (swap), or a member's or system's figure (scope)."""
    entity, metric = reference
    if cause["transform"] == "swap":
        group: list = next((g for g in cause["groups"] if metric in g), [])
        others = [(entity, m) for m in group if m != metric and m in graph.metrics]
    elif cause["transform"] == "scope":
        members = [m for m, _, _ in graph.entities[entity].members or []]
        parents = [p for p, row in graph.entities.items()
                   if entity in [m for m, _, _ in row.members or []]]
        others = [(other, metric) for other in dict.fromkeys(members + parents)]
    else:
        others = []
    for other in others:
        alt = _figure_once(graph, cache, *other)
        if alt is not None:
            yield other, alt


def _side_candidate(name: str, reference: tuple, figure: tuple, replacement: Alt,
                    slipped: Alt) -> slips.Candidate:
    words = partial(_side_words, f"{reference[0]}.{reference[1]}", figure, replacement, slipped)
    return slips.Candidate(name, "side", _interval(slipped), words)


def _side_words(original: str, figure: tuple, replacement: Alt, slipped: Alt) -> dict:
    return {"original": original, "figure": slips.figure_text(figure, replacement),
            "working": expression_working(slipped)}


# -- a group of the members, rounded and multiplied up ------------------------------------

def _group_candidates(graph, key: tuple, entity: str, is_top: bool,
                      cache: dict) -> list[slips.Candidate]:
    """For each cause that reaches `group`: a smaller system of the same members (16 of the
    64 chips), its members' sum slipped as the cause says (rounded as published), times
    the number of such groups in `entity`."""
    metric = key[3]
    if "compositions" not in cache:
        cache["compositions"] = {e: _composition(row) for e, row in graph.entities.items()
                                 if row.members}
    if ("groups", entity, metric) not in cache:
        cache["groups", entity, metric] = list(_group_figures(graph, cache["compositions"],
                                                              entity, metric))
    if not cache["groups", entity, metric]:
        return []
    if ("whole", entity, metric) not in cache:
        cache["whole", entity, metric] = _single(partial(_member_sum, entity, metric), graph)
    whole = cache["whole", entity, metric]
    route = _in_reading(graph, key, entity, is_top, whole, cache)
    if whole is None or route is None:
        return []
    out = []
    for name, cause in slips.catalogue()["causes"].items():
        transform = slips.NODE_TRANSFORMS.get(cause["transform"])
        if "group" not in cause["at"] or transform is None:
            continue
        for group, times, alt in cache["groups", entity, metric]:
            for changed, words in transform(cause, (group, metric), alt, {}):
                assert changed.interval is not None
                scaled = _times(changed, times, entity, group, metric)
                value = _in_reading(graph, key, entity, is_top, scaled, cache)
                if value is None or value.interval.value == route.interval.value:
                    continue
                limit = words.get("digits", math.inf) + cause.get("claim_digits", math.inf)
                text = partial(_group_words, words, (group, metric), alt, value)
                out.append(slips.Candidate(name, "group", value.interval, text,
                                           route.interval if key[0] == "pair" else None,
                                           claim_digits=limit))
    return out


def _group_figures(graph, compositions: dict, entity: str, metric: str):
    """(group, times, the group's members' sum as a figure to slip) for each system whose
    members are `entity`'s divided by a whole number `times` > 1."""
    members = compositions.get(entity)
    if not members or graph.metrics[metric].aggregates != "sum":
        return
    for group, part in compositions.items():
        if group == entity or set(part) != set(members):
            continue
        times = {members[m] / part[m] for m in members}
        if len(times) == 1 and (k := times.pop()) > 1 and k == int(k):
            alt = _single(partial(_member_sum, group, metric), graph)
            if alt is not None:
                yield group, int(k), _as_published(alt, sum(part.values()))


def _as_published(alt: Alt, chips: int) -> Alt:
    """A group's sum as its vendor would publish it before rounding: a fact written to the
    members' own last digit (16 x 667 TFLOPS is 10,672 TFLOPS, not 10,672 +- 8)."""
    interval = _interval(alt)
    h = (interval.high - interval.low) / 2 / chips
    return Alt(Interval.around(interval.value, h), alt.dims, alt.steps, alt.sources, (), "",
               alt.unit, fact=True)


def _composition(row) -> dict:
    out: dict = {}
    for member, count, _ in row.members or []:
        out[member] = out.get(member, 0) + int(count)
    return out


def _times(alt: Alt, times: int, entity: str, group: str, metric: str) -> Alt:
    assert alt.interval is not None
    total = alt.interval.scaled(times)
    step = Step("sum", f"{entity}.{metric}", f"{times:,} x {group}.{metric}",
                f"{times:,} x {slips.working(alt)}", fmt.quantity(total.value, alt.unit))
    return Alt(total, alt.dims, (step,), alt.sources, (), "", alt.unit)


def _group_words(words: dict, node: tuple, alt: Alt, value: slips.Value) -> dict:
    return {**words, "figure": slips.figure_text(node, alt), "working": slips.working(value.alt())}
