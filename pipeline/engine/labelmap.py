"""A read-only mapping from claim labels to values held as one array in the claims' order:
what a run keeps per claim (its basis, its later sources) without a million-entry dict (some
70 MB at a million claims: a dict slot and an int object per label).

`values_for(labels)` answers a whole column at once (the CSV path); `get`/`[]` one label at a
time (the record path). Labels that hold nothing are absent: not iterated, not `in`, `get`
gives the default, as a dict built only from the present labels would.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import numpy as np
import pandas as pd


class LabelMap(Mapping):
    def __init__(self, index: pd.Index, values: np.ndarray, present: np.ndarray | None = None):
        self.index, self.cells = index, values
        self.present = np.ones(len(index), dtype=bool) if present is None else present

    def _position(self, label) -> int | None:
        try:
            at = self.index.get_loc(label)
        except (KeyError, TypeError):
            return None
        return int(at) if isinstance(at, (int, np.integer)) and self.present[at] else None

    def __getitem__(self, label):
        at = self._position(label)
        if at is None:
            raise KeyError(label)
        return self.cells[at]

    def __contains__(self, label) -> bool:
        return self._position(label) is not None

    def __iter__(self) -> Iterator:
        return iter(self.index[self.present].tolist())

    def __len__(self) -> int:
        return int(self.present.sum())

    def values_for(self, labels: list, default=None) -> list:
        """self.get(label, default) for each label, in one look-up of the index."""
        at = self.index.get_indexer(labels) if len(labels) else np.array([], dtype=np.int64)
        found = at >= 0
        found[found] = self.present[at[found]]
        out = np.full(len(labels), default, dtype=object)
        out[found] = self.cells[at[found]]
        return out.tolist()


def values_for(mapping: Mapping, labels: list) -> list:
    """mapping.get(label) for each label: at once from a LabelMap, else a look-up each."""
    if isinstance(mapping, LabelMap):
        return mapping.values_for(labels)
    return [mapping.get(label) for label in labels]
