"""Known answers for the drafter's round-6 wording rules (pipeline/draft/phrasing.py and the
small-count, slash, inch and order-of-magnitude entries): comparatives before a percentage,
market shares, numbers inside names, hyphenated counts. Wording differs from the articles that
taught the rules."""

from pathlib import Path

import pytest

from claimaudit.draft.article import draft_records
from claimaudit.draft.claims import claimed_text
from claimaudit.draft.entities import load_catalogue
from claimaudit.draft.numbers import find_numbers
from claimaudit.draft.phrasing import comparative_change
from claimaudit.draft.score import base_value

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(ROOT / "specs")


def found(text):
    return [claimed_text(n) for n in find_numbers(text)]


@pytest.mark.parametrize("before, change", [
    ("新晶片在推理方面快", True), ("训练吞吐高", True), ("頻寬多了", True), ("記憶體容量多出", True),
    ("功耗最高", False), ("最多", False), ("頻寬高達", False), ("良率为", False), ("", False)])
def test_comparative_glued_before_a_percentage(before, change):
    assert comparative_change(before) is change


@pytest.mark.parametrize("text, claimed", [
    ("B200 在推論方面比 H100 快25%。", "+25%"),
    ("MI300X 的记忆体带宽较 H100 高60%。", "+60%"),
    ("MI300X 的能效提升幅度优化达15%。", "+15%"),
    ("MI300X 的算力利用率为85%。", "85%"),         # no comparative: a share stays a share (a yield is no
    # hardware figure at all: tests/test_draft_ranges_and_fields.py)
    ("The H100 Transformer Engine delivers 30% speedup on FP8 workloads.", "+30%"),     # a speedup
])
def test_comparative_percent_is_a_change(catalogue, text, claimed):
    assert [r["claimed"] for r in draft_records(text, catalogue)] == [claimed]


@pytest.mark.parametrize("text", [
    "GPUs now make up about 35% of the global server market.",
    "Accelerators took 12% of the whole data-center chip market last year.",
    "國產晶片的市場份額約為15%。",
    "其中推理卡占比约60%。",
])
def test_market_shares_are_no_claims(text):
    assert found(text) == []


@pytest.mark.parametrize("text, kept", [
    ("機房裡擺滿了Trainium 2伺服器", []),
    ("每台伺服器可搭載Trainium 2晶片", []),           # a Latin name, then a glued noun
    ("這套系統集合了512颗NPU", ["512"]),             # a classifier keeps the count
    ("整柜由16个计算柜组成", ["16"]),
    ("性能需要低於3200才能出口", ["3200"]),            # a qualifier before is no name
    ("a ZX-9 engine array with 64 cores", ["64"]),   # acronym-hyphen-digits is a model number
])
def test_numbers_inside_names(text, kept):
    assert found(text) == kept


@pytest.mark.parametrize("text, claimed", [
    ("a six-node cluster of GPU servers", ["6"]),
    ("compared with sixteen-way TPU slices", ["16"]),
    ("a three-year roadmap for GPU servers", []),  # time is no count
])
def test_hyphenated_number_word_counts(text, claimed):
    assert found(text) == claimed


@pytest.mark.parametrize("text, claimed", [
    ("每塊主機板上有兩個超微Epyc中央處理器（CPU）", ["2"]),   # the noun after a maker's name
    ("配備三個華碩網卡", ["3"]),
    ("另外加上一個博通資料處理器（DPU）", ["1"]),             # 加上 joins a count
    ("双方从三个维度比较：MI300X与H100", []),                # the colon ends the noun search
])
def test_small_chinese_counts_reach_the_noun(text, claimed):
    assert found(text) == claimed


@pytest.mark.parametrize("text, value", [
    ("交換器提供 25.6 Tb／s 頻寬", 25.6e12 / 8),         # a full-width slash
    ("较上一代提升一个数量级", 10),
    ("cut from an 8-inch wafer", 8 * 0.0254),            # inches: a length, drafted with a todo
])
def test_shorthand_values(text, value):
    assert [base_value(c) for c in found(text)] == pytest.approx([value], rel=1e-9)


def test_a_full_stop_ends_the_money_words(catalogue):
    text = "The H100 ships at a lower cost. At 80 GB per card, the H100 leads."
    assert "80 GB" in [r["claimed"] for r in draft_records(text, catalogue)]
