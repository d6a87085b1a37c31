"""Slips at the inputs of an expression claim (`2 * gb200.fp4_dense`), CONTRACT 9.2.

An expression claim is derived from the figures its `entity.metric` references reach;
a slip can sit at any of them (`node`, `source`: traced_slips.py), or the writer may
have put another figure in for a reference (`side`: another metric of the cause's group,
a member's or a system's figure). Kept apart from slip_places.py because only
expression claims have references to replace, and their working is the expression's
own arithmetic with its inputs filled in (`expression_working`).
"""

from __future__ import annotations

from functools import partial

from claimaudit.engine.derive import Alt
from claimaudit.forensics.catalogue import (
    Candidate,
    ForensicGraph,
    catalogue,
    figure_text,
    known_interval,
    working,
)
from claimaudit.forensics.places.traced import (
    as_value,
    evaluated,
    figure_once,
    node_candidates,
    one_alternative,
    slip_candidate,
    value_of,
)
from claimaudit.model import expr


def expression_candidates(graph, text: str, superseded: dict, others: dict,
                          cache: dict) -> list[Candidate]:
    """Node slips at every input of the expression, and side slips (another metric of the
    group, a member's or a system's figure) at each `entity.metric` it names."""
    try:
        tree = expr.parse(text)
    except expr.ExprError:
        return []
    figure = partial(evaluated, tree)
    references = [(e, m) for e, m in expr.references(tree) if e is not None]
    own = references[0] if tree[0] == "ref" else None
    found = node_candidates(graph, ("expr", text), figure, superseded, others, cache,
                            ("node", "source"), own)
    out = [slip_candidate(name, words, node, alt, as_value(slipped), place, expression_working)
           for name, place, words, node, alt, slipped in found]
    base = one_alternative(figure, graph)
    if base is None:
        return out
    for name, cause in catalogue()["causes"].items():
        if "side" not in cause["at"]:
            continue
        for reference in dict.fromkeys(references):
            for other, alt in _side_replacements(graph, cause, reference, cache):
                slipped = one_alternative(figure, ForensicGraph.over(graph, {reference: (alt,)}))
                if slipped is not None and value_of(slipped) != value_of(base):
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
        alt = figure_once(graph, cache, *other)
        if alt is not None:
            yield other, alt


def _side_candidate(name: str, reference: tuple, figure: tuple, replacement: Alt,
                    slipped: Alt) -> Candidate:
    words = partial(_side_words, f"{reference[0]}.{reference[1]}", figure, replacement, slipped)
    return Candidate(name, "side", known_interval(slipped), words)


def _side_words(original: str, figure: tuple, replacement: Alt, slipped: Alt) -> dict:
    return {"original": original, "figure": figure_text(figure, replacement),
            "working": expression_working(slipped)}


def expression_working(alt: Alt) -> str:
    """An expression's arithmetic with its inputs filled in: `2 * 362 PFLOPS`."""
    if not alt.steps:
        return working(alt)
    last = alt.steps[-1]
    return last.working if last.kind == "expr" else last.text.rsplit(" = ", 1)[0]
