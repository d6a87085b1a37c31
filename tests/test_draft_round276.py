r"""Known answers for the rules from held-out round 276 (issue 19), on fictional specs:

- an emoji variation selector after a mark (`EPYC™️ 7763`, U+FE0F) shows as nothing: the CPU's model
  number had been drafted as a count, the selector parting it from its name;
- a filing's name (`10-Q`, `10-K`) is no figure."""

import pytest
from draft_catalogues import catalogue_of, drafted_claims, example_chips


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({"kite1": [("hbm_capacity", "32 GB")]}))


@pytest.mark.parametrize("mark", ["\u2122\ufe0f", "\u2122", ""])
def test_a_model_number_after_a_marked_name_is_no_count(mark, kites):
    text = f"Tested on a 2P AMD EPYC{mark} 7763 CPU server with a Kite K1 (32GB HBM2).\n"
    assert [c["claimed"] for c in drafted_claims(text, kites)] == ["32 GB"]


@pytest.mark.parametrize("text", [
    "# Kite K1\n\nThe Kite K1 has 32GB of HBM2.\n\nInvestors are urged to review our most recent reports on "
    "Forms 10-K and 10-Q. AMD does not assume any obligation to update these statements.\n"])
def test_a_filing_is_no_figure(text, kites):
    assert [c["claimed"] for c in drafted_claims(text, kites)] == ["32 GB"]
