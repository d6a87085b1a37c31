"""Rounding is not an error (CONTRACT 10.2).

An `inconsistent` claim whose top explanation is `double_rounding` is `within_rounding`
(severity null) when the rounded figure keeps at least as many significant digits as the
claim writes, or when a source in the corpus publishes that rounded figure ("363 PF is 144 x
2.52 PF, AWS's own rounded per-chip figure"). The explanation stays and says whose rounded
figure it is. Every other cause stays an error: a reader is misled by it.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from claimaudit.engine.steps import Worded
from claimaudit.forensics.transforms import Rounded
from claimaudit.forensics.words import phrase
from claimaudit.model.intervals import close


class Whose:
    """Who published a rounded figure: a source of the corpus that states it, else the party
    of the precise figure it was rounded from."""

    def __init__(self, corpus):
        sources = corpus.spec_sources.drop_duplicates("id").set_index("id")
        self.parties = sources["party"].to_dict()
        vendors = corpus.entities.drop_duplicates("id").set_index("id")["vendor"]
        self.vendors = vendors.to_dict()
        self.facts = corpus.facts

    def publishers(self, rounded: Rounded) -> list[str]:
        """Sources whose fact for the figure is the rounded value (superseded ones too)."""
        entity, metric = rounded.node
        facts = self.facts[(self.facts["entity"] == entity) & (self.facts["metric"] == metric)]
        return [fact.source for fact in facts.itertuples()
                if fact.quantity is not None and close(fact.quantity.base, rounded.value)]

    def name(self, source: str, entity: str) -> str | None:
        """A source's party as readers know it: the entity's vendor when that is the party."""
        party = self.parties.get(source)
        vendor = self.vendors.get(entity)
        if isinstance(vendor, str) and isinstance(party, str) and \
                vendor.lower().replace(" ", "-") == party:
            return vendor
        return party if isinstance(party, str) else None

    def words(self, rounded: Rounded) -> Worded:
        published = self.publishers(rounded)
        if published:
            party = self.name(published[0], rounded.node[0])
            if party is not None:
                return phrase("rounded_published", party=party, source=published[0])
        source = rounded.sources[0] if rounded.sources else ""
        party = self.name(source, rounded.node[0])
        if party is None:
            return phrase("rounded_unnamed", source=source)
        return phrase("rounded_from", party=party)


def sign(rounded: Rounded, claim_digits: float, whose: Whose) -> bool:
    """Does this rounding excuse the claim (the rule above)?"""
    return rounded.digits >= claim_digits or bool(whose.publishers(rounded))


def settle(results: pd.DataFrame, rows: pd.DataFrame | None, explanations) -> None:
    """Turn every inconsistent claim that its top explanation's rounding excuses into
    `within_rounding` (results and its standing row). `explanations`: explained.Explanations."""
    labels = list(explanations)
    if not labels:
        return
    verdicts = results["verdict"].to_numpy(object)[results.index.get_indexer(labels)]
    for label in np.asarray(labels, dtype=object)[verdicts == "inconsistent"].tolist():
        if not explanations.excused(label):
            continue
        results.at[label, "verdict"] = "within_rounding"
        results.at[label, "severity"] = None
        row = results.at[label, "row"]
        if rows is not None and row >= 0:
            rows.at[row, "verdict"] = "within_rounding"
            rows.at[row, "severity"] = None
