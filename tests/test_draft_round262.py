r"""Known answers for rules from held-out round 262 (issue 19), on fictional specs:
- a rate's adjective and precision may both stand between the figure and its unit (`1466 peak FP8
  TFLOPS`, missed in round 262; `2,563 FP8 sparse TFLOPS` was read before);
- a range after "by" is a change, as a single figure is (`outperforms V100 by 24–35%`, `by 24 to 35%`:
  +35%, not a share "of what?"); "cut to 50%" stays a share;
- milliseconds are a workload's (a step time, a response time: 225 of 240 such drafted figures in rounds
  1-262 were noise), but a link's latency the sentence names is kept (`NPU-to-NPU latency reduced to
  2.1ms`, `adds just 0.5 ms of latency` over NVLink)."""

import pytest
from draft_catalogues import base, catalogue_of, claim_of, drafted_claims, example_chips  # noqa: F401


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({"kite9": [("fp8_dense", "733 TFLOPS")]}))


@pytest.mark.parametrize(("text", "claimed"), [
    ("The Kite K9 has 48GB memory and 1466 peak FP8 TFLOPS.\n", "1466 TFLOPS"),
    ("The Kite K9 delivers 733 dense FP8 TFLOPS.\n", "733 TFLOPS"),
    ("The Kite K9 delivers 733 FP8 dense TFLOPS.\n", "733 TFLOPS"),
])
def test_an_adjective_and_a_precision_before_the_unit(text, claimed, kites):
    claim = claim_of(drafted_claims(text, kites), claimed)
    assert (claim.get("subject"), claim.get("metric")) == ("kite9", "fp8_dense")


def test_an_adjective_before_a_precision_and_no_unit_is_no_rate(kites):
    assert [c.get("claimed") for c in drafted_claims("The Kite K9 has 4 peak FP8 cores.\n", kites)] == ["4"]


@pytest.mark.parametrize(("text", "claimed"), [
    ("The Kite K9 outperforms the Kite K8 by 24–35% in throughput.\n", ["+35%"]),
    ("The Kite K9 outperforms the Kite K8 by 24-35% in throughput.\n", ["+35%"]),
    ("The Kite K9 outperforms the Kite K8 by 24 to 35% in throughput.\n", ["+35%"]),
    ("The Kite K9 outperforms the Kite K8 by 35% in throughput.\n", ["+35%"]),
    ("Power on the Kite K9 was cut to 50%.\n", ["50%"]),
    ("On the Kite K9 we see about 10 to 15% speedup.\n", ["+15%"]),
    # (review) a model's digit, "from", a year: no range's lower end
    ("Power capping cut Kite K9 to 60% of TDP.\n", ["60%"]),
    ("Utilization on the Kite K9 went from 40 to 60% with more chips.\n", ["60%"]),
    ("Utilization of the Kite K9 will increase by 2026 to 60%.\n", ["60%"]),
])
def test_a_range_after_by_is_a_change(text, claimed, base):  # noqa: F811
    assert [c.get("claimed") for c in drafted_claims(text, base)] == claimed


@pytest.mark.parametrize(("text", "claimed"), [
    ("At 3.35 TB/s, that takes ~42ms per forward pass.\n", ["3.35 TB/s"]),
    ("It was the difference between sub-100ms and 800ms response times.\n", []),
    ("每个token耗时 21.5 毫秒。\n", []),
    ("The link cut NPU-to-NPU latency to 2.1ms, a 30% improvement.\n", ["2.1 ms", "+30%"]),
    ("NVLink latency is 0.5 ms.\n", ["0.5 ms"]),
    # (review) the link named in any case, after the figure too; a token's latency no link's
    ("Interconnect latency on the Kite K9: 2 ms.\n", ["2 ms"]),
    ("Chip-to-chip latency on the Kite K9 is 0.8 ms.\n", ["0.8 ms"]),
    ("The NVLink Switch adds just 0.5 ms of latency to the Kite K9.\n", ["0.5 ms"]),
    ("The Kite K9's UALink latencies reach 2 ms.\n", ["2 ms"]),
    ("Token-to-token latency (TTL) = 50ms real time.\n", []),
    ("The Kite K9 offloads to the NIC. Per-token latency is 20 ms.\n", []),
    # (second review) the figure's clause only; any processor's part-to-part latency
    ("The Kite K9 cut first-token latency to 90 ms, and NVLink bandwidth is 900 GB/s.\n", ["900 GB/s"]),
    ("IPU-to-IPU latency on the Kite K9 is 2 ms.\n", ["2 ms"]),
    ("Network latency: 1 ms between Kite K9 nodes.\n", ["1 ms"]),
])
def test_milliseconds_are_a_workloads_but_a_links_latency(text, claimed, base):  # noqa: F811
    assert [c.get("claimed") for c in drafted_claims(text, base)] == claimed
