"""Known answers for a rule from held-out round 198 (issue 19), on fictional specs: a memory
amount that is not the chip's published capacity but its memory bandwidth's very number ("1.6 TB
/ 128GB" under an HBM header, of a chip with 128 GB at 1.6 TB/s) may be that bandwidth with its
"/s" left out, so its metric is asked between the two, never changed."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_chips, metric_todos

SPECS = example_chips({"kite1": [("hbm_capacity", "128 GB"), ("hbm_bandwidth", "1.6 TB/s")],
                      "kite2": [("hbm_capacity", "144 GB"), ("hbm_bandwidth", "4 TB/s")]})

TABLE = ("| Model | Node | HBM |\n|---|---|---|\n| Kite K1 | 7nm | 1.6 TB / 128GB |\n"
         "| Kite K2 | 7nm | 4 TB / 144GB |\n")


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


@pytest.mark.parametrize("value, entity", [("1.6 TB", "kite1"), ("4 TB", "kite2")])
def test_a_capacity_that_is_the_bandwidths_number_asks_which(specs, value, entity):
    claim = claim_of(drafted_claims(TABLE, specs), value)
    assert claim.get("subject") == entity and claim.get("metric") == "hbm_capacity"
    [todo] = metric_todos(claim)
    assert "hbm_bandwidth or hbm_capacity" in todo and f"{value}/s" in todo


@pytest.mark.parametrize("value", ["128 GB", "144 GB"])
def test_the_published_capacity_beside_it_is_not_asked(specs, value):
    assert not metric_todos(claim_of(drafted_claims(TABLE, specs), value))


def test_a_capacity_off_both_figures_is_not_asked_this_way(specs):
    claim = claim_of(drafted_claims("| Model | HBM |\n|---|---|\n| Kite K1 | 2 TB |\n", specs), "2 TB")
    assert not [t for t in metric_todos(claim) if "left out" in t]
