"""The figures a draft may take as evidence (pipeline/draft/entities.py, settle.py), issue 19:
a figure the specs hold as an expression is one an article copies; a precision whose sparse
figure nobody publishes is not a dense-or-sparse question; a subject assumed from an earlier
name stands when the number is its figure and no other named id's; a family word in brackets
beside a name asks nothing; a row label that counts transistors decides the metric. Known
answers over small fictional specs written for this module."""

from __future__ import annotations

import textwrap

import pytest
from draft_catalogues import catalogue_of, drafted_claims

from claimaudit.draft.numbers import find_numbers

SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - id: nimbus
        name: Example Nimbus N1
        vendor: Example
        kind: chip
        aliases: [Nimbus N1, Nimbus]
        facts:
          - {metric: fp8_sparse, value: "2,000 TFLOPS", source: ex-sheet}
          - {metric: fp8_dense, value: "nimbus.fp8_sparse / 2", source: ex-sheet}
          - {metric: fp16_dense, value: "nimbus.fp8_dense / 2", source: ex-sheet}
          - {metric: bf16_dense, value: "nimbus.hbm_capacity / 2", source: ex-sheet}
          - {metric: transistors, value: "80000000000", source: ex-sheet}
          - {metric: hbm_capacity, value: 96 GB, source: ex-sheet}
          - {metric: hbm_bandwidth, value: 4 TB/s, source: ex-sheet}
      - id: cirrus
        name: Example Cirrus C2
        vendor: Example
        kind: chip
        aliases: [Cirrus C2, Cirrus]
        facts:
          - {metric: fp8_sparse, value: "4,000 TFLOPS", source: ex-sheet}
          - {metric: fp8_dense, value: "cirrus.fp8_sparse / 2", source: ex-sheet}
          - {metric: int8_dense, value: "800 TOPS", source: ex-sheet}
          - {metric: transistors, value: "80000000000", source: ex-sheet}
          - {metric: hbm_capacity, value: 144 GB, source: ex-sheet}
          - {metric: hbm_bandwidth, value: 6 TB/s, source: ex-sheet}
      - id: stratus
        name: Example Stratus S1
        vendor: Example
        kind: chip
        aliases: [Stratus S1]
        facts:
          - {metric: fp8_sparse, value: "3,000 TFLOPS", source: ex-sheet}
          - {metric: fp8_dense, value: "1,000 TFLOPS", source: ex-sheet}
      - id: tempest
        name: Example Tempest T1
        vendor: Example
        kind: chip
        aliases: [Tempest T1, Tempest]
        facts:
          - {metric: transistors, value: "100000000000", source: ex-sheet}
          - {metric: hbm_capacity, value: 128 GB, source: ex-sheet}
      - id: gale_g1
        name: Example Gale G1
        vendor: Example
        kind: chip
        aliases: [Gale G1]
        facts:
          - {metric: sram_capacity, value: 256 MB, source: ex-sheet}
          - {metric: lpddr_capacity, value: 128 GB, source: ex-sheet}
          - {metric: die_area, value: 421 mm2, source: ex-sheet}
          - {metric: fp8_dense, value: "1,835 TFLOPS", source: ex-sheet}
      - id: gale_g2
        name: Example Gale G2
        vendor: Example
        kind: chip
        aliases: [Gale G2]
        facts:
          - {metric: hbm_capacity, value: 192 GB, source: ex-sheet}
      - id: nimbus_box
        name: Example Nimbus Box (8 Nimbus N1)
        vendor: Example
        kind: system
        aliases: [Nimbus Box]
        members: {nimbus: 8}
        facts:
          - {metric: hbm_capacity, value: 768 GB, source: ex-sheet}
      - id: nimbus_rack
        name: Example Nimbus Rack (64 Nimbus N1)
        vendor: Example
        kind: system
        aliases: [Nimbus Rack]
        members: {nimbus: 64}
        facts:
          - {metric: hbm_capacity, value: 6 TB, source: ex-sheet}
      - id: squall
        name: Example Squall S3
        vendor: Example
        kind: chip
        aliases: [Squall S3 GPU, Squall S3]
        facts:
          - {metric: hbm_capacity, value: 288 GB, source: ex-sheet}
      - id: zephyr9
        name: Example Zephyr Z9
        vendor: Example
        kind: chip
        aliases: [Zephyr Z9]
        facts:
          - {metric: hbm_capacity, value: 288 GB, source: ex-sheet}
      - id: squall_rack
        name: Example Squall S3 NVX (72 Squall S3 GPUs)
        vendor: Example
        kind: system
        aliases: [Squall S3 NVX, Squall S3]
        members: {squall: 72}
        facts:
          - {metric: hbm_capacity, value: 20.7 TB, source: ex-sheet}
    """)


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


def claim(text: str, catalogue, claimed: str) -> dict:
    claims = drafted_claims(text, catalogue)
    return next(c for c in claims if claimed in (c.get("claimed"),
                                                 *(r["claimed"] for r in c.get("interpretations") or [])))


# --- figures held as expressions ------------------------------------------------------------

def test_an_expression_fact_is_a_figure_an_article_copies(specs):
    assert specs.figures[("nimbus", "fp8_dense")] == [1000e12]
    assert specs.figures[("nimbus", "fp16_dense")] == [500e12]        # a chain: two passes
    assert specs.figures[("cirrus", "fp8_dense")] == [2000e12]


def test_an_expression_of_another_dimension_still_adds_its_number(specs):
    """The drafter works in base units and never judges: 96 GB / 2 is 48e9 of whatever."""
    assert specs.figures[("nimbus", "bf16_dense")] == [48e9]


def test_every_fact_with_a_figure_or_formula_is_published(specs):
    assert {("nimbus", "fp8_dense"), ("nimbus", "fp8_sparse"), ("cirrus", "int8_dense")} <= specs.published
    assert ("cirrus", "int8_sparse") not in specs.published


# --- dense or sparse ------------------------------------------------------------------------

def metric_todo(found: dict) -> list[str]:
    return [t for t in found.get("todo") or [] if t.startswith("metric:")]


@pytest.mark.parametrize("text, claimed, metric", [
    ("Nimbus N1 delivers 1,000 TFLOPS of FP8 compute.", "1,000 TFLOPS", "fp8_dense"),   # the expression
    ("Stratus S1 delivers 1,000 TFLOPS of FP8 compute.", "1,000 TFLOPS", "fp8_dense"),
    ("Cirrus C2 reaches 800 TOPS of INT8.", "800 TOPS", "int8_dense"),       # no sparse figure
    ("Cirrus C2 reaches 700 TOPS of INT8.", "700 TOPS", "int8_dense"),       # ... even when off
])
def test_a_dense_reading_stands_with_no_question(specs, text, claimed, metric):
    found = claim(text, specs, claimed)
    assert found.get("metric") == metric and not found.get("todo"), found


@pytest.mark.parametrize("text, claimed", [
    ("Nimbus N1 delivers 2,000 TFLOPS of FP8 compute.", "2,000 TFLOPS"),     # the sparse figure
    ("Nimbus N1 delivers 1,500 TFLOPS of FP8 compute.", "1,500 TFLOPS"),     # neither
])
def test_a_figure_that_may_be_either_is_asked(specs, text, claimed):
    found = claim(text, specs, claimed)
    assert any("dense or sparse" in t for t in metric_todo(found)), found


def test_a_ratio_is_settled_when_both_readings_give_it(specs):
    found = claim("Cirrus C2 has 2x the FP8 compute of Nimbus N1.", specs, "2x")
    assert (found.get("subject"), found.get("baseline"), found.get("metric")) == (
        "cirrus", "nimbus", "fp8_dense")
    assert not found.get("todo"), found


def test_a_ratio_is_asked_when_the_readings_differ(specs):
    """Stratus S1: 1,000 dense, 3,000 sparse; Nimbus N1: 1,000 and 2,000. Dense gives 1x,
    sparse 1.5x: which the writer meant is the reader's question."""
    found = claim("Stratus S1 has 1.5x the FP8 compute of Nimbus N1.", specs, "1.5x")
    assert any("dense or sparse" in t for t in metric_todo(found)), found


# --- a subject assumed from an earlier name -------------------------------------------------

def subject_todo(found: dict) -> list[str]:
    return [t for t in found.get("todo") or [] if t.startswith("subject:")]


def test_an_assumed_subject_stands_when_the_number_is_its_figure(specs):
    text = "The Tempest T1 is the new flagship.\n\n- 100 billion transistors on a 3nm process"
    found = claim(text, specs, "100e9")
    assert (found.get("subject"), found.get("metric")) == ("tempest", "transistors")
    assert not subject_todo(found), found


def test_an_assumed_subject_is_asked_when_another_named_id_has_the_figure_too(specs):
    text = ("The Nimbus N1 replaces the Cirrus C2 in the lineup.\n\nThe Nimbus N1 is the new flagship.\n\n"
            "- 80 billion transistors")
    found = claim(text, specs, "80e9")
    assert subject_todo(found), found        # Cirrus C2 publishes 80 billion too


def test_an_assumed_subject_is_asked_when_the_number_is_not_its_figure(specs):
    text = "The Tempest T1 is the new flagship.\n\n- 90 billion transistors"
    assert subject_todo(claim(text, specs, "90e9"))


# --- a family word in brackets --------------------------------------------------------------

def test_a_family_word_in_brackets_beside_a_name_asks_nothing(specs):
    table = ("| Feature | Example Tempest T1 (Gale) | Example Cirrus C2 |\n|---|---|---|\n"
             "| Memory Capacity | 128 GB | 144 GB |\n| Memory Bandwidth | 5 TB/s | 6 TB/s |\n")
    found = claim(table, specs, "128 GB")
    assert found.get("subject") == "tempest" and not subject_todo(found), found


def test_a_name_in_brackets_after_a_family_word_is_the_subject(specs):
    found = claim("The Gale (Tempest T1) ships 128 GB of HBM.", specs, "128 GB")
    assert found.get("subject") == "tempest" and not subject_todo(found), found


def test_a_header_naming_a_product_and_a_shared_name_asks_among_all_of_them(specs):
    """`| B300 / GB300 |`: one name and a shared one in a header; the question lists the named
    product beside the shared name's products, not the shared name's alone."""
    table = ("| Feature | Tempest T1 / Gale | Example Cirrus C2 |\n|---|---|---|\n"
             "| Memory Capacity | 128 GB | 144 GB |\n| Memory Bandwidth | 5 TB/s | 6 TB/s |\n")
    found = claim(table, specs, "5 TB/s")
    assert "subject" not in found and any("names tempest, gale_g1, gale_g2; name one" in t
                                          for t in subject_todo(found)), found


def test_a_family_word_alone_is_still_asked(specs):
    found = claim("The Gale ships 128 GB of HBM.", specs, "128 GB")
    assert "subject" not in found and any("'Gale' may mean" in t for t in subject_todo(found)), found


# --- a row label that counts ----------------------------------------------------------------

def test_a_transistor_row_decides_the_metric(specs):
    table = ("| Spec | Tempest T1 | Cirrus C2 |\n|---|---|---|\n"
             "| Transistors | 100 Billion | 80 Billion |\n| Memory | 128 GB | 144 GB |\n")
    found = claim(table, specs, "80e9")
    assert (found.get("subject"), found.get("metric")) == ("cirrus", "transistors") and not found.get("todo")


def test_a_transistor_count_in_prose_is_the_transistors_metric(specs):
    found = claim("Tempest T1 has 100 billion transistors.", specs, "100e9")
    assert (found.get("subject"), found.get("metric")) == ("tempest", "transistors") and not found.get("todo")


# --- names aimed at and compared with -----------------------------------------------------

def test_a_name_aimed_at_is_not_the_subject(specs):
    found = claim("Launched this year; aimed at Cirrus C2 with a 96 GB memory.", specs, "96 GB")
    assert found.get("subject") != "cirrus" and subject_todo(found), found


def test_a_name_aimed_at_is_no_topic_of_the_next_sentence(specs):
    text = "The new part is aimed at Cirrus C2.\n\n- 96 GB HBM at 4 TB/s"
    found = claim(text, specs, "96 GB")
    assert found.get("subject") != "cirrus" and subject_todo(found), found


def test_a_name_something_is_compatible_with_is_no_topic(specs):
    """"The first wafer ... is architecturally compatible with the GC200 IPU processor. It has
    900MB": the part it is compatible with is a reference, not what "It" is."""
    text = "The new die is architecturally compatible with Cirrus C2. It has 96 GB of memory."
    found = claim(text, specs, "96 GB")
    assert found.get("subject") != "cirrus" and subject_todo(found), found


def test_a_name_compared_with_is_no_topic(specs):
    text = ("The Gale family is new. Its compute is 3.5x over Gale G1.\n"
            "It also has twice the on-chip SRAM at 256MB.")
    found = claim(text, specs, "256 MB")
    assert found.get("subject") != "gale_g1" and subject_todo(found), found


def test_a_name_compared_with_after_adjectives_is_no_topic(specs):
    """"over the current flagship Cirrus C2": the words between do not make it the topic."""
    text = "The Gale G1 is a major step over the current flagship Cirrus C2. The full chip has 256MB of SRAM."
    found = claim(text, specs, "256 MB")
    assert found.get("subject") == "gale_g1", found


@pytest.mark.parametrize("anaphor", ["This form factor", "The baseboard", "This platform"])
def test_a_form_factor_anaphor_is_the_topics_system(specs, anaphor):
    """"This form factor provides 14.6 PFLOPs ..." after a paragraph about a chip and the board of
    eight: a system word refers to the chip's one system."""
    text = f"The Nimbus N1 ships as a card, eight to a baseboard.\n\n{anaphor} provides 768 GB of HBM."
    found = claim(text, specs, "768 GB")
    assert found.get("subject") == "nimbus_box", found


# --- a system word after a chip's name ------------------------------------------------------

def test_a_counted_server_of_a_chip_is_its_container_of_that_size(specs):
    found = claim("A standard 8-card Nimbus N1 server provides 768 GB of HBM.", specs, "768 GB")
    assert found.get("subject") == "nimbus_box" and not subject_todo(found), found


def test_a_server_of_a_chip_with_several_containers_is_asked(specs):
    found = claim("A Nimbus N1 server provides 700 GB of HBM.", specs, "700 GB")
    assert "subject" not in found
    assert any("nimbus_box" in t and "nimbus_rack" in t for t in subject_todo(found)), found


# --- the memory a capacity is, and an area ----------------------------------------------------

@pytest.mark.parametrize("text, claimed, metric", [
    ("Gale G1 has 256MB of on-chip SRAM.", "256 MB", "sram_capacity"),
    ("Gale G1 carries 128GB of LPDDR5.", "128 GB", "lpddr_capacity"),
    ("Gale G1 has 128GB of HBM.", "128 GB", "hbm_capacity"),
    ("Gale G1 has a die of 421mm2.", "421 mm2", "die_area"),
])
def test_the_memory_words_decide_the_capacity_metric(specs, text, claimed, metric):
    assert claim(text, specs, claimed).get("metric") == metric


def test_a_cache_or_a_package_area_decides_no_metric(specs):
    assert "metric" not in claim("Gale G1 has 96MB of L2 cache.", specs, "96 MB")
    assert "metric" not in claim("Gale G1 sits in a package of 2,000mm2.", specs, "2,000 mm2")


# --- one product at several scopes ------------------------------------------------------------

def test_a_figure_near_one_scope_and_far_from_the_other_decides_it(specs):
    table = "| Spec | Squall S3 |\n|---|---|\n| HBM | 192GB |\n| HBM (rack) | 20.7TB |\n"
    assert claim(table, specs, "192 GB").get("subject") == "squall"          # 1.5x off the GPU: still its
    assert claim(table, specs, "20.7 TB").get("subject") == "squall_rack"


def test_a_figure_between_the_scopes_is_asked(specs):
    table = "| Spec | Squall S3 |\n|---|---|\n| HBM | 2TB |\n"
    assert "subject" not in claim(table, specs, "2 TB")


# --- rounding the written digits allow ---------------------------------------------------------

def test_written_digits_widen_a_match_to_their_rounding():
    from claimaudit.draft.figure_match import amount, same_figure

    assert same_figure(amount("1.8 PFLOPS"), 1.835e15)             # 1.8 covers 1.75 to 1.85
    assert not same_figure(amount("1.80 PFLOPS"), 1.835e15)        # 1.80 covers 1.795 to 1.805
    assert not same_figure(amount("5 nm"), 4e-9)                   # widened at most 10%
    assert same_figure(amount("7.4 TB/s"), 7.37e12)                # 1% always


# --- a family word before a name of its own family ---------------------------------------------

def test_a_family_word_before_a_name_of_its_family_joins_that_name(specs):
    """"Blackwell Ultra GB300": one name (the family word says which architecture it is)."""
    found = specs.find("The Gale Ultra Gale G1 has 256MB of SRAM.")
    assert [(m.text, m.entity, m.candidates) for m in found] == [("Gale Ultra Gale G1", "gale_g1", ())]
    assert [m.text for m in specs.find("Gale and Gale G1")] == ["Gale", "Gale G1"]     # not beside it


# --- a change "from X HBM3e to Y" ---------------------------------------------------------------

def test_the_old_value_of_a_change_with_a_memory_name_between_is_asked(specs):
    found = claim("Squall S3 memory rises from 192GB HBM3e to 288GB HBM4.", specs, "192 GB")
    assert any("value before the change" in t for t in subject_todo(found)), found


# --- "16-bit floating point" --------------------------------------------------------------------

def test_a_16_bit_figure_is_the_one_format_whose_figure_it_is(specs):
    """Stratus S1 publishes no BF16 or FP16; Gale G1 publishes FP8 only: the figure decides
    nothing. Cirrus's and Nimbus's FP16 is an expression the drafter works out."""
    found = claim("Nimbus N1 reaches 500 TFLOPs of 16-bit floating point performance.", specs, "500 TFLOPS")
    assert found.get("metric") == "fp16_dense" and not found.get("todo"), found


def test_a_16_bit_figure_matching_no_format_is_asked(specs):
    found = claim("Nimbus N1 reaches 600 TFLOPs of 16-bit floating point performance.", specs, "600 TFLOPS")
    assert any("16-bit format" in t for t in metric_todo(found)), found


# --- the scope word next to the number ----------------------------------------------------------

def test_of_two_scope_words_the_one_next_to_the_number_counts():
    from claimaudit.draft.scope import scope_of

    clause = "with 8192 chips per pod and a total of 1,000 TFLOPs per Nimbus chip"
    assert scope_of(clause, clause.index("1,000")) == ("chip", "per Nimbus chip")
    assert scope_of(clause, clause.index("8192")) == ("cluster", "per pod")
    assert scope_of(clause) is None          # no number given: two kinds decide nothing


# --- numbers the round-12 articles wrote ----------------------------------------------------------

def test_a_bare_number_after_a_slash_and_a_bracketed_precision_takes_the_unit_before():
    from claimaudit.draft.numbers import find_numbers

    found = find_numbers("| v6e | 918 TFLOPS (BF16) / 1,836 (INT8) | 32GB |")
    assert [(n.text, n.unit) for n in found] == [("918", "TFLOPS"), ("1,836", "TFLOPS"), ("32", "GB")]


def test_a_port_speed_in_gbe_is_a_rate():
    from claimaudit.draft.numbers import find_numbers

    found = find_numbers("24 integrated 200 GbE RoCE ports")
    assert [(n.text, n.unit) for n in found][-1:] == [("200", "Gbps")]


def test_a_comparative_after_a_percentage_makes_it_a_change(specs):
    found = claim("Gale G1 在訓練中實現了35%更高的吞吐量。", specs, "+35%")
    assert found["claimed"] == "+35%"


# --- a ratio's subject is not its baseline ----------------------------------------------------

def test_a_ratio_after_two_names_belongs_to_the_one_it_is_not_compared_with(specs):
    text = "The Cirrus C2 takes on the Nimbus N1.\n\nIts memory is 1.5 times that of the Nimbus N1."
    found = claim(text, specs, "1.5x")
    assert (found.get("subject"), found.get("baseline")) == ("cirrus", "nimbus") and not subject_todo(found)


def test_an_assumed_subject_that_is_the_baseline_gives_way(specs):
    text = "Nimbus N1 and Cirrus C2 compared.\n\nNimbus N1 has 96 GB.\n\n內存容量是 Nimbus N1 的 1.5 倍"
    found = claim(text, specs, "1.5x")
    assert found.get("subject") == "cirrus" and found.get("baseline") == "nimbus", found


# --- a system's summed figure, worked out for its size ------------------------------------------

def test_a_container_without_the_figure_is_sized_by_its_members(specs):
    from claimaudit.draft.figure_match import decide_scope, scaled

    assert scaled(specs, "squall_rack", "hbm_bandwidth") == []            # the chip publishes none
    assert scaled(specs, "nimbus_box", "hbm_bandwidth") == [8 * 4e12]      # 8 x 4 TB/s
    assert scaled(specs, "nimbus", "power") == []                          # power is no sum
    assert decide_scope(specs, ["nimbus", "nimbus_box"], "hbm_bandwidth", 4.1e12) == "nimbus"
    assert decide_scope(specs, ["nimbus", "nimbus_box"], "hbm_bandwidth", 30e12) == "nimbus_box"
    assert decide_scope(specs, ["nimbus", "nimbus_box"], "hbm_bandwidth", 12e12) is None   # between


# --- a comparison table's change column ----------------------------------------------------------

TABLE = ("| Feature | Example Cirrus C2 | Example Nimbus N1 | Improvement |\n|---|---|---|---|\n"
         "| Memory Capacity | 144 GB | 96 GB | ~30% - 36% Increase |\n"
         "| Chip-to-chip link | 900 GB/s | 1.8 TB/s | 2x Faster |\n")


@pytest.mark.parametrize("claimed", ["+30%", "+36%"])
def test_a_worded_change_cell_compares_the_columns(specs, claimed):
    found = claim(TABLE, specs, claimed)       # a range's dash is no minus sign
    assert (found.get("subject"), found.get("baseline"), found.get("metric")) == (
        "nimbus", "cirrus", "hbm_capacity")


def test_a_change_cell_takes_its_rows_metric(specs):
    found = claim(TABLE, specs, "2x")
    assert found.get("metric") == "scaleup_bandwidth", found
    assert {r["subject"] for r in found["interpretations"]} == {"nimbus"}


def test_a_metric_written_once_counts_for_every_reading():
    from claimaudit.draft.structure_score import RIGHT, field_verdict

    drafted = {"metric": "hbm_bandwidth", "interpretations": [
        {"label": "2x as written", "subject": "b", "baseline": "a", "claimed": "2x"},
        {"label": "3x (2x more)", "subject": "b", "baseline": "a", "claimed": "3x"}]}
    assert field_verdict(drafted, "metric", "hbm_bandwidth") == RIGHT


# --- a table's short names ---------------------------------------------------------------------

def test_a_table_label_that_is_the_last_word_of_a_name_the_text_used_names_it(specs):
    text = ("Models: Example Nimbus N1 and Example Cirrus C2.\n"
            "| Model | Memory |\n|---|---|\n| N1 | 96 GB |\n| C2 (new) | 144 GB |\n")
    assert claim(text, specs, "96 GB").get("subject") == "nimbus"
    assert claim(text, specs, "144 GB").get("subject") == "cirrus"


def test_a_short_name_outside_a_table_or_never_introduced_names_nothing(specs):
    from claimaudit.draft.table_names import short_names as short_names_in_tables
    from claimaudit.draft.text import paragraphs

    text = "| Model | Memory |\n|---|---|\n| N1 | 96 GB |\n| Z9 | 144 GB |\n"
    assert short_names_in_tables(text, tuple(paragraphs(text)), specs.find(text)) == []


# --- round 13's lessons ----------------------------------------------------------------------------

def test_an_architecture_or_a_number_format_is_no_unknown_product():
    from claimaudit.draft.products import unknown_product

    for text in ("based on the CDNA3 architecture", "built on CDNA 4", "664 TFLOPS BLOCKFP8",
                 "459 teraflops of Bfloat16 performance", "The Ultra can hold up to 144 chips"):
        assert unknown_product(text, 0, len(text), []) is None, text
    # a cloud's service names no hardware ("than any current EC2 AI server", round 157)
    for text in ("5x more compute than any current EC2 AI server", "checkpoints go to S3 buckets"):
        assert unknown_product(text, 0, len(text), []) is None, text
    assert unknown_product("the QX9000 accelerator", 0, 23, []) == "QX9000"
    assert unknown_product("the Zeta Ultra accelerator", 0, 26, []) == "Zeta Ultra"


def test_an_ai_models_name_is_no_unknown_product():
    """"能輕鬆容納Gemini3、GPT-5.2等超大規模大模型", "Llama2-70B模型推理": models, not hardware."""
    from claimaudit.draft.products import unknown_product

    for text in ("能輕鬆容納Gemini3、GPT-5.2等超大規模大模型", "实测Llama2-70B模型推理延迟",
                 "serving Qwen3 and DeepSeekV3"):
        assert unknown_product(text, 0, len(text), []) is None, text
    assert unknown_product("the Gemini3 chip and the QX9000", 0, 31, []) == "QX9000"


def test_a_link_a_core_or_a_label_glued_to_its_figure_is_no_unknown_product():
    """"NVLink4", "RoCEv2", "SHARP v4", "Zen4", "FMA64" name links, cores and instructions; a
    spec table pasted without its cells' spaces glues its label to the figure ("TDP700W")."""
    from claimaudit.draft.products import unknown_product

    for text in ("each NVLink4 link", "over RoCEv2 at 400 Gbit/s", "with SHARP v4 reductions", "CX9 SuperNIC",
                 "24 Zen4 cores", "its FMA64 rate", "TDP700W", "VRAM141 GB HBM3e", "Memory80GB",
                 "TGP350 W"):
        assert unknown_product(text, 0, len(text), []) is None, text
    assert unknown_product("VRAM141 GB on the QX9000", 0, 24, []) == "QX9000"


def test_a_table_row_with_glued_labels_asks_no_missing_product(specs):
    found = claim("Nimbus N1\n\nVRAM96 GB HBM3\nTDP700 W\n", specs, "700 W")
    assert found["subject"] == "nimbus", found
    assert not any("not in the specs" in t for t in found.get("todo") or []), found


def test_on_chip_memory_far_above_any_sram_is_no_sram(specs):
    """"The on-chip memory is expanded to 288 GB": more than twice the largest SRAM the specs
    publish (Gale G1's 256 MB here) is no SRAM; 128 MB of on-chip memory still is."""
    found = claim("The Squall S3 arrives. Its on-chip memory is expanded to 288 GB.\n", specs, "288 GB")
    assert found.get("metric") == "hbm_capacity", found
    small = claim("The Gale G1 holds 128 MB of on-chip memory.\n", specs, "128 MB")
    assert small.get("metric") == "sram_capacity", small


def test_a_figure_far_from_the_chips_and_near_its_systems_is_asked(specs):
    found = claim("The Nimbus N1 brings 760 GB of HBM.", specs, "760 GB")     # the box's 768 GB
    assert any("far from nimbus's" in t and "nimbus_box" in t for t in subject_todo(found)), found


def test_a_figure_near_the_chips_stands(specs):
    assert not claim("The Nimbus N1 brings 96 GB of HBM.", specs, "96 GB").get("todo")


def test_an_amount_with_no_memory_word_takes_the_memory_its_figure_is(specs):
    found = claim("Budget variant Gale G1 with 128GB and no QSFP-DD.", specs, "128 GB")
    assert found.get("metric") == "lpddr_capacity" and not found.get("todo"), found


def test_an_amount_with_no_memory_word_and_no_figure_is_asked(specs):
    found = claim("Budget variant Gale G1 with 100GB and no QSFP-DD.", specs, "100 GB")
    assert any("which memory" in t for t in metric_todo(found)), found


def test_an_id_named_only_as_a_comparison_owns_no_figure(specs):
    table = "\n\nThe Squall S3 GPU is next.\n\n| Item | Spec |\n|---|---|\n| Memory | 288 GB HBM4 |\n"
    found = claim("Compared to the Zephyr Z9's 2-die package, it grows." + table, specs, "288 GB")
    assert found.get("subject") == "squall" and not subject_todo(found), found
    found = claim("The Zephyr Z9 has a 2-die package." + table, specs, "288 GB")      # named as itself
    assert subject_todo(found), found


def test_a_quantity_column_counts_and_mm_caret_2_is_an_area():
    from claimaudit.draft.header_units import with_header_numbers
    from claimaudit.draft.numbers import find_numbers
    from claimaudit.draft.text import paragraphs

    assert [(n.text, n.unit) for n in find_numbers("about 600mm^2 of die area")] == [("600", "mm2")]
    table = "| Chip | Quantity | Role |\n|---|---|---|\n| Vera CPU | 1 | Host |\n| GPU Die | 2 | Compute |\n"
    found = with_header_numbers(table, find_numbers(table), paragraphs(table))
    assert [(n.text, n.noun) for n in found] == [("1", "other"), ("2", "other")]


# --- round 14's lessons ----------------------------------------------------------------------------

def test_a_starred_figure_takes_the_density_its_footnote_says(specs):
    table = ("| Spec | Nimbus N1 |\n|---|---|\n| FP8 | 2,000 TFLOPS* |\n| FP8 again | 2,000 TFLOPS |\n\n"
             "*Performance figures include sparsity.\n")
    assert claim(table, specs, "2,000 TFLOPS").get("metric") == "fp8_sparse"
    found = drafted_claims(table, specs)
    assert not found[0].get("todo")
    assert any("dense or sparse" in t for t in metric_todo(found[1]))      # the unstarred one is asked


def test_a_thing_counted_is_no_topic(specs):
    text = "Nimbus Box\nEach Nimbus Box has:\n- 8 Nimbus N1 chips\n- 768 GB HBM\n"
    found = claim(text, specs, "768 GB")
    assert found.get("subject") == "nimbus_box" and not subject_todo(found), found


def test_a_network_interface_version_is_no_unknown_product():
    from claimaudit.draft.products import unknown_product

    assert unknown_product("3.2 Tbps of EFA v3", 0, 17, []) is None


def test_a_family_word_before_architecture_names_no_product(specs):
    assert [m.text for m in specs.find("Tempest T1: Gale 架構 (new)")] == ["Tempest T1"]
    assert [m.text for m in specs.find("built on the Gale architecture")] == []
    assert [m.text for m in specs.find("the Gale chips")] == ["Gale"]


def test_a_ratio_of_transistors_takes_the_transistors_metric(specs):
    found = claim("Tempest T1 has 1.25x the transistors of Nimbus N1.", specs, "1.25x")
    assert found.get("metric") == "transistors", found


# --- round 15's lessons ----------------------------------------------------------------------------

def test_a_series_word_is_never_decided_by_a_members_figure(specs, monkeypatch):
    assert claim("The Squall S3 ships 288 GB.", specs, "288 GB").get("subject") == "squall"   # a shared name
    monkeypatch.setattr(specs, "series_keys", frozenset({"squalls3"}))      # ... made a series word
    found = claim("The Squall S3 ships 288 GB.", specs, "288 GB")           # the chip's figure
    assert "subject" not in found and subject_todo(found), found


def test_a_slash_and_an_ending_name_a_second_entity(specs):
    found = specs.find("Gale G1/G2 chips")
    assert [(m.text, m.entity) for m in found] == [("Gale G1", "gale_g1"), ("G2", "gale_g2")]
    assert [m.text for m in specs.find("Gale G1/G2 and Gale G2")].count("G2") == 1     # no double


def test_an_amount_written_as_an_adjective_belongs_to_the_name_after_it(specs):
    found = claim("The 144-GB Cirrus C2 beats the 96-GB Nimbus N1.", specs, "96 GB")
    assert found.get("subject") == "nimbus" and not subject_todo(found), found


def test_a_name_the_figure_is_the_same_as_owns_nothing(specs):
    found = claim("The Cirrus C2 has the same capabilities as the Nimbus N1: 2,000 TFLOPS of FP8.", specs,
                  "2,000 TFLOPS")
    assert found.get("subject") != "nimbus", found


def test_a_footnote_like_bullet_of_intensive_work_says_no_density():
    from claimaudit.draft.context import density

    assert density("大显存密集任务优化") == ""            # memory-intensive, not dense compute
    assert density("300 PFLOPs 的密集 BF16 算力") == "dense"


def test_an_amount_describing_the_things_counted_is_not_the_subjects(specs):
    found = claim("The Cirrus C2 box puts four of the 96 GB models onto a single card.", specs, "96 GB")
    assert found.get("subject") != "cirrus" and subject_todo(found), found


# --- round 16's lessons ----------------------------------------------------------------------------

def test_a_change_column_reads_the_direction_its_values_give(specs):
    table = ("| Spec | Example Cirrus C2 | Example Nimbus N1 | 提升 |\n|---|---|---|---|\n"
             "| HBM | 144 GB | 96 GB | 1.5倍 |\n")
    found = claim(table, specs, "1.5x")          # the later column would be the subject: 96 / 144 is no 1.5
    assert (found.get("subject"), found.get("baseline")) == ("cirrus", "nimbus"), found


def test_a_chip_counted_in_words_is_no_subject(specs):
    found = claim("Each Nimbus Box holds two Nimbus N1 chips connected by 768 GB of HBM.", specs, "768 GB")
    assert found.get("subject") != "nimbus", found


def test_a_link_between_two_chips_is_each_chips(specs):
    found = claim("该技术在任意两个Nimbus N1加速器之间提供1.2 TB/s双向带宽。", specs, "1.2 TB/s")
    assert any("the text gives subject: nimbus" in t for t in found["todo"]), found


def test_a_figure_of_a_numbered_name_the_specs_lack_is_asked(specs):
    found = claim("Nimbus N1 links at 1.2 TB/s, below Zorbax 6's 3.6 TB/s.", specs, "3.6 TB/s")
    assert "subject" not in found and any("Zorbax 6's" in t for t in subject_todo(found)), found


def test_high_speed_memory_is_the_memory_its_figure_is(specs):
    assert claim("Nimbus N1 搭配 96GB 高速記憶體", specs, "96 GB").get("metric") == "hbm_capacity"
    assert claim("Gale G1 搭配 128GB 高速記憶體", specs, "128 GB").get("metric") == "lpddr_capacity"


def test_the_new_value_of_a_change_from_a_possessive_is_asked(specs):
    found = claim("它最主要的变化就在显存上:从Nimbus N1的96GB HBM3升级到了144GB HBM3e。", specs, "144 GB")
    assert "subject" not in found and any("value after a change" in t for t in subject_todo(found)), found


# --- round 37's lessons ----------------------------------------------------------------------------

def test_a_figure_of_a_family_the_sentence_names_is_asked_against_the_named_part(specs):
    text = "Gale - 2 chips on one card - (1) Nimbus N1 w/ 192 GB HBM3 + (2) a CPU."
    found = claim(text, specs, "192 GB")      # gale_g2 publishes 192 GB, the Nimbus N1 96 GB
    assert found.get("subject") == "nimbus", found
    assert any("not nimbus's published figure" in t and "gale_g2" in t for t in subject_todo(found)), found


@pytest.mark.parametrize("text", [
    "Gale - 2 chips on one card - (1) Nimbus N1 w/ 96 GB HBM3 + (2) a CPU.",    # its own figure
    "Nimbus N1 has 192 GB of HBM, Cirrus C2 144 GB.",                           # no family named
])
def test_a_named_part_stands_without_a_family_publishing_the_figure(specs, text):
    found = claim(text, specs, "192 GB" if "192" in text else "96 GB")
    assert not any("published figure;" in t for t in subject_todo(found)), found


def test_a_system_far_from_its_members_sum_and_near_a_member_is_asked(specs):
    # the Nimbus Box publishes no HBM bandwidth: 8 x 4 TB/s = 32 TB/s is its figure's size
    found = claim("The Nimbus Box reaches 4 TB/s of memory bandwidth.", specs, "4 TB/s")
    far = "far from nimbus_box's figure (its members' sum) and near nimbus's"
    assert any(far in t for t in subject_todo(found)), found
    found = claim("The Nimbus Box reaches 32 TB/s of memory bandwidth.", specs, "32 TB/s")
    assert not any("far from" in t for t in subject_todo(found)), found


@pytest.mark.parametrize("label, figure, metric", [
    ("FP16", "700", "fp16_dense"),      # `FP16700 TFLOPS`: FP16 and 700 (no published figure)
    ("FP64", "47.9", "fp64_dense"),
])
def test_a_precision_label_glued_to_its_figure_decides_the_metric(specs, label, figure, metric):
    text = f"Example Nimbus N1\nCompute Performance\n{label}{figure} TFLOPS TFLOPS\n"
    found = claim(text, specs, f"{figure} TFLOPS")
    assert found.get("metric") == metric, found
    assert not any("is not in the specs" in t for t in found.get("todo", [])), found


def test_a_precision_glued_to_a_figure_is_no_unknown_product():
    from claimaudit.draft.products import unknown_product

    for text in ("BF16383 TFLOPS", "TF32156 TFLOPS"):
        assert unknown_product(text, 0, len(text), []) is None, text


# --- round 38's lessons ----------------------------------------------------------------------------

def test_the_old_value_of_a_change_is_the_one_named_id_that_publishes_it(specs):
    text = "The Cirrus C2 follows the Nimbus N1. The Cirrus C2 lifts capacity from 96GB to **144GB**."
    found = claim(text, specs, "96 GB")
    assert found.get("subject") == "nimbus" and not subject_todo(found), found


def test_the_old_value_stays_asked_when_two_named_ids_publish_it(specs):
    text = ("The Cirrus C2 follows the Nimbus N1 and the Nimbus Box. "
            "The Cirrus C2 lifts bandwidth from 4 TB/s to 6 TB/s, ahead of the Tempest T1.")
    found = claim(text, specs, "4 TB/s")
    assert any("value before the change" in t for t in subject_todo(found)), found


def test_the_subjects_own_old_value_asks_nothing(specs):
    found = claim("Nimbus N1的96GB HBM3升级到了144GB HBM3e。", specs, "96 GB")
    assert found.get("subject") == "nimbus" and not subject_todo(found), found


@pytest.mark.parametrize("text, claimed, metric", [
    ("Nimbus N1在机柜扩展(scale-up)方面,互连带宽为3.6TB/s,而在集群扩展(scale-out)时,互连带宽则为300GB/s。",
     "300 GB/s", "scaleout_bandwidth"),
    ("Nimbus N1在机柜扩展(scale-up)方面,互连带宽为3.6TB/s,而在集群扩展(scale-out)时,互连带宽则为300GB/s。",
     "3.6 TB/s", "scaleup_bandwidth"),
    ("The Nimbus N1 offers 900 GB/s of interconnect bandwidth.", "900 GB/s", "scaleup_bandwidth"),
])
def test_a_plain_interconnect_is_the_link_the_sentence_named_before_it(specs, text, claimed, metric):
    assert claim(text, specs, claimed).get("metric") == metric


@pytest.mark.parametrize("text, drafted", [
    ("Nimbus Box: built for trillion-parameter models.", False),
    ("A language model comprising 70 billion parameters runs on the Nimbus N1.", False),
    ("Nimbus N1\n4 小时前", False),
    ("The Nimbus Box trains models of up to 24 trillion parameters.", True),
    ("The Nimbus N1 card has support for up to 100 billion parameter models.", True),
])
def test_a_models_size_counts_only_when_the_hardware_holds_it(specs, text, drafted):
    claims = [c for c in drafted_claims(text, specs) if c.get("claimed")]
    assert bool(claims) == drafted, claims


# --- round 39's lessons ----------------------------------------------------------------------------

BRACKETED = ("并且,Cirrus C2配备更多核心,片内存储(on-chip memory)也翻倍到了256MB(Nimbus N1 仅有128MB),"
             "HBM也提高到了144GB(Nimbus N1 为 96GB),功耗也增加到了900W。")


def test_a_name_in_brackets_with_its_own_figure_owns_only_that_figure(specs):
    found = claim(BRACKETED, specs, "144 GB")
    assert found.get("subject") == "cirrus" and not subject_todo(found), found
    # with the subject named in an earlier sentence, the bracket's name is still not the subject
    text = "The Cirrus C2 is new.\n\n" + BRACKETED.split(",", 2)[2]
    assert claim(text, specs, "144 GB").get("subject") == "cirrus"


def test_a_figure_in_brackets_after_another_is_of_the_same_memory(specs):
    found = claim(BRACKETED, specs, "96 GB")
    assert (found.get("subject"), found.get("metric")) == ("nimbus", "hbm_capacity"), found


def test_a_name_alone_in_brackets_still_names_the_subject(specs):
    found = claim("首款芯片Cirrus(Cirrus C2)配备了144GB HBM。", specs, "144 GB")
    assert found.get("subject") == "cirrus", found


def test_a_baseline_after_a_possessive_and_a_hyphenated_adjective(specs):
    found = claim("The Cirrus C2 has 1.5 times more memory than Example's last-gen Nimbus N1.", specs, "1.5x")
    readings = found.get("interpretations") or [found]
    assert {(r.get("subject"), r.get("baseline")) for r in readings} == {("cirrus", "nimbus")}, found


def test_a_die_size_ratio_compares_die_area(specs):
    found = claim("The Gale G1 is 2 times the die size of the Nimbus N1.", specs, "2x")
    assert found.get("metric") == "die_area", found


def test_a_ratio_after_a_system_topic_against_a_chip_asks_the_systems_chip_too(specs):
    text = "The Nimbus Box is here.\n\nThe memory is 6 times more than the Cirrus C2."
    found = claim(text, specs, "6x")
    assert any("(the text also names nimbus)" in t for t in subject_todo(found)), found


def test_a_chip_scoped_from_a_system_named_earlier_stands_on_its_published_figure(specs):
    text = "The Nimbus Box is here.\n\nEach chip has 96 GB of HBM."
    found = claim(text, specs, "96 GB")
    assert found.get("subject") == "nimbus" and not subject_todo(found), found
    found = claim("The Nimbus Box is here.\n\nEach chip has 100 GB of HBM.", specs, "100 GB")
    assert subject_todo(found), found        # not its figure: still asked


@pytest.mark.parametrize("text", [
    "The Cirrus C2 is out. Its bandwidth is 1.5x the Nimbus N1.",
    "The Cirrus C2 is out. Its memory is 1.5x the Nimbus N1's 96 GB.",
])
def test_a_name_right_after_times_the_is_the_baseline(specs, text):
    found = claim(text, specs, "1.5x")
    readings = found.get("interpretations") or [found]
    assert {r.get("baseline") for r in readings} == {"nimbus"}, found


# --- rounds 40 and 41's lessons ----------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "The Gale G2 draws 900 W (the previous generation had only 450 W).",
    "Gale G2 功耗达到 900W(上一代只有 450W)。",
])
def test_a_figure_the_previous_generation_had_is_the_predecessors(specs, text):
    found = claim(text, specs, "450 W")
    assert found.get("subject") == "gale_g1" and not subject_todo(found), found
    assert claim(text, specs, "900 W").get("subject") == "gale_g2"


def test_a_previous_generations_figure_without_a_predecessor_in_the_specs_is_asked(specs):
    found = claim("Cirrus C2 功耗达到 900W(上一代只有 450W)。", specs, "450 W")
    assert any("previous generation's" in t for t in subject_todo(found)), found


@pytest.mark.parametrize("text, claimed, metric", [
    ("| Spec | Cirrus C2 | Nimbus N1 | Ratio |\n|---|---|---|---|\n| Memory BW | 6 TB/s | 4 TB/s | 1.5x |\n",
     "1.5x", "hbm_bandwidth"),
    ("Cirrus C2 的互联带宽 1.8TB/s,HBM3e带宽6 TB/s", "6 TB/s", "hbm_bandwidth"),
    ("Cirrus C2 提供1,000TFLOPs的FP16和2,000TFLOPs的FP8计算性能", "2,000 TFLOPS", "fp8_dense"),
])
def test_round_40_metric_words(specs, text, claimed, metric):
    found = claim(text, specs, claimed)
    assert found.get("metric") == metric, found


def test_a_compute_word_in_the_clause_outweighs_a_cache_elsewhere_in_the_sentence(specs):
    text = "Cirrus C2 每核缓存增加到 384KB,稀疏算力达到 Nimbus N1 的近 2 倍。"
    found = claim(text, specs, "2x")
    assert not any("缓存" in t for t in found.get("todo", [])), found


@pytest.mark.parametrize("text, name, marked", [
    ("全面超越Nimbus N1:FP8达2,000 TFLOPS", "Nimbus N1", True),       # surpassed: compared with
    ("doubling the memory compared to the Nimbus, the Cirrus fits 2x", "Cirrus", False),   # a clause on
    ("doubling the memory compared to the Nimbus, the Cirrus fits 2x", "Nimbus", True),
    ("six times more than Example's last-gen Nimbus N1 at 2x", "Nimbus N1", True),
])
def test_which_names_a_comparison_marks(specs, text, name, marked):
    from claimaudit.draft.claims import _is_baseline
    from claimaudit.draft.numbers import find_numbers

    mention = next(m for m in specs.find(text) if m.text == name)
    number = find_numbers(text)[-1]
    assert _is_baseline(text, mention, number) == marked


def test_each_clause_compares_with_its_own_name(specs):
    text = "Cirrus C2 的 FP8 性能是 Nimbus N1 的 2 倍,FP16 性能超过 Tempest T1。"
    found = claim(text, specs, "2x")
    readings = found.get("interpretations") or [found]
    assert {r.get("baseline") for r in readings} == {"nimbus"}, found


def test_a_name_glued_to_the_next_cells_vendor_word_is_still_its_name(specs):
    found = [m.entity for m in specs.find("产品Example Cirrus C2EXAMPLE Nimbus N1EXAMPLE Gale G1")]
    assert found == ["cirrus", "nimbus", "gale_g1"], found


# --- rounds 44 and 45's lessons ----------------------------------------------------------------

def test_a_total_after_two_memories_is_asked_and_the_figure_may_tell(specs):
    text = "Memory: the Gale G1 has 96GB HBM3e and 128GB LPDDR5X, total 224GB."
    found = claim(text, specs, "224 GB")
    assert found.get("metric") is None or any(t.startswith("metric:") for t in found.get("todo", [])), found
    assert claim(text, specs, "128 GB").get("metric") == "lpddr_capacity"


@pytest.mark.parametrize("text", [
    "支持9216个液冷芯片",          # a description between the classifier and the noun
    "384卡超节点",                  # cards are the accelerators
])
def test_chinese_counts_of_chips(text):
    from claimaudit.draft.numbers import count_kind, find_numbers
    from claimaudit.draft.text import digits_view

    assert count_kind(digits_view(text), find_numbers(text)[0]) == "chips"


def test_in_processor_memory_is_sram():
    from claimaudit.draft.context import memory_metric

    assert memory_metric("3.6GB In-Processor-Memory") == "sram_capacity"


# --- rounds 46 and 47's lessons ----------------------------------------------------------------

def test_an_amount_with_another_after_a_possessive_is_the_same_names(specs):
    text = "The Gale G1 wins, compared to an Example Nimbus N1's 96 GB HBM3 with 4 TB/s bandwidth."
    assert claim(text, specs, "4 TB/s").get("subject") == "nimbus"
    text = "Cirrus C2 replaces Nimbus N1's 96 GB HBM3 with 144 GB HBM3e."
    assert claim(text, specs, "144 GB").get("subject") != "nimbus"


def test_a_name_after_the_same_as_a_owns_no_later_figure(specs):
    text = "Cirrus C2: 144 GB of HBM, the same envelope as a Nimbus Box, and 4,000 FP8 TFLOPS."
    assert claim(text, specs, "4,000 TFLOPS").get("subject") != "nimbus_box"


@pytest.mark.parametrize("text, claimed, metric", [
    ("The Gale G1 is 57 times larger than a Nimbus N1 and serves tokens from SRAM.", "57x", "die_area"),
    ("The pod allows clusters that are 35 times larger than the Nimbus Box.", "35x", "chips"),
])
def test_times_larger_than(specs, text, claimed, metric):
    found = claim(text, specs, claimed)
    given = found.get("metric") or " ".join(t for t in found.get("todo", []) if t.startswith("shape:"))
    assert given == metric or f"metric: {metric})" in given, found


def test_a_system_row_label_scopes_the_chips_column_to_its_system(specs):
    table = "| Spec | Example Nimbus N1 |\n|---|---|\n| System power | ~8 kW |\n"
    found = claim(table, specs, "8 kW")
    assert found.get("subject") != "nimbus", found


def test_a_list_number_run_into_a_name_leaves_the_name(specs):
    assert [m.entity for m in specs.find("- 5Cirrus C2 supports 144 GB")] == ["cirrus"]


def test_the_difference_from_a_name_makes_it_the_compared_with(specs):
    text = ("Example Cirrus C2 is the new accelerator. The main difference from the Nimbus N1 is the "
            "memory: 144 GB of HBM3E instead of 96 GB.")
    assert claim(text, specs, "144 GB").get("subject") != "nimbus"


def test_an_amount_of_a_rack_after_a_chips_name_is_the_racks(specs):
    found = claim("Nimbus N1 更可能跨向 40kW 机柜。", specs, "40 kW")
    assert found.get("subject") != "nimbus", found


# --- round 55/56: memories the words do not name, years before names -------------------------

def test_a_memory_under_a_gigabyte_is_on_chip(specs):
    assert claim("Gale G1 的内存增加了 9 倍，增加到了 244MB。", specs, "244 MB")["metric"] == "sram_capacity"


def test_an_unnamed_memory_is_the_one_the_subject_publishes_the_figure_as(specs):
    found = claim("Gale G1 实现了128GB内存。", specs, "128 GB")
    assert found["metric"] == "lpddr_capacity" and not [t for t in found.get("todo") or []
                                                        if t.startswith("metric:")], found
    # "GPU memory" names the HBM of a chip that has one: the figure does not move it ...
    assert claim("Gale G2 carries 128 GB of GPU memory.", specs, "128 GB")["metric"] == "hbm_capacity"
    # ... but a chip that publishes no HBM (round 135's LPDDR5X card, "160GB of VRAM") has its device
    # memory told by its figure
    assert claim("Gale G1 carries 128 GB of GPU memory.", specs, "128 GB")["metric"] == "lpddr_capacity"


@pytest.mark.parametrize("words, metric", [
    ("| 芯片内存 (MB) | 28 |", "sram_capacity"),
    ("其CPU主内存最大可达512GB", "lpddr_capacity"),
    ("HBM 内存的容量依然是 32GB", "hbm_capacity"),
    # round 129: a rack's "fast" memory in quotes; a pool of GPU and CPU memory is the figure's to tell
    ("~21 TB of HBM3e per rack; up to ~40 TB “fast” coherent memory", "fast_memory_capacity"),
    ("creating a unified, high-bandwidth memory pool of up to 40TB per rack", None),
    # round 184: a CPU's memory and a GPU's joined are the two together, or one pool of them: the
    # figure tells which of the specs' memories (the review: "内存与显存共用 128GB" is the MI300A's HBM)
    ("* 内存+显存高达 624GB，对用户来说是统一的", None),
    ("一个机柜能提供 19.5TB 显存和内存", None),
    ("624 GB of HBM3e plus LPDDR5X", None),
    ("MI300A 上内存与显存共用 128GB", None),
    ("480GB LPDDR5X 内存", "lpddr_capacity"),        # one side alone is its own memory
    ("显存 141GB，内存 2TB", "hbm_capacity"),        # two figures, each its memory: no "+" joins them
    ("HGX H100 服务器的显存和内存分别为 640GB 和 2TB", "hbm_capacity"),     # each its own figure
    ("HBM3e and LPDDR5X: 144 GB and 480 GB", "hbm_capacity"),
])
def test_memory_words(words, metric):
    from claimaudit.draft.context import memory_metric
    assert memory_metric(words) == metric


@pytest.mark.parametrize("text, metric", [
    ("实现了144TB内存、900GB/s的GPU带宽", None),        # the rate's own noun; 内存 is the 144TB's
    ("配备144GB内存和4TB/s带宽", "hbm_bandwidth"),       # a plain 带宽 after a memory: its rate
])
def test_a_capacitys_memory_noun_and_a_rate_with_a_noun_of_its_own(text, metric):
    from claimaudit.draft.context import rate_metric
    position = text.index("/s") - 3
    position = max(i for i in range(position + 1) if not text[i - 1].isdigit() or i == 0)
    assert rate_metric([(text, position), (text, position)]) == metric


def test_a_year_before_a_name_counts_nothing(specs):
    text = "The Cirrus C2 uses 5 nm, after the 2021 Nimbus N1 was built on 7-nanometer technology."
    assert claim(text, specs, "7 nm").get("subject") == "nimbus"
    assert not [c for c in drafted_claims(text, specs) if c.get("claimed") == "2021 W"]


BOARDS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - {id: kestrel, name: Example Kestrel K1, vendor: Example, kind: chip, aliases: [Kestrel K1], facts: []}
      - id: kestrel_board
        name: Example Kestrel Board (8 Kestrel K1)
        vendor: Example
        kind: system
        aliases: [Kestrel Board]
        members: {kestrel: 8}
        facts:
          - {metric: fast_memory_capacity, value: 1.5 TB, source: ex-sheet}
      - id: osprey
        name: Example Osprey O1
        vendor: Example
        kind: chip
        aliases: [Osprey O1]
        facts:
          - {metric: hbm_capacity, value: 96 GB, source: ex-sheet}
          - {metric: lpddr_capacity, value: 480 GB, source: ex-sheet}
      - id: osprey_pod
        name: Example Osprey Pod (256 Osprey O1)
        vendor: Example
        kind: system
        aliases: [Osprey Pod]
        members: {osprey: 256}
        facts:
          - {metric: fast_memory_capacity, value: 144 TB, source: ex-sheet}
    """)


@pytest.mark.parametrize("text, claimed, metric", [
    # a board of accelerators alone: its published fast memory is its HBM, as the words say
    ("Kestrel Board\\nAggregate Memory Capacity: Up to 1.5TB", "1.5 TB", "hbm_capacity"),
    # with CPU memory in it, and far from its chips' HBM (256 x 96 GB): the fast memory
    ("Osprey Pod 实现了144TB内存。", "144 TB", "fast_memory_capacity"),
])
def test_an_unnamed_memory_of_a_system(tmp_path_factory, text, claimed, metric):
    boards = catalogue_of(tmp_path_factory, BOARDS)
    found = claim(text.replace("\\n", "\n"), boards, claimed)
    assert found.get("metric") == metric and not [t for t in found.get("todo") or []
                                                  if t.startswith("metric:")], found


def test_a_memory_far_from_every_memory_of_a_system_is_asked(tmp_path_factory):
    """Round 147: "the 100-terabyte barrier for memory accessible to GPUs" of a pod whose HBM is
    about 25 TB (256 x 96 GB) and fast memory 144 TB: the figure tells no memory, so HBM is asked."""
    boards = catalogue_of(tmp_path_factory, BOARDS)
    found = claim("Osprey Pod is the first to surpass the 100-terabyte barrier for memory accessible "
                  "to GPUs.", boards, "100 TB")
    assert found.get("metric") == "hbm_capacity" and [t for t in found.get("todo") or []
                                                     if "which memory" in t], found
    # near its HBM (or a member's, "96GB per GPU"), the HBM stands unasked
    for text, claimed in (("Osprey Pod carries 24TB of memory.", "24 TB"),
                          ("Osprey Pod gives each chip 96GB of memory per GPU.", "96 GB")):
        found = claim(text, boards, claimed)
        assert found.get("metric") == "hbm_capacity" and not [t for t in found.get("todo") or []
                                                              if "which memory" in t], found


@pytest.mark.parametrize("text, subject", [
    # a count of the chip's chips: its one system of that size
    ("The Osprey O1 is new. Its pods hold up to 256 chips.", "osprey_pod"),
    ("The Kestrel K1 ships eight to a board: a board holds 8 accelerators.", "kestrel_board"),
    # no system of the chip holds that many: asked
    ("The Osprey O1 is new. Its pods hold up to 512 chips.", None),
])
def test_a_count_of_a_chips_chips_is_its_one_system_of_that_size(tmp_path_factory, text, subject):
    boards = catalogue_of(tmp_path_factory, BOARDS)
    found = next(c for c in drafted_claims(text.replace("\\n", "\n"), boards) if c.get("metric") == "chips"
                 or c.get("claimed") in ("256", "512", "8"))
    asked = [t for t in found.get("todo") or [] if t.startswith("subject:")]
    assert (found.get("subject") if not asked else None) == subject, found


SPACED = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - id: qx300x
        name: Example QX300X
        vendor: Example
        kind: chip
        aliases: [QX300X]
        facts:
          - {metric: hbm_capacity, value: 192 GB, source: ex-sheet}
      - id: rv100
        name: Example RV100
        vendor: Example
        kind: chip
        aliases: [RV100]
        facts:
          - {metric: hbm_capacity, value: 80 GB, source: ex-sheet}
          - {metric: transistors, value: "80000000000", source: ex-sheet}
      - id: rv200
        name: Example RV200
        vendor: Example
        kind: chip
        aliases: [RV200]
        facts:
          - {metric: transistors, value: "208000000000", source: ex-sheet}
    """)


@pytest.fixture(scope="module")
def spaced(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPACED)


def test_a_model_number_written_apart_from_its_letters_is_the_name(spaced):
    claims = drafted_claims("QX 300X 的内存配置是 RV100 的 2.4 倍。QX 300X 搭載了 192GB HBM 3。", spaced)
    assert "300x" not in [c.get("claimed") for c in claims]
    ratio = next(c for c in claims if c.get("claimed") == "2.4x")
    assert (ratio.get("subject"), ratio.get("baseline")) == ("qx300x", "rv100"), ratio
    assert [m.entity for m in spaced.find("GB 200 and QX-300X")] == ["qx300x"]     # no unit letters


def test_a_clause_led_by_a_comparison_and_a_name_owns_its_figure(spaced):
    text = "RV200芯片拥有 2080 亿个晶体管,相较于上一代 RV100 芯片只有800亿个晶体管。"
    assert claim(text, spaced, "800e8").get("subject") == "rv100"
    assert claim(text, spaced, "2080e8").get("subject") == "rv200"


def test_its_amount_is_not_a_later_names(spaced):
    text = ("The QX300X is built for inference. Its 192GB memory capacity means that large models which "
            "require multiple RV100s running in parallel fit on one card.")
    assert claim(text, spaced, "192 GB").get("subject") != "rv100"


def test_a_name_right_after_a_ratio_between_dashes_is_its_baseline(specs):
    """"50 PFLOPS of FP4 inference — 5x Blackwell — and carries 288 GB": the name after the
    ratio is what the ratio compares with, no owner of the sentence's other figures."""
    text = ("The Nimbus N1 is new. Each chip delivers 1,000 TFLOPS of FP8 — 5x Cirrus C2 — and carries "
            "96 GB of HBM.")
    found = claim(text, specs, "96 GB")
    assert found.get("subject") == "nimbus" and not subject_todo(found), found


def test_a_figure_glued_to_its_unit_before_a_name_counts_nothing(specs):
    """"launched the 4nm H100 accelerator": `nm` is the figure's unit, no adjective of a count
    of H100s, so the name is the sentence's subject."""
    found = claim("Last year, the maker launched the 4nm Nimbus N1 accelerator.", specs, "4 nm")
    assert found.get("subject") == "nimbus" and not subject_todo(found), found


def test_a_systems_figure_near_a_sibling_system_of_its_chip_is_asked(specs):
    """"The MI355X DLC rack ... The platform also supports an 80.5 petaflop FP8 rating": a figure
    far from the rack's and near another system of the same chip (the 8-GPU platform) is asked."""
    found = claim("The Nimbus Rack is big. The system also holds 760 GB of HBM.", specs, "760 GB")
    assert any("far from nimbus_rack's" in t and "nimbus_box" in t for t in subject_todo(found)), found
    assert not claim("The Nimbus Rack is big. The system also holds 6 TB of HBM.", specs, "6 TB").get("todo")


@pytest.mark.parametrize("text", ["A 1.5 Petaflop chip.", "It reaches 400 teraflop.", "It has 1 TFLOP."])
def test_a_singular_flop_unit_is_a_rate(text):
    """"Huawei Atlas 350: A 1.5 Petaflop Challenge": the singular is the rate as reporters write it."""
    assert [n.unit for n in find_numbers(text)] in (["PFLOPS"], ["TFLOPS"]), text


# --- round 145: a chip whose only memory is LPDDR, and memory said not to be HBM -------------

@pytest.mark.parametrize("text", [
    "Gale G1 pairs its cores with 480GB Without HBM.",      # "without HBM" names no HBM
    "Gale G1 配备 480GB 内存，不用 HBM。",
    "Gale G1 packs 480GB of memory.",                        # a figure no published memory has
])
def test_an_unnamed_memory_of_an_lpddr_only_chip_is_its_lpddr(specs, text):
    found = claim(text, specs, "480 GB")
    assert found["metric"] == "lpddr_capacity", found


def test_memory_said_not_to_be_hbm_stays_hbm_on_a_chip_with_hbm(specs):
    # the rule is the chip's: Gale G2 publishes HBM alone, so its unnamed memory is asked as HBM
    assert claim("Gale G2 packs 480GB of memory.", specs, "480 GB")["metric"] == "hbm_capacity"


@pytest.mark.parametrize("text", [
    "Stratus S1 ships with 48 GB memory.",           # round 145: an L40S's GDDR6, which no metric holds
    "| Memory Capacity | Stratus S1 | 48GB |",
])
def test_an_unnamed_memory_of_a_chip_that_publishes_none_is_asked(specs, text):
    # Stratus S1 publishes FLOPS alone: no figure tells its memory is HBM, so HBM is written and asked
    found = claim(text, specs, "48 GB")
    assert found["metric"] == "hbm_capacity", found
    assert [t for t in found.get("todo") or [] if t.startswith("metric:") and "which memory" in t], found


# --- a numbered list flattened: the item number run into the item's first word ----------------

def test_an_item_number_run_into_a_name_is_not_part_of_it(specs):
    text = ("- 1Nimbus N1 delivers 500 TFLOPS of BF16\n- 2Cirrus C2 supports 144 GB HBM3e\n"
            "- 3Tempest T1 packs 128 GB of HBM\n")
    found = claim(text, specs, "144 GB")
    assert (found["subject"], found["metric"], found.get("todo")) == ("cirrus", "hbm_capacity", None), found


def test_numbers_run_into_words_that_do_not_count_on_are_kept():
    from claimaudit.draft.text import digits_view

    counting = "- 1Nimbus\n- 2Cirrus\n- 3Tempest\n"
    assert digits_view(counting) == "-  Nimbus\n-  Cirrus\n-  Tempest\n"
    for text in ("- 8X Nimbus\n- 4U Cirrus\n", "- 1Nimbus\n- 2Cirrus\n",
                 "- 1Nimbus\n- 5Cirrus\n- 9Tempest\n"):
        assert digits_view(text) == text


# --- round 157's tuning: a ratio's metric by the two sides' published figures -------------------

@pytest.mark.parametrize("text, metric", [
    ("Cirrus C2 has 50% more bandwidth than Nimbus N1.", "hbm_bandwidth"),      # 6 / 4 TB/s
    ("Cirrus C2 offers 1.5x the memory of Nimbus N1.", "hbm_capacity"),          # 144 / 96 GB
])
def test_a_ratio_whose_sides_publish_it_in_one_metric_takes_that_metric(specs, text, metric):
    found = claim(text, specs, "+50%" if "%" in text else "1.5x")
    assert (found["subject"], found["baseline"], found["metric"]) == ("cirrus", "nimbus", metric), found
    assert not [t for t in found.get("todo") or [] if t.startswith("metric:")], found


def test_a_ratio_no_published_metric_reproduces_stays_asked(specs):
    found = claim("Cirrus C2 has 20% more bandwidth than Nimbus N1.", specs, "+20%")
    assert [t for t in found.get("todo") or [] if t.startswith("metric:")], found


# --- round 158: a table row naming an HBM gives its bare bandwidth to the HBM -------------------

@pytest.mark.parametrize("text, claimed, metric", [
    ("| Model | Memory | Bandwidth |\n|---|---|---|\n| Nimbus N1 | 96 GB HBM | ~3 TB/s |\n", "3 TB/s",
     "hbm_bandwidth"),
    ("| Generation | Bandwidth | Used in |\n|---|---|---|\n| HBM3 | ~3.9 TB/s | Nimbus N1 |\n", "3.9 TB/s",
     "hbm_bandwidth"),
    # a link in the row: the link's
    ("| Model | Memory | Link |\n|---|---|---|\n| Nimbus N1 | 96 GB HBM | NVLink 3 TB/s |\n", "3 TB/s",
     "scaleup_bandwidth"),
])
def test_a_bare_bandwidth_in_a_row_naming_an_hbm_is_the_hbms(specs, text, claimed, metric):
    found = claim(text, specs, claimed)
    asked = [t for t in found.get("todo") or [] if t.startswith("metric:")]
    assert (found.get("metric"), asked) == (metric, []), found


def test_a_figure_far_from_a_system_and_near_its_chip_names_the_chips_configuration_that_publishes_it(
        tmp_path_factory):
    # round 158: "each Hopper GPU was upgraded from 96GB ... to 144GB" in a DGX GH200 article
    catalogue = catalogue_of(tmp_path_factory, textwrap.dedent("""\
        sources:
          - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
        entities:
          - id: breeze
            name: Example Breeze B1 Superchip (96 GB)
            kind: chip
            aliases: [Breeze B1]
            facts:
              - {metric: hbm_capacity, value: 96 GB, source: ex-sheet}
          - id: breeze_144
            name: Example Breeze B1 Superchip (144 GB)
            kind: chip
            facts:
              - {metric: hbm_capacity, value: 144 GB, source: ex-sheet}
          - id: breeze_pod
            name: Example Breeze Pod (256 Breeze B1)
            kind: system
            aliases: [Breeze Pod]
            members: {breeze: 256}
        """))
    found = claim("The Breeze Pod now carries 144 GB of HBM3e.", catalogue, "144 GB")
    asked = [t for t in found.get("todo") or [] if t.startswith("subject:")]
    assert asked and "breeze_144" in asked[0] and "breeze" in asked[0], found


def test_a_figure_after_a_list_with_an_oxford_comma_asks_among_all_its_names(specs):
    # round 160: "H100, H200, and Blackwell B100 chips draw 700W" gave the B100 alone
    found = claim("Nimbus N1, Cirrus C2, and Tempest T1 chips draw 700 W.", specs, "700 W")
    asked = [t for t in found.get("todo") or [] if t.startswith("subject:")]
    assert found.get("subject") is None and asked, found
    assert all(name in asked[0] for name in ("nimbus", "cirrus", "tempest")), found


def test_a_process_node_drafted_for_a_system_goes_to_its_chip_and_is_asked(specs):
    # the workspace's Trainium3 release: "Trn3 UltraServers ... 由首款3nm AI芯片驅動" was the rack's
    found = claim("The Nimbus Box is powered by its first 3 nm AI chip.", specs, "3 nm")
    asked = [t for t in found.get("todo") or [] if t.startswith("subject:")]
    assert (found["subject"], found["metric"]) == ("nimbus", "process_node"), found
    assert asked and "a process node is a chip's" in asked[0] and "nimbus_box" in asked[0], found
