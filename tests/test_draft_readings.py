"""Whose figure it is when the sentence does not say it plainly (pipeline/draft/), issue 19,
rules of held-out rounds 19-20: a relative clause's figure is its name's; a vendor doing the
clause makes it that vendor's product; a subject carried over or picked by size is asked when
the number is not its published figure; the one id a title names stays a candidate; a Chinese
chip classifier before 電晶體 counts transistors; scale-up and scale-out words both near a
rate leave it asked; round 25's: "the PCI-E version" of a product is asked; a clause's bare
"memory" in a sentence about on-chip SRAM is SRAM; a loose table's first column the specs do not
name keeps the others aligned; a system of one chip gives the chip its chip's figures. Known
answers over small fictional specs written for this module."""

from __future__ import annotations

import textwrap

import pytest
from draft_catalogues import catalogue_of, drafted_claims

SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - id: lark
        name: Example Lark K1
        vendor: Example
        kind: chip
        aliases: [Lark K1]
        facts:
          - {metric: hbm_capacity, value: 192 GB, source: ex-sheet}
          - {metric: hbm_bandwidth, value: 5.3 TB/s, source: ex-sheet}
          - {metric: fp8_dense, value: "2,600 TFLOPS", source: ex-sheet}
      - id: lark_box
        name: Example Lark Box (8 Lark K1)
        vendor: Example
        kind: system
        aliases: [Lark Box, Lark K1 platforms]
        members: {lark: 8}
        facts:
          - {metric: hbm_capacity, value: 1536 GB, source: ex-sheet}
          - {metric: chips, value: "8", source: ex-sheet}
      - id: lark2
        name: Example Lark K2
        vendor: Example
        kind: chip
        aliases: [Lark K2]
        facts:
          - {metric: hbm_capacity, value: 256 GB, source: ex-sheet}
          - {metric: hbm_bandwidth, value: 6 TB/s, source: ex-sheet}
          - {metric: fp8_dense, value: "2,600 TFLOPS", source: ex-sheet}
      - id: heron
        name: Other Heron H9
        vendor: Otherco
        kind: chip
        aliases: [Heron H9]
        facts:
          - {metric: hbm_capacity, value: 141 GB, source: ex-sheet}
          - {metric: hbm_bandwidth, value: 8 TB/s, source: ex-sheet}
          - {metric: power, value: 700 W, source: ex-sheet}
      - id: lark_nvl72
        name: Example Lark NVL72
        vendor: Example
        kind: system
        aliases: [Lark NVL72]
        members: {lark: 72}
        facts:
          - {metric: hbm_capacity, value: 13.8 TB, source: ex-sheet}
      - id: heron_nvl72
        name: Other Heron NVL72
        vendor: Otherco
        kind: system
        aliases: [Heron NVL72]
        members: {heron: 72}
        facts:
          - {metric: hbm_capacity, value: 10.2 TB, source: ex-sheet}
      - id: heron_x
        name: Other Heron H9X
        vendor: Otherco
        kind: chip
        aliases: [Heron H9X]
        facts:
          - {metric: hbm_capacity, value: 141 GB, source: ex-sheet}
      - id: qx500
        name: Example QX500 Superchip (96 GB)
        vendor: Example
        kind: chip
        facts:
          - {metric: hbm_capacity, value: 96 GB, source: ex-sheet}
          - {metric: lpddr_capacity, value: 480 GB, source: ex-sheet}
          - {metric: fast_memory_capacity, value: 576 GB, source: ex-sheet}
      - id: qx500_144
        name: Example QX500 Superchip (144 GB)
        vendor: Example
        kind: chip
        aliases: [QX500 144GB]
        facts:
          - {metric: hbm_capacity, value: 144 GB, source: ex-sheet}
          - {metric: lpddr_capacity, value: 480 GB, source: ex-sheet}
      - id: heron_pcie
        name: Other Heron H9 PCIe
        vendor: Otherco
        kind: chip
        aliases: [Heron H9 PCIe]
        facts:
          - {metric: power, value: 350 W, source: ex-sheet}
      - id: wren2
        name: Example Wren W2
        vendor: Example
        kind: chip
        aliases: [Wren W2]
        facts:
          - {metric: process_node, value: 7 nm, source: ex-sheet}
          - {metric: sram_capacity, value: 40 GB, source: ex-sheet}
      - id: wren3
        name: Example Wren W3
        vendor: Example
        kind: chip
        aliases: [Wren W3]
        facts:
          - {metric: process_node, value: 5 nm, source: ex-sheet}
          - {metric: sram_capacity, value: 44 GB, source: ex-sheet}
      - id: ws2
        name: Example WS-2 system
        vendor: Example
        kind: system
        aliases: [WS-2]
        members: {wren2: 1}
        facts:
          - {metric: fp16_dense, value: 62 PFLOPS, source: ex-sheet}
      - id: ws3
        name: Example WS-3 system
        vendor: Example
        kind: system
        aliases: [WS-3]
        members: {wren3: 1}
        facts:
          - {metric: fp16_dense, value: 125 PFLOPS, source: ex-sheet}
    """)


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


def claim(text: str, catalogue, claimed: str) -> dict:
    return next(c for c in drafted_claims(text, catalogue) if c.get("claimed") == claimed)


def test_a_relative_clauses_figure_is_its_names(specs):
    found = claim("Example positioned the Lark K2 against the Heron H9, which carries 141GB of HBM.\n",
                  specs, "141 GB")
    assert found.get("subject") == "heron" and not found.get("todo")


def test_a_vendor_doing_the_clause_makes_it_its_product(specs):
    text = ("The Lark K2 offers more compute (2.6 PFLOPS vs. 2.5 PFLOPS), while Otherco holds an edge "
            "in memory bandwidth (8 TB/s vs. 6 TB/s). The Heron H9 ships too.\n")
    assert claim(text, specs, "8 TB/s").get("subject") == "heron"


SOLO_SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - id: solo_s1
        name: Soloco Solo S1
        vendor: Soloco
        kind: chip
        aliases: [Solo S1]
        facts:
          - {metric: sram_capacity, value: 230 MB, source: ex-sheet}
      - {id: duo_d1, name: Duoco Duo D1, vendor: Duoco, kind: chip, aliases: [Duo D1],
         facts: [{metric: sram_capacity, value: 50 MB, source: ex-sheet}]}
      - {id: duo_d2, name: Duoco Duo D2, vendor: Duoco, kind: chip, aliases: [Duo D2],
         facts: [{metric: sram_capacity, value: 230 MB, source: ex-sheet}]}
    """)


@pytest.mark.parametrize("sentence, subject, asked", [
    ("From Soloco's spec, a single Soloco chip only has 230 MB of SRAM.", "solo_s1", None),   # its figure
    ("From Soloco's spec, a single Soloco chip only has 512 MB of SRAM.", None, "solo_s1"),   # asked
    ("From Duoco's spec, a single Duoco chip only has 230 MB of SRAM.", None, None),          # two chips
])
def test_a_vendor_whose_one_chip_the_specs_hold_names_that_chip(tmp_path_factory, sentence, subject, asked):
    """"a single Groq chip only has 230 MB of SRAM": no product named, but the specs hold one
    chip of the vendor's; asked with it as the candidate, decided when the figure is its own."""
    solo = catalogue_of(tmp_path_factory, SOLO_SPECS)
    found = claim(f"{sentence}\n", solo, [c for c in ("230 MB", "512 MB") if c.split()[0] in sentence][0])
    assert found.get("subject") == subject, found
    todo = " ".join(t for t in found.get("todo", []) if t.startswith("subject:"))
    assert (f"one chip of theirs, {asked}" in todo) if asked else (subject is None or not todo), found


def test_a_vendor_of_the_subject_itself_changes_nothing(specs):
    text = "The Lark K2 is here, and Example says it has 256 GB of HBM.\n"
    assert claim(text, specs, "256 GB").get("subject") == "lark2"


def test_a_subject_carried_over_is_asked_when_the_number_is_not_its_figure(specs):
    text = "The Lark K1 is an upgrade.\n\nIt ships in volume.\n\nMemory: 256GB of HBM.\n"
    found = claim(text, specs, "256 GB")
    assert any(t.startswith("subject:") for t in found.get("todo", []))


def test_a_subject_carried_over_stands_when_the_number_is_its_figure(specs):
    text = "The Lark K1 is an upgrade.\n\nIt ships in volume.\n\nMemory: 192GB of HBM.\n"
    found = claim(text, specs, "192 GB")
    assert found.get("subject") == "lark" and not found.get("todo")


def test_a_scope_picked_by_size_is_asked_when_the_number_is_not_its_figure(specs):
    text = "It fits existing Lark K1 platforms, like the Lark K1.\n\n| Memory | 256GB HBM |\n"
    found = claim(text, specs, "256 GB")
    assert any("not its published figure" in t for t in found.get("todo", [])), found


def test_the_one_id_a_title_names_stays_a_candidate(specs):
    text = ("Example Lark K2 - 256GB for inference\n\nIt is an evolution of the Lark K1.\n\n"
            "It fits the same form factor as the Lark K1, a drop-in for Lark K1 platforms.\n\n"
            "| Specification | Details |\n|---|---|\n| FP8 | 2,600 TFLOPS |\n")
    found = claim(text, specs, "2,600 TFLOPS")
    asked = " ".join(found.get("todo", []))
    assert found.get("subject") != "lark" and "lark2" in asked       # both publish it: asked


def test_a_chip_classifier_before_transistors_counts_transistors(specs):
    found = claim("新世代的晶片 Lark K2 有2,080億顆電晶體。\n", specs, "2,080e8")
    assert found.get("metric") == "transistors"


def test_scale_up_and_scale_out_words_both_near_leave_the_rate_asked(specs):
    found = claim("The Lark K2 uses an Ethernet-based interconnect, supporting bandwidth up to 4800 Gbps.\n",
                  specs, "4800 Gbps")
    assert "metric" not in found and any("which bandwidth" in t for t in found["todo"])


@pytest.mark.parametrize("text, claimed", [
    ("Example claims the Lark K2 outperforms the Heron H9 by 50% on average.\n", "+50%"),
    ("The Lark K2 delivers 40% better power efficiency than the Heron H9.\n", "+40%"),
])
def test_outperforming_by_or_better_by_a_percentage_is_a_change(specs, text, claimed):
    claims = drafted_claims(text, specs)
    assert [c["claimed"] for c in claims] == [claimed]


def test_a_figure_of_the_products_variants_is_asked(specs):
    claims = drafted_claims("Lark K1 训练 + 推理 192 / 256 GB HBM3 变体\n", specs, "zh-Hans")
    assert all(any("variants" in t for t in c.get("todo", [])) for c in claims) and len(claims) == 2


def test_clusters_n_times_larger_compare_chip_counts(specs):
    claims = drafted_claims("The Lark K2 allows clusters that are 35 times larger than the Lark K1.\n", specs)
    assert claims[0]["metric"] == "chips"
    assert any("a count of chips belongs to a system or cluster" in t for t in claims[0]["todo"])


def test_an_amount_of_a_list_of_names_asks_between_them(specs):
    claims = drafted_claims("功耗達1,000瓦,這比Lark K1、Heron H9需要的700瓦多約43%。\n", specs, "zh-Hant")
    found = next(c for c in claims if c["claimed"] == "700 W")
    assert "subject" not in found
    assert any("heron and lark together" in t for t in found["todo"])


def test_a_name_compared_with_in_a_later_clause_is_not_the_baseline_of_an_earlier_ratio(specs):
    text = "Example 聲稱,它相比上代擁有2倍的FP8算力、1.5倍的記憶體頻寬,而對比Heron H9推理性能領先50%。\n"
    claims = drafted_claims("Lark K2 登場。\n" + text, specs, "zh-Hant")
    ratios = [c for c in claims if c["claimed"] in ("2x", "1.5x")]
    assert len(ratios) == 2 and all(c.get("baseline") != "heron" for c in ratios)


def test_the_value_a_change_leaps_from_is_not_the_subjects(specs):
    found = claim("Lark K2 的 HBM 容量从192GB跃升至256GB。\n", specs, "192 GB")
    assert any("the value before the change" in t for t in found["todo"])


def test_another_form_factors_version_is_asked_with_the_specs_entity_of_that_form(specs):
    found = claim("The Heron H9 has a TDP of 700W, while the air-cooled PCI-E version still requires 350W.\n",
                  specs, "350 W")
    assert any("PCI-E version of heron: the specs hold heron_pcie" in t for t in found["todo"])
    assert not claim("The Heron H9 PCIe card draws 350W.\n", specs, "350 W").get("todo")


@pytest.mark.parametrize("text, metric", [
    ("Wren W3通过片上SRAM设计，让44GB内存与计算核心直接耦合。", "sram_capacity"),
    ("Wren W3让48GB内存与计算核心直接耦合。", "hbm_capacity"),
    # no SRAM word, but the chip publishes no HBM and exactly this figure as its SRAM: the figure tells
    ("Wren W3让44GB内存与计算核心直接耦合。", "sram_capacity"),
    # the sentence names SRAM and HBM: its SRAM does not decide the clause's bare "memory"
    ("Wren W3 integrates large on-chip SRAM and four HBM2E chips, offering 1.8TB/s bandwidth and "
     "48GB memory.",
     "hbm_capacity"),
])
def test_a_clauses_bare_memory_in_a_sentence_about_sram_is_sram(specs, text, metric):
    claimed = "48 GB" if "48GB" in text else "44 GB"
    assert claim(text, specs, claimed).get("metric") == metric


@pytest.mark.parametrize("claimed, metric", [("624 TFLOPS", "fp16_sparse"), ("312 TFLOPS", "fp16_dense"),
                                             ("1,979 TFLOPS", "fp16_dense")])
def test_a_bracket_right_after_a_figure_says_its_density(specs, claimed, metric):
    """"624 TOPS (with Sparsity) / 312 TOPS (without Sparsity)": the sentence says both; each
    figure's own bracket says which it is ("(non-sparse)" is dense)."""
    text = ("Lark K2 FP16 Performance 624 TFLOPS (with Sparsity) / 312 TFLOPS (without Sparsity)\n"
            "Lark K2 FP16: ~1,979 TFLOPS (non-sparse)\n")
    assert claim(text, specs, claimed).get("metric") == metric


def test_a_count_noun_after_a_preposition_is_not_what_is_counted(specs):
    """"over 140 billion on this chip" counts no chips (a figure of the chip's own: asked)."""
    text = "The Lark K2 packs a huge number of transistors—over 140 billion on this chip—into one die.\n"
    found = claim(text, specs, "140e9")
    assert found.get("metric") is None and any("what is counted" in t for t in found["todo"])


@pytest.mark.parametrize("text, claimed, metric", [
    ("Each Lark K2 has a 72-core CPU with 120 GB of memory and a GPU with 96GB of memory.", "120 GB",
     "lpddr_capacity"),
    ("Each Lark K2 has a 72-core CPU with 120 GB of memory and a GPU with 96GB of memory.", "96 GB",
     "hbm_capacity"),
    ("The Lark K2 node holds 480GB of memory (120GB per CPU).", "120 GB", "lpddr_capacity"),
    ("Each Lark K2 has three Infinity links at 92 GB/s.", "92 GB/s", "scaleup_bandwidth"),
    ("The Lark K2 has a 2 TB/s interconnect and 128GB of 1.6 TB/s memory.", "1.6 TB/s", "hbm_bandwidth"),
    ("The Lark K2 has a 900 GB/s memory-coherent interconnect.", "900 GB/s", "scaleup_bandwidth"),
])
def test_a_cpus_own_memory_and_an_infinity_link(specs, text, claimed, metric):
    assert claim(text + "\n", specs, claimed).get("metric") == metric


@pytest.mark.parametrize("sentence, claimed, asked", [
    ("It uses 384 chips versus 72 chips in the Heron H9, delivering roughly 300 PFLOPS of BF16.",
     "300 PFLOPS", True),
    ("It draws far more power, about 559 W versus 145 W for the Heron H9.", "559 W", True),
    # the compared-with name's own phrase gives it the amount
    ("It holds 96 GB versus the 80 GB HBM3e of Heron H9 with 3.35 TB/s.", "3.35 TB/s", False),
    # a ratio's "of" or "than" before the name (round 141's glossary entry)
    ("Features 80GB of HBM3 memory and delivers up to 3x the performance of the Heron H9.", "80 GB", True),
    # a relative clause of the compared-with name holds its own figures
    ("It delivers 1.7 times more than Otherco's Heron NVL72, which employs 72 chips to reach 180 PFLOPS.",
     "180 PFLOPS", False),
])
def test_a_name_only_on_the_compared_with_side_is_asked_as_the_subject(specs, sentence, claimed, asked):
    found = claim("Example built the Lark K2.\n" + sentence + "\n", specs, claimed)
    assert any("compares with (vs.)" in t for t in found.get("todo", [])) == asked, found


@pytest.mark.parametrize("text, claimed, metric", [
    ("The Lark K2 has 1.4 PB of bandwidth.", "1.4 PB", None),      # a slip: bytes the words call a rate
    ("The Lark rack includes up to 260 TB of scale-up interconnect bandwidth.", "260 TB", None),
    ("The Lark K2 lifts memory to 256 GB and bandwidth to 6 TB/s.", "256 GB", "hbm_capacity"),
    ("The Lark K2 has 32GB of High Bandwidth Memory.", "32 GB", "hbm_capacity"),
    ("The Lark K2 doubles capacity to 192GB of HBM3e while pushing bandwidth to 8TB/s.", "192 GB",
     "hbm_capacity"),
])
def test_an_amount_of_bytes_called_a_bandwidth_is_asked(specs, text, claimed, metric):
    found = claim(text + "\n", specs, claimed)
    assert found.get("metric") == metric
    assert any("the words say bandwidth" in t for t in found.get("todo", [])) == (metric is None)


@pytest.mark.parametrize("text, claimed, subject", [
    ("The Lark K2 has 68 percent more than the prior-generation 7nm Heron H9 GPU.", "7 nm", "heron"),
    ("Lark K2 900 GB/s 700 W Heron H9", "700 W", "lark2"),     # a row of figures, then the next cell's name
])
def test_an_amount_right_before_a_name_describes_it(specs, text, claimed, subject):
    assert claim(text + "\n", specs, claimed).get("subject") == subject


@pytest.mark.parametrize("text, claimed, metric", [
    # a list's later items leave out the noun its first item counts with
    ("Lark Box racks integrate up to 4,096 chips, the Heron H9 up to 8,960, and more.", "8,960", "chips"),
    ("The Lark K2 has 208 billion transistors, the Heron H9 80 billion.", "80e9", "transistors"),
    # a figure between them is no list of such counts
    ("Lark Box racks integrate up to 4,096 chips, 96 GB each, and draw 900.", "900", None),
])
def test_a_gapped_list_item_counts_what_the_first_item_counts(specs, text, claimed, metric):
    found = [c for c in drafted_claims(text + "\n", specs) if c.get("claimed") == claimed]
    assert (found[0].get("metric") if found else None) == metric


@pytest.mark.parametrize("lead", ["The Heron H9 is the successor to Lark.",
                                  "Heron H9 接棒 Lark,成为新一代芯片。"])
def test_a_family_succeeded_is_no_topic(specs, lead):
    """"Rubin (successor to Blackwell)": the family succeeded adds no candidates to the topic."""
    found = claim(lead + "\n\n- Memory: 100 GB HBM3e\n", specs, "100 GB")
    assert found.get("subject") == "heron", found


def test_kilobytes_of_shared_memory_are_no_chips_sram(specs):
    found = claim("The Lark K2 has 228 KB of shared memory per SM.\n", specs, "228 KB")
    assert "metric" not in found and any("a memory of kilobytes" in t for t in found["todo"])


def test_a_loose_tables_unnamed_first_column_leaves_the_named_ones_aligned(specs):
    """WS-1 is in no spec: its cells are not WS-2's; WS-2 and WS-3 are systems of one chip, so a
    process node or an SRAM size in their columns is their chip's."""
    text = "参数 WS-1 (2019) WS-2 (2022) WS-3 (2024)\n制程工艺 16nm 7nm 5nm\n片上内存 18GB 40GB 44GB\n"
    got = {(c["claimed"], c.get("subject")) for c in drafted_claims(text, specs)}
    assert {("7 nm", "wren2"), ("5 nm", "wren3"), ("40 GB", "wren2"), ("44 GB", "wren3")} <= got
    assert not {("16 nm", "ws2"), ("18 GB", "ws2"), ("7 nm", "ws3"), ("40 GB", "ws3")} & got


def test_a_bare_rack_size_word_is_a_family_asked_between_its_racks(specs):
    found = claim("An NVL72 rack pairs 36 CPUs with 72 GPUs.\n", specs, "72")
    asked = " ".join(t for t in found["todo"] if t.startswith("subject:"))
    assert "subject" not in found and "heron_nvl72" in asked and "lark_nvl72" in asked


def test_a_systems_name_and_a_cluster_word_is_the_system_when_its_figure_says_so(specs):
    """"Lark Box cluster": the specs hold no cluster of Lark Boxes; the system itself or a
    cluster of them, asked with the system as the candidate; its own figure decides."""
    own = claim("The Lark Box cluster carries 1536 GB of HBM.\n", specs, "1536 GB")
    assert own.get("subject") == "lark_box" and not own.get("todo")
    other = claim("The Lark Box cluster carries 12 TB of HBM.\n", specs, "12 TB")
    assert "subject" not in other and any("lark_box" in t for t in other["todo"] if t.startswith("subject:"))


@pytest.mark.parametrize("sentence, settled", [
    ("That's a 33% increase in memory per accelerator.", True),      # 256 / 192 GB = 1.333
    ("That's a 1.33x jump in memory per accelerator.", True),
    ("That's a 40% increase in memory per accelerator.", False),     # no pair gives 1.40
    ("That's 1.33x GDDR7 memory per accelerator.", False),            # a baseline the specs lack
])
def test_a_ratio_naming_neither_side_is_the_one_pair_whose_figures_give_it(specs, sentence, settled):
    text = f"The Lark K2 follows the Lark K1 in the same boards. {sentence}\n"
    found = next(c for c in drafted_claims(text, specs)
                 if c["claimed"].lstrip("+").startswith(("33", "1.33", "40")))
    if settled:
        assert (found.get("subject"), found.get("baseline"), found.get("metric")) == (
            "lark2", "lark", "hbm_capacity")
        assert not found.get("todo")
    else:
        assert "subject" not in found or "baseline" not in found
        assert any(t.startswith(("subject:", "baseline:")) for t in found["todo"])


@pytest.mark.parametrize("lead, baseline", [
    ("TL;DR: Lark K2 offers 33% more memory at the same power.", "lark"),    # 256 / 192 GB
    ("TL;DR: Lark K2 offers 40% more memory at the same power.", None),      # no id's figure gives 1.40
])
def test_a_ratio_with_no_baseline_near_it_tries_the_ids_the_rest_of_the_text_names(specs, lead, baseline):
    """The text's first sentence compares before it names the other side ("TL;DR: H200 offers
    76% more memory"): the ids named later are the baselines tried, and only a figure decides."""
    text = f"{lead} Choose Lark K1 for smaller models.\n"
    found = next(c for c in drafted_claims(text, specs) if c["claimed"].lstrip("+").startswith(("33", "40")))
    assert found.get("baseline") == baseline, found
    if baseline is None:
        assert any(t.startswith("baseline:") for t in found["todo"]), found


def test_a_bracketed_ending_names_both_products(specs):
    """"Heron H9 (X)": the H9 and the H9X, both in the specs: asked between them."""
    found = claim("The Heron H9 (X) relies on two dies with 141 GB of memory.\n", specs, "141 GB")
    assert "subject" not in found
    assert any("heron, heron_x" in t for t in found["todo"] if t.startswith("subject:"))


def test_a_model_number_two_configurations_share_asks_and_the_figure_tells(specs):
    """No alias says "QX500" alone: the id's own spelling does not make it qx500's, so it is a
    family word of the two configurations; 144 GB is one's figure, 480 GB both's."""
    text = "The QX500 pairs 480GB LPDDR5X with 144GB HBM3e.\n"
    assert claim(text, specs, "144 GB").get("subject") == "qx500_144"
    both = claim(text, specs, "480 GB")
    assert "subject" not in both and any("qx500, qx500_144" in t for t in both["todo"])


@pytest.mark.parametrize("text, claimed, metric", [
    ("The QX500 144GB pairs 480GB LPDDR5X with 144GB HBM3e.", "480 GB", "lpddr_capacity"),  # own word
    ("The QX500 144GB pairs 480GB LPDDR5X with 144GB HBM3e.", "144 GB", "hbm_capacity"),
    ("The Lark K1 offers 2,600 TFLOPS of double-precision performance.", "2,600 TFLOPS", "fp64_dense"),
    ("Lark K1 提供約19.5 TFLOPS 單精度計算能力和9.7 TFLOPS 的雙精度計算能力。", "9.7 TFLOPS", "fp64_dense"),
    ("Lark K1 的 ConnectX-9 鏈路將達到28.8TB/s，而 NVLink 更快。", "28.8 TB/s", "scaleout_bandwidth"),
])
def test_the_words_at_the_amount_decide_its_metric(specs, text, claimed, metric):
    assert claim(text + "\n", specs, claimed).get("metric") == metric


def test_unified_memory_is_left_to_the_figure(specs):
    found = claim("The QX500 144GB has 144GB of unified memory.\n", specs, "144 GB")
    assert found.get("metric") == "hbm_capacity"     # the one memory figure it equals


def test_ratios_read_respectively_take_the_precisions_in_their_order(specs):
    text = ("Lark K2 的FP64性能47.9TFlops，FP32性能95.8TFlops，FP16/BF16性能383TFlops，"
            "对比目前的Lark K1分别提升大约3.1倍、3.2倍、2.1倍。\n")
    claims = drafted_claims(text, specs)
    got = {(c.get("claimed") or c["interpretations"][0]["claimed"]): c.get("metric") for c in claims}
    assert got["3.1x"] == "fp64_dense" and got["3.2x"] == "fp32_dense"
    assert got["2.1x"] not in ("bf16_dense", "fp16_dense")      # a pair decides nothing


@pytest.mark.parametrize("text, density_asked", [
    ("The Lark K1 delivers 67 TFLOPS of FP32 compute.", False),     # no sparse FP32 figure exists
    ("The Lark K1 delivers 33 TFLOPS of FP64 compute.", False),
    ("The Lark K1 delivers 900 TFLOPS of FP16 compute.", True),     # dense or sparse: the reader's
])
def test_fp32_and_fp64_figures_ask_no_density(specs, text, density_asked):
    found = drafted_claims(text + "\n", specs)[0]
    asked = any("dense or sparse" in t for t in found.get("todo", []))
    assert asked is density_asked


def test_a_name_after_exceeds_is_the_baseline_not_the_owner(specs):
    text = "The Lark K2 is new. Its memory bandwidth of 6 TB/s exceeds the Lark K1 by 13%.\n"
    found = claim(text, specs, "+13%")
    assert found.get("baseline") == "lark" and found.get("subject") != "lark"
    assert claim(text, specs, "6 TB/s").get("subject") != "lark"


def test_a_comparison_word_closed_by_a_comma_marks_no_name_after_it(specs):
    found = claim("Lark K2 很强。与主要竞品相比,Heron H9 最高拥有 141GB HBM3 内存。\n", specs, "141 GB")
    assert found.get("subject") == "heron"
    assert not any(t.startswith("subject:") for t in found.get("todo", []))
    assert claim("Lark K2 的内存比 Heron H9 多 81%。\n", specs, "+81%").get("baseline") == "heron"


def test_bfloat16_is_a_precision_not_a_product(specs):
    found = claim("The Lark K2 brings 2,600 TFLOPS of BFloat16 performance.\n", specs, "2,600 TFLOPS")
    assert not any("BFloat16 is not in the specs" in t for t in found.get("todo", []))


@pytest.mark.parametrize("text, metric", [
    ("Lark Box 提供1536GB的高带宽内存和800Gbps的网络带宽。", "scaleout_bandwidth"),   # its own words
    ("The Lark Box pairs its HBM with 800 Gbps of network bandwidth.", "scaleout_bandwidth"),
    ("The Lark K1 has HBM with 5.3 TB/s memory bandwidth.", "hbm_bandwidth"),
])
def test_the_words_right_after_a_rate_name_its_bandwidth(specs, text, metric):
    rate = next(c for c in drafted_claims(text + "\n", specs) if c["claimed"].endswith(("bps", "B/s")))
    assert rate.get("metric") == metric


def test_a_figure_in_a_bracket_after_another_form_factor_is_asked(specs):
    text = "The Heron H9 comes in SXM (141 GB HBM3) and PCIe (141 GB HBM2e) variants.\n"
    found = [c for c in drafted_claims(text, specs) if c["claimed"] == "141 GB"]
    assert not any("PCIe of heron" in t for t in found[0].get("todo", []))
    assert any("PCIe of heron: the specs hold heron_pcie" in t for t in found[1]["todo"])


def test_a_chip_count_far_beyond_the_systems_own_is_asked(specs):
    found = claim("The Lark Box scales out to up to 100,000 Lark K1 chips.\n", specs, "100,000")
    assert any("far more than lark_box holds" in t for t in found.get("todo", []))
    assert not claim("The Lark Box holds 8 Lark K1 chips.\n", specs, "8").get("todo")


def test_the_previous_generation_is_the_name_with_its_last_digit_one_less(specs):
    found = claim("The Lark K2 doubles the memory bandwidth of the previous generation (2x).\n", specs, "2x")
    assert found.get("baseline") == "lark"
    assert claim("Heron H9 较上一代提升 2 倍。\n", specs, "2x").get("baseline") is None   # no Heron H8


@pytest.mark.parametrize("text", [
    "Heron H9: 141 GB HBM3e @ 8 TB/s NVLink: 900 GB/s per GPU.",
    "Heron H9 provides 141 GB HBM3 with up to 8 TB/s on SXM and NVLink.",
])
def test_a_rate_after_a_memory_amount_and_at_is_that_memorys(specs, text):
    rate = next(c for c in drafted_claims(text + "\n", specs) if c["claimed"] == "8 TB/s")
    assert rate.get("metric") == "hbm_bandwidth"


def test_a_variant_in_words_asks_with_the_products_other_forms(specs):
    found = claim("The Heron H9 draws 700W, with a lower-power variant at 350W.\n", specs, "350 W")
    assert any("variant of heron: the specs hold heron_pcie" in t for t in found["todo"]), found


def test_a_change_noun_two_words_after_a_percentage_makes_it_a_change(specs):
    """"a 50% overall bandwidth increase over the Lark K1": the words between do not hide it."""
    found = drafted_claims("The Lark K2 offers a 50% overall bandwidth increase over the Lark K1.\n", specs)
    assert [(c.get("claimed"), c.get("subject"), c.get("baseline")) for c in found] == [
        ("+50%", "lark2", "lark")]


LINK_SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - id: wren
        name: Example Wren W3
        vendor: Example
        kind: chip
        aliases: [Wren W3]
        facts:
          - {metric: hbm_capacity, value: 128 GB, source: ex-sheet}
          - {metric: sram_capacity, value: 96 MB, source: ex-sheet}
          - {metric: scaleup_bandwidth, value: 1050 GB/s, source: ex-sheet}
          - {metric: scaleout_bandwidth, value: 600 Gbps, source: ex-sheet}
    """)


@pytest.fixture(scope="module")
def links(tmp_path_factory):
    return catalogue_of(tmp_path_factory, LINK_SPECS)


def test_high_bandwidth_memory_after_an_amount_is_its_hbm(links):
    """"128GB of high-bandwidth memory (HBM) ... and 96 MB of SRAM": the memory named right
    after the amount is its own, the SRAM later in the clause is the 96 MB's."""
    text = "The Wren W3 is new. It has 128GB of high-bandwidth memory (HBM) and 96 MB of SRAM.\n"
    found = {c["claimed"]: c.get("metric") for c in drafted_claims(text, links)}
    assert found == {"128 GB": "hbm_capacity", "96 MB": "sram_capacity"}


@pytest.mark.parametrize("text, asked", [
    ("With its networking, the Wren W3 delivers 1.2 TB/s bi-directional communications.", True),
    ("With its scale-out networking, the Wren W3 delivers 1.2 TB/s in all.", False),  # the words say
    ("With its networking, the Wren W3 delivers 600 Gbps.", False),     # the figure is its scale-out one
])
def test_a_general_network_word_with_a_figure_of_no_link_asks_which(links, text, asked):
    found = drafted_claims(text + "\n", links)[0]
    assert found.get("subject") == "wren", found
    assert any("which link" in t for t in found.get("todo", [])) is asked, found


@pytest.mark.parametrize("between, decided", [
    ("The flagship part of the year.\n\n", True),
    ("Software notes\n\n", False),          # a heading naming no one ends the section
    ("It ships beside the Lark K2.\n\n", False),  # a paragraph naming another ends it
])
def test_a_list_item_under_a_heading_naming_one_id_is_its(specs, between, decided):
    """"1. NVIDIA H100 SXM5" over "- TDP: Up to 700W": the heading's one id owns a figure it
    publishes, whatever another id the text names publishes alike."""
    text = f"The Lark K2 is covered later.\n\n1. Example Lark K1\n\n{between}- FP8: 2,600 TFLOPS dense\n"
    found = next(c for c in drafted_claims(text, specs) if c.get("claimed") == "2,600 TFLOPS")
    asked = [t for t in found.get("todo", []) if t.startswith("subject:")]
    assert (found.get("subject") == "lark" and not asked) is decided, found


@pytest.mark.parametrize("heading", ["1. Example Lark K1", "**1. Example Lark K1 – The Killer?",
                                     "## Can the Lark K1 win?"])
def test_a_list_items_figure_under_a_heading_is_its_whatever_it_publishes(specs, heading):
    """"**1. Huawei's Ascend 910B – The NVIDIA Killer?" over "• Memory Bandwidth: 1 TB/s": the
    section's one id is the item's subject even when the figure is not one it publishes (the
    check then says so); a bold heading is no bullet, and a heading may ask a question."""
    text = f"The Lark K2 is covered later.\n\n{heading}\n\n  • FP8: 2,900 TFLOPS dense\n"
    found = next(c for c in drafted_claims(text, specs) if c.get("claimed") == "2,900 TFLOPS")
    assert found.get("subject") == "lark", found
    assert not [t for t in found.get("todo", []) if t.startswith("subject:")], found


def test_a_rate_in_brackets_after_a_memory_and_its_size_is_that_memorys(links):
    """"HBM4 memory (288GB, 22 TB/s bandwidth), and doubled NVLink bandwidth": the bracket's
    rate is the memory's, whatever link the clause names after it."""
    text = ("The Wren W3 itself features a new engine, HBM4 memory (128GB, 4 TB/s bandwidth), and doubled "
            "NVLink bandwidth.\n")
    found = next(c for c in drafted_claims(text, links) if c.get("claimed") == "4 TB/s")
    assert found.get("metric") == "hbm_bandwidth", found


def test_a_memory_set_against_the_sentences_on_chip_one_is_not_sram(links):
    """"(96MB on the Wren W3, compared to 128GB of RAM)": the compared memory is the other one."""
    text = ("To do math we move the matrices into the on-chip memory, which is quite small (96MB on the "
            "Wren W3, compared to 128GB of RAM).\n")
    found = {c["claimed"]: c.get("metric") for c in drafted_claims(text, links)}
    assert found == {"96 MB": "sram_capacity", "128 GB": "hbm_capacity"}, found


def test_an_unsaid_density_names_both_readings(specs):
    """"50 PFLOPS of FP4 inference per GPU" of a subject not decided: the question names the
    sparse id beside the written dense one, so the reader picks between the two."""
    text = "The Lark K1 and the Heron H9 arrived this year. One reaches 3,000 TFLOPS of FP8.\n"
    found = next(c for c in drafted_claims(text, specs) if c.get("claimed") == "3,000 TFLOPS")
    asked = [t for t in found.get("todo", []) if t.startswith("metric:")]
    assert asked == ["metric: the text does not say dense or sparse; fp8_dense written, fp8_sparse if the "
                     "figure is sparse: confirm or change (`claimaudit metrics` lists them)"], found


@pytest.mark.parametrize("label, subject", [
    ("Lark K1 (Lark Box)", "lark"),         # the system that carries it, in brackets: a note
    ("Lark K1 (Heron H9)", None),           # another product in brackets: two names, asked
])
def test_a_bracketed_kin_name_in_a_label_cell_is_a_note(specs, label, subject):
    """"| Trainium2 (trn2) | 128GB HBM3e/chip |": the row is the chip's; the bracketed instance
    that carries it names no second entity."""
    text = f"| Chip | Memory |\n|---|---|\n| {label} | 192GB HBM3e/chip |\n| Heron H9X | 141GB HBM3e/chip |\n"
    found = next(c for c in drafted_claims(text, specs) if c.get("claimed") == "192 GB")
    assert found.get("subject") == subject, found


def test_names_listed_in_brackets_are_no_figures_of_their_own(specs):
    """"凭借Hopper架构(H100/H200)与Blackwell架构(B200)...,其...1979 TFLOPS": a bracket that lists
    names holds no figure of its own, so its names stay candidates with the other one."""
    text = "凭借K架构(Lark K1/Lark K2)与H架构(Heron H9)占据市场,其单元实现FP8精度下1979 TFLOPS算力。\n"
    found = claim(text, specs, "1979 TFLOPS")
    assert found.get("subject") is None and any("pick one" in t for t in found["todo"]), found
    # a bracket with a figure of its own still keeps its name to the figures inside it
    text = "Heron H9提高到了128GB(Lark K1 為 64GB)。\n"
    assert claim(text, specs, "128 GB").get("subject") == "heron"


@pytest.mark.parametrize("count, subject, asked", [
    ("72 Heron H9", "heron_nvl72", None),     # another maker's chips: their system of that size
    ("64 Heron H9", None, "lark_box holds no heron"),   # none of theirs holds 64: asked among them
    ("8 Lark K1", "lark_box", None),         # its own chips
])
def test_a_count_of_another_makers_chips_is_not_the_systems(specs, count, subject, asked):
    """"the Helios system featuring 72 MI455X chips, directly challenging NVIDIA's Vera Rubin
    platform with its 72 Rubin GPUs": the second count is not the Helios's."""
    text = (f"Example's announcement revealed the Lark Box featuring 8 Lark K1 chips, directly challenging "
            f"Otherco's Heron platform with its {count} chips.\n")
    found = [c for c in drafted_claims(text, specs) if c.get("claimed") == count.split()[0]][-1]
    assert found.get("subject") == subject, found
    todo = " ".join(found.get("todo", []))
    assert (asked in todo and "heron_nvl72" in todo) if asked else "holds no" not in todo, found


def test_an_assumed_systems_own_count_of_its_own_chips_asks_no_other_holder(specs):
    """"72 MI455X accelerators for ~3 AI exaflops" after a paragraph on Helios, with a Vera Rubin
    NVL144 named too: 72 of the assumed system's own chips is its own count, not a figure the
    other maker's system of 72 may own."""
    text = ("Otherco ships the Heron NVL72 this year.\n\nExample's double-wide Lark NVL72 rack bundles\n"
            "72 Lark K1 accelerators for ~3 exaflops, pitched at Otherco's racks.\n")
    found = next(c for c in drafted_claims(text, specs) if c.get("claimed") == "72")
    assert found.get("subject") == "lark_nvl72" and not found.get("todo"), found


def test_a_count_of_its_makers_other_chips_stays_the_systems(specs):
    """"The GB200 NVL72 integrates 72 B200 GPUs": its maker's chips the specs hold apart from the
    system's own members are likely a variant's name, not another product's count."""
    found = next(c for c in drafted_claims("The Lark NVL72 integrates 72 Lark K2 chips.\n", specs)
                 if c.get("claimed") == "72")
    assert found.get("subject") == "lark_nvl72" and found.get("metric") == "chips", found


def test_the_other_side_of_vs_is_not_a_later_clauses_baseline(specs):
    """"the B300's higher FP8 throughput (~7.5 vs. 4.6 PFLOPS), Ironwood delivers ... compared to
    the B300's ~5.4": the baseline of the later clause is not the bracket's second side."""
    text = ("Even adjusting for the Lark K1's higher FP8 throughput (~2.6 vs. 1.9 PFLOPS), the Heron H9 "
            "delivers more per watt compared to the Lark K1's 3.\n")
    found = next(c for c in drafted_claims(text, specs) if c.get("claimed") == "1.9 PFLOPS")
    assert found.get("subject") is None, found
    assert any("other side of a comparison" in t and "heron" in t for t in found["todo"]), found
    # "13.31PFLOPS vs 8.875PFLOPS in B200": a name in the number's own clause stays its side's
    text = "This gives the Lark K1 FP8 at 2.6 PFLOPS vs 1.9 PFLOPS in Heron H9.\n"
    found = next(c for c in drafted_claims(text, specs) if c.get("claimed") == "1.9 PFLOPS")
    assert found.get("subject") == "heron" or "heron" in " ".join(found["todo"]), found


@pytest.mark.parametrize("text, metric", [
    ("The Lark K1 uses eight HBM3 stacks, providing 5.3 TB/s of bandwidth and 192 GB of DRAM capacity.\n",
     "hbm_capacity"),
    ("The Lark K1 board pairs it with 192 GB of DRAM capacity.\n", "lpddr_capacity"),
    ("The Lark K1 uses HBM3 stacks, and its host has 192 GB of DRAM capacity.\n", "lpddr_capacity")])
def test_dram_in_a_sentence_of_hbm_is_the_hbm(specs, text, metric):
    """"eight HBM3 stacks, ... and 192 GB of DRAM capacity": HBM is DRAM, so a sentence that
    names HBM means it; DRAM with no HBM in the sentence, or a host's, stays the CPU's memory."""
    claim = next(c for c in drafted_claims(text, specs) if c["claimed"] == "192 GB")
    assert claim.get("metric") == metric, claim


@pytest.mark.parametrize("text", ["The Lark Box consumes more than 2.2 GW of electricity.\n",
                                  "The Lark Box draws 1 gigawatt.\n"])
def test_gigawatts_are_power(specs, text):
    """A campus or cluster's gigawatts are its power, as megawatts are."""
    claim = drafted_claims(text, specs)[0]
    assert (claim.get("subject"), claim.get("metric")) == ("lark_box", "power"), claim


@pytest.mark.parametrize("text", ["The Lark Box packs 5x more GPUs than the Heron H9 box.\n",
                                  "The Lark Box holds four times as many chips as the Heron H9 box.\n"])
def test_n_times_more_gpus_compares_chip_counts(specs, text):
    claim = drafted_claims(text, specs)[0]
    assert claim.get("metric") == "chips" or "chips" in " ".join(claim.get("todo", [])), claim
    assert not any("what is compared" in t for t in claim.get("todo", [])), claim


@pytest.mark.parametrize("text", [
    "The Lark K1 has a TDP of 900W, which is only an increase of 200W compared to the Heron H9.\n",
    "The Lark K1 comes with a TDP increase of only 200W.\n",
    "The Lark K1's power increased by 200W over its predecessor.\n"])
def test_an_increase_of_an_amount_is_a_difference(specs, text):
    """"an increase of 200W compared to the B200": the amount is the difference, never the
    subject's own figure."""
    claim = next(c for c in drafted_claims(text, specs) if c["claimed"] == "200 W")
    assert any("is an increase (a difference" in t for t in claim.get("todo", [])), claim


def test_more_power_than_a_chip_draws_is_asked_among_its_systems(specs):
    """"... with liquid cooling and networking spanning nearly 10MW" after the chip's name: no chip
    draws megawatts; the figure is asked among the chip's systems."""
    claims = drafted_claims("The Lark K1 ships with liquid cooling and networking spanning nearly 10MW.\n"
                            "The Lark K1 draws 900W.\n", specs)
    big = next(c for c in claims if c["claimed"] == "10 MW")
    assert any("more power than a chip draws" in t and "lark_box" in t for t in big["todo"]), big
    assert not next(c for c in claims if c["claimed"] == "900 W").get("todo")


def test_a_memorys_clock_before_its_rate_keeps_the_rate_the_memorys():
    """"The second gen Infinity Fabric in the MI100 features 32 GB of HBM2 memory at 1.2 GHz
    delivering 1.23 TB/s of bandwidth": the rate the memory delivers is its own, not the link's."""
    from claimaudit.draft.context import rate_metric
    text = "The Infinity Fabric in the Lark K1 features 32 GB of HBM2 memory at 1.2 GHz delivering 1.23 TB/s"
    assert rate_metric([(text, text.index("1.23"))]) == "hbm_bandwidth"
    text = "GPU: NVIDIA Hopper, 132 multiprocessors, 96 GB HBM3 memory at 4 TB/s"     # HBM3 and memory
    assert rate_metric([(text, text.index("4 TB"))]) == "hbm_bandwidth"


def test_a_rate_at_a_possessives_capacity_is_the_same_names(specs):
    """"the H200 carries 141 GB HBM3e at 4.8 TB/s versus the H100's 80 GB HBM3 at 3.35 TB/s": the
    rate the possessive's memory runs at is that name's too, not the sentence subject's."""
    text = "The Lark K1 carries 192 GB HBM3 at 5.3 TB/s versus the Heron H9's 80 GB HBM3 at 3.35 TB/s.\n"
    found = {c["claimed"]: c.get("subject") for c in drafted_claims(text, specs)}
    assert found["80 GB"] == found["3.35 TB/s"] == "heron", found


def test_a_bracketed_precision_right_before_a_figure_is_its_own():
    """"(FP16) 15832 TFLOPS ; (TF32) 7912 TFLOPS": each figure's precision is the bracketed word
    right before it, though its sentence names several."""
    from claimaudit.draft.context import precision
    text = "Peak: (FP16) 15832 TFLOPS ; (TF32) 7912 TFLOPS ; (FP32) 536 TFLOPS"
    def read(figure: str) -> str | None:
        clause = f" {figure} TFLOPS "          # the clause after the bracket
        return precision([(clause, 1), (text, text.index(figure))])
    found = [read(figure) for figure in ("15832", "7912", "536")]
    assert found == ["fp16", "tf32", "fp32"]


def test_a_multiplier_counting_a_chip_is_a_count_of_its_systems_chips(specs):
    """"| Compute | 8x Lark K1 per node |": eight chips, a count whose owner is the system that
    holds eight of them, not a ratio to the chip."""
    claim = drafted_claims("| Compute | 8x Lark K1 per node |\n|---|---|\n", specs)[0]
    assert claim.get("metric") == "chips" or "chips" in " ".join(claim.get("todo", [])), claim
    assert "lark_box" in " ".join(claim.get("todo", [])) or claim.get("subject") == "lark_box", claim


VARIANT_SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - id: wren
        name: Example Wren W100
        vendor: Example
        kind: chip
        aliases: [Wren W100]
        facts:
          - {metric: power, value: 700 W, source: ex-sheet}
      - id: wren_pcie
        name: Example Wren W100 PCIe
        vendor: Example
        kind: chip
        aliases: [Wren W100 PCIe]
        facts:
          - {metric: power, value: 350 W, source: ex-sheet}
    """)


@pytest.mark.parametrize("text, asked", [
    ("Our data came from the PCIe version of Wren W100, with a reduced TDP of 350 watts. "
     "The Wren W100 PCIe is slower.\n", True),
    ("Our data came from the Wren W100, with a TDP of 350 watts.\n", False),    # no variant named
    ("Our data came from the Wren W100, with a TDP of 700 watts. The Wren W100 PCIe is slower.\n", False)])
def test_a_figure_only_a_named_variant_publishes_is_asked_between_them(tmp_path_factory, text, asked):
    """"the PCIe version of H100 ... a reduced TDP of 350 watts", in a text that names the H100
    PCIe: the H100 publishes 700 W, its PCIe variant 350 W; asked between the two, never moved."""
    catalogue = catalogue_of(tmp_path_factory, VARIANT_SPECS)
    found = claim(text, catalogue, "350 W" if "350" in text else "700 W")
    assert found.get("subject") == "wren", found
    assert any("wren_pcie (a variant the text names)" in t for t in found.get("todo", [])) == asked, found


def test_an_assumed_systems_own_chip_is_among_the_questions_candidates(specs):
    """"192GB of High-Bandwidth Memory" after a paragraph about the pod: the assumed system's
    own chip is named in the question, so the right id is among the candidates."""
    text = "The Lark Box ships in May with liquid cooling.\nMemory there reaches 200 GB in all.\n"
    claim = drafted_claims(text, specs)[0]
    assumed = next(t for t in claim["todo"] if "assumed" in t)
    assert "lark_box (named earlier) assumed" in assumed and "lark" in assumed.split("also names")[1], claim


def test_a_name_compared_with_behind_a_hyphened_word_is_no_topic(specs):
    """"a near-doubling in performance-per-watt over its sixth-generation Trillium chips. It comes
    with 192GB": the name the sentence compares with, behind a hyphened adjective, is not what
    "It" stands for."""
    text = ("The Lark K1 brings a near-doubling over its sixth-generation Heron H9 chips. "
            "It comes with 200 GB of memory.\n")
    claim = next(c for c in drafted_claims(text, specs) if c["claimed"] == "200 GB")
    assert claim.get("subject") == "lark", claim        # asked (its figure differs), but as the Lark's
    assert not any("heron, lark; pick one" in t for t in claim.get("todo", [])), claim


@pytest.mark.parametrize("text, claimed, quoted", [
    ("In 8-GPU servers the Lark K2 creates 5.6–8kW of heat per chassis.\n", "5.6 kW", "5.6–8kW of heat"),
    ("The Lark K2 draws roughly 350–400W per chip.\n", "350 W", "350–400W per chip"),
])
def test_an_en_dash_range_stays_in_one_clause(specs, text, claimed, quoted):
    """"5.6–8kW": a dash joining two figures is a range, no clause break; the quote holds both."""
    assert quoted in claim(text, specs, claimed)["quote"]


def test_a_spaced_en_dash_still_ends_a_clause(specs):
    found = claim("The Heron H9 ships – the Lark K2 has 96 GB of HBM.\n", specs, "96 GB")
    assert "Heron" not in found["quote"]


def test_inter_chip_bandwidth_is_the_scale_up_links(specs):
    found = claim("The Lark K2 has 96 GB of HBM with 4 TB/s bandwidth, and 1.2 TB/s bidirectional "
                  "inter-chip bandwidth.\n", specs, "1.2 TB/s")
    assert found.get("metric") == "scaleup_bandwidth"


@pytest.mark.parametrize("claimed, metric", [("9.7 TFLOPS", "fp64_dense"), ("19.5 TFLOPS", "fp32_dense")])
def test_a_precision_after_in_is_its_figures(specs, claimed, metric):
    """"9.7 TFlop/s in FP64 or 19.5 TFlop/s in FP32": each figure's own word after its unit, not the
    nearer one before it."""
    text = "The Lark K2 gives 9.7 TFlop/s in FP64 or 19.5 TFlop/s in FP32.\n"
    assert claim(text, specs, claimed).get("metric") == metric


def test_a_link_word_leading_its_own_amount_is_not_the_bracketed_rates(specs):
    """"(up to ~8 TB/s) and NVLink 5 at ~1.8 TB/s": NVLink leads the 1.8 TB/s; the bracket's rate,
    after "bandwidth" and the HBM3e figure, is the memory's."""
    text = ("Lark K2: up to ~192GB-class HBM3e per GPU (platform dependent), with much higher bandwidth "
            "class (up to ~8 TB/s) and NVLink 5 at ~1.8 TB/s per GPU.\n")
    assert claim(text, specs, "8 TB/s").get("metric") != "scaleup_bandwidth"
    assert claim(text, specs, "1.8 TB/s").get("metric") == "scaleup_bandwidth"


def test_a_name_between_em_dashes_owns_only_the_figures_inside(specs):
    """"900 GB/s — nearly double the Heron H9's 600 GB/s — and 80 GB": the dashes set the Heron
    apart, so the amounts after them stay the sentence subject's."""
    text = ("The Lark K2 offers 900 GB/s NVLink bandwidth — nearly double the Heron H9's 600 GB/s — "
            "and 80 GB of HBM3 memory with 3.35 TB/s bandwidth.\n")
    assert claim(text, specs, "80 GB").get("subject") == "lark2"
    assert claim(text, specs, "3.35 TB/s").get("subject") == "lark2"


@pytest.mark.parametrize("text, asked", [
    ("The instance provides 8x Lark K1 GPUs with 1536 GB total HBM3, 3.2 Tbps of EFA.\n", True),
    ("Lark K1 GPUs, 400 Gbps InfiniBand.\n", True),
    ("Each Lark K1 gets 400 Gbps of InfiniBand per GPU.\n", False),     # the clause says whose
])
def test_a_network_figure_of_a_chip_that_publishes_none_is_asked_with_its_systems(specs, text, asked):
    """"8x H100 SXM GPUs with 640 GB total HBM3, 3.2 Tbps of EFA": readers give the network to the
    instance's node; a chip with no network figure of its own is asked beside its systems."""
    claimed = "3.2 Tbps" if "3.2" in text else "400 Gbps"
    found = claim(text, specs, claimed)
    assert found.get("metric") == "scaleout_bandwidth" or "scaleout_bandwidth" in str(found.get("todo"))
    assert any("lark_box" in t for t in found.get("todo", [])) is asked, found


@pytest.mark.parametrize("text", ["On a single node with 8 Lark K1 units, it achieved 107 tokens.\n",
                                  "On a single node with 8 Lark K1 GPUs, it achieved 107 tokens.\n"])
def test_units_after_a_product_count_its_chips(specs, text):
    """"On a single node with 8 B300 units": units of a product are its chips, counted by the system."""
    found = claim(text, specs, "8")
    assert (found.get("subject"), found.get("metric")) == ("lark_box", "chips"), found


def test_times_more_is_no_decrease_whatever_smaller_words_follow(specs):
    """"the Gaudi 3 brings 2X more performance ... when it computes using smaller units of data":
    "more" right after the ratio says its direction; "smaller" later in the clause does not swap
    the sides ("2x lower power than" still does)."""
    text = ("While it is based on the same architecture as the Lark K1, the vendor said the Lark K2 "
            "brings 2X more performance when it computes using smaller numbers called FP8.\n")
    [found] = drafted_claims(text, specs)
    assert {(r["subject"], r["baseline"]) for r in found["interpretations"]} == {("lark2", "lark")}, found
    found = claim("The Lark K2 has 2x lower FP8 throughput than the Lark K1.\n", specs, "2x")
    assert (found["subject"], found["baseline"]) == ("lark", "lark2"), found


LPDDR_SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - {id: crest_c1, name: Example Crest C1, vendor: Example, kind: chip, aliases: [Crest C1],
         facts: [{metric: lpddr_capacity, value: 160 GB, source: ex-sheet}]}
      - {id: peak_p1, name: Example Peak P1, vendor: Example, kind: chip, aliases: [Peak P1],
         facts: [{metric: hbm_capacity, value: 96 GB, source: ex-sheet},
                 {metric: lpddr_capacity, value: 160 GB, source: ex-sheet}]}
    """)


@pytest.mark.parametrize("text, metric", [
    ("The Crest C1 doubles its memory, totaling 160GB of VRAM.\n", "lpddr_capacity"),  # its one memory
    ("The Peak P1 doubles its memory, totaling 160GB of VRAM.\n", "hbm_capacity"),     # VRAM of HBM
])
def test_vram_of_a_chip_that_publishes_no_hbm_is_its_other_memory(tmp_path_factory, text, metric):
    """"totaling 160GB of VRAM" of an LPDDR card: the word VRAM does not make its device memory
    HBM; the figure it publishes tells (a chip with HBM keeps VRAM as HBM)."""
    found = claim(text, catalogue_of(tmp_path_factory, LPDDR_SPECS), "160 GB")
    assert found.get("metric") == metric, found


@pytest.mark.parametrize("claimed, metric", [("312 TFLOPS", "fp16_dense"), ("624 TFLOPS", "fp16_sparse")])
def test_a_bracket_with_its_own_figure_says_nothing_of_the_figure_before(specs, claimed, metric):
    """"A100 SXM: 312 TFLOPS FP16 (with sparsity: 624 TFLOPS)": the bracket's sparsity is its 624's."""
    text = "- Lark K2: 312 TFLOPS FP16 (with sparsity: 624 TFLOPS)\n"
    assert claim(text, specs, claimed).get("metric") == metric


@pytest.mark.parametrize("text", ["这使得基于Lark K1的服务器有着8块芯片。\n",
                                  "这使得基于Lark K1的服务器有着8颗芯片。\n"])
def test_a_measure_word_before_chips_counts_chips(specs, text):
    """"基于TPUv4的超算有着4096块芯片": 块 before 芯片 counts chips, held by the chip's system."""
    found = claim(text, specs, "8")
    assert (found.get("subject"), found.get("metric")) == ("lark_box", "chips"), found


@pytest.mark.parametrize("tail", ["provided by Example’s Heron H9", "of the Heron H9"])
def test_an_amount_after_compared_to_is_the_name_after_its_own(specs, tail):
    """"CM384 ... 300 petaflops of BF16 compared to the 180 petaflops of BF16 provided by Nvidia's
    GB200 NVL72": the compared-with amount is the name's that follows it."""
    text = f"The Lark K2 offers 300 TFLOPS of FP8 compared to the 180 TFLOPS of FP8 {tail}.\n"
    assert claim(text, specs, "180 TFLOPS").get("subject") == "heron"
    assert claim(text, specs, "300 TFLOPS").get("subject") == "lark2"


def test_a_lead_line_naming_only_the_compared_with_product_leads_no_list(specs):
    """"This is a huge increase compared to Huawei's earlier Atlas 900 A3 SuperPoD, which used
    only 384 chips. Thanks to this scale-up, the new system will deliver:" over "- 8 exaflops of
    FP8": the earlier product the lead line compares with is not the list's subject; asked."""
    text = ("The Lark NVL72 is the vendor's new rack.\n"
            "This is a huge increase compared to Otherco's earlier Heron NVL72, which used older chips. "
            "Thanks to this scale-up, the new system will deliver:\n"
            "- 720 PFLOPS of FP8 for training.\n")
    found = claim(text, specs, "720 PFLOPS")
    assert found.get("subject") != "heron_nvl72", found
    assert any(t.startswith("subject:") and "lark_nvl72" in t for t in found.get("todo", [])), found


SIZED_SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - {id: wren, name: Example Wren W1, vendor: Example, kind: chip, aliases: [Wren W1],
         facts: [{metric: hbm_capacity, value: 80 GB, source: ex-sheet},
                 {metric: hbm_bandwidth, value: 3.35 TB/s, source: ex-sheet},
                 {metric: scaleup_bandwidth, value: 900 GB/s, source: ex-sheet}]}
      - {id: wren_super, name: Example Wren Superchip (96 GB), vendor: Example, kind: chip,
         facts: [{metric: hbm_capacity, value: 96 GB, source: ex-sheet},
                 {metric: scaleup_bandwidth, value: 900 GB/s, source: ex-sheet}]}
      - {id: wren_super_144, name: Example Wren Superchip (144 GB), vendor: Example, kind: chip,
         facts: [{metric: hbm_capacity, value: 144 GB, source: ex-sheet}]}
      - {id: vast_rack, name: Example Vast Rack, vendor: Example, kind: system, aliases: [Vast Rack],
         facts: [{metric: fast_memory_capacity, value: 100 TB, source: ex-sheet}]}
      - {id: wren_rack, name: Example Wren Rack, vendor: Example, kind: system, aliases: [Wren Rack],
         members: {wren: 72},
         facts: [{metric: fast_memory_capacity, value: 5.76 TB, source: ex-sheet}]}
    shared_names:
      - {name: Wren Superchip, ids: [wren_super, wren_super_144]}
    """)


@pytest.mark.parametrize("line, asked", [
    ("1x Example Wren W1 96GB with 900 GB/s NVLink-C2C\n", True),     # a size the specs' Wren W1 lacks
    ("1x Example Wren W1 80GB with 900 GB/s NVLink-C2C\n", False),    # its own size settles nothing
])
def test_a_name_written_with_a_size_its_specs_contradict_is_asked(tmp_path_factory, line, asked):
    """"1x NVIDIA Grace Hopper Superchip (GH200 480GB) ... 1x NVIDIA H100 96GB with 900 GB/s
    NVLink-C2C": the specs' H100 has 80 GB, so "H100 96GB" is a variant they do not hold (GH200's
    H100); asked, with the named ids that publish 96 GB."""
    catalogue = catalogue_of(tmp_path_factory, SIZED_SPECS)
    text = "The node has 1x Example Wren Superchip with its GPU:\n" + line
    found = claim(text, catalogue, "900 GB/s")
    todos = [t for t in found.get("todo", []) if "no part the specs hold" in t]
    assert bool(todos) == asked, found
    if asked:
        assert "wren_super (named in the text) publishes 96 GB" in todos[0], todos


@pytest.mark.parametrize("text, metric", [
    ("Example Vast Rack 可提供 100 TB 的高速內存。\n", "fast_memory_capacity"),   # its fast memory's figure
    ("Example Wren W1 搭配 80GB 高速記憶體。\n", "hbm_capacity"),                # a chip's HBM
])
def test_high_speed_memory_is_what_the_figure_says(tmp_path_factory, text, metric):
    """"100 TB 的高速內存" of a rack that publishes 100 TB of fast memory and no HBM figure is its
    fast memory (NVIDIA's Chinese for "fast memory"); "192GB 高速記憶體" of a chip stays HBM."""
    catalogue = catalogue_of(tmp_path_factory, SIZED_SPECS)
    claimed = "100 TB" if "100 TB" in text else "80 GB"
    found = claim(text, catalogue, claimed)
    assert found.get("metric") == metric, found


@pytest.mark.parametrize("claimed, asked", [("3.35 TB/s", True), ("900 GB/s", False)])
def test_a_rate_the_words_give_a_link_but_its_figure_another_bandwidth_is_asked(tmp_path_factory, claimed,
                                                                                 asked):
    """"NVIDIA H100 SXM5 ... 80 GB HBM3 3.35 TB/s NVLink 4.0" (a table's cells run into one line):
    the words near 3.35 TB/s say NVLink, the H100's published figures say its memory; asked. The
    link's own figure (900 GB/s) stays the link's."""
    text = f"Example Wren W1 80 GB HBM3 {claimed} NVLink 4.0 training\n"
    found = claim(text, catalogue_of(tmp_path_factory, SIZED_SPECS), claimed)
    assert found.get("metric") == "scaleup_bandwidth", found
    todos = [t for t in found.get("todo", []) if "published hbm_bandwidth" in t]
    assert bool(todos) == asked, found


@pytest.mark.parametrize("word", ["年化", "年均"])
def test_an_annualised_percentage_is_a_growth(specs, word):
    """"B100 半精度 flops 7 年增长 14.4 倍,年化 46%": the annualised rate is an increase (+46%), not a
    share of anything (0.46)."""
    found = claim(f"Lark K2 半精度算力 7 年增长 14.4 倍,{word} 46%。\n", specs, "+46%")
    assert found["claimed"] == "+46%", found


@pytest.mark.parametrize("text, claimed", [
    # round 147: "to N%" is a share ("cut to 50%") unless a comparative follows the figure
    ("The Lark K2's bandwidth gain translates almost directly to 68% faster generation.\n", "+68%"),
    ("The Lark K2 cut its power to 50% of the old part's.\n", "50%"),
    # round 153: "50% of the increase is due to clock speed" is a share of a change, no change
    ("The Lark K2 is faster. 50% of the increase is due to an increased clock speed.\n", "50%"),
    ("The Lark K2 is faster. The remaining 25% of the performance increase comes from HBM.\n", "25%"),
])
def test_to_a_percentage_then_a_comparative_is_a_change(specs, text, claimed):
    assert claim(text, specs, claimed)["claimed"] == claimed


@pytest.mark.parametrize("verb", ["dominates", "beats", "outpaces", "outstrips", "outclasses"])
def test_a_verb_of_winning_makes_its_object_the_baseline(specs, verb):
    """"MI300X dominates H100 with 30% more FP8 FLOPS": the one it wins over is the baseline."""
    found = claim(f"On raw specs, the Lark K1 {verb} the Heron H9 with 30% more FP8 FLOPS.\n", specs, "+30%")
    shape = (found.get("subject"), found.get("baseline"), found.get("metric"))
    assert shape == ("lark", "heron", "fp8_dense"), found


def test_a_signed_change_cell_with_the_name_it_favours_after_it_compares_the_columns(specs):
    """"| VRAM | 128GB HBM3 | 80GB HBM3e | +60% AMD |": the signed cell is the first column's change
    over the second, whichever side the name of the favoured column stands."""
    text = ("| Spec | Lark K2 | Heron H9 | Difference |\n|---|---|---|---|\n"
            "| VRAM | 256GB HBM3 | 141GB HBM3e | +82% Example |\n")
    found = claim(text, specs, "+82%")
    shape = (found.get("subject"), found.get("baseline"), found.get("metric"))
    assert shape == ("lark2", "heron", "hbm_capacity"), found


def test_a_figure_after_two_names_joined_by_a_slash_is_asked_between_them(specs):
    """"Throughput is public dense spec-sheet figures: H100/H200 989 TFLOPS FP16": the figure is
    both names', not the nearer one's; asked between them ("Lark K2 2,600 TFLOPS" stays the K2's)."""
    found = claim("Throughput: Lark K1/Lark K2 2,600 TFLOPS FP8 dense.\n", specs, "2,600 TFLOPS")
    assert "subject" not in found and any("lark/lark2 together" in t for t in found["todo"]), found
    found = claim("Throughput: Lark K2 2,600 TFLOPS FP8 dense.\n", specs, "2,600 TFLOPS")
    assert found.get("subject") == "lark2" and not found.get("todo"), found


@pytest.mark.parametrize("claimed, asked", [("1.5 EFLOPS", True), ("2.6 PFLOPS", False)])
def test_an_exaflop_of_a_chip_is_asked_among_its_systems(specs, claimed, asked):
    """"NVIDIA凭借H100架构服务器占据主导地位,其FP8算力突破1.5EFLOPS": no chip computes an exaflop;
    asked among the chip's systems (a chip's own petaflops stay its)."""
    found = claim(f"The Lark K1 leads the market, its FP8 compute passing {claimed}.\n", specs, claimed)
    todos = [t for t in found.get("todo", []) if "more compute than a chip has" in t]
    assert bool(todos) == asked, found
    if asked:
        assert "lark_box" in todos[0] and "lark_nvl72" in todos[0], todos
