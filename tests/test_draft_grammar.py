"""Known answers for number forms read by grammar (pipeline/draft/grammar.py and the unit
grammar in lexicon.py): spellings, adjectives, fractions and doublings that no word list
names, and the Chinese change morphemes (context.direction)."""

from pathlib import Path

import pytest

from claimaudit.draft import context
from claimaudit.draft.article import SourceInfo, draft_document
from claimaudit.draft.claims import claimed_text
from claimaudit.draft.entities import load_catalogue
from claimaudit.draft.lexicon import alternation, lexicon
from claimaudit.draft.numbers import find_numbers

ROOT = Path(__file__).resolve().parent.parent


def found(text):
    return [claimed_text(n) for n in find_numbers(text)]


def listed(spelling):
    return any(spelling in spellings for spellings in lexicon().data["units"].values())


UNIT_GRAMMAR = [
    # SI prefix (letter or word) x base spelling, none of them listed under `units`
    ("attention runs at 5 Tflop/s", "Tflop/s", ["5 TFLOPS"]),
    ("a 3 Petaflop/s machine", "Petaflop/s", ["3 PFLOPS"]),
    ("9.6 Tbits/s of ICI", "Tbits/s", ["9.6 Tbps"]),
    ("about 30 gigabytes/s of PCIe", "gigabytes/s", ["30 GB/s"]),
    ("1.2 terabyte/s of HBM", "terabyte/s", ["1.2 TB/s"]),
    ("每秒 8 TB/秒", "TB/秒", ["8 TB/s"]),
    ("and 400 Gbits/sec links", "Gbits/sec", ["400 Gbps"]),
]


@pytest.mark.parametrize("text, spelling, expected", UNIT_GRAMMAR)
def test_unit_grammar(text, spelling, expected):
    assert not listed(spelling)
    assert found(text) == expected


def test_listed_spellings_win_over_composed_ones():
    assert lexicon().unit_of["TB/s"] == "TB/s" and lexicon().unit_of["Tb/s"] == "Tbps"


ADJECTIVES = [
    ("an 83.2 peak petaflops system", ["83.2 PFLOPS"]),
    ("with 3 usable terabytes of HBM", ["3 TB"]),
    ("a 1.2 nominal kW budget", ["1.2 kW"]),
    ("took 5 more seconds", []),                     # a function word, and no amount unit
    ("4 spare x86 cores", ["4"]),                    # no unit: the count rules decide
]


@pytest.mark.parametrize("text, expected", ADJECTIVES)
def test_an_adjective_between_number_and_amount_unit(text, expected):
    assert not any(word in lexicon().words("unit_adjectives") for word in ("usable", "nominal"))
    assert found(text) == expected


FRACTIONS = [
    ("a three-fifths cut in power", ["60%"]),
    ("one quarter of the bandwidth", ["25%"]),
    ("two-thirds of the compute", ["66.6667%"]),
    ("seven tenths of peak", ["70%"]),
    ("功耗降低五分之二", ["40%"]),
    ("功耗降低百分之五十", ["50%"]),
    ("效能提升百分之30", ["30%"]),
    ("性能提升百分之一百五十", ["150%"]),             # a percentage may exceed the whole
    ("the third generation", []),                    # an ordinal, not a fraction
    ("two third", []),                               # a plural numerator needs a plural denominator
]


@pytest.mark.parametrize("text, expected", FRACTIONS)
def test_fraction_grammar(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("销量翻两番", ["4x"]), ("带宽翻了一番还多", ["2x"]), ("翻了三番", ["8x"]), ("翻了一倍", ["2x"])])
def test_chinese_doublings(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize("window, direction", [
    ("性能骤增50%", "increase"), ("带宽飙涨 2 倍", "increase"), ("功耗骤降30%", "decrease"),
    ("延迟缩减一半", "decrease"), ("提供 50% 的性能", "")])
def test_chinese_change_morphemes(window, direction):
    assert not any(w in window for w in lexicon().words("increase_words") + lexicon().words("decrease_words"))
    assert context.direction(window) == direction


def test_a_morpheme_signs_a_drafted_change():
    catalogue = load_catalogue(ROOT / "specs")
    [claim] = draft_document("GB300 的 NVFP4 性能骤增50%。", SourceInfo("t", "t", "zh-Hans"),
                             catalogue)["claims"]
    assert claim["claimed"] == "+50%"


def test_an_emptied_word_list_matches_nothing():
    assert alternation([]) == "(?!)"


@pytest.mark.parametrize("text, expected", [
    ("the GPU has twenty-four cores", ["24"]),
    ("three hundred twenty-four GPUs", ["324"]),
    ("two million chips", ["2e6"]),
    ("a hundred thousand GPUs", ["100,000"]),
    ("sixteen GPUs per node", ["16"]),
    ("a dozen GPU racks", ["12"]),
    ("two to four GPUs", ["2", "4"]),                # a range: two numbers
    ("one two three GPUs", ["2", "3"]),              # no composition: each word alone
])
def test_english_cardinals_are_composed(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("The GPU boosts to 2.4 GHz", ["2.4 GHz"]),
    ("serves 12,000 tokens per second on one GPU", ["12,000 tokens/s"]),
    ("PCIe 6.0 lanes run at 64 GT/s", ["64 GT/s"]),       # a bare decimal is never a count
    ("the die-to-die link needs 0.3 pJ/bit", ["0.3 pJ/bit"]),
])
def test_hardware_units_no_metric_measures(text, expected):
    assert found(text) == expected


def test_a_plus_after_a_number_is_at_least():
    [number] = find_numbers("over 100+ GPUs per rack")
    assert (claimed_text(number), number.implied) == ("100", "at_least")
    assert [n.implied for n in find_numbers("1+1 GPUs")] == [""]     # a sum, not 1+


@pytest.mark.parametrize("text, expected", [("百亿亿次计算", ["1e18"]), ("三万亿次运算", ["3e12"])])
def test_chinese_scales_stack(text, expected):
    assert found(text) == expected
