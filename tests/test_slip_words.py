"""Explanation readings and hints worded per language (pipeline/forensics/words.py, data/slips.yaml).

Known answers on the bundled corpus in English, Traditional and Simplified Chinese; every
language's reading template fills from the fields the English one is given; JSON keeps English.
"""

import string
from pathlib import Path

import pytest

from claimaudit.engine.steps import Worded, say
from claimaudit.forensics import words as slip_words
from claimaudit.forensics.places import pair as slips
from claimaudit.output.results import to_records
from claimaudit.run import check_paths

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "zh-Hant", "zh-Hans")


@pytest.fixture(scope="module")
def seed_records():
    return {r["id"]: r for r in to_records(check_paths([ROOT / "claims"], ROOT / "specs"))}


@pytest.mark.parametrize("claim, lang, reading", [
    ("trn3-us-fp8-dense-363", "en",
     "144 x 2.52 PFLOPS, trainium3.fp8_dense (2,517 TFLOPS) rounded to 2.52 PFLOPS (3 significant "
     "digits) as published (AWS's own rounded figure, aiwire-2025-trainium3-ga), gives 362.88 "
     "PFLOPS -> 363 PFLOPS"),
    ("trn3-us-fp8-dense-363", "zh-Hant",
     "144 x 2.52 PFLOPS，其中 trainium3.fp8_dense (2,517 TFLOPS) 依公布值捨入為 2.52 PFLOPS"
     "（3 位有效數字）（AWS 自己公布的捨入值，aiwire-2025-trainium3-ga），得 362.88 PFLOPS -> 363 PFLOPS"),
    ("trn3-us-fp8-dense-363", "zh-Hans",
     "144 x 2.52 PFLOPS，其中 trainium3.fp8_dense (2,517 TFLOPS) 按公布值舍入为 2.52 PFLOPS"
     "（3 位有效数字）（AWS 自己公布的舍入值，aiwire-2025-trainium3-ga），得 362.88 PFLOPS -> 363 PFLOPS"),
    ("trn3-us-hbm-20p7tb", "zh-Hant",
     "144 x 144 GB，trainium3.hbm_capacity (144 GiB) 被當成 144 GB，得 20.736 TB -> 20.7 TB"),
    ("trn3-us-hbm-20p7tb", "zh-Hans",
     "144 x 144 GB，trainium3.hbm_capacity (144 GiB) 被当成 144 GB，得 20.736 TB -> 20.7 TB"),
    ("gb300-vs-trn3-us-fp4-more-than-3x", "en",
     "1.1 EFLOPS / 362,448 TFLOPS [neuron-trn3-arch], gb300_nvl72.fp4_dense (1,080 PFLOPS) "
     "rounded to 1.1 EFLOPS (2 significant digits) as published (NVIDIA's own rounded figure, "
     "nvidia-blackwell-ultra-blog), gives 3.03492x -> more than 3x"),
    ("gb300-vs-trn3-us-fp4-more-than-3x", "zh-Hant",      # the qualifier in the language too
     "1.1 EFLOPS / 362,448 TFLOPS [neuron-trn3-arch]，其中 gb300_nvl72.fp4_dense (1,080 PFLOPS) "
     "依公布值捨入為 1.1 EFLOPS（2 位有效數字）（NVIDIA 自己公布的捨入值，nvidia-blackwell-ultra-blog），"
     "得 3.03492x -> 超過 3x"),
    ("gb300-vs-trn3-us-fp4-more-than-3x", "zh-Hans",
     "1.1 EFLOPS / 362,448 TFLOPS [neuron-trn3-arch]，其中 gb300_nvl72.fp4_dense (1,080 PFLOPS) "
     "按公布值舍入为 1.1 EFLOPS（2 位有效数字）（NVIDIA 自己公布的舍入值，nvidia-blackwell-ultra-blog），"
     "得 3.03492x -> 超过 3x"),
])
def test_top_reading_in_each_language(seed_records, claim, lang, reading):
    top = seed_records[claim]["explanations"][0]["reading"]
    assert say(top, lang) == reading
    assert isinstance(top, Worded) and top == say(top, "en")       # JSON: the English


@pytest.mark.parametrize("lang, hint", [
    ("en", "binary decimal (first-equal): 144 x 144 GB, trainium3.hbm_capacity (144 GiB) read as "
           "144 GB, gives 20.736 TB -> 20.7 TB"),
    ("zh-Hant", "二進位與十進位單位混用（並列第一）：144 x 144 GB，trainium3.hbm_capacity (144 GiB) "
                "被當成 144 GB，得 20.736 TB -> 20.7 TB"),
    ("zh-Hans", "二进制与十进制单位混用（并列第一）：144 x 144 GB，trainium3.hbm_capacity (144 GiB) "
                "被当成 144 GB，得 20.736 TB -> 20.7 TB"),
])
def test_hint_in_each_language(seed_records, lang, hint):
    hints = seed_records["trn3-us-hbm-20p7tb"]["hints"]
    assert hint in [say(h, lang) for h in hints]


@pytest.mark.parametrize("lang, both, claimed", [
    ("en", "fp8_dense on both sides", "the claimed figure"),
    ("zh-Hant", "兩邊皆用 fp8_dense", "聲稱的數字"),
    ("zh-Hans", "两边都用 fp8_dense", "声称的数字"),
])
def test_phrases_in_each_language(lang, both, claimed):
    assert say(slip_words.phrase("both_sides", metric="fp8_dense"), lang) == both
    assert say(slip_words.phrase("claimed_figure"), lang) == claimed


@pytest.mark.parametrize("qualifier, lang, shown", [
    (None, "en", "3x"), ("more_than", "en", "more than 3x"), ("about", "zh-Hant", "3x"),
    ("more_than", "zh-Hant", "超過 3x"), ("more_than", "zh-Hans", "超过 3x"),
    ("nearly", "zh-Hans", "将近 3x"),
])
def test_claimed_text(qualifier, lang, shown):
    assert slip_words.claimed_text("3x", qualifier, lang) == shown


def test_a_cause_without_its_language_reads_the_english_template():
    reading = slip_words.Reading("prefix", "claim", (("derived", "2 TB"), ("direction", "x"),
                                                     ("factor", "1,000"), ("value", "2,000 TB")),
                                 "2 PB", "more_than")
    catalogue = slips.catalogue()
    saved = catalogue["causes"]["prefix"].pop("reading_in")
    try:
        assert reading.word("zh-Hans") == "2 TB x 1,000 (a unit prefix off) gives 2,000 TB -> 超过 2 PB"
    finally:
        catalogue["causes"]["prefix"]["reading_in"] = saved
    assert reading.word("zh-Hans") == "2 TB x 1,000（单位前缀错位），得 2,000 TB -> 超过 2 PB"


@pytest.mark.parametrize("lang, text", [
    ("en", "144 x 4.7 TB/s, 4.7 TB/s [b] (another source's figure for c.x (4.9 TB/s)), gives "
           "676.8 TB/s -> 677 TB/s"),
    ("zh-Hant", "144 x 4.7 TB/s，4.7 TB/s [b]（另一來源給 c.x (4.9 TB/s) 的數字），得 676.8 TB/s -> "
                "677 TB/s"),
    ("zh-Hans", "144 x 4.7 TB/s，4.7 TB/s [b]（另一来源给 c.x (4.9 TB/s) 的数字），得 676.8 TB/s -> "
                "677 TB/s"),
])
def test_a_place_with_its_own_words_is_worded_with_them(lang, text):
    fields = (("working", "144 x 4.7 TB/s"), ("changed", "4.7 TB/s [b]"),
              ("figure", "c.x (4.9 TB/s)"), ("value", "676.8 TB/s"))
    assert slip_words.Reading("superseded", "source", fields, "677 TB/s", None).word(lang) == text


def _fields(template: str) -> set:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_every_language_reading_fills_from_the_english_fields():
    for name, cause in slips.catalogue()["causes"].items():
        english = _fields(cause["reading"])
        assert set(cause["reading_in"]) == set(LANGS[1:]), name
        for lang, template in cause["reading_in"].items():
            assert _fields(template) == english, (name, lang)
        for place, words in cause.get("readings_at", {}).items():
            assert set(cause["readings_at_in"][place]) == set(LANGS[1:]), (name, place)
            for lang, template in cause["readings_at_in"][place].items():
                assert _fields(template) == _fields(words), (name, place, lang)
