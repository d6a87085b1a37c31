r"""Known answers for the rule from held-out round 266 (issue 19), on fictional specs: an amount right
before "predecessor" is the predecessor's (`doubles the FP16 hardware of its 7 nm predecessor`: the 7 nm
was given silently to the chip the sentence is about), the subject's by name with its last digit one
less, else asked; not "the 3 nm predecessor of X" nor "the 3 nm predecessor X", which name it. (A
ratio beside it keeps its baseline asked: "40% faster than its 500 W predecessor" would take the
500 W's metric, a review found.)"""

import pytest
from draft_catalogues import catalogue_of, drafted_claims, example_chips


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({
        "kite2": [("process_node", "7 nm"), ("fp16_dense", "60 TFLOPS")],
        "kite3": [("process_node", "5 nm"), ("fp16_dense", "120 TFLOPS")],
        "kite9": [("hbm_capacity", "141 GB")]}))


def test_an_amount_before_predecessor_is_the_predecessors(kites):
    claims = drafted_claims("The Kite K3 is built on 5 nm and doubles the FP16 compute of its 7 nm "
                            "predecessor but keeps the rest.\n", kites)
    shapes = [(c.get("claimed"), c.get("subject"), c.get("baseline")) for c in claims]
    assert shapes == [("5 nm", "kite3", None), ("2x", None, None), ("7 nm", "kite2", None)]
    assert not [t for t in claims[2].get("todo") or [] if t.startswith("subject:")]


def test_a_predecessor_the_specs_lack_by_name_is_asked(kites):
    claims = drafted_claims("The Kite K9 has 141 GB, up from its 80 GB predecessor.\n", kites)
    last = claims[-1]
    assert (last.get("claimed"), last.get("subject")) == ("80 GB", None)
    assert last["todo"][0] == ("subject: 80 GB is its predecessor's, which the specs do not hold by name: "
                               "name it")


@pytest.mark.parametrize("text", ["The Kite K3 is built on 5 nm, as its predecessor was.\n",
                                  "The Kite K3's 5 nm process beats its predecessor.\n"])
def test_no_amount_right_before_predecessor_stays_the_subjects(text, kites):
    first = drafted_claims(text, kites)[0]
    assert (first.get("claimed"), first.get("subject")) == ("5 nm", "kite3")


@pytest.mark.parametrize("text", ["The Kite K3 is the 7 nm predecessor of the Kite K4.\n",
                                  "The 7 nm predecessor Kite K3 remains in volume.\n"])
def test_a_predecessor_named_after_it_keeps_the_figure(text, kites):
    first = drafted_claims(text, kites)[0]
    assert (first.get("claimed"), first.get("subject")) == ("7 nm", "kite3")
