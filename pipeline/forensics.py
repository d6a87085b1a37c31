"""Why a number is off: the slips that would make a non-consistent claim hold (CONTRACT 9.2).

For every `inconsistent` or `within_rounding` claim, each single slip of the catalogue
(pipeline/data/slips.yaml, applied by slips.py) whose value is consistent with the
claim (not merely within rounding) is an explanation. Most plausible first: fewest
steps, then nearest the claimed value counted in units of the claim's last written
digit, then the catalogue's order, the place (a member's figure before the system's
own, before the claim) and the exact distance; explanations first-equal with the top
one carry `tie: true`. One explanation per cause (its best reading).

Speed: candidates are worked out once per distinct reading (subject, baseline,
metric) and judged against all claims that share it as numpy columns; only claims
with a fitting slip are touched one by one. Pure: frames in, a dict out.
"""

from __future__ import annotations

import functools
import math

import numpy as np
import pandas as pd

from pipeline import fmt, judge, readings, slip_places, slip_words, slips
from pipeline.intervals import REL_EQ, Interval
from pipeline.units import binary_reading, unit_info

PLACES = ("members", "group", "node", "source", "side", "metric", "claim")
EXPLAINED = ("inconsistent", "within_rounding")
CLAIMED = "\x00claimed\x00"    # stands for the claim's own text in a shared reading


def explain(graph, corpus, rows: pd.DataFrame, results: pd.DataFrame, keys: list) -> dict:
    """claim index -> explanations (dicts of CONTRACT 9.2), for the claims that have any."""
    chosen = results[results["verdict"].isin(EXPLAINED) & (results["row"] >= 0)]
    if chosen.empty:
        return {}
    columns = _columns(rows, rows.index.get_indexer(chosen["row"]), chosen, corpus.claims)
    codes = _group_codes(columns["payload"], columns["unit"], columns["qkind"])
    order = np.argsort(codes, kind="stable")
    starts = np.flatnonzero(np.r_[True, codes[order][1:] != codes[order][:-1]])
    superseded = _superseded_facts(corpus.facts, graph)
    others = slip_places.other_sources(corpus.facts, graph)
    node_cache: dict = {}
    side_cache: dict = {}       # what each slip does to each side, shared by the readings
    out: dict = {}
    for members in np.split(order, starts[1:]):
        first = members[0]
        key = int(columns["key"][first])
        if key not in node_cache:
            node_cache[key] = _node_candidates(graph, keys[key], superseded, others, side_cache) \
                if columns["single"][first] else []
        derived = Interval(*(float(columns[c][first]) for c in ("value", "low", "high")))
        found = node_cache[key] + slips.claim_candidates(
            derived, columns["metric"][first], columns["unit"][first], columns["qkind"][first],
            columns["claimed_dimension"][first])
        if found:
            ratio = _is_ratio(keys[key], columns["qkind"][first])
            out.update(_match(columns, members, found, ratio))
    return out


def _group_codes(*columns) -> np.ndarray:
    """One integer per distinct combination of the columns (None counts as a value)."""
    codes = np.zeros(len(columns[0]), dtype=np.int64)
    for column in columns:
        column_codes, uniques = pd.factorize(column, use_na_sentinel=False)
        codes = codes * (len(uniques) + 1) + column_codes
    return codes


def _columns(rows: pd.DataFrame, standing: np.ndarray, chosen: pd.DataFrame,
             claims: pd.DataFrame) -> dict:
    """The standing row (positions `standing`) of every claim to explain, as numpy columns;
    taken column by column, so no copy of the whole row frame is made."""
    names = ("claim", "key", "payload", "value", "low", "high", "v", "h", "r", "absolute")
    columns = {name: rows[name].to_numpy()[standing] for name in names}
    for name in ("unit", "qkind", "claimed_dimension", "rule"):     # few distinct words each:
        codes, words = pd.factorize(rows[name], use_na_sentinel=False)   # no string per row
        columns[name] = np.asarray(words, dtype=object)[codes[standing]]
    for name in ("value", "low", "high", "v", "h", "r", "absolute"):
        columns[name] = columns[name].astype(float)
    columns["single"] = chosen["n_rows"].to_numpy() == 1
    columns["metric"] = chosen["metric"].to_numpy()
    at = claims.index.get_indexer(columns["claim"])
    columns["quantity"] = claims["quantity"].to_numpy()[at]
    columns["qualifier"] = claims["qualifier"].to_numpy()[at]
    for name in ("quantity", "qualifier"):      # an interpretation's own reading of the number
        own = rows.get(f"own_{name}")
        if own is not None:
            own = own.to_numpy()[standing]
            columns[name] = np.where(pd.notna(own), own, columns[name])
    columns["binary_scale"] = readings.binary_scales(columns["unit"], columns["claimed_dimension"])
    columns["regions"] = _regions(columns)
    columns["digits"] = _significant_digits(columns["v"], columns["h"])
    return columns


def _significant_digits(v: np.ndarray, h: np.ndarray) -> np.ndarray:
    """How many significant digits each claim was written with (`363` 3, `1,452` 4)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        digits = np.floor(np.log10(np.abs(v))) - np.round(np.log10(2 * h)) + 1
    return np.where(h > 0, digits, np.inf)


def _is_ratio(key: tuple, kind: str) -> bool:
    return kind in ("ratio", "change", "share") or (key[0] == "pair" and key[2] is not None)


def _node_candidates(graph, key: tuple, superseded: dict, others: dict, cache: dict) -> list:
    """The slips at figures: slips.py's for a pair reading, and slip_places.py's places
    (a conflicting source, an expression's inputs, a spec-audit sum, a group of members)."""
    found = slips.candidates(graph, key, superseded, cache) if key[0] == "pair" else []
    return found + slip_places.candidates(graph, key, superseded, others, cache)


def _superseded_facts(facts: pd.DataFrame, graph) -> dict:
    """(entity, metric) -> the superseded facts with a value that the graph does not use."""
    used = {(row.file, row.line) for rows in graph.facts.values() for row in rows}
    old = facts[facts["superseded"].astype(bool) & facts["quantity"].notna()]
    table: dict = {}
    for fact in old.itertuples():
        if (fact.file, fact.line) not in used:
            table.setdefault((fact.entity, fact.metric), []).append(fact)
    return table


# -- judging candidates against claims, over columns ----------------------------------

def _readings_of(columns: dict, row: int) -> list[float]:
    """The claimed regions to try: as written, and the JEDEC binary reading of a capacity."""
    scale = columns["binary_scale"][row]
    return [1.0] if np.isnan(scale) else [1.0, float(scale)]


def _regions(columns: dict) -> list[tuple]:
    """Every claim's region as written and (capacities) in the binary reading, in one pass."""
    scale = np.where(np.isnan(columns["binary_scale"]), 1.0, columns["binary_scale"])
    return [judge.regions(columns["v"] * s, columns["h"] * s, columns["rule"], columns["r"],
                          columns["absolute"] * s) for s in (1.0, scale)]


def _match(columns: dict, members: np.ndarray, found: list, ratio: bool) -> dict:
    """Judge every candidate against every claim of one group at once; rank the fits.

    A sorted search first keeps only the claims whose region (a hair wider) holds some
    candidate's value; the exact rules then run on those few as a claims x candidates grid.
    """
    values = np.array([c.interval.value for c in found])
    regions = [(scale, tuple(part[members] for part in columns["regions"][number]))
               for number, scale in enumerate(_readings_of(columns, members[0]))]
    hit = np.flatnonzero(np.any([_may_hold(region[0], region[1], values)
                                 for _, region in regions], axis=0))
    if not len(hit):
        return {}
    fits, distance, reading = _grid(found, values, columns["v"][members[hit]],
                                    [(scale, tuple(p[hit] for p in region))
                                     for scale, region in regions])
    limits = np.array([c.claim_digits for c in found])
    fits &= columns["digits"][members[hit]][:, None] <= limits[None, :]
    rows = members[hit]
    resolution = np.maximum(columns["h"][rows], np.abs(columns["v"][rows]) * REL_EQ)
    with np.errstate(invalid="ignore"):
        away = np.floor(distance * np.abs(columns["v"][rows])[:, None] / resolution[:, None]
                        + REL_EQ)
    words = _Words(found, ratio)
    ranks = [(c.steps, _cause_rank(c.cause), PLACES.index(c.place)) for c in found]
    out = {}
    fit_rows, fit_columns = np.nonzero(fits)
    for number, candidates in _split_by_row(fit_rows, fit_columns):
        row = rows[number]
        claim = {"quantity": columns["quantity"][row], "qualifier": columns["qualifier"][row],
                 "value": columns["value"][row]}
        picks = _ranked(found, candidates, ranks, away[number], distance[number])
        out[columns["claim"][row]] = [words.explanation(i, claim, reading[number, i], tie)
                                      for i, tie in picks]
    return out


def _grid(found, values, v_all, regions):
    """claims x candidates: fits (consistent, route not, within reach), distance, reading."""
    routes = np.array([np.nan if c.route is None else c.route.value for c in found])
    reach = float(slips.catalogue()["policy"]["open_region_reach"])
    shape = (len(v_all), len(found))
    fits, distance = np.zeros(shape, dtype=bool), np.full(shape, np.inf)
    reading = np.zeros(shape, dtype=int)
    for number, (scale, region) in enumerate(regions):
        v = v_all * scale
        ok = _contains(*region, values) & ~_contains(*region, routes)
        ok &= _within_reach(region[0], region[1], v, values, reach)
        with np.errstate(divide="ignore", invalid="ignore"):
            gap = np.abs(values[None, :] - v[:, None]) / np.abs(v[:, None])
        better = ok & (gap < distance)
        fits |= ok
        distance = np.where(better, gap, distance)
        reading = np.where(better, number, reading)
    return fits, distance, reading


def _split_by_row(rows: np.ndarray, columns: np.ndarray):
    """(row, [columns...]) for each row of a np.nonzero result (rows come sorted)."""
    if not len(rows):
        return
    starts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
    ends = np.r_[starts[1:], len(rows)]
    columns = columns.tolist()
    for start, end in zip(starts.tolist(), ends.tolist()):
        yield int(rows[start]), columns[start:end]


def _may_hold(low, high, values) -> np.ndarray:
    """Per claim: does the region, widened by the 1e-9 rule and more, reach any value?"""
    ordered = np.sort(values[~np.isnan(values)])
    with np.errstate(invalid="ignore"):
        wide_low = np.where(np.isfinite(low), low - np.abs(low) * 1e-8, low)
        wide_high = np.where(np.isfinite(high), high + np.abs(high) * 1e-8, high)
    return np.searchsorted(ordered, wide_high, "right") > np.searchsorted(ordered, wide_low, "left")


def _contains(low, high, low_open, high_open, values) -> np.ndarray:
    """claims x candidates: does each candidate's nominal value lie in each claimed region?"""
    x = values[None, :]
    low, high = low[:, None], high[:, None]
    above = np.where(low_open[:, None], (low < x) & ~judge.close_columns(low, x),
                     (low <= x) | judge.close_columns(low, x))
    below = np.where(high_open[:, None], (x < high) & ~judge.close_columns(x, high),
                     (x <= high) | judge.close_columns(x, high))
    return above & below & ~np.isnan(x)


def _within_reach(low, high, v, values, reach: float) -> np.ndarray:
    """An open-ended region counts only values within `reach` of its bound."""
    open_ended = (np.isinf(low) | np.isinf(high))[:, None]
    near = (values[None, :] <= np.abs(v)[:, None] * reach) & \
        (values[None, :] >= np.abs(v)[:, None] / reach)
    return ~open_ended | near


def _ranked(found: list, candidates: list, ranks: list, away: np.ndarray,
            distance: np.ndarray) -> list[tuple[int, bool]]:
    """The best candidate per cause, most plausible first, with first-equal ones marked.

    Order: fewest steps; nearest the claimed value counted in the claim's own resolution
    (`away`: whole units of its last written digit; a claim cannot tell apart values closer
    than that); the catalogue's order of causes; the place (members, node, side, metric,
    claim); the exact distance. Causes that share the top place's steps and `away` are tied.
    """
    if len(candidates) == 1:
        return [(candidates[0], False)]
    order = sorted(candidates, key=lambda i: (ranks[i][0], away[i], ranks[i][1], ranks[i][2],
                                              distance[i]))
    best: dict = {}
    for i in order:
        best.setdefault(found[i].cause, i)
    picks = list(best.values())
    top = picks[0]
    ties = [i for i in picks if ranks[i][0] == ranks[top][0] and away[i] == away[top]]
    return [(i, len(ties) > 1 and i in ties) for i in picks]


@functools.cache
def _cause_rank(cause: str) -> int:
    return list(slips.catalogue()["causes"]).index(cause)


# -- one explanation, in words -------------------------------------------------------

class _Words:
    """Explanations in words for one group's candidates; the parts every claim of the group
    shares (the reading up to the claimed text, the derived record) are built once."""

    def __init__(self, found: list, ratio: bool):
        self.found, self.ratio = found, ratio
        self.parts: dict = {}

    def explanation(self, index: int, claim: dict, reading_number: int, tie: bool) -> dict:
        """{cause, reading, derived, verdict} in the claim's unit (or its binary reading)."""
        cache_key = (index, reading_number)
        if cache_key not in self.parts:
            self.parts[cache_key] = self._parts(self.found[index], claim, reading_number)
        cause, place, reading, fields, derived = self.parts[cache_key]
        text, qualifier = claim["quantity"].text, claim["qualifier"]
        english = reading.replace(CLAIMED, slip_words.claimed_text(text, qualifier))
        item = {"cause": cause,
                "reading": slip_words.reading(english, cause, place, fields, text, qualifier),
                "derived": dict(derived), "verdict": "consistent"}
        if tie:
            item["tie"] = True
        return item

    def _parts(self, candidate, claim: dict, reading_number: int) -> tuple:
        unit = _shown_unit(claim["quantity"], reading_number, self.ratio)
        factor = 1.0 if unit in ("x", "") else unit_info(unit).factor
        interval = candidate.interval
        derived = {"value": _tidy(interval.value / factor), "unit": unit,
                   "low": _tidy(interval.low / factor), "high": _tidy(interval.high / factor)}
        fields = {"working": "", "figure": "", "changed": "", "original": "", "digits": "",
                  "direction": "", "factor": "", **candidate.text(),
                  "value": _quantity(interval.value, unit),
                  "derived": _quantity(claim["value"], unit)}
        english = slip_places.reading(candidate.cause, candidate.place).format(**fields,
                                                                               claimed=CLAIMED)
        return candidate.cause, candidate.place, english, tuple(fields.items()), derived


def _shown_unit(quantity, reading_number: int, ratio: bool) -> str:
    if ratio:
        return "x"
    if quantity.kind == "count":
        return ""
    return (binary_reading(quantity.unit) or quantity.unit) if reading_number == 1 \
        else quantity.unit


def _quantity(base_value: float, unit: str) -> str:
    return fmt.quantity(base_value, unit) if unit else fmt.number(base_value)


def _tidy(x: float) -> float | None:
    return None if math.isinf(x) or math.isnan(x) else float(f"{x:.12g}")


def hint(explanation: dict) -> str:
    """An explanation as one line of `hints` (CONTRACT 7): the cause, then its reading
    (English, sayable in any language: pipeline/slip_words.py)."""
    return slip_words.hint(explanation)
