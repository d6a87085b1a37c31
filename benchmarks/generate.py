"""Generated claim corpora for the benchmarks: realistic claims over the bundled specs.

Claims pick (entity, metric) pairs that the bundled specs can derive, write a
claimed value near the derived one (rounded, sometimes off by a few per cent,
sometimes in the other decimal/binary unit), and mix in ratio, expression,
interpretation and qualitative claims in the proportions of the seed corpus.
"""

from __future__ import annotations

import random
from pathlib import Path

import yaml

UNITS = {"flop/time": "PFLOPS", "op/time": "TOPS", "information": "GB",
         "information/time": "TB/s", "count": "", "time": "us", "power": "kW", "length": "nm",
         "length^2": "mm2"}
QUALIFIERS = ["about", "about", "about", "up_to", "roughly", "nearly", "just_over", "at_least",
              "more_than", "less_than"]


def derivable_pairs(specs_dir: Path) -> list[tuple[str, str, str, float]]:
    """(entity, metric, dimension, nominal base value) for every figure the specs give."""
    from claimaudit import load_corpus
    from claimaudit.engine.derive import SpecGraph
    from claimaudit.model.units import metric_dimension

    corpus = load_corpus([], specs_dir)
    graph = SpecGraph(corpus.entities, corpus.facts, corpus.metrics)
    pairs = []
    for entity in corpus.entities["id"]:
        for metric, row in corpus.metrics.iterrows():
            alts = graph.derive(entity, metric)
            if not alts[0].is_missing:
                pairs.append((entity, metric, metric_dimension(row.unit), alts[0].interval.value))
    return pairs


def claims(n: int, specs_dir: Path, seed: int = 7) -> list[dict]:
    from claimaudit.model.units import unit_info

    rng = random.Random(seed)
    pairs = derivable_pairs(specs_dir)
    by_metric: dict[str, list] = {}
    for pair in pairs:
        by_metric.setdefault(pair[1], []).append(pair)
    out = []
    for i in range(n):
        entity, metric, dimension, value = rng.choice(pairs)
        roll = rng.random()
        claim = {"id": f"c{i}", "quote": f"generated claim {i}"}
        if roll < 0.05:
            claim["kind"] = "qualitative"
        elif roll < 0.25 and len(by_metric[metric]) > 1:
            other = rng.choice(by_metric[metric])
            ratio = value / other[3] * rng.choice([1, 1, 1, 1.03, 0.9])
            claim.update(subject=entity, baseline=other[0], metric=metric,
                         claimed=f"{ratio:.{rng.choice([1, 2])}f}x")
        elif roll < 0.28:
            claim.update(expr=f"2 * {entity}.{metric}", metric=None)
            claim["claimed"] = _written(2 * value, UNITS[dimension], unit_info, rng)
        else:
            claim.update(subject=entity, metric=metric)
            claim["claimed"] = _written(value * rng.choice([1, 1, 1, 1.02, 0.97, 1.5]),
                                        UNITS[dimension], unit_info, rng)
            claim["qualifier"] = rng.choice(QUALIFIERS)
        out.append({k: v for k, v in claim.items() if v is not None})
    return out


def _written(base: float, unit: str, unit_info, rng) -> str:
    value = base / unit_info(unit).factor if unit else base
    digits = rng.choice([0, 1, 2, 3])
    return f"{value:,.{digits}f} {unit}".strip()


def write_claims_file(path: Path, n: int, specs_dir: Path) -> None:
    document = {"source": {"id": "generated", "title": "Generated claims", "language": "en"},
                "claims": claims(n, specs_dir)}
    path.write_text(yaml.safe_dump(document, allow_unicode=True, sort_keys=False, width=200))
