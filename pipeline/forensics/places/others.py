"""Slips at the places slips.py does not reach (CONTRACT 9.2; issue 10).

slips.py applies the catalogue to a pair reading (subject, baseline, metric) at its
facts, its members' figures and its sides. This module routes the same catalogue
(pipeline/data/slips.yaml; a cause names the places it reaches in `at`) to:
- `source`: a conflicting source. A figure on the way for which the specs hold another
  source's fact that this derivation does not use: a second fact in force that a stated
  system figure hides (the members' sum takes either), or a fact left out for this claim
  (its own source's URL, a source dated later). The claim may fit that source's figure.
  Worked out here, with the tracing of traced_slips.py.
- the inputs of an expression claim (`node`, `source`, `side`): expression_slips.py;
- the spec audit's sums (readings of shape `members`: a system's stated figure against
  the sum over its members): the members' figures (`node`, `source`), and `group`: the
  figure of a smaller system of the same members, rounded as published and multiplied
  up (group_slips.py; `group` also reaches pair readings).
Pure: a spec graph in, slip_model.Candidate items out. Each figure is worked out once
per `cache` (shared with slips.py).
"""

from __future__ import annotations

from functools import partial

import pandas as pd

from claimaudit.engine.derive import SpecGraph
from claimaudit.forensics.catalogue import Candidate, catalogue
from claimaudit.forensics.places.expression import expression_candidates
from claimaudit.forensics.places.group import group_candidates
from claimaudit.forensics.places.traced import (
    as_value,
    derived,
    in_reading,
    member_sum,
    node_candidates,
    slip_candidate,
)


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
               cache: dict) -> list[Candidate]:
    """The slips of this module's places for one reading (('pair', ...), ('expr', text) or
    ('members', entity, None, metric))."""
    if key[0] == "expr":
        return expression_candidates(graph, key[1], superseded, others, cache)
    _, subject, baseline, metric = key
    if key[0] == "members":
        figure = partial(member_sum, subject, metric)
        found = node_candidates(graph, ("members", subject, metric), figure, superseded,
                                others, cache, ("members", "node", "source"), None)
        return [slip_candidate(name, words, node, alt, as_value(slipped), place)
                for name, place, words, node, alt, slipped in found] \
            + group_candidates(graph, key, subject, True, cache)
    out = []
    for entity, is_top in [(subject, True)] + ([(baseline, False)] if baseline else []):
        out += _source_candidates(graph, key, entity, is_top, others, cache)
        out += group_candidates(graph, key, entity, is_top, cache)
    return out


def _source_candidates(graph, key: tuple, entity: str, is_top: bool, others: dict,
                       cache: dict) -> list[Candidate]:
    """Conflicting sources on the way to one side of a pair reading: along the side's own
    derivation, and along its members' sum where the side states its own figure."""
    if "conflicted" not in cache:
        cache["conflicted"] = _conflicted(graph, others)
    if not cache["conflicted"]:
        return []
    metric = key[3]
    routes = [("derive", partial(derived, entity, metric))]
    if (entity, metric) in graph.facts and graph.entities[entity].members \
            and graph.metrics[metric].aggregates == "sum":
        routes.append(("members", partial(member_sum, entity, metric)))
    out = []
    for route_name, figure in routes:
        label = (route_name, entity, metric)
        found = node_candidates(graph, label, figure, {}, others, cache, ("source",), None)
        for name, place, words, node, alt, slipped in found:
            value = in_reading(graph, key, entity, is_top, slipped, cache)
            if value is not None:
                out.append(slip_candidate(name, words, node, alt, value, place))
    return out


def _conflicted(graph, others: dict) -> set:
    """The figures with another source's fact (in force beside another, or unused)."""
    return set(others) | {node for node, facts in graph.facts.items()
                          if sum(f.quantity is not None for f in facts) > 1}


def reading(cause: str, place: str) -> str:
    """The words template of `cause` at `place` (a cause may word a place its own way)."""
    entry = catalogue()["causes"][cause]
    return entry.get("readings_at", {}).get(place, entry["reading"])
