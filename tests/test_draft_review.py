"""Known answers from a review of the session's drafting rules (issue 19): each input once drew
a wrong subject or metric with no question, a dropped claim or a hang; on the bundled specs."""

import signal
import textwrap

import pytest
import yaml
from draft_catalogues import catalogue_of
from test_draft import ROOT

from claimaudit import load_catalogue
from claimaudit.draft.article import SourceInfo, draft_document
from claimaudit.draft.emit import dump


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(ROOT / "specs")


def drafted(text: str, catalogue) -> list[dict]:
    return yaml.safe_load(dump(draft_document(text, SourceInfo(id="t", title="t", language="en"),
                                              catalogue)))["claims"]


def asked(claim: dict, field: str) -> bool:
    return any(t.startswith(f"{field}:") for t in claim.get("todo") or [])


def test_a_chip_name_before_a_system_word_is_not_the_system_itself(catalogue):
    (claim,) = drafted("Supermicro's RTX PRO 6000 Server Edition servers draw up to 6,000W each.", catalogue)
    assert claim.get("subject") is None or asked(claim, "subject"), claim


def test_power_per_rack_is_not_the_named_chips(catalogue):
    claims = drafted("The H100 pushes density to 40 kW/rack.", catalogue)
    assert not [c for c in claims if c.get("subject") == "h100" and not asked(c, "subject")], claims


def test_a_column_header_naming_another_rate_keeps_the_bandwidth_asked(catalogue):
    text = "| Chip | Memory | Host interface |\n|---|---|---|\n| MI300X | 192 GB HBM3 | 128 GB/s |\n"
    rate = next(c for c in drafted(text, catalogue) if c["claimed"] == "128 GB/s")
    assert rate.get("metric") != "hbm_bandwidth" or asked(rate, "metric"), rate


def test_a_bracket_past_while_is_not_the_figures_precision(catalogue):
    text = "The B200 reaches 4,500 TFLOPS while Hopper's older format (FP16) trails its FP8 rate."
    (claim,) = drafted(text, catalogue)
    assert not str(claim.get("metric", "")).startswith("fp16") or asked(claim, "metric"), claim


@pytest.mark.parametrize("text", [
    "The H100 has half the bandwidth of the B200.",         # a ratio word is too coarse to pick by
    "The TPU v5p has 2x the bandwidth of the TPU v4.",      # 2.25x, not 2x, at the ratio rule's tolerance
    "The MI300X offers 2x the bandwidth of the H100.",      # 1.58x
])
def test_a_coarse_ratio_does_not_settle_which_bandwidth(catalogue, text):
    (claim,) = drafted(text, catalogue)
    assert asked(claim, "metric"), claim


def test_figures_at_the_start_of_bullets_are_not_item_numbers(catalogue):
    text = ("Blackwell B200 highlights:\n- 2X the memory bandwidth of the H100\n"
            "- 3X the training performance of the H100\n- 4X the inference performance of the H100\n")
    assert [c["claimed"] for c in drafted(text, catalogue)] == ["2x", "3x", "4x"]


def test_a_price_describing_the_baseline_leaves_the_ratio_a_claim(catalogue):
    claims = drafted("The MI300X delivers 1.3x the $30,000 H100's inference throughput.", catalogue)
    assert [c["claimed"] for c in claims] == ["1.3x"]


def test_a_loop_of_members_ends(tmp_path_factory):
    looped = catalogue_of(tmp_path_factory, textwrap.dedent("""\
        sources:
          - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
        entities:
          - {id: zeta_box, name: Example Zeta Box, kind: system, aliases: [Zeta Box], members: {zeta_pod: 2}}
          - {id: zeta_pod, name: Example Zeta Pod, kind: system, aliases: [Zeta Pod], members: {zeta_box: 2}}
        """))
    signal.signal(signal.SIGALRM, lambda *_: pytest.fail("the member walk did not end"))
    signal.alarm(20)
    try:
        claims = drafted("The Zeta Box is built on a 3 nm process.", looped)
    finally:
        signal.alarm(0)
    assert [c["claimed"] for c in claims] == ["3 nm"]
