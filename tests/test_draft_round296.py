r"""Known answers for the rules from held-out round 296 (issue 19), on fictional specs:

- a table column headed by a count of chips per container with an aside after it (`#chips per worker
  (vk-8 and above)`) counts chips, as `GPUs per node` does; a worker is such a container. The round's
  TPU manual lost its four cells to it;
- `Dual 5th generation Intel Xeon Scalable Processors`: five words between `dual` and what it counts;
- two sizes of three digits or more with no unit after them are an image's or a screen's (`1080P
  (1920 x 1080)`, `16384x 16384`), not a ratio of the first; a count of links times their speed (`6912 x
  400G`) and a product compared (`128 × 132 > 16,000`) stay as they were."""

import pytest
from draft_catalogues import catalogue_of, drafted_claims, example_box, example_chips


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    chips = example_chips({"kite1": [("hbm_capacity", "80 GB")], "kite2": [("hbm_capacity", "96 GB")]},
                          aliases={"kite1": ["KT100"], "kite2": ["KT200"]})
    return catalogue_of(tmp_path_factory, chips + example_box("kite1", 8))


@pytest.mark.parametrize("header", ["#chips per worker (vk-8 and above)", "chips per worker",
                                    "#GPUs per node", "GPUs per node (SXM)",
                                    "#chips per worker (v4-8 and above)", "Chips per instance (KT100)"])
def test_a_count_per_container_column_counts_chips(header, kites):
    text = f"| Model | {header} |\n|---|---|\n| KT100 | 4 |\n| KT200 | 8 |\n"
    claims = drafted_claims(text, kites)
    assert [c.get("claimed") for c in claims] == ["4", "8"], claims
    assert all(c.get("metric") == "chips" or "metric: chips" in " ".join(c.get("todo", [])) or
               "(the text gives metric: chips)" in " ".join(c.get("todo", [])) for c in claims), claims


def test_a_part_per_worker_of_a_system_is_asked(kites):
    text = "| System | GPUs per worker |\n|---|---|\n| Kite Box1 | 4 |\n"
    claim = next(c for c in drafted_claims(text, kites) if c.get("claimed") == "4")
    assert claim.get("subject") != "kite1_box" or claim.get("todo"), claim


@pytest.mark.parametrize("header", ["Cost per worker", "Performance per Watt (TOPS/W)",
                                    "GPUs per node (KT100 tray)"])
def test_a_rate_per_something_column_is_no_count(header, kites):
    text = f"| Model | {header} |\n|---|---|\n| KT100 | 4 |\n| KT200 | 8 |\n"
    assert not any(c.get("metric") == "chips" for c in drafted_claims(text, kites))


def test_dual_reaches_five_words(kites):
    text = "Key specifications: Dual 5th generation Intel® Xeon® Scalable Processors."
    claims = drafted_claims(text, kites)
    assert "2" in [c.get("claimed") for c in claims], claims


@pytest.mark.parametrize("text", ["It decodes 20 streams of 1080P (1920 x 1080) at 30 FPS.",
                                  "Maximum resolution: 16384x 16384, minimum 32x32.",
                                  "The shape is `16384 x 16384` at most."])
def test_an_image_size_is_no_ratio(text, kites):
    assert not any(c.get("claimed", "").endswith("x") for c in drafted_claims(text, kites))


@pytest.mark.parametrize("text, claimed", [
    ("The supernode uses 6912 x 400G OSFP optical modules.", "6912x"),
    ("That is a total of 128 × 132 > 16,000 parallel threads.", "128x"),
    ("The KT100 is 2.5 x faster than the KT200.", "2.5x")])
def test_a_count_times_a_speed_or_a_comparison_stays(text, claimed, kites):
    assert claimed in [c.get("claimed") for c in drafted_claims(text, kites)]
