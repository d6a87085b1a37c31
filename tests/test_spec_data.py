"""The bundled spec corpus as data (issue 17): the coverage list resolves, every source says
whose figure it is and where it can be read, the lint has no unexplained finding, and no
capacity is kept in force twice as the same number labelled GB and GiB."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from claimaudit.model import coverage, lint
from claimaudit.run import load_corpus

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([], SPECS)


@pytest.fixture(scope="module")
def targets():
    with (SPECS / coverage.FILE_NAME).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def vendors(corpus) -> set[str]:
    """The party slugs of the vendors the specs describe (AWS -> aws, ...)."""
    return {str(v).lower().split()[0] for v in corpus.entities["vendor"].dropna()}


def test_every_coverage_target_names_entities_that_exist(corpus, targets):
    ids = set(corpus.entities["id"])
    unknown = [(t["target"], e) for t in targets for e in t["entities"].split() if e not in ids]
    assert unknown == []


def test_every_coverage_target_is_in_the_specs(corpus, targets):
    absent = [t["target"] for t in targets if not t["entities"].split()]
    assert absent == []


def test_the_coverage_list_names_only_known_metrics(corpus, targets):
    known = set(corpus.metrics.index) if corpus.metrics.index.name == "id" \
        else set(corpus.metrics["id"])
    unknown = {m for t in targets for m in t["not_published"].split()} - known
    assert unknown == set()


def test_every_source_says_what_it_is_whose_figure_and_where(corpus):
    sources = corpus.spec_sources
    assert sources["kind"].notna().all(), list(sources.loc[sources["kind"].isna(), "id"])
    assert sources["party"].notna().all(), list(sources.loc[sources["party"].isna(), "id"])
    unlocated = sources[sources["url"].isna() & sources["note"].isna()]
    assert list(unlocated["id"]) == []


def slug(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def test_a_relayed_figure_is_credited_to_whose_figure_it_is_not_to_the_relay(corpus):
    """`party` of a relay is the organisation whose statement the figure is (CONTRACT 10.2): a
    vendor, or an analyst whose own estimate an outlet repeats; never the relaying outlet."""
    relayed = corpus.spec_sources[corpus.spec_sources["via"].notna()]
    credited_to_relay = [row.id for row in relayed.itertuples()
                         if slug(row.party) and slug(row.via).startswith(slug(row.party))]
    assert credited_to_relay == []
    third_party = relayed[~relayed["party"].isin(vendors(corpus))]
    assert set(third_party["kind"]) <= {"analyst", "benchmark"}


def test_the_spec_lint_has_no_unexplained_finding(corpus):
    assert [str(p) for p in lint.findings(corpus)] == []


def test_no_capacity_is_in_force_twice_as_one_number_in_gb_and_gib(corpus):
    facts = corpus.facts[~corpus.facts["superseded"].astype(bool) & corpus.facts["quantity"].notna()]
    capacity = facts[facts["metric"].isin(["hbm_capacity", "sram_capacity", "lpddr_capacity",
                                           "fast_memory_capacity"])]
    seen: dict[tuple, set] = {}
    for row in capacity.itertuples():
        q = row.quantity
        binary = q.unit.endswith("iB")
        seen.setdefault((row.entity, row.metric, round(q.value, 6), q.unit.replace("i", "")),
                        set()).add(binary)
    doubled = sorted(key for key, kinds in seen.items() if kinds == {True, False})
    assert doubled == []


def test_the_readmes_first_hand_share_is_the_corpus_own(corpus):
    """README states the share of facts in force read first-hand (kind, party and no `via`
    say so); it is worked out here, so the README cannot drift from the data."""
    first, total = lint.first_hand_share(corpus)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"{100 * first / total:.0f}% of the {total:,} facts in force are read first-hand" \
        in " ".join(readme.split())
