r"""Known answers for the rules from held-out round 299 (issue 19), on fictional specs:

- a bare B before a bracket on a spec list's transistor line is a billion (`- Transistors1: 5.7B
  (Polaris10) 14 nm`), as it was ending a transistor row's cell (`| Transistors | 54.2B | 208B |`); the
  round's encyclopedia infobox had lost its eight transistor counts;
- an infobox's numbered label (`Transistors5`) is no product the specs lack."""

import pytest
from draft_catalogues import catalogue_of, drafted_claims, example_chips


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({"kite1": [("transistors", "25.6e9")]},
                                                        aliases={"kite1": ["KT100"]}))


@pytest.mark.parametrize("text, claimed", [
    ("- Transistors1: 5.7B (Polaris10) 14 nm\n- Transistors5: 25.6B (Arcturus) 7 nm", ["5.7e9", "25.6e9"]),
    ("| Transistors | 54.2B | 208B |", ["54.2e9", "208e9"]),
    ("* Transistors: 153B (Aqua Vanjaram)", ["153e9"])])
def test_a_bare_b_on_a_transistor_line_is_a_billion(text, claimed, kites):
    got = [c.get("claimed") for c in drafted_claims(text, kites)]
    assert [g for g in got if g and "e9" in g] == claimed, got


@pytest.mark.parametrize("text", ["- Model: 8B (Llama) on 1 GPU", "- Memory: 8B (bytes) per value"])
def test_a_bare_b_elsewhere_is_no_billion(text, kites):
    assert not any("e9" in (c.get("claimed") or "") for c in drafted_claims(text, kites))


def test_a_numbered_label_is_no_product(kites):
    claims = drafted_claims("KT100\n- Transistors5: 25.6B (Arcturus) 7 nm", kites)
    todos = [t for c in claims for t in c.get("todo", [])]
    assert not any("Transistors5" in t for t in todos), todos
