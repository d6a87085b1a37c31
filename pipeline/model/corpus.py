"""The Corpus: every frame a run needs, checked (model/validate.py builds it), and the
qualifier table it carries."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

import pandas as pd

from claimaudit.core.errors import Collector
from claimaudit.input import documents


@dataclass
class Corpus:
    """Everything a run needs, checked. Frames are indexed by id where ids are unique."""

    claim_sources: pd.DataFrame
    claims: pd.DataFrame
    spec_sources: pd.DataFrame
    entities: pd.DataFrame
    facts: pd.DataFrame
    metrics: pd.DataFrame
    qualifiers: dict


@cache
def qualifier_table() -> dict[str, dict]:
    """Every qualifier word (synonyms included) -> {region, tolerance}."""
    path = resources.files("claimaudit") / "data" / "qualifiers.yaml"
    problems = Collector()
    with resources.as_file(path) as real:
        document = documents.read_document(Path(real), "pipeline/data/qualifiers.yaml", problems)
    problems.raise_if_any()
    assert document is not None and isinstance(document.root, documents.Node)
    table = {}
    for name, spec in document.root.get("qualifiers").values.items():
        tolerance = spec.get("tolerance")
        entry = {"region": spec.get("region"),
                 "tolerance": float(tolerance.rstrip("%")) / 100 if tolerance else None}
        for word in [name, *(spec.get("synonyms") or [])]:
            table[word] = entry
    return table
