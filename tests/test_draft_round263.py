r"""Known answers for rules from held-out round 263 (issue 19), on fictional specs:
- binary prefixes spelled out are units (`96 gibibytes of HBM memory`: 96 GiB, not a bare 96);
- a NeuronCore is counted like a core (`The eight NeuronCores`)."""

import pytest
from draft_catalogues import base, drafted_claims  # noqa: F401


@pytest.mark.parametrize(("text", "claimed"), [
    ("The Kite K9 has 96 gibibytes of HBM memory.\n", ["96 GiB"]),
    ("The Kite K9 pool holds 2 tebibytes.\n", ["2 TiB"]),
    ("A 64 mebibyte cache.\n", ["64 MiB"]),
])
def test_binary_prefixes_spelled_out_are_units(text, claimed, base):  # noqa: F811
    assert [c.get("claimed") for c in drafted_claims(text, base)] == claimed


def test_neuroncores_are_counted(base):  # noqa: F811
    claims = drafted_claims("The eight NeuronCores of the Kite K9 share one pool.\n", base)
    assert [c.get("claimed") for c in claims] == ["8"]
