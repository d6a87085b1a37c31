r"""Known answers for rules from held-out round 264 (issue 19) and the review of rounds 262-263's, on
fictional specs:
- a memory stack's height glued to an H (`HBM3E 12H`, `12Hi`) is a count, as `12-Hi` was; a half-year
  is none (`2H 2025`);
- an amount per watt spelled out is an efficiency (`2 INT8 TOPS per watt`: 2 TOPS/W, not an int8 rate
  with no todo on its metric);
- binary prefixes spelled out per second are rates (`2.9 tebibytes per second`: 2.9 TiB/s, not a
  capacity)."""

import pytest
from draft_catalogues import base, drafted_claims  # noqa: F401


@pytest.mark.parametrize(("text", "claimed"), [
    ("SK hynix ships 12H HBM3E stacks.\n", ["12"]),
    ("SK hynix ships 12Hi HBM3E.\n", ["12"]),
    ("HBM3E 12H 能夠提供高達 1280GB/s 的頻寬。\n", ["12", "1280 GB/s"]),
    ("HBM3E shipping to hyperscalers 2H 2025.\n", []),
    ("The Kite K9 took 12H to train the model.\n", []),
])
def test_a_stack_height_glued_to_an_h(text, claimed, base):  # noqa: F811
    assert [c.get("claimed") for c in drafted_claims(text, base)] == claimed


@pytest.mark.parametrize(("text", "claimed"), [
    ("The Kite K9 delivers 2 INT8 TOPS per watt.\n", "2 TOPS/W"),
    ("The Kite K9 delivers 2 TOPS per watt.\n", "2 TOPS/W"),
    ("The Kite K9 delivers 1 TOPS per Watt.\n", "1 TOPS/W"),
    ("The Kite K9 reaches 2.9 tebibytes per second of HBM bandwidth.\n", "2.9 TiB/s"),
])
def test_spelled_per_units(text, claimed, base):  # noqa: F811
    assert [c.get("claimed") for c in drafted_claims(text, base)] == [claimed]
