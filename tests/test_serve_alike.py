"""One answer for every claim that asks the same question (serve/settle.py: alike, answered;
the workspace's "the same answer for N other claims" box): which claims are grouped, what an
answer does to each, and the page's round trip."""

import re
from pathlib import Path

import pytest
import yaml
from starlette.testclient import TestClient

from claimaudit.serve.app import create_app
from claimaudit.serve.settle import alike, answered
from conftest import DATA

ARTICLE = (DATA / "workspace" / "three-questions.txt").read_text(encoding="utf-8")
BASE = "http://127.0.0.1:8321"
ORIGIN = {"Origin": BASE}
SID = "three-questions"
ASKED = ("subject: not named in this sentence; the text before it names trainium2, trainium3; pick "
         "one (or a chip or system of theirs: trn2_instance, trn2_ultraserver, trn3_gen1_ultraserver, "
         "trn3_ultraserver)")
DENSE = ("metric: the text does not say dense or sparse; fp8_dense written, fp8_sparse if the figure "
         "is sparse: confirm or change (`claimaudit metrics` lists them)")
OTHERS = ["claim-5p2-tb-s", "claim-2p9-pflops"]


def qualitative(claim_id: str, metric: str, *extra: str) -> dict:
    return {"id": claim_id, "quote": f"quote of {claim_id}", "kind": "qualitative", "claimed": "1 TB",
            "todo": [ASKED, *extra, "shape: replace `kind: qualitative` with subject and metric "
                                    f"(the text gives metric: {metric})"]}


def test_claims_asking_the_same_lines_are_grouped_field_by_field():
    claims = [qualitative("a", "hbm_capacity"), qualitative("b", "hbm_bandwidth"),
              qualitative("c", "fp8_dense", DENSE),
              {"id": "d", "quote": "q", "subject": "trainium3", "metric": "fp8_dense", "claimed": "2 PFLOPS",
               "todo": [DENSE]},
              {"id": "e", "quote": "q", "subject": "trainium2", "metric": "fp8_dense", "claimed": "1 PFLOPS",
               "todo": [DENSE]},
              {"id": "f", "quote": "q", "subject": "trainium3", "metric": "hbm_capacity", "claimed": "1 TB"}]
    # c asks the metric's question too, but a metric alone cannot complete its shape (no subject)
    assert alike(claims) == {"a": {"subject": ["b", "c"]}, "b": {"subject": ["a", "c"]},
                             "c": {"subject": ["a", "b"]}, "d": {"metric": ["e"]}, "e": {"metric": ["d"]}}


def test_lines_that_differ_by_a_word_or_by_one_more_line_are_not_the_same_question():
    other = ASKED.replace("trainium3; pick", "trainium3, tpu_v5p; pick")
    claims = [qualitative("a", "hbm_capacity"), qualitative("b", "hbm_bandwidth"),
              qualitative("c", "hbm_capacity") | {"todo": [other, "shape: replace `kind: qualitative` "
                                                           "with subject and metric"]},
              {"id": "d", "quote": "q", "subject": "trainium3", "metric": "hbm_capacity", "claimed": "1 TB",
               "todo": [ASKED, "subject: the text around it also names trn2_ultraserver"]}]
    assert alike(claims) == {"a": {"subject": ["b"]}, "b": {"subject": ["a"]}}


def test_an_answer_completes_a_qualitative_draft_with_the_fields_its_text_gives():
    assert answered(qualitative("b", "hbm_bandwidth"), "subject", "trainium3", [ASKED]) == {
        "id": "b", "quote": "quote of b", "claimed": "1 TB", "subject": "trainium3",
        "metric": "hbm_bandwidth"}
    # the other question stays open, under its own control
    assert answered(qualitative("c", "fp8_dense", DENSE), "subject", "trainium3", [ASKED]) == {
        "id": "c", "quote": "quote of c", "claimed": "1 TB", "subject": "trainium3",
        "metric": "fp8_dense", "todo": [DENSE]}


@pytest.mark.parametrize("claim", [
    # a ratio's shape asks for a baseline the text does not give: one answer cannot complete it
    qualitative("r", "fp8_dense") | {"todo": [
        ASKED, "shape: replace `kind: qualitative` with subject, baseline and metric (the text gives "
               "metric: fp8_dense)"]},
    # no metric given: the shape stays open
    qualitative("m", "x") | {"todo": [ASKED, "shape: replace `kind: qualitative` with subject and metric"]},
    # readings: the journalist picks among them, not an answer to one field
    {"id": "i", "quote": "q", "metric": "hbm_capacity", "claimed": "1 TB", "todo": [ASKED],
     "interpretations": [{"subject": "trainium3"}, {"subject": "trainium2"}]},
    # an efficiency's shape question is not a field's
    qualitative("f", "fp8_dense") | {"todo": [ASKED, "metric: efficiency is a ratio of two metrics; write "
                                                     "an expr", "shape: replace `kind: qualitative` with "
                                                     "subject and metric"]},
])
def test_a_claim_one_answer_cannot_complete_is_left_as_it_was(claim):
    assert answered(claim, "subject", "trainium3", [ASKED]) is None
    assert alike([claim, qualitative("a", "hbm_capacity")]) == {}


def test_an_answer_to_other_lines_changes_nothing():
    assert answered(qualitative("a", "hbm_capacity"), "subject", "trainium3", [DENSE]) is None
    assert answered(qualitative("a", "hbm_capacity"), "metric", "fp8_dense", [ASKED]) is None


@pytest.fixture
def workspace(tmp_path):
    root = tmp_path / "ws"
    root.mkdir()
    client = TestClient(create_app(root, "127.0.0.1", 8321), base_url=BASE)
    response = client.post("/paste", data={"article": ARTICLE, "source_id": SID}, headers=ORIGIN,
                           follow_redirects=False)
    assert response.status_code == 303
    return root, client


def working(root: Path) -> dict:
    text = (root / ".claimaudit" / "work" / f"{SID}.yaml").read_text(encoding="utf-8")
    return {c["id"]: c for c in yaml.safe_load(text)["claims"]}


SETTLE = {"kind": "numeric", "subject": "Trainium3", "metric": "hbm_capacity", "claimed": "160 GB"}


def test_the_card_offers_the_same_answer_for_the_others_it_lists(workspace):
    _, client = workspace
    page = client.get(f"/a/{SID}").text
    box = re.search(r'<input type="checkbox" name="alike_subject" value="([^"]*)" '
                    r'id="alike-subject-claim-160-gb">', page)
    assert box and box.group(1).split() == OTHERS
    assert ('the same answer for 2 other claims asked this subject question word for word:' in page)
    assert ('<a href="#card-claim-2p9-pflops">claim-2p9-pflops</a>: It reaches 2.9 PFLOPS of FP8 '
            'compute.') in page


def test_ticked_the_others_get_the_answer_and_the_page_says_so(workspace):
    root, client = workspace
    before = working(root)
    response = client.post(f"/a/{SID}/claims/claim-160-gb", headers=ORIGIN, follow_redirects=False,
                           data={**SETTLE, "alike_subject": " ".join([*OTHERS, "no-such-claim"])})
    assert response.status_code == 303
    assert response.headers["location"] == f"/a/{SID}?also=claim-5p2-tb-s,claim-2p9-pflops#claim-160-gb"
    after = working(root)
    assert after["claim-160-gb"] == {"id": "claim-160-gb", "quote": "It carries 160 GB of HBM3e memory.",
                                     "subject": "trainium3", "metric": "hbm_capacity", "claimed": "160 GB"}
    assert after["claim-5p2-tb-s"] == {"id": "claim-5p2-tb-s", "quote": before["claim-5p2-tb-s"]["quote"],
                                       "subject": "trainium3", "metric": "hbm_bandwidth",
                                       "claimed": "5.2 TB/s"}
    assert after["claim-2p9-pflops"]["subject"] == "trainium3"
    assert after["claim-2p9-pflops"]["todo"] == [t for t in before["claim-2p9-pflops"]["todo"]
                                                 if t.startswith("metric:")]
    page = client.get(response.headers["location"]).text
    assert '<p class="notice" role="status" id="notice">the same answer was given to claim-5p2-tb-s, ' \
           'claim-2p9-pflops</p>' in page
    assert 'id="card-claim-5p2-tb-s" data-claim="claim-5p2-tb-s">' in page   # complete: no "open"


def test_unticked_or_unlisted_the_others_are_left_as_they_were(workspace):
    root, client = workspace
    before = working(root)
    client.post(f"/a/{SID}/claims/claim-160-gb", headers=ORIGIN, data=SETTLE)
    assert {k: v for k, v in working(root).items() if k in OTHERS} == {k: before[k] for k in OTHERS}
    client.post(f"/a/{SID}/claims/claim-5p2-tb-s", headers=ORIGIN,
                data={**SETTLE, "metric": "hbm_bandwidth", "claimed": "5.2 TB/s",
                      "alike_subject": "claim-2p9-pflops"})
    assert working(root)["claim-2p9-pflops"]["subject"] == "trainium3"
    # a claim that no longer asks the question (settled since) is not answered again
    client.post(f"/a/{SID}/claims/claim-2p9-pflops", headers=ORIGIN,
                data={**SETTLE, "subject": "trainium2", "metric": "fp8_sparse", "claimed": "2.9 PFLOPS"})
    response = client.post(f"/a/{SID}/claims/claim-160-gb", headers=ORIGIN, follow_redirects=False,
                           data={**SETTLE, "alike_subject": "claim-2p9-pflops"})
    assert response.headers["location"] == f"/a/{SID}#claim-160-gb"
    assert working(root)["claim-2p9-pflops"]["subject"] == "trainium2"


@pytest.mark.parametrize("also", ["../x", "A", "a,,b/..", "x" * 81])
def test_a_hostile_also_is_refused(workspace, also):
    _, client = workspace
    response = client.get(f"/a/{SID}", params={"also": also})
    assert response.status_code == 400 and response.text.startswith("refused: claim id: expected")
