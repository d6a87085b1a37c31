"""What every slip module shares: the catalogue, a candidate, and a graph that traces figures.

The catalogue (pipeline/data/slips.yaml) names causes and the kind of arithmetic each is;
a `Candidate` is one cause applied at one place and the value it gives; `ForensicGraph`
records which figures each figure is derived from and can stand a transformed figure in
for one. slips.py, slip_places.py, expression_slips.py and group_slips.py build candidates
from these; forensics.py judges them.

Speed: a candidate carries its value as numbers; the words of its reading (the working,
a ratio's steps, figures as written) are built only when it explains some claim
(`Candidate.text`, `words_later`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, partial
from typing import Callable, NamedTuple, TypeVar

from claimaudit.core.yamlio import package_yaml
from claimaudit.engine.derive import Alt, SpecGraph
from claimaudit.engine.steps import arithmetic
from claimaudit.model import fmt
from claimaudit.model.intervals import Interval

ROOT = ("", "")


@cache
def catalogue() -> dict:
    """The causes in catalogue order, and the policy settings (pipeline/data/slips.yaml)."""

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


def words_later(fixed: dict, **parts: Callable[[], str]) -> Callable[[], dict]:
    """Words to build when asked: `fixed` as they are, each of `parts` by calling it."""
    return partial(_build_words, fixed, parts)


def _build_words(fixed: dict, parts: dict) -> dict:
    return {**fixed, **{name: make() for name, make in parts.items()}}


def working_of(value: Value) -> str:
    """The working of a candidate's value (its alternative built now)."""
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


T = TypeVar("T")


def same(thing: T) -> T:
    """The thing itself (as a function of nothing, with partial: words known already)."""
    return thing


def working(alt: Alt) -> str:
    """The arithmetic of a figure's last step as a reader writes it: `144 x 2.52 PFLOPS`."""
    if not alt.steps:
        return fmt.quantity(known_interval(alt).value, alt.unit)
    return arithmetic(alt.steps[-1])


def figure_text(key: tuple, alt: Alt) -> str:
    return f"{key[0]}.{key[1]} ({fmt.quantity(known_interval(alt).value, alt.unit)})"


def known_interval(alt: Alt) -> Interval:
    """The interval of an alternative known to be there (missing ones never get this far)."""
    assert alt.interval is not None
    return alt.interval
