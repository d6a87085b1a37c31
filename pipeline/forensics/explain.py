"""Why a number is off: the slips that would make a non-consistent claim hold (CONTRACT 9.2).

For every `inconsistent` or `within_rounding` claim, each single slip of the catalogue
(pipeline/data/slips.yaml, applied by slips.py) whose value is consistent with the
claim (not merely within rounding) is an explanation. Most plausible first: fewest
steps, then nearest the claimed value counted in units of the claim's last written
digit, then the catalogue's order, the place (a member's figure before the system's
own, before the claim) and the exact distance; explanations first-equal with the top
one carry `tie: true`. One explanation per cause (its best reading).

Speed: candidates are worked out once per distinct reading (subject, baseline,
metric) and judged against the claims of every group at once as numpy columns
(slip_match.py); only claims with a fitting slip are touched one by one. Pure: frames
in, a dict out.
"""

from __future__ import annotations

import functools

import numpy as np
import pandas as pd

from claimaudit.engine import judge, readings
from claimaudit.forensics import match as slip_match
from claimaudit.forensics import rounding
from claimaudit.forensics import words as slip_words
from claimaudit.forensics.explained import Explanations, Words
from claimaudit.forensics.places import others as slip_places
from claimaudit.forensics.places import pair as slips
from claimaudit.model.intervals import Interval

PLACES = ("members", "group", "node", "source", "side", "metric", "claim")
EXPLAINED = ("inconsistent", "within_rounding")
CLAIMED = "\x00claimed\x00"    # stands for the claim's own text in a shared reading


def explain(graph, corpus, rows: pd.DataFrame, results: pd.DataFrame, keys: list
            ) -> Explanations:
    """claim index -> explanations (dicts of CONTRACT 9.2), for the claims that have any."""
    chosen = results[results["verdict"].isin(EXPLAINED) & (results["row"] >= 0)]
    if chosen.empty:
        return Explanations()
    columns = _columns(rows, rows.index.get_indexer(chosen["row"]), chosen, corpus.claims)
    codes = _group_codes(columns["payload"], columns["unit"], columns["qkind"])
    order = np.argsort(codes, kind="stable")
    starts = np.flatnonzero(np.r_[True, codes[order][1:] != codes[order][:-1]])
    superseded = _superseded_facts(corpus.facts, graph)
    others = slip_places.other_sources(corpus.facts, graph)
    node_cache: dict = {}
    side_cache: dict = {}       # what each slip does to each side, shared by the readings
    batches: list = []          # (claim rows, candidates, ratio) of each group with candidates
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
            batches.append((members, found, _is_ratio(keys[key], columns["qkind"][first])))
    return _explained(columns, batches, rounding.Whose(corpus))


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

def _regions(columns: dict) -> list[tuple]:
    """Every claim's region as written and (capacities) in the binary reading, in one pass."""
    scale = np.where(np.isnan(columns["binary_scale"]), 1.0, columns["binary_scale"])
    ratio = judge.of_ratio(columns["qkind"])
    return [judge.regions(columns["v"] * s, columns["h"] * s, columns["rule"], columns["r"],
                          columns["absolute"] * s, ratio) for s in (1.0, scale)]


def _explained(columns: dict, batches: list, whose) -> Explanations:
    """claim index -> explanations: every group's candidates judged against its claims and
    ranked at once (slip_match.py); put in words when a format asks (explained.py)."""
    if not batches:
        return Explanations()
    table = slip_match.Table.of([found for _, found, _ in batches], _cause_rank, PLACES.index)
    reach = float(slips.catalogue()["policy"]["open_region_reach"])
    picks = slip_match.best(columns, [members for members, _, _ in batches], table, reach)
    words = [Words(found, ratio, whose) for _, found, ratio in batches]
    kept = {name: columns[name] for name in ("claim", "quantity", "qualifier", "value", "digits")}
    return Explanations(kept, picks, table, words)


@functools.cache
def _cause_rank(cause: str) -> int:
    return list(slips.catalogue()["causes"]).index(cause)


def hint(explanation: dict) -> str:
    """An explanation as one line of `hints` (CONTRACT 7): the cause, then its reading
    (English, sayable in any language: pipeline/forensics/words.py)."""
    return slip_words.hint(explanation)
