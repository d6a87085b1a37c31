"""Which slips fit which claims: every group's candidates against every claim of the group, at once.

forensics.py works out the candidate slips once per group of claims that share a derivation
(a payload, a unit, a kind of quantity); this module judges all of them in one pass over numpy
columns and ranks the fits (CONTRACT 9.2):

1. every candidate of every group goes into one table (`Table`: value, route, digit limit,
   steps, cause and place ranks), its rows grouped;
2. a sorted search over (group, value) keys pairs each claim with the candidates of its own
   group that lie in its claimed region widened a hair, in each reading of the claimed number
   (as written; a capacity's JEDEC binary reading too);
3. the exact rules (judge.py's 1e-9 comparisons, the open-region reach, the route that must not
   fit already, the claim's written digits) run over those pairs only;
4. one lexicographic sort ranks each claim's fits: fewest steps, nearest the claimed value in
   units of its last written digit, the catalogue's order, the place, the exact distance, the
   candidate's own order; the best per cause is kept and first-equal ones are marked.

The rule per claim is `ranked` (readable, and the fallback for a claim whose distance is not a
number, where Python's comparisons order the ties); `best` gives the same answers over columns.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from claimaudit.engine import judge
from claimaudit.model.intervals import REL_EQ

WIDEN = 1e-8          # the region is widened by more than the 1e-9 rule before the exact test


@dataclass
class Table:
    """Every candidate of every group as columns; `start[g]` is group g's first row."""

    group: np.ndarray
    value: np.ndarray
    route: np.ndarray
    limit: np.ndarray
    steps: np.ndarray
    cause: np.ndarray
    place: np.ndarray
    start: np.ndarray

    @classmethod
    def of(cls, groups: list[list], cause_rank, place_rank) -> Table:
        """From each group's candidate list (slips.Candidate)."""
        flat = [c for found in groups for c in found]
        sizes = np.array([len(found) for found in groups], dtype=np.int64)
        return cls(
            group=np.repeat(np.arange(len(groups)), sizes),
            value=np.array([c.interval.value for c in flat], dtype=float),
            route=np.array([np.nan if c.route is None else c.route.value for c in flat],
                           dtype=float),
            limit=np.array([c.claim_digits for c in flat], dtype=float),
            steps=np.array([c.steps for c in flat], dtype=np.int64),
            cause=np.array([cause_rank(c.cause) for c in flat], dtype=np.int64),
            place=np.array([place_rank(c.place) for c in flat], dtype=np.int64),
            start=np.r_[0, np.cumsum(sizes)[:-1]].astype(np.int64))


@dataclass
class Fits:
    """The fitting (claim row, candidate) pairs, sorted by row then candidate, with the reading
    that fits best, the relative distance to the claimed value and `away` (whole units of the
    claim's last written digit)."""

    row: np.ndarray
    candidate: np.ndarray
    reading: np.ndarray
    distance: np.ndarray
    away: np.ndarray


def best(columns: dict, members: list[np.ndarray], table: Table, reach: float
         ) -> dict[int, list[tuple[int, int, bool]]]:
    """Claim row -> its picks (candidate row of `table`, reading number, tie), best first:
    one per cause; `members[g]` are the claim rows of group g."""
    fits = fitting(columns, members, table, reach)
    if not len(fits.row):
        return {}
    order = np.lexsort((fits.candidate, fits.distance, table.place[fits.candidate],
                        table.cause[fits.candidate], fits.away, table.steps[fits.candidate],
                        fits.row))
    odd = np.isnan(fits.away)
    unordered = np.unique(fits.row[odd])
    keep = order[~np.isin(fits.row[order], unordered)]
    out = _best_per_cause(fits, table, keep)
    for row in unordered.tolist():
        at = np.flatnonzero(fits.row == row)
        picks = ranked(fits.candidate[at].tolist(), table, fits.away[at], fits.distance[at])
        reading = dict(zip(fits.candidate[at].tolist(), fits.reading[at].tolist()))
        out[row] = [(c, reading[c], tie) for c, tie in picks]
    return out


def _best_per_cause(fits: Fits, table: Table, order: np.ndarray) -> dict:
    """The first pair of each (row, cause) in ranked `order`, in that order, ties marked."""
    if not len(order):
        return {}
    row, candidate = fits.row[order], fits.candidate[order]
    cause_key = row * (int(table.cause.max()) + 1) + table.cause[candidate]
    _, first = np.unique(cause_key, return_index=True)
    picked = order[np.sort(first)]
    row, candidate = fits.row[picked], fits.candidate[picked]
    starts = np.flatnonzero(np.r_[True, row[1:] != row[:-1]])
    blocks = np.diff(np.r_[starts, len(row)])
    top = np.repeat(starts, blocks)
    away = fits.away[picked]
    level = (table.steps[candidate] == table.steps[candidate[top]]) & (away == away[top])
    tied = level & (np.repeat(np.add.reduceat(level.astype(np.int64), starts), blocks) > 1)
    out: dict = {}
    items = zip(row.tolist(), candidate.tolist(), fits.reading[picked].tolist(), tied.tolist())
    for r, c, reading, tie in items:
        out.setdefault(r, []).append((c, reading, tie))
    return out


def ranked(candidates: list[int], table: Table, away: np.ndarray, distance: np.ndarray
           ) -> list[tuple[int, bool]]:
    """The rule for one claim: its fitting candidates (table rows, ascending, with their
    `away` and `distance`) -> the best per cause, most plausible first, first-equal marked."""
    at = {c: n for n, c in enumerate(candidates)}
    key = {c: (table.steps[c], away[at[c]], table.cause[c], table.place[c], distance[at[c]])
           for c in candidates}
    order = sorted(candidates, key=key.__getitem__)
    best_of: dict = {}
    for c in order:
        best_of.setdefault(table.cause[c], c)
    picks = list(best_of.values())
    top = picks[0]
    ties = [c for c in picks if key[c][0] == key[top][0] and key[c][1] == key[top][1]]
    return [(c, len(ties) > 1 and c in ties) for c in picks]


# -- which pairs fit ------------------------------------------------------------------

def fitting(columns: dict, members: list[np.ndarray], table: Table, reach: float) -> Fits:
    """Every (claim row, candidate of its group) whose value is consistent with the claim in
    some reading, the route's value is not, within reach of an open region, and which the
    claim's written digits allow."""
    group_of = np.full(len(columns["v"]), -1, dtype=np.int64)
    for number, rows in enumerate(members):
        group_of[rows] = number
    first = np.array([rows[0] for rows in members], dtype=np.int64)
    scale = columns["binary_scale"][first]       # a group's readings are its first claim's
    claims = np.flatnonzero(group_of >= 0)
    row, candidate = _window_pairs(claims, group_of, scale, columns["regions"], table)
    group = group_of[row]
    value, route = table.value[candidate], table.route[candidate]
    distance = np.full(len(row), np.inf)
    reading = np.zeros(len(row), dtype=np.int64)
    fits = np.zeros(len(row), dtype=bool)
    for number, region in enumerate(columns["regions"]):
        low, high, low_open, high_open = (part[row] for part in region)
        v = columns["v"][row] * (1.0 if number == 0 else scale[group])
        ok = _contains(low, high, low_open, high_open, value)
        ok &= ~_contains(low, high, low_open, high_open, route)
        ok &= _within_reach(low, high, v, value, reach)
        if number:
            ok &= ~np.isnan(scale[group])
        with np.errstate(divide="ignore", invalid="ignore"):
            gap = np.abs(value - v) / np.abs(v)
        better = ok & (gap < distance)
        fits |= ok
        distance = np.where(better, gap, distance)
        reading = np.where(better, number, reading)
    fits &= columns["digits"][row] <= table.limit[candidate]
    row, candidate, reading, distance = row[fits], candidate[fits], reading[fits], distance[fits]
    v, h = columns["v"][row], columns["h"][row]
    resolution = np.maximum(h, np.abs(v) * REL_EQ)
    with np.errstate(invalid="ignore"):
        away = np.floor(distance * np.abs(v) / resolution + REL_EQ)
    return Fits(row, candidate, reading, distance, away)


def _window_pairs(claims: np.ndarray, group_of: np.ndarray, scale: np.ndarray, regions: list,
                  table: Table) -> tuple[np.ndarray, np.ndarray]:
    """(claim row, candidate) for each candidate of the claim's group whose value lies in the
    claim's widened region in some reading; sorted by row, then candidate."""
    has = ~np.isnan(table.value)
    ids = np.flatnonzero(has)
    ids = ids[np.lexsort((table.value[ids], table.group[ids]))]    # by group, then value
    found = []
    for number, (low, high, _, _) in enumerate(regions):
        rows = claims if number == 0 else claims[~np.isnan(scale[group_of[claims]])]
        wide_low, wide_high = _widened(low[rows], high[rows])
        start, end = _search(table.group[ids], table.value[ids], group_of[rows], wide_low,
                             wide_high)
        counts = np.maximum(end - start, 0)
        at = np.repeat(start - np.r_[0, np.cumsum(counts)[:-1]], counts) + np.arange(counts.sum())
        found.append(np.repeat(rows, counts) * len(table.value) + ids[at])
    pairs = np.unique(np.concatenate(found))
    return pairs // len(table.value), pairs % len(table.value)


def _widened(low: np.ndarray, high: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    with np.errstate(invalid="ignore"):
        return (np.where(np.isfinite(low), low - np.abs(low) * WIDEN, low),
                np.where(np.isfinite(high), high + np.abs(high) * WIDEN, high))


def _search(groups, values, claim_groups, low, high) -> tuple[np.ndarray, np.ndarray]:
    """searchsorted within each claim's group. The values come sorted by (group, value); each
    is replaced by its rank among the distinct values, so (group, rank) is one integer key, and
    a bound by the number of distinct values below it (NaN sorts last, as in sort)."""
    distinct = np.unique(values)
    size = len(distinct) + 1
    keys = groups * size + np.searchsorted(distinct, values)
    below_low = claim_groups * size + np.searchsorted(distinct, low, "left")
    up_to_high = claim_groups * size + np.searchsorted(distinct, high, "right")
    return np.searchsorted(keys, below_low), np.searchsorted(keys, up_to_high)


def _contains(low, high, low_open, high_open, values) -> np.ndarray:
    """Per pair: does the candidate's nominal value lie in the claimed region (1e-9 rule)?"""
    above = np.where(low_open, (low < values) & ~judge.close_columns(low, values),
                     (low <= values) | judge.close_columns(low, values))
    below = np.where(high_open, (values < high) & ~judge.close_columns(values, high),
                     (values <= high) | judge.close_columns(values, high))
    return above & below & ~np.isnan(values)


def _within_reach(low, high, v, values, reach: float) -> np.ndarray:
    """An open-ended region counts only values within `reach` of its bound."""
    open_ended = np.isinf(low) | np.isinf(high)
    near = (values <= np.abs(v) * reach) & (values >= np.abs(v) / reach)
    return ~open_ended | near
