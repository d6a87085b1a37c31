"""Who speaks, and when (CONTRACT section 9.1): the fact sets each claim is judged on.

- Today (or `as_of`): the facts in force that day.
- Circularity: a fact whose source `url` is the claim's own `source.url` never counts for
  it; only claim sources whose URL some spec source shares get a fact set of their own.
- As published: the facts in force on the claim source's `published` date, with today's
  facts serving for every (entity, metric) that had none in force then. One derivation per
  distinct (date, circular URL) whose fact set differs from today's, never one per claim.
- Basis: over every source the verdict rests on (all alternatives), `claimant` when each is
  the claimant's own statement, `independent` when none is, `mixed` otherwise, None when
  no fact is used.
The claims are split into groups sharing one fact set; claimaudit.run judges each (the
engine's check_group) and the pieces are put back together in claim order here (`combine`).
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd

from claimaudit.engine.check import Run
from claimaudit.engine.labelmap import LabelMap
from claimaudit.model import expr
from claimaudit.model.inforce import in_force

# -- fact sets ----------------------------------------------------------------------

def _source_urls(corpus) -> pd.Series:
    """Each claim's own source URL (None when its source has none)."""
    return _of_source(corpus, "url")


def _of_source(corpus, field: str) -> pd.Series:
    """Each claim's source's `field` (None where it has none), looked up once per distinct
    source and kept as objects (a million rows name a handful of sources)."""
    table = corpus.claim_sources.drop_duplicates("id").set_index("id")[field]
    found = {source: None if pd.isna(value) else value for source, value in table.items()}
    codes, sources = pd.factorize(corpus.claims["source"], use_na_sentinel=True)
    values = np.array([found.get(source) for source in sources] + [None], dtype=object)
    return pd.Series(values[codes], index=corpus.claims.index, dtype=object, copy=False)


def circular_urls(corpus) -> set:
    """Claim source URLs that some spec source also gives."""
    spec_urls = set(corpus.spec_sources["url"].dropna())
    return {url for url in corpus.claim_sources["url"].dropna() if url in spec_urls}


def _fact_urls(corpus) -> pd.Series:
    urls = corpus.spec_sources.drop_duplicates("id").set_index("id")["url"]
    return corpus.facts["source"].map(urls)


def without_url(corpus, mask: np.ndarray, url) -> np.ndarray:
    if url is None:
        return mask
    return mask & (_fact_urls(corpus) != url).to_numpy(bool)


def groups(corpus, mask_for, circular: set, dates: pd.Series | None) -> list[tuple]:
    """(claim labels, fact mask) for each distinct (date, circular URL) among the claims."""
    urls = _source_urls(corpus)
    urls = urls.where(urls.isin(circular), None)        # one hash look-up per row, no call
    keys = pd.DataFrame({"url": urls.astype(object),
                         "date": None if dates is None else dates.astype(object)})
    out = []
    grouped = keys.groupby(["url", "date"], dropna=False, sort=False).groups
    for (url, date), members in grouped.items():
        url = None if pd.isna(url) else url
        date = None if pd.isna(date) else date
        mask = mask_for(url) if dates is None else mask_for(date, url)
        if mask is not None:
            out.append((list(members), mask))
    return sorted(out, key=lambda group: corpus.claims.index.get_loc(group[0][0]))


def published_dates(corpus) -> pd.Series:
    return _of_source(corpus, "published")


def as_published_mask(corpus, today_mask: np.ndarray, date: str, url) -> np.ndarray:
    """Facts in force on `date` only (CONTRACT 10.2: today's facts no longer fill in); a fact
    from the claim's own URL never counts (it is never used for the claim)."""
    return without_url(corpus, in_force(corpus.facts, corpus.spec_sources, date).to_numpy(bool),
                       url)


def later_of(run, sources: tuple | None = None) -> LabelMap:
    """Claim label -> [{source, date}, ...]: the dated sources today's verdict rests on that
    were published after the claim's article (CONTRACT 10.2), oldest first; claims with
    none are left out. Worked out once per distinct (source set, published date); `sources`:
    claim_sources(run), when the caller has it."""
    dates = run.corpus.spec_sources.drop_duplicates("id").set_index("id")["date"]
    dated = {source: date for source, date in dates.items() if isinstance(date, str)}
    labels = run.corpus.claims.index
    codes, sets = sources or claim_sources(run)
    published = published_dates(run.corpus).to_numpy(object)
    dated_article = np.fromiter(map(lambda then: isinstance(then, str), published), bool,
                                len(published))
    used = np.flatnonzero((codes != 0) & dated_article)     # else no fact, or an undated article
    pair_codes, pairs = pd.factorize(pd.MultiIndex.from_arrays(
        [codes[used], published[used]]), use_na_sentinel=False)
    later = np.full(len(pairs), None, dtype=object)    # per distinct (source set, date)
    for number, (code, then) in enumerate(pairs.tolist()):
        after = sorted((dated[s], s) for s in sets[code] if s in dated and dated[s] > then)
        later[number] = [{"source": s, "date": d} for d, s in after] or None
    found = np.full(len(labels), None, dtype=object)
    found[used] = later[pair_codes]
    return LabelMap(labels, found, ~pd.isna(found))


# -- putting the groups back together -----------------------------------------------

def part(corpus, claims: list):
    """The corpus with only `claims`; the corpus itself when that is every claim in order
    (the usual case: no copy of a million-row claim frame)."""
    if len(claims) == len(corpus.claims) and np.array_equal(corpus.claims.index, claims):
        return corpus
    return dataclasses.replace(corpus, claims=corpus.claims.loc[claims])


def combine(corpus, parts: list[tuple]):
    """One Run from the groups' Runs: rows and payloads renumbered, results in claim order."""
    first = parts[0][1]                 # there is always a group (check() sees to it)
    if len(parts) == 1:
        return dataclasses.replace(first, corpus=corpus)
    results, rows = [], []
    payloads: list = []
    row_offset = 0
    for _, part in parts:
        part_rows = part.rows.copy()
        part_rows.index = part_rows.index + row_offset
        part_rows["payload"] = part_rows["payload"] + len(payloads)
        part_results = part.results.copy()
        part_results["row"] = np.where(part_results["row"] >= 0,
                                       part_results["row"] + row_offset, -1)
        results.append(part_results)
        rows.append(part_rows)
        payloads += part.payloads
        row_offset += len(part_rows)
    combined = pd.concat(results).loc[corpus.claims.index]
    return Run(corpus, first.graph, combined, payloads, pd.concat(rows),
               _joined([part.explanations for _, part in parts]))


def _joined(explanations: list):
    """The groups' explanations as one mapping (forensics' own `joined` keeps them unworded)."""
    joined = getattr(type(explanations[0]), "joined", None)
    if joined is not None and all(type(e) is type(explanations[0]) for e in explanations):
        return joined(explanations)
    return {label: items for part in explanations for label, items in part.items()}


# -- basis ----------------------------------------------------------------------------

def basis_of(run, sources: tuple | None = None) -> LabelMap:
    """Claim label -> 'claimant' | 'independent' | 'mixed' | None (section 9.1).

    The rule runs once per distinct (sources, claimant), spread over the claims by codes;
    claims are never visited one by one in Python."""
    parties = run.corpus.spec_sources.drop_duplicates("id").set_index("id")["party"].to_dict()
    labels = run.corpus.claims.index
    claimant_codes, claimants = pd.factorize(claimant_of(run.corpus).to_numpy(),
                                             use_na_sentinel=False)
    source_codes, source_sets = sources or claim_sources(run)
    pair_codes, pairs = pd.factorize(source_codes * (len(claimants) + 1) + claimant_codes)
    table = np.empty(len(pairs), dtype=object)
    known: dict = {}                # equal source sets of different claims: one rule each
    for number, pair in enumerate(pairs.tolist()):
        source_set, claimant = divmod(pair, len(claimants) + 1)
        key = (source_sets[source_set], claimants[claimant])
        if key not in known:
            known[key] = basis(key[0], parties, key[1])
        table[number] = known[key]
    found = table[pair_codes]
    for label in _own_numbers(run.corpus.claims):
        at = labels.get_loc(label)
        found[at] = with_own_numbers(found[at])
    return LabelMap(labels, found)


def _own_numbers(claims: pd.DataFrame) -> list:
    """Claims whose `expr` writes numbers of its own: the claimant's figures (CONTRACT 10.2)."""
    if "expr" not in claims:
        return []
    exprs = claims.loc[claims["shape"] == "expr", "expr"]
    written = {text: expr.has_numbers(expr.parse(text)) for text in exprs.unique()}
    return [label for label, text in exprs.items() if written[text]]


def with_own_numbers(found: str | None) -> str:
    """The basis once the claimant's own numbers are among the figures used."""
    return "claimant" if found in (None, "claimant") else "mixed"


def claim_sources(run) -> tuple[np.ndarray, list]:
    """Per claim, a code into a list of source sets (code 0: none): the sources of all its
    alternatives, one set per distinct payload, a union only for claims with several."""
    labels = run.corpus.claims.index
    codes = np.zeros(len(labels), dtype=np.int64)
    sets: list = [frozenset()]
    if run.rows is None or run.rows.empty:
        return codes, sets
    pairs = pd.DataFrame({"claim": run.rows["claim"].to_numpy(),
                          "payload": run.rows["payload"].to_numpy()})
    pairs = pairs[pairs["payload"].notna()].drop_duplicates()
    payload_codes, payloads = pd.factorize(pairs["payload"])
    sets += [frozenset(run.payloads[int(p)].sources) for p in payloads]
    at = labels.get_indexer(pairs["claim"])
    several = pd.Series(at).duplicated(keep=False).to_numpy()
    codes[at[~several]] = payload_codes[~several] + 1
    union: dict = {}
    for position, code in zip(at[several].tolist(), payload_codes[several].tolist()):
        union[position] = union.get(position, frozenset()) | sets[code + 1]
    for position, sources in union.items():
        codes[position] = len(sets)
        sets.append(sources)
    return codes, sets


def basis(sources, parties: dict, claimant) -> str | None:
    """The scalar rule: a source without a party is never the claimant."""
    if not sources:
        return None
    own = [claimant is not None and parties.get(source) == claimant for source in sources]
    return "claimant" if all(own) else "independent" if not any(own) else "mixed"


def claimant_of(corpus) -> pd.Series:
    """Each claim's claimant: its own `claimant`, else its source's `party` (or None)."""
    own = corpus.claims.get("claimant")
    fallback = _of_source(corpus, "party")
    chosen = fallback if own is None else own.where(own.notna(), fallback)
    return chosen.astype(object).where(chosen.notna(), None)
