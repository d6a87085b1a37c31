"""Known answers for rules from held-out round 229 on (issue 19), on fictional specs:
- MB/s is a drafting unit: a STREAM table's bare cells under `Bandwidth (MB/s)` (an accelerator's
  memory measured, 3,065,453 MB/s) are rates; a figure under 10,000 MB/s is a drive's or a
  network's, and a number format's bits (`| FP16 | 16 |`) are no bus's width, in prose or in a
  header's column alike;
- `Mbps` is megabits: written with a small b it is never MBps's other case (a factor of 8)."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_chips

from claimaudit.draft.forms import spelled_unit, unit_at
from claimaudit.draft.numbers import find_numbers

SPECS = example_chips({"kite1": [("hbm_bandwidth", "3.35 TB/s"), ("hbm_capacity", "80 GB")]})


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


STREAM = """The STREAM results on Kite K1 GPUs, as memory bandwidth in MB/s.

| Function | FP32 Bandwidth (MB/s) | % Peak | FP64 Bandwidth (MB/s) | % Peak |
|----------|-----------------------|--------|-----------------------|--------|
| COPY     | 3065453.4495          | 91.44  | 3071120.9703          | 91.61  |
| TRIAD    | 3121150.5004          | 93.10  | 3127058.6779          | 93.28  |
"""


def test_a_stream_tables_bare_cells_take_its_headers_mb_per_second(specs):
    claims = drafted_claims(STREAM, specs)
    rates = [c["claimed"] for c in claims if str(c.get("claimed", "")).endswith("MB/s")]
    assert rates == ["3065453.4495 MB/s", "3071120.9703 MB/s", "3121150.5004 MB/s", "3127058.6779 MB/s"]


def test_a_drives_mb_per_second_is_no_claim(specs):
    text = ("| Storage | Size | Read / write |\n|---|---|---|\n| Scratch | 20 GiB | 5000 / 1400 MB/s |\n\n"
            "The Kite K1's local disk reads at 3,000 MB/s.\n")
    claimed = [c["claimed"] for c in drafted_claims(text, specs)]
    assert not [c for c in claimed if "MB" in c], claimed


@pytest.mark.parametrize(("text", "found"), [
    ("The node copies 3065453.4 MB/s on a Kite K1.", [("3065453.4", "MB/s")]),
    ("A link of 25,000 MB/s per port.", [("25,000", "MB/s")]),
    ("An SSD reads at 6900 MB/s.", []),
])
def test_mb_per_second_in_prose_counts_from_ten_gigabytes_a_second(text, found):
    assert [(n.text, n.unit) for n in find_numbers(text) if n.unit] == found


def test_a_format_columns_bits_are_no_claims(specs):
    text = ("| Format | Bits | Use |\n|---|---|---|\n| FP16 | 16 | inference |\n| INT8 / INT4 | 8 / 4 | "
            "weights |\n\nThe Kite K1 has 80 GB of memory.\n")
    claims = drafted_claims(text, specs)
    assert [c["claimed"] for c in claims] == ["80 GB"]
    assert claim_of(claims, "80 GB")["subject"] == "kite1"


@pytest.mark.parametrize("written", ["Mbps", "Mb/s", "mbps"])
def test_megabits_are_never_read_as_megabytes(written):
    assert spelled_unit(written) != "MB/s"
    assert unit_at(f" {written} link", 0)[0] != "MB/s"


@pytest.mark.parametrize(("written", "unit"), [("MBps", "MB/s"), ("MB/s", "MB/s"), ("Tbps", "Tbps"),
                                               ("tbps", "Tbps"), ("gbytes", "GB")])
def test_byte_and_bit_spellings_keep_their_units(written, unit):
    assert spelled_unit(written) == unit
