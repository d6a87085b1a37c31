"""Derivation steps as data and their words per language (pipeline/engine/steps.py, data/steps.yaml).

Known answers: one step of every kind worded in English, Traditional and Simplified Chinese.
The English wording of every step, hint and reading the bundled data gives equals what the
string-building code wrote (tests/data/steps/golden_en.json, made by tests/steps_golden.py
before steps became data). English text carries its data through JSON unchanged.
"""

import json
import pickle
import re
import string
from pathlib import Path

import pytest

from claimaudit.core.yamlio import package_yaml
from claimaudit.engine.steps import Step, Worded, arithmetic, say
from claimaudit.output import render
from claimaudit.output.results import to_records
from claimaudit.run import check_paths
from steps_golden import SETS, collect

GOLDEN = Path(__file__).parent / "data" / "steps" / "golden_en.json"
LANGS = ("en", "zh-Hant", "zh-Hans")

FACT = Step("fact", "trainium3.fp8_dense", result="2,517 TFLOPS", source="neuron-trainium3")
SUM = Step("sum", "trn3_ultraserver.fp8_dense", "144 x trainium3.fp8_dense",
           "144 x 2,517 TFLOPS [neuron-trainium3]", "362,448 TFLOPS")
SPARSE = Step("sparse", "chipa.fp8_sparse", "chipa.fp8_dense", "2 x 1,000 TFLOPS [src-a]",
              "2,000 TFLOPS")
RATIO = Step("ratio", formula="a.fp8_dense / b.fp8_dense",
             working="1,080 PFLOPS [x] / 362,448 TFLOPS [y]", result="2.97974x")
CHIP = Step("chip", "trainium3.chips")
EXPR = Step("expr", working="6 * 362,448 TFLOPS [s]", result="2,174,688 TFLOPS")
FORMULA = Step("formula", "b300.scaleup_bandwidth_per_direction", "scaleup_bandwidth / 2",
               "1.8 TB/s [d] / 2", "0.9 TB/s")
EXPRESSION_FACT = Step("expression_fact", "trn4.fp4_dense", "6 * trn3.fp4_dense",
                       "6 * 362,448 TFLOPS [s]", "2,174,688 TFLOPS", "keynote")
FIGURE = Step("figure", "trainium3.fp8_dense", result="2.52 PFLOPS")


@pytest.mark.parametrize("step, lang, text", [
    (FACT, "en", "trainium3.fp8_dense = 2,517 TFLOPS [neuron-trainium3]"),
    (FACT, "zh-Hant", "trainium3.fp8_dense = 2,517 TFLOPS [neuron-trainium3]"),
    (SUM, "zh-Hans", "trn3_ultraserver.fp8_dense = 144 x trainium3.fp8_dense = "
                     "144 x 2,517 TFLOPS [neuron-trainium3] = 362,448 TFLOPS"),
    (SPARSE, "en", "chipa.fp8_sparse = sparsity x chipa.fp8_dense = 2 x 1,000 TFLOPS [src-a] = "
                   "2,000 TFLOPS"),
    (SPARSE, "zh-Hant", "chipa.fp8_sparse = 稀疏倍數 x chipa.fp8_dense = 2 x 1,000 TFLOPS [src-a] = "
                        "2,000 TFLOPS"),
    (SPARSE, "zh-Hans", "chipa.fp8_sparse = 稀疏倍数 x chipa.fp8_dense = 2 x 1,000 TFLOPS [src-a] = "
                        "2,000 TFLOPS"),
    (RATIO, "en", "ratio = a.fp8_dense / b.fp8_dense = 1,080 PFLOPS [x] / 362,448 TFLOPS [y] = "
                  "2.97974x"),
    (RATIO, "zh-Hant", "比值 = a.fp8_dense / b.fp8_dense = 1,080 PFLOPS [x] / 362,448 TFLOPS [y] = "
                       "2.97974x"),
    (RATIO, "zh-Hans", "比值 = a.fp8_dense / b.fp8_dense = 1,080 PFLOPS [x] / 362,448 TFLOPS [y] = "
                       "2.97974x"),
    (CHIP, "en", "trainium3.chips = 1 (a chip)"),
    (CHIP, "zh-Hant", "trainium3.chips = 1（單顆晶片）"),
    (CHIP, "zh-Hans", "trainium3.chips = 1（单颗芯片）"),
    (EXPR, "en", "6 * 362,448 TFLOPS [s] = 2,174,688 TFLOPS"),
    (FORMULA, "en", "b300.scaleup_bandwidth_per_direction = scaleup_bandwidth / 2 = "
                    "1.8 TB/s [d] / 2 = 0.9 TB/s"),
    (EXPRESSION_FACT, "zh-Hans", "trn4.fp4_dense = 6 * trn3.fp4_dense = 6 * 362,448 TFLOPS [s] = "
                                 "2,174,688 TFLOPS [keynote]"),
    (FIGURE, "en", "trainium3.fp8_dense = 2.52 PFLOPS"),
])
def test_step_words(step, lang, text):
    assert step.word(lang) == text
    assert say(step.text, lang) == text


@pytest.mark.parametrize("step, lang, working", [
    (FACT, "en", "2,517 TFLOPS [neuron-trainium3]"),
    (SUM, "en", "144 x 2,517 TFLOPS [neuron-trainium3]"),
    (RATIO, "zh-Hant", "1,080 PFLOPS [x] / 362,448 TFLOPS [y]"),
    (EXPR, "en", "2,174,688 TFLOPS"),
    (EXPRESSION_FACT, "en", "6 * 362,448 TFLOPS [s]"),
    (CHIP, "en", "1 (a chip)"),
    (CHIP, "zh-Hant", "1（單顆晶片）"),
    (CHIP, "zh-Hans", "1（单颗芯片）"),
])
def test_the_working_an_explanation_quotes(step, lang, working):
    assert say(arithmetic(step), lang) == working


def test_english_wording_of_every_step_reading_and_hint_is_unchanged(update_golden):
    """Steps of every figure every fixture spec set derives, every claim's steps, hints and
    readings, every slip candidate's words: as the string-building code wrote them."""
    got = json.loads(json.dumps(collect(), ensure_ascii=False))
    if update_golden:
        GOLDEN.write_text(json.dumps(got, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                          encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert sorted(got) == sorted(golden)
    for part in golden:
        assert got[part] == golden[part], part


# -- English text that carries its data ------------------------------------------------------

def test_worded_text_is_its_english_to_json_and_comparisons():
    text = CHIP.text
    assert isinstance(text, Worded) and text == "trainium3.chips = 1 (a chip)"
    assert hash(text) == hash("trainium3.chips = 1 (a chip)")
    assert render.json_text([{"steps": [text]}]) == json.dumps([{"steps": [str(text)]}],
                                                                ensure_ascii=False, indent=2) + "\n"
    assert json.dumps(text) == '"trainium3.chips = 1 (a chip)"'
    again = pickle.loads(pickle.dumps(text))
    assert again == text and say(again, "zh-Hant") == "trainium3.chips = 1（單顆晶片）"


def test_plain_text_is_said_as_it_is():
    assert say("20.7 TB read as 20.7 TiB", "zh-Hans") == "20.7 TB read as 20.7 TiB"
    assert say(CHIP.text, "en") is CHIP.text


def test_a_step_is_worded_once_and_shared_by_every_claim_that_shows_it(tmp_path):
    claims = "\n".join(f"  - {{id: c{i}, quote: q, subject: sysj, metric: hbm_capacity, "
                        f"claimed: {20 + i / 10} TB}}" for i in range(50))
    (tmp_path / "many.yaml").write_text(f"source: {{id: many, title: t}}\nclaims:\n{claims}\n")
    records = to_records(check_paths([tmp_path / "many.yaml"], SETS["mini"][1]))
    assert len(records) == 50 and records[0]["steps"]
    for record in records:
        assert all(mine is first for mine, first in zip(record["steps"], records[0]["steps"]))


# -- the data ----------------------------------------------------------------------------------

FIELDS = {"name", "formula", "working", "result", "source"}


def test_every_language_words_every_kind_from_known_fields():
    words = package_yaml("steps.yaml")
    assert tuple(words) == LANGS
    for lang in LANGS:
        assert set(words[lang]) == set(words["en"]), lang
        for kind, parts in words[lang].items():
            assert set(parts) == {"step", "arithmetic"}, (lang, kind)
            for template in parts.values():
                used = {f for _, f, _, _ in string.Formatter().parse(template) if f}
                assert used <= FIELDS, (lang, kind, used)


# characters one script writes and the other does not (a Traditional page never shows 个)
HANS_ONLY = set("个来数单为当与据应变换颗资讯两并轻严释译结称计边错")
HANT_ONLY = set("個來數單為當與據應變換顆資訊兩並輕嚴釋譯結稱計邊錯")


def _chinese_texts(lang: str) -> list[str]:
    steps = [t for parts in package_yaml("steps.yaml")[lang].values() for t in parts.values()]
    slips = package_yaml("slips.yaml")
    causes = [cause[key][lang] for cause in slips["causes"].values()
              for key in ("reading_in",)]
    causes += [words[lang] for cause in slips["causes"].values()
               for words in (cause.get("readings_at_in") or {}).values()]
    words = slips["words"]
    fixed = [words["hint"][lang], words["tie"][lang]] + [p[lang] for p in words["phrases"].values()]
    return steps + causes + fixed


@pytest.mark.parametrize("lang, foreign", [("zh-Hant", HANS_ONLY - HANT_ONLY),
                                           ("zh-Hans", HANT_ONLY - HANS_ONLY)])
def test_each_chinese_script_keeps_to_its_own_characters(lang, foreign):
    for text in _chinese_texts(lang):
        assert not set(text) & foreign, (lang, text)
        assert not re.search(r"[A-Za-z]{3,}", re.sub(r"\{[a-z]+\}", "", text)), (lang, text)
