r"""Known answers for a rule from held-out round 254 (issue 19), on fictional specs: a figure whose own
clause does not name its subject, and which is not the subject's published figure but another id's
that its sentence names, is asked between them ("K9s ... only have <2x the HBM bandwidth than K8s -
2.0 vs 3.35TBps": the 2.0 is the K8's; round 254 gave it to the K9, silently). When the clause names
the subject ("Kite K9 配备144GB内存", the other chip in the next clause publishing 144 GB), the text's
own attribution stands unasked: the check reports it, right or wrong."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_chips, subject_todos

SPECS = example_chips({"kite9": [("hbm_bandwidth", "3.35 TB/s"), ("hbm_capacity", "128 GB")],
                       "kite8": [("hbm_bandwidth", "2.0 TB/s"), ("hbm_capacity", "144 GB")]})


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


def test_a_figure_of_another_id_its_sentence_names_is_asked(specs):
    text = ("We hypothesize that the HBM bandwidth of Kite K9s is the cause (Kite K9s only have <2x the "
            "HBM bandwidth than Kite K8s - 2.0 vs 3.35TBps).\n")
    claim = claim_of(drafted_claims(text, specs), "2.0 TB/s")
    assert any("kite8 (named in the sentence) publishes it" in t for t in subject_todos(claim))


def test_a_figure_whose_clause_names_its_subject_stands(specs):
    text = "Kite K9 配备144GB内存和3.35TB/s带宽，Kite K8 则配置128GB内存和2.0TB/s带宽。\n"
    claim = claim_of(drafted_claims(text, specs, "zh-Hans"), "144 GB")
    assert (claim.get("subject"), claim.get("metric")) == ("kite9", "hbm_capacity")
    assert not any("named in the sentence" in t for t in subject_todos(claim))
