"""How much of the hardware a journalist writes about the specs know: a coverage target list
(`coverage.csv` in the specs folder) against the facts in force, cell by cell.

Each target (an accelerator or system a vendor announced) names the entities that stand for
it and the core metrics its vendor does not publish. A cell is a core figure: a group of
metrics of which any one will do (FP8 is `fp8_dense` or `fp8_sparse`; memory is HBM, SRAM or
LPDDR). A cell is `present` when a fact in force gives one of its metrics (for a system, also
when every member has it and the metric sums over members), `unpublished` when the vendor
publishes none of them, and `missing` otherwise: published, not yet in the corpus.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from claimaudit.core.errors import Collector

FILE_NAME = "coverage.csv"
COLUMNS = ("target", "vendor", "name", "kind", "announced", "entities", "not_published", "notes")

# cell -> the metrics that fill it
CHIP_CELLS = {
    "fp4": ("fp4_dense", "fp4_sparse"), "fp8": ("fp8_dense", "fp8_sparse"),
    "bf16": ("bf16_dense", "bf16_sparse", "fp16_dense", "fp16_sparse"), "fp64": ("fp64_dense",),
    "int8": ("int8_dense", "int8_sparse"),
    "memory": ("hbm_capacity", "sram_capacity", "lpddr_capacity", "fast_memory_capacity"),
    "bandwidth": ("hbm_bandwidth",), "scale-up": ("scaleup_bandwidth",), "power": ("power",),
    "node": ("process_node",), "transistors": ("transistors",), "die": ("die_area",),
}
SYSTEM_CELLS = {
    "chips": ("chips",), "fp4": CHIP_CELLS["fp4"], "fp8": CHIP_CELLS["fp8"],
    "bf16": CHIP_CELLS["bf16"], "memory": CHIP_CELLS["memory"], "bandwidth": ("hbm_bandwidth",),
    "scale-up": ("scaleup_bandwidth",), "power": ("power",),
}


@dataclass
class Target:
    target: str
    vendor: str
    name: str
    kind: str
    entities: list[str]
    not_published: set[str]
    cells: dict[str, str] = field(default_factory=dict)   # cell -> present|unpublished|missing


def read_targets(path: Path, problems: Collector) -> list[Target]:
    """The target list; problems for rows without a target id or with an unknown column."""
    targets = []
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        if reader.fieldnames is None or not set(COLUMNS[:4]) <= set(reader.fieldnames):
            problems.add(str(path), 1, f"coverage list: expected the columns {', '.join(COLUMNS)}")
            return []
        for number, row in enumerate(reader, start=2):
            if not (row.get("target") or "").strip():
                problems.add(str(path), number, "coverage list: a row without a target id")
                continue
            targets.append(Target(row["target"].strip(), row["vendor"], row["name"], row["kind"],
                                  (row.get("entities") or "").split(),
                                  set((row.get("not_published") or "").split())))
    return targets


def known_figures(corpus) -> set[tuple[str, str]]:
    """(entity, metric) pairs a claim can be checked against: a fact in force, or for a system
    a metric that sums over members when every member has it (one level at a time)."""
    facts = corpus.facts[~corpus.facts["superseded"].astype(bool)]
    known = set(zip(facts["entity"], facts["metric"]))
    summed = set(corpus.metrics.index[corpus.metrics["aggregates"] == "sum"])
    members = {row.id: [m for m, _, _ in row.members] for row in corpus.entities.itertuples()
               if isinstance(row.members, list) and row.members}
    for _ in range(3):                      # racks of boards of chips: a few levels
        for system, parts in members.items():
            known.update((system, metric) for metric in summed
                         if all((part, metric) in known for part in parts))
        known.update((system, "chips") for system in members)
    return known


def cover(targets: list[Target], corpus) -> list[Target]:
    """Each target's cells filled in, in place; returns the targets."""
    known = known_figures(corpus)
    for target in targets:
        cells = SYSTEM_CELLS if target.kind == "system" else CHIP_CELLS
        for cell, metrics in cells.items():
            if any((entity, metric) in known for entity in target.entities for metric in metrics):
                target.cells[cell] = "present"
            elif set(metrics) <= target.not_published:
                target.cells[cell] = "unpublished"
            else:
                target.cells[cell] = "missing"
    return targets


def summary(targets: list[Target], entities: pd.Series) -> dict:
    """Counts for the page and the README: targets with an entity, cells filled of those the
    vendors publish."""
    ids = set(entities.dropna())
    present = [t for t in targets if t.entities and set(t.entities) <= ids]
    states = [state for t in targets for state in t.cells.values()]
    published = sum(state != "unpublished" for state in states)
    filled = states.count("present")
    return {"targets": len(targets), "with_entity": len(present), "published_cells": published,
            "filled_cells": filled,
            "filled_share": round(100 * filled / published, 1) if published else 0.0}
