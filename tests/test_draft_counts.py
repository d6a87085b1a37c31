"""Known answers for the general count rules (pipeline/draft/counts.py): counts of things no
word list names, found by the shape of the words around the number, and what they skip.
The nouns below are chosen to be absent from `count_nouns` in draft_lexicon.yaml."""

import pytest

from claimaudit.draft.claims import claimed_text
from claimaudit.draft.lexicon import lexicon
from claimaudit.draft.numbers import find_numbers


def found(text):
    return [claimed_text(n) for n in find_numbers(text)]


def test_the_nouns_below_are_in_no_count_list():
    listed = {w.lower() for words in lexicon().data["count_nouns"].values() for w in words}
    for noun in ("pipelines", "channels", "chiplets", "tiles", "sleds", "socs", "xpu", "switches",
                 "條", "枚", "路"):
        assert noun not in listed


COUNTS = [
    ("a chip with twenty-four Zen 4 CPU cores", ["24"]),          # 24 counts; 4 is Zen's
    ("with 8 Trainium 2 chips", ["8"]),
    ("workloads.\n\n72 AMD Instinct MI455X GPUs in a rack", ["72"]),   # GPUs: an acronym's plural
    # a plural noun phrase after the number (up to three modifiers), in a hardware sentence
    ("The MI455X GPU has 16 vector pipelines", ["16"]),
    ("each HBM4 stack exposes 32 independent memory channels", ["32"]),
    ("the B300 board carries eight chiplets", ["8"]),
    ("a Trainium3 sled with 4 liquid-cooled compute tiles", ["4"]),
    ("The rack holds 18 GPU sleds and 9 switch sleds", ["18", "9"]),
    ("and 36 Grace SoCs in one NVLink domain", ["36"]),               # a capitalised plural
    ("AMD wants to put 128 of them in your GPU rack", ["128"]),      # a pronoun
    ("The system packs 384 of Huawei's Ascend 910C chips", ["384"]),    # "of" and an owner
    # a compound before a noun
    ("the same 72-XPU NVLink domain", ["72"]),
    # a Chinese measure word (any Han character that is no unit, date or skip word)
    ("每個 GPU 配備 18 條 NVLink 鏈路", ["18"]),
    ("封裝內有 8 枚 HBM 芯粒", ["8"]),
    ("支持 16 路 CPU 互連", ["16"]),
    ("可連接數千枚 GPU 芯粒", ["1,000"]),                               # 數千: at least 1,000
    # a plural label before the number, or "the number of ... from"
    ("Tensor pipelines: 640 (vs 528 in the H100)", ["640", "528"]),
    ("more CUDA cores (20,480 vs 18,432) on the GPU", ["20,480", "18,432"]),
    ("The MI355X cut the number of I/O tiles from four to two", ["4", "2"]),
    # a large number written large (a separator or a scale word)
    ("the WSE-3 wafer holds 4 trillion switches and 900,000 tiles", ["4e12", "900,000"]),
    ("Die area aside, GB200 晶體數達2,080億", ["2,080e8"]),
]


@pytest.mark.parametrize("text, expected", COUNTS)
def test_general_counts(text, expected):
    assert found(text) == expected


NOT_COUNTS = [
    "The GPU arrives four years after the x86 giant's first",      # time is not counted
    "Nvidia's GPU business serves 100 customers in 12 countries",   # people, places
    "The festival drew 40 bands and 3,000 visitors",                 # no hardware in the sentence
    "the GPU ships with CDNA 3 pipelines",                           # a name's number
    "透過EC2 UltraClusters 3.0設計",                                   # a version (whole counts only)
    "輝達超級AI晶片GB200 8科技巨頭瘋搶",                                  # after a name
    "宣告將AI擴展到萬億參數等級的晶片",                                     # an order of magnitude
    "双方在三个维度展开交锋",                                             # a small count of no hardware
    "GPU 推出 10 年来",                                                 # a date suffix
    "GPU 推出了 5 种型号",                                               # kinds
    "a 4-bit number format on the GPU",                               # a lower-case compound
    "the GPUs sit in a three-dimensional torus",                      # torus: singular, no plural
    "AWS made three Trainium2-related announcements",                 # announcements count nothing
    "fused with a CDNA 3 graphics engine",                            # a name's generation
]


@pytest.mark.parametrize("text", NOT_COUNTS)
def test_not_general_counts(text):
    assert found(text) == []


def test_the_name_rule_stops_at_a_line_break():
    """A capitalised word ending a line is no product name for the number opening the next."""
    assert found("NVIDIA Blackwell\n20,480 CUDA cores per GPU") == ["20,480"]


def test_a_sentence_about_nothing_hardware_drafts_no_general_count():
    """The gate: the same words with no hardware noun, product name or unit are not drafted."""
    assert found("the wafer holds 4 trillion switches and 900,000 tiles") == []
    assert found("the WSE-3 wafer holds 4 trillion switches and 900,000 tiles") == ["4e12", "900,000"]


@pytest.mark.parametrize("text, expected", [
    ("the 32-CU count was a deliberate choice for the GPU", ["32"]),
    ("288GB HBM3e per GPU in 12-Hi HBM3E", ["288 GB", "12"]),        # a stack's height counts
    ("2024-06路线图预告288GB HBM3E", ["288 GB"]),                      # a month
    ("GPU table\nTrn1.32xlarge - 16 - 128\nModel | 1,440 | 720 PFLOPS", ["720 PFLOPS"]),  # bare cells
    ("GPU table\nAccelerators - 16 - 128", ["16", "128"]),          # cells under a plural label
    ("| NeuronCores | 8 | 16 |", ["8", "16"]),
    ("| RT Cores (3rd Gen) | 142 |\n| Tensor Cores (4th Gen) | 568 |", ["142", "568"]),   # a bracket aside
])
def test_compounds_dates_and_table_cells(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize("text, expected", [
    # round 181: a memory stack's height is a count readers mark, after a name too
    ("Samsung will supply HBM3e 12-layer DRAM for the MI350", ["12"]),
    ("the 16-high HBM4 stack and the 8-Hi HBM3E part", ["16", "8"]),
    ("compared to the 8-stack HBM3 8H", ["8", "8"]),     # the 8H label too (round 264's readers mark it)
    # no memory word near: a board's layers are no stack
    ("switching to a 78-layer PCB orthogonal backplane for the GPU", []),
])
def test_a_memory_stacks_height_is_a_count(text, expected):
    assert found(text) == expected


def test_the_sentence_before_may_speak_of_hardware():
    assert found("AMD's MI355X is a liquid-cooled monster.\n\nAMD wants to put 128 of them "
                 "in your rack") == ["128"]
    assert found("The festival was loud.\n\nIt drew 128 of them to the park") == []


@pytest.mark.parametrize("text, expected", [
    # round 150: people, money, time or mass after even a large figure count no hardware
    ("I tuned vLLM on this 9,000 euro dual GH200 desktop", []),
    ("It brought together over 1,200 researchers to train on 384 A100 GPUs", ["384"]),
    ("with 1,082,990 hours of computation on 48 Jean Zay nodes of A100 GPUs", ["48"]),
    ("The cluster links 10,000 H100 GPUs", ["10,000"]),
    # round 154: in Chinese too
    ("英伟达CUDA生态拥有超过300万开发者,H100集群有1万张GPU", ["1e4"]),
    # round 155: a site's land, buildings and floors, and money in a compound
    ("Spanning 315 acres with three buildings totaling 1.2 million square feet of GB200 racks", []),
    ("AWS will construct an additional 23 buildings for its Trainium2 chips", []),
    ("reinforced by a two-story rack layout of GB200 racks", []),
    ("Fairwater anchors a multi-billion-dollar investment in H100 GPUs", []),
])
def test_a_large_figure_of_people_money_or_time_is_no_count(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize("text, expected", [
    # round 165: a workload's requests, model instances, sequences, tokens and passes are no
    # hardware, however hardware the sentence around them
    ("假设采用 72 张 H100 组成的集群, 为 32 个并发请求提供服务", ["72"]),
    ("我们可在 72 颗 GPU 上同时运行 9 个模型实例。", ["72"]),
    ("当我们在 H100 上批量处理 32 条序列时", []),
    ("每个 H100 实例每秒可完成 45 次前向传播", []),
    ("The H100 node served 1000 concurrent requests over 8 GPUs", ["8"]),
    ("send 100 random prompts to the 8 H100 GPUs", ["8"]),
    # months, words, films and fiscal years after a bare number
    ("H100 与 B200 发布间隔 24 个月", []),
    ("相当于 H100 每秒传输3000部4K电影。", []),
    ("H100 全文约2200字", []),
])
def test_a_workload_or_a_calendar_count_is_no_hardware_count(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize("text, expected", [
    # round 168: a list's next item carries the count noun for both
    ("Zephyr Pod 分別支援 8192 及 15488 張昇騰卡", ["8192", "15488"]),
    ("The rack holds 64 or 128 GPUs", ["64", "128"]),
    ("The H100 service holds 64 or 128 users", []),
])
def test_a_count_noun_after_the_next_item_counts_both(text, expected):
    assert found(text) == expected
