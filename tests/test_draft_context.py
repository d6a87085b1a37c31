"""Known answers for the words around a number (pipeline/draft/context.py): qualifiers,
"N times more", direction, and the metric the words decide."""

import pytest

from claimaudit.draft import context
from claimaudit.draft.compared import spoken_metrics
from claimaudit.draft.numbers import find_numbers
from claimaudit.draft.text import Span, sentences


def first(text):
    number = find_numbers(text)[0]
    return number, text[:number.start], text[number.end:number.end + 12]


QUALIFIERS = [
    ("supports up to 1.8 TB/s", "up_to"),
    ("提供高達362 FP8 PFLOPs", "up_to"),
    ("性能高达4倍", "up_to"),
    ("單一系統可容納可達144顆晶片", "up_to"),
    ("最高 10 PFLOPS", "up_to"),
    ("more than 3x the performance", "more_than"),
    ("over 131,000 GPUs", "more_than"),
    ("超過 2 exaFLOPS", "more_than"),
    ("逾 500,000 顆晶片", "more_than"),
    ("提升四倍以上", "more_than"),
    ("nearly 4x the bandwidth", "nearly"),
    ("almost 4x the bandwidth", "nearly"),
    ("近4倍的內存帶寬", "nearly"),
    ("將近 4 倍", "nearly"),
    ("about 8 percent of peak", "roughly"),
    ("roughly 2x the FP4 compute", "roughly"),
    ("約 4614 TFLOPs", "roughly"),
    ("大約 2 倍", "roughly"),
    ("at least 6x the FP4", "at_least"),
    ("至少6倍的FP4處理性能", "at_least"),
    ("訓練速度至少提升3倍", "at_least"),
    ("just over 2.5 petaFLOPS", "just_over"),
    ("upwards of 2 exaFLOPS", "upwards_of"),
    ("不足10微秒", "less_than"),
    ("delivers 4,614 TFLOPs", None),
    # about / around / approximately and their Chinese forms: `roughly` (CONTRACT 10.2: below
    # 2x its tolerance is of the change); 近 / 將近 / 接近: `nearly`
    ("about 1.1x the bandwidth", "roughly"),
    ("around 2.5 PFLOPS", "roughly"),
    ("approximately 144 GB", "roughly"),
    ("功耗約 1,000 W", "roughly"),
    ("1,000 W 左右", "roughly"),
    ("算力約為 Trainium2 的 1.1 倍", "roughly"),
    ("内存带宽大约是 Trainium2 的 1.7 倍", "roughly"),
    ("頻寬將近是 Trainium2 的 2 倍", "nearly"),
    ("近兩倍", "nearly"),
]


@pytest.mark.parametrize("text, expected", QUALIFIERS)
def test_qualifier_words(text, expected):
    number, before, after = first(text)
    assert context.qualifier(before, after, number) == expected


TIMES_MORE = [
    ("3x more FLOPS at FP8", True),
    ("4 times faster", True),
    ("6x higher performance", True),
    ("提升 3 倍", True),
    ("提高4倍", True),
    ("增加十倍", True),
    ("多 4.2 倍", True),
    ("記憶體頻寬高 2.4 倍", True),
    ("響應速度快4倍", True),
    ("提升高達4.4倍", True),
    ("6x the performance at FP4", False),
    ("實現高達4.4倍的計算性能", False),
    ("offers twice the bandwidth", False),
    ("是Trillium的六倍", False),
]


@pytest.mark.parametrize("text, expected", TIMES_MORE)
def test_times_more(text, expected):
    number, before, after = first(text)
    assert context.times_more(before, after, number) is expected


@pytest.mark.parametrize("text, expected", [
    ("延遲降低4倍", "decrease"), ("latency 4x lower", "decrease"),
    ("性能提升 4 倍", "increase"), ("50 percent higher perf", "increase"),
    ("twice the bandwidth", "")])
def test_direction(text, expected):
    assert context.direction(text) == expected


METRICS = [
    ("just over 2.5 petaFLOPS of dense FP8 performance", ("fp8_dense", "")),
    ("up to 10 petaFLOPS of sparse FP4", ("fp4_sparse", "")),
    ("362 PFLOPS at NVFP4 with sparsity", ("fp4_sparse", "")),
    ("2 exaFLOPS 的密集 FP4 性能", ("fp4_dense", "")),
    ("1,452 petaFLOPS of BF16 稀疏", ("bf16_sparse", "")),
    ("4,614 TFLOPs of FP8 performance", ("fp8_dense", "dense or sparse")),
    ("42.5 exaflops of performance", (None, "precision")),
]


@pytest.mark.parametrize("text, expected", METRICS)
def test_flops_metric(text, expected):
    number = find_numbers(text)[0]
    assert context.flops_metric([(text, number.start)]) == expected


@pytest.mark.parametrize("text, expected", [
    ("4.9 TB/s of memory bandwidth", "hbm_bandwidth"),
    ("提供 4.9 TB/s 的內存帶寬", "hbm_bandwidth"),
    ("記憶體頻寬 8 TB/s", "hbm_bandwidth"),
    ("1.8 TB/s of NVLink bandwidth", "scaleup_bandwidth"),
    ("900 GB/s in each direction of NVLink", "scaleup_bandwidth_per_direction"),
    ("晶片間互連 9.6 Tb/s", "scaleup_bandwidth"),
    ("12.8 Tbps of EFA networking", "scaleout_bandwidth"),
    ("95 GB of high-bandwidth memory at roughly 2.76 TB/s. Pods connect through an interconnect",
     "hbm_bandwidth"),
    ("7.3TB/s", None),
    # a link word after another rate (`9.6Tb/s ICI`) is that rate's, not this one's
    ("7.37TB/s bandwidth, and scales up to 9,216 chips per superpod via 9.6Tb/s ICI", None),
    # round 181: "uni-directional" with its hyphen; a word for both ways nearer the figure wins
    ("NVLink 5 at 900 GB/s per GPU uni-directional", "scaleup_bandwidth_per_direction"),
    ("NVLink at 1.8 TB/s bidirectional, 900 GB/s per direction", "scaleup_bandwidth")])
def test_rate_metric(text, expected):
    number = find_numbers(text)[0]
    assert context.rate_metric([(text, number.start)]) == expected


def test_a_bracket_saying_both_ways_is_no_per_direction_figure():
    """Round 181: "NVLink 5 at 900 GB/s per GPU uni-directional (1.8 TB/s jensen math bidi rx +
    tx)": the bracket's own words say both directions, whatever its sentence says."""
    sentence = "NVLink 5 at 900 GB/s per GPU uni-directional (1.8 TB/s jensen math bidi rx + tx)."
    at = sentence.index("1.8")
    bracket = sentence[at:sentence.index(")")]
    assert context.rate_metric([(bracket, 0), (sentence, at)]) == "scaleup_bandwidth"


@pytest.mark.parametrize("text, expected", [
    ("最多可搭載100萬顆Trainium芯片", "up_to"), ("至少可處理3倍", "at_least"),
    ("最近推出4倍", None)])
def test_chinese_qualifier_a_verb_away(text, expected):
    number, before, after = first(text)
    assert context.qualifier(before, after, number) == expected


@pytest.mark.parametrize("text, said", [
    ("Performance numbers without sparsity", "dense"),
    ("H20的FP16稠密算力为148TFLOPS,FP32为44TFLOPS", "dense"),
    ("| Peak FP16 (dense) | 2,307 TFLOPS |\n| Peak FP4 | 9,000 TFLOPS |", "dense"),
    ("10 petaFLOPS of sparse FP4", "sparse"),
    ("dense FP8 is 5 PF and sparse FP8 is 10 PF", ""),     # both said: nothing carries over
    ("FP8 is 5 PF", ""),
])
def test_density_said_once_speaks_for_the_paragraph(text, said):
    assert context.density(text) == said


def test_the_paragraph_decides_dense_when_the_sentence_does_not():
    texts = [("FP32为44TFLOPS", 6), ("FP32为44TFLOPS", 6)]
    assert context.flops_metric(texts) == ("fp32_dense", "dense or sparse")
    dense, sparse = "H20的FP16稠密算力为148TFLOPS。FP32为44TFLOPS", "FP16 sparse 296 TFLOPS。FP32为44TFLOPS"
    assert context.flops_metric(texts, around=dense) == ("fp32_dense", "")
    assert context.flops_metric(texts, around=sparse) == ("fp32_dense", "dense or sparse")


@pytest.mark.parametrize("clause, listed", [
    ("FP8/FP6 | 4.5 PFLOPS", ("FP8/FP6", ["fp8", "fp6"])),
    ("FP16/BF16 2.25 PFLOPS", ("FP16/BF16", ["fp16", "bf16"])),
    ("FP4 | 9 PFLOPS", ("", [])),
    ("NVFP4/FP4 10 PFLOPS", ("", [])),          # two spellings of one precision: no list
])
def test_a_figure_for_a_list_of_precisions(clause, listed):
    assert context.precision_list(clause) == listed


@pytest.mark.parametrize("clause, metric", [
    ("intend to quadruple the number of GPUs per rack", "chips"),
    ("doubles the chip count", "chips"),
    ("晶片數量增加一倍", "chips"),
    ("並提升互聯寬帶（寬頻）2.5倍", "scaleup_bandwidth"),
    ("能耗翻三倍", "power"),
    ("2x the power draw", "power"),
    ("three times the compute power", None),     # "power" alone is no power word: precision asked
    ("能耗比提升 2 倍", None),                          # an efficiency: asked as an expr
])
def test_ratio_metric_words(clause, metric):
    assert context.ratio_metric([(clause, len(clause))])[0] == metric


@pytest.mark.parametrize("sentence, offered", [
    ("显存升级:首次使用 141GB 显存,带宽高达 4.8 TB/s,比上一代 H100 快约 1.8 倍",
     ["hbm_bandwidth", "hbm_capacity"]),
    ("It was shown this week, and it is 3x faster", []),
    ("性能为 300 PetaFLOPS (BF16),是对手的两倍", ["bf16_dense"]),
])
def test_spoken_metrics_nearest_first(sentence, offered):
    """A ratio whose words say no metric is asked among the ones its sentence speaks of."""
    whole = Span(0, len(sentence))
    assert spoken_metrics(sentence, whole, len(sentence)) == offered


@pytest.mark.parametrize("text, count", [
    ("带宽高达?4.8 TB/s,比上一代 H100 快约?1.8 倍", 1),    # a "?" lost in transcoding
    ("Is it faster? 3 reasons say so.", 2),
    ("是真的吗?是的。", 2),
])
def test_a_question_mark_glued_to_a_digit_ends_no_sentence(text, count):
    assert len(sentences(text)) == count


@pytest.mark.parametrize("text, nth, expected", [
    ("9,000 TFLOPS FP8 / 18,000 TFLOPS FP4", 1, "fp4"),      # the word after its own unit
    ("9,000 TFLOPS FP8 / 18,000 TFLOPS FP4", 0, "fp8"),
    ("FP8: 9,000 TFLOPS, twice the last chip", 0, "fp8"),     # nothing after: the nearest
    ("FP4 reaches 20 PFLOPS and FP8 10 PFLOPS", 1, "fp8")])
def test_the_precision_written_after_a_figure_is_its_own(text, nth, expected):
    number = find_numbers(text)[nth]
    assert context.precision([(text, number.start)]) == expected


HALF_AND_SINGLE = ("It can perform up to 383 TFLOPS for half-precision floating-point format (FP16) and 95.7 "
                   "TFLOPS for single-precision floating-point format (FP32).")


@pytest.mark.parametrize("text, nth, expected", [
    # the clause ends at the bracket; the sentence's bracket after the figure's words is its own
    (HALF_AND_SINGLE, 0, "fp16"), (HALF_AND_SINGLE, 1, "fp32"),
    ("It does 383 TFLOPS (FP16) and 95.7 TFLOPS (FP32).", 0, "fp16"),
    # a cell's bracket, past a bar, is the next cell's: not taken (the nearest is)
    ("| (FP16) 15832 TFLOPS ; (FP64) 272 TFLOPS | (FP16) 15832 TFLOPS |", 1, "fp64")])
def test_a_bracketed_precision_after_the_figure_in_a_sentence_of_two(text, nth, expected):
    number = find_numbers(text)[nth]
    clause = text[:text.find("(", number.start)]
    assert context.precision([(clause, number.start), (text, number.start)]) == expected


@pytest.mark.parametrize("text, unit", [
    ("高达 5.3 TB / s 的带宽", "TB/s"), ("896 GB / s", "GB/s"), ("192 GB / 256 GB", "GB")])
def test_a_rate_unit_spelled_with_spaces_around_the_slash(text, unit):
    assert find_numbers(text)[0].unit == unit
