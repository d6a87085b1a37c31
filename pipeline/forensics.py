"""Why a number is off: the slips that would make a non-consistent claim hold (CONTRACT 9.2).

For every `inconsistent` or `within_rounding` claim, each single slip of the catalogue
(pipeline/data/slips.yaml, applied by slips.py) whose value is consistent with the
claim (not merely within rounding) is an explanation. Most plausible first: fewest
steps, then nearest the claimed value, then the place (a member's figure before the
system's own, before the claim) and the catalogue's order; explanations first-equal
with the top one carry `tie: true`. One explanation per cause (its best reading).

Speed: candidates are worked out once per distinct reading (subject, baseline,
metric) and judged against all claims that share it as numpy columns; only claims
with a fitting slip are touched one by one. Pure: frames in, a dict out.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from pipeline import fmt, judge, slips
from pipeline.intervals import REL_EQ, Interval
from pipeline.units import binary_reading, unit_info

PLACES = ("members", "node", "side", "metric", "claim")
EXPLAINED = ("inconsistent", "within_rounding")


def explain(graph, corpus, rows: pd.DataFrame, results: pd.DataFrame, keys: list) -> dict:
    """claim index -> explanations (dicts of CONTRACT 9.2), for the claims that have any."""
    chosen = results[results["verdict"].isin(EXPLAINED) & (results["row"] >= 0)]
    if chosen.empty:
        return {}
    standing = rows.loc[chosen["row"].to_numpy()]
    standing = standing.assign(single=(chosen["n_rows"].to_numpy() == 1),
                               claim_metric=chosen["metric"].to_numpy())
    superseded = _superseded_facts(corpus.facts)
    node_cache: dict = {}
    out: dict = {}
    for (key, unit, kind), group in standing.groupby(["key", "unit", "qkind"], sort=False):
        first = group.iloc[0]
        if key not in node_cache:
            node_cache[key] = _node_candidates(graph, keys[key], superseded) if first["single"] \
                else []
        derived = Interval(first["value"], first["low"], first["high"])
        found = node_cache[key] + slips.claim_candidates(
            derived, first["claim_metric"], unit, kind, first["claimed_dimension"])
        if found:
            out.update(_match(group, found, corpus.claims))
    return out


def _node_candidates(graph, key: tuple, superseded: dict) -> list:
    if key[0] != "pair":
        return []
    return slips.candidates(graph, key, superseded)


def _superseded_facts(facts: pd.DataFrame) -> dict:
    old = facts[facts["superseded"].astype(bool) & facts["quantity"].notna()]
    table: dict = {}
    for fact in old.itertuples():
        table.setdefault((fact.entity, fact.metric), []).append(fact)
    return table


# -- judging candidates against claims, over columns ----------------------------------

def _readings_of(group: pd.DataFrame) -> list[tuple[np.ndarray, float]]:
    """The claimed regions to try: as written, and the JEDEC binary reading of a capacity."""
    unit = group["unit"].iloc[0]
    twin = binary_reading(unit) if isinstance(unit, str) else None
    scales = [1.0]
    if twin and group["claimed_dimension"].iloc[0] == "information":
        scales.append(unit_info(twin).factor / unit_info(unit).factor)
    return scales


def _match(group: pd.DataFrame, found: list, claims: pd.DataFrame) -> dict:
    """Judge every candidate against every claim of the group at once; rank the fits."""
    values = np.array([c.interval.value for c in found])
    routes = np.array([np.nan if c.route is None else c.route.value for c in found])
    reach = float(slips.catalogue()["policy"]["open_region_reach"])
    fits = np.zeros((len(group), len(found)), dtype=bool)
    distance = np.full((len(group), len(found)), np.inf)
    reading = np.zeros((len(group), len(found)), dtype=int)
    for number, scale in enumerate(_readings_of(group)):
        v = group["v"].to_numpy(float) * scale
        low, high, low_open, high_open = judge.regions(
            v, group["h"].to_numpy(float) * scale, group["rule"], group["r"],
            group["absolute"].to_numpy(float) * scale)
        ok = _contains(low, high, low_open, high_open, values) & \
            ~_contains(low, high, low_open, high_open, routes)
        ok &= _within_reach(low, high, v, values, reach)
        gap = np.abs(values[None, :] - v[:, None]) / np.abs(v[:, None])
        better = ok & (gap < distance)
        fits |= ok
        distance = np.where(better, gap, distance)
        reading = np.where(better, number, reading)
    out = {}
    for row in np.flatnonzero(fits.any(axis=1)):
        record = group.iloc[row]
        claim = claims.loc[record["claim"]]
        resolution = max(record["h"], abs(record["v"]) * REL_EQ)
        away = np.floor(distance[row] * abs(record["v"]) / resolution + REL_EQ)
        picks = _ranked(found, fits[row], distance[row], away)
        out[record["claim"]] = [_explanation(found[i], claim, record, reading[row, i], tie)
                                for i, tie in picks]
    return out


def _contains(low, high, low_open, high_open, values) -> np.ndarray:
    """claims x candidates: does each candidate's nominal value lie in each claimed region?"""
    shape = (len(low), len(values))
    value = np.broadcast_to(values[None, :], shape)
    column = (lambda a: np.broadcast_to(np.asarray(a)[:, None], shape))
    with np.errstate(invalid="ignore"):
        verdict, _, _ = judge.judge_frame(column(low).ravel(), column(high).ravel(),
                                          column(low_open).ravel(), column(high_open).ravel(),
                                          value.ravel(), value.ravel(), value.ravel())
    return (verdict == "consistent").reshape(shape) & ~np.isnan(value)


def _within_reach(low, high, v, values, reach: float) -> np.ndarray:
    """An open-ended region counts only values within `reach` of its bound."""
    open_ended = (np.isinf(low) | np.isinf(high))[:, None]
    near = (values[None, :] <= np.abs(v)[:, None] * reach) & \
        (values[None, :] >= np.abs(v)[:, None] / reach)
    return ~open_ended | near


def _ranked(found: list, fits: np.ndarray, distance: np.ndarray,
            steps_away: np.ndarray) -> list[tuple[int, bool]]:
    """The best candidate per cause, most plausible first, with first-equal ones marked.

    Nearness counts in the claim's own resolution (`steps_away`: whole units of its last
    written digit): a claim cannot tell apart values closer than that, so among those the
    catalogue's order decides, and the causes that share the top place are marked tied.
    """
    order = sorted(np.flatnonzero(fits), key=lambda i: (
        found[i].steps, steps_away[i], _cause_rank(found[i].cause), PLACES.index(found[i].place),
        distance[i]))
    best: dict = {}
    for i in order:
        best.setdefault(found[i].cause, i)
    picks = list(best.values())
    top = picks[0]

    def tied(i) -> bool:
        return found[i].steps == found[top].steps and steps_away[i] == steps_away[top]

    ties = [i for i in picks if tied(i)]
    return [(i, len(ties) > 1 and i in ties) for i in picks]


def _cause_rank(cause: str) -> int:
    return list(slips.catalogue()["causes"]).index(cause)


# -- one explanation, in words -------------------------------------------------------

def _explanation(candidate, claim, record, reading_number: int, tie: bool) -> dict:
    """{cause, reading, derived, verdict} in the claim's unit (or its binary reading)."""
    unit = _shown_unit(claim, reading_number)
    factor = 1.0 if unit in ("x", "") else unit_info(unit).factor
    interval = candidate.interval
    derived = {"value": _tidy(interval.value / factor), "unit": unit,
               "low": _tidy(interval.low / factor), "high": _tidy(interval.high / factor)}
    words = {"working": "", "figure": "", "changed": "", "original": "", "digits": "",
             "direction": "", "factor": "", **candidate.words,
             "value": _quantity(interval.value, unit),
             "derived": _quantity(record["value"], unit),
             "claimed": _claimed_text(claim)}
    reading = slips.catalogue()["causes"][candidate.cause]["reading"].format(**words)
    item = {"cause": candidate.cause, "reading": reading, "derived": derived,
            "verdict": "consistent"}
    if tie:
        item["tie"] = True
    return item


def _shown_unit(claim, reading_number: int) -> str:
    from pipeline.results import is_ratio  # results renders explanations: imported late

    quantity = claim["quantity"]
    if is_ratio(claim):
        return "x"
    if quantity.kind == "count":
        return ""
    return binary_reading(quantity.unit) if reading_number == 1 else quantity.unit


def _quantity(base_value: float, unit: str) -> str:
    return fmt.quantity(base_value, unit) if unit else fmt.number(base_value)


def _claimed_text(claim) -> str:
    qualifier = claim["qualifier"] or "about"
    text = claim["quantity"].text
    return text if qualifier == "about" else f"{qualifier.replace('_', ' ')} {text}"


def _tidy(x: float) -> float | None:
    return None if math.isinf(x) or math.isnan(x) else float(f"{x:.12g}")


def hint(explanation: dict) -> str:
    """An explanation as one line of `hints` (CONTRACT 7): the cause, then its reading."""
    words = explanation["cause"].replace("_", " ")
    tie = " (as plausible as the first)" if explanation.get("tie") else ""
    return f"{words}{tie}: {explanation['reading']}"
