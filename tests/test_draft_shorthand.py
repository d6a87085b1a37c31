"""Known answers for the drafter's shorthand rules (pipeline/draft/shorthand.py): stacked
Chinese scales, per-second rates, glued units, bare prefix letters, and the company a number
keeps when it is no hardware claim. Wording differs from the articles that taught the rules."""

import pytest

from claimaudit.draft.claims import claimed_text
from claimaudit.draft.numbers import chinese_value, find_numbers
from claimaudit.draft.score import base_value
from claimaudit.draft.shorthand import scale_power


def found(text):
    return [claimed_text(n) for n in find_numbers(text)]


def base_values(text):
    return [base_value(claimed_text(n)) for n in find_numbers(text)]


@pytest.mark.parametrize("word, power", [
    ("千萬億", 15), ("千万亿", 15), ("百萬", 6), ("百万", 6), ("十億", 9), ("十亿", 9),
    ("千億", 11), ("百億", 10), ("萬億", 12), ("兆", 12), ("千兆", 15), ("百兆", 14), ("千", 3),
    ("thousand", 3), ("Trillion", 12)])
def test_scale_powers(word, power):
    assert scale_power(word) == power


@pytest.mark.parametrize("text, value", [
    ("單卡可達 4 千萬億次浮點運算", 4e15),               # 4 x 10^(3+4+8) FLOPS
    ("整机提供12千万亿次浮点运算的性能", 1.2e16),
    ("每秒 2.5 百萬位元組", 2.5e6),                     # a rate: 每秒 N bytes
    ("每秒 8 千亿字节的带宽", 8e11),
    ("晶片內含 3 百億個電晶體", 3e10),                  # a stacked scale on a count
    ("整個叢集達到 2 兆次浮點運算", 2e12),                # 兆 (Taiwan usage) = 10^12
])
def test_stacked_scales_in_base_units(text, value):
    assert base_values(text) == pytest.approx([value], rel=1e-9)


def test_zhao_before_a_unit_is_mega_not_a_scale():
    assert found("整座機房功耗 20兆瓦") == ["20 MW"]
    assert found("功耗約十兆瓦") == ["10 MW"]


@pytest.mark.parametrize("text, expected", [
    ("解码速度可达每秒300tokens", ["300 tokens/s"]),
    ("吞吐量约为120 tokens/秒", ["120 tokens/s"]),
    ("每秒 900 GB 的互联带宽", ["900 GB/s"]),
    ("片上集成了64MBSRAM和96GBHBM3", ["64 MB", "96 GB"]),   # units run into the memory
])
def test_rates_and_glued_units(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("新一代芯片的FP16算力为4P", ["4 PFLOPS"]),
    ("the pod's compute reaches 3E", ["3 EFLOPS"]),
    ("集群总算力达到1.5E FLOPS", ["1.5 EFLOPS"]),          # prefix spaced from its base
    ("FP4 performance of 40P FLOPS per rack", ["40 PFLOPS"]),
])
def test_bare_prefix_letters_in_a_compute_clause(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize("text", [
    "AMD 的 2P 伺服器已出貨",                # no compute word: a two-socket server
    "INT8 算力为2P",                       # an integer format: operations, not FLOPS
    "主频提升至 3E 之后",                   # no compute word in the clause
    "the 1P model",                        # a name
])
def test_bare_prefix_letters_elsewhere_are_not_units(text):
    assert "PFLOPS" not in " ".join(found(text)) and "EFLOPS" not in " ".join(found(text))


@pytest.mark.parametrize("text, expected", [
    ("公司推出了四个型号:Nova 100、Nova 200、Nova 300和Nova 400", ["4"]),  # listed products
    ("Cram 16 of 'em into one GPU server", ["16"]),                   # a pronoun at sentence start
    ("每美元性能较上一代提高25%", ["25%"]),                          # perf per dollar
])
def test_counts_and_shares_read_by_rule(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize("text", [
    "Atlas 800服务器已经出货",             # a name ending in -as is no plural label
    "Nexus 7平板上市",                      # -us
    "系統每天處理數十萬個用戶請求",            # a vague quantity of no hardware
    "模型可以生成数千个 token",
    "晶片設計中有35%的程式碼由她撰寫",         # a share of a person's work
    "he wrote 40% of the compiler",
    "其中約有 15% 由他們負責",
])
def test_not_claims(text):
    assert found(text) == []


def test_vague_quantities_of_hardware_are_still_claims():
    assert found("叢集可連接數萬顆加速器") == ["10,000"]
    assert found("其他 8 颗芯片") == ["8"]                  # 其他 (other) names no person
    assert chinese_value("三兆") == 3e12
