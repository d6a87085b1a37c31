"""The `group` place: a smaller system of the same members, rounded as published, times N.

A vendor's 42.8 PFLOPS for a 64-chip pod can be 4 x 10.7, where 10.7 PFLOPS is a 16-chip
system's 10,672 TFLOPS rounded as published: the slip sits at a figure no derivation of
the pod reaches. This module finds such groups (systems whose members are the entity's
divided by a whole number), slips their members' sum by each cause that reaches `group`
(figure_transforms.py) and multiplies it up. Reached from slip_places.py for pair and
members readings; the cache is the one slip_places.py and slips.py share.
"""

from __future__ import annotations

import math
from functools import partial

from claimaudit.engine.derive import Alt
from claimaudit.engine.steps import Step
from claimaudit.forensics.catalogue import Candidate, Value, catalogue, figure_text, known_interval, working
from claimaudit.forensics.places.traced import in_reading, member_sum, one_alternative
from claimaudit.forensics.transforms import NODE_TRANSFORMS
from claimaudit.model import fmt
from claimaudit.model.intervals import Interval


def group_candidates(graph, key: tuple, entity: str, is_top: bool,
                     cache: dict) -> list[Candidate]:
    """For each cause that reaches `group`: a smaller system of the same members (16 of the
    64 chips), its members' sum slipped as the cause says (rounded as published), times
    the number of such groups in `entity`."""
    metric = key[3]
    groups = _groups_once(graph, cache, entity, metric)
    if not groups:
        return []
    if ("whole", entity, metric) not in cache:
        cache["whole", entity, metric] = one_alternative(partial(member_sum, entity, metric), graph)
    whole = cache["whole", entity, metric]
    route = in_reading(graph, key, entity, is_top, whole, cache)
    if whole is None or route is None:
        return []
    out = []
    for name, cause in catalogue()["causes"].items():
        transform = NODE_TRANSFORMS.get(cause["transform"])
        if "group" not in cause["at"] or transform is None:
            continue
        for group, times, alt in groups:
            for changed, words in transform(cause, (group, metric), alt, {}):
                assert changed.interval is not None
                scaled = _times(changed, times, entity, group, metric)
                value = in_reading(graph, key, entity, is_top, scaled, cache)
                if value is None or value.interval.value == route.interval.value:
                    continue
                limit = words.get("digits", math.inf) + cause.get("claim_digits", math.inf)
                text = partial(_group_words, words, (group, metric), alt, value)
                out.append(Candidate(name, "group", value.interval, text,
                                     route.interval if key[0] == "pair" else None,
                                     claim_digits=limit))
    return out


def _groups_once(graph, cache: dict, entity: str, metric: str) -> list[tuple]:
    """`_group_figures` for `entity`, worked out once per cache (the systems' compositions
    once for all entities)."""
    if "compositions" not in cache:
        cache["compositions"] = {e: _composition(row) for e, row in graph.entities.items()
                                 if row.members}
    if ("groups", entity, metric) not in cache:
        cache["groups", entity, metric] = list(_group_figures(graph, cache["compositions"],
                                                              entity, metric))
    return cache["groups", entity, metric]


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
            alt = one_alternative(partial(member_sum, group, metric), graph)
            if alt is not None:
                yield group, int(k), _as_published(alt, sum(part.values()))


def _as_published(alt: Alt, chips: int) -> Alt:
    """A group's sum as its vendor would publish it before rounding: a fact written to the
    members' own last digit (16 x 667 TFLOPS is 10,672 TFLOPS, not 10,672 +- 8)."""
    interval = known_interval(alt)
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
                f"{times:,} x {working(alt)}", fmt.quantity(total.value, alt.unit))
    return Alt(total, alt.dims, (step,), alt.sources, (), "", alt.unit)


def _group_words(words: dict, node: tuple, alt: Alt, value: Value) -> dict:
    return {**words, "figure": figure_text(node, alt), "working": working(value.alt())}
