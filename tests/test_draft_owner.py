"""Whose figure an amount is (pipeline/draft/owner.py) and the scope words that move it to a
chip, a system or a cluster (pipeline/draft/scope.py), issue 19: each rule on small sentences
over the fixture specs (tests/data/draft-specs/), with known answers."""

from __future__ import annotations

import pytest

from claimaudit.draft.article import SourceInfo, _naming_the_written, _subject_also_near, draft_document
from claimaudit.draft.claims import Reading, _is_counted
from claimaudit.draft.density_words import said_metrics
from claimaudit.draft.entities import Mention
from claimaudit.draft.scope import scope_of


def claim(text: str, catalogue, claimed: str) -> dict:
    claims = draft_document(text, SourceInfo("t", "t", "en"), catalogue)["claims"]
    return next(c for c in claims if claimed in (c.get("claimed"),
                                                 *(r["claimed"] for r in c.get("interpretations") or [])))


def subject_todo(found: dict) -> list[str]:
    return [t for t in found.get("todo") or [] if t.startswith("subject:")]


# --- owner.py: the words next to an amount ---------------------------------------------------

@pytest.mark.parametrize("text, claimed, subject", [
    ("Zephyr Z2 ships 192 GB, compared to the Breeze B1's 32 GB of HBM.", "32 GB", "breeze"),
    ("Zephyr Z2 ships 192 GB, compared to the Breeze B1 SXM's 32 GB of HBM.", "32 GB", "breeze"),
    ("Zephyr Z2 ships 192 GB, compared to the Breeze B1's 32 GB of HBM.", "192 GB", "zephyr"),
    ("澤菲爾的記憶體達到 192GB，較上一代 Breeze B1 的 32GB 提升。", "32 GB", "breeze"),
    ("FP8 compute is 900 TF on Breeze B1 vs. 4,000 TF on Zephyr Z2.", "900 TFLOPS", "breeze"),
    ("FP8 compute is 900 TF on Breeze B1 vs. 4,000 TF on Zephyr Z2.", "4,000 TFLOPS", "zephyr"),
    ("Zephyr Z2 dense FP8 is faster (4 vs 0.9 petaFLOPS) compared to Breeze B1.", "0.9 PFLOPS", "breeze"),
    ("Zephyr Z2 dense FP8 is faster (4 vs 0.9 petaFLOPS) compared to Breeze B1.", "4 PFLOPS", "zephyr"),
    # two amounts set against each other in a bracket: the two names before it, in order
    ("Zephyr Z2 matches Breeze B1 in capacity (192 GB vs 32 GB) today.", "192 GB", "zephyr"),
    ("Zephyr Z2 matches Breeze B1 in capacity (192 GB vs 32 GB) today.", "32 GB", "breeze"),
    ("Zephyr Z2 has more memory than Breeze B1 (192 GB vs 32 GB).", "192 GB", "zephyr"),
    # another sentence's "vs" marks no name of this one as the compared-with
    ("Cloud vs edge fit. Zephyr Z2 matches Breeze B1 in capacity (192 GB vs 32 GB).", "192 GB", "zephyr"),
])
def test_the_words_next_to_an_amount_decide_its_owner(base, text, claimed, subject):
    found = claim(text, base, claimed)
    assert found.get("subject") == subject and not subject_todo(found)


def test_a_bracket_of_two_amounts_after_three_names_is_not_the_last_names(base):
    found = claim("Breeze B1 and Aurora X1 trail Zephyr Z2 (32 GB vs 192 GB).", base, "32 GB")
    assert found.get("subject") != "zephyr", found


def test_a_possessive_family_name_asks_its_candidates(base):
    found = claim("澤菲爾的記憶體頻寬達到 7.4TB/s，較上一代 Aurora 的 8TB/s 提升。", base, "8 TB/s")
    assert "subject" not in found
    assert any("'Aurora' may mean aurora_x1, aurora_x2" in t for t in subject_todo(found))


def test_the_other_side_of_vs_may_be_settled_by_its_figure(base):
    text = "Breeze B1 came first.\n\nZephyr Z2 has more memory (192 GB vs. 32 GB) for larger models."
    assert claim(text, base, "32 GB").get("subject") == "breeze"     # Breeze B1 publishes 32 GB


def test_the_other_side_of_vs_is_asked_when_the_sentence_compares_with_no_one(base):
    text = "Breeze B1 came first.\n\nZephyr Z2 has more memory (192 GB vs. 30 GB) for larger models."
    other = claim(text, base, "30 GB")
    assert "subject" not in other
    assert any("other side" in t and "breeze" in t and "pick one" in t for t in subject_todo(other))
    assert claim(text, base, "192 GB").get("subject") == "zephyr"


def test_the_amount_after_a_han_comparison_marker_is_the_other_sides(base):
    """"用7nm去對標4nm": an amount after 對標 and another amount is the compared-with's, asked,
    not the subject's."""
    text = "Zephyr Z2 對標 Breeze B1。\n\nZephyr Z2 的記憶體：用32 GB去對標30 GB？\n"
    other = claim(text, base, "30 GB")
    assert "subject" not in other and any("other side" in t for t in subject_todo(other)), other


def test_a_ratio_is_no_amount_to_own(base):
    found = claim("Zephyr Z2 offers 6x the memory of Breeze B1's.", base, "6x")
    assert (found.get("subject"), found.get("baseline")) == ("zephyr", "breeze")


# --- scope.py: per chip, per rack, per pod ----------------------------------------------------

@pytest.mark.parametrize("clause, found", [
    ("up to 120kW per rack", ("system", "per rack")),
    ("9,216 chips per pod", ("cluster", "per pod")),
    ("288GB HBM3e per GPU", ("chip", "per GPU")),
    ("每個機架 120kW", ("system", "每個機架")),
    ("192GB per chip, 9,216 chips per pod", None),      # two scopes decide nothing
    ("192GB of HBM", None),
])
def test_scope_words(clause, found):
    assert scope_of(clause) == found


@pytest.mark.parametrize("text, claimed, subject, asked", [
    # down to a member: decided (a member is part of the entity's definition)
    ("The Zephyr Pod offers 192 GB of HBM per chip.", "192 GB", "zephyr", False),
    # up to a container whose published figure is the number: decided
    ("Zephyr Z2 reaches 32.8 exaflops of FP8 dense compute per pod.", "32.8 EFLOPS", "zephyr_pod", False),
    # up to a container the text names: decided
    ("The Zephyr Pod is new.\n\nZephyr Z2 draws 50 kW per pod.", "50 kW", "zephyr_pod", False),
    # up to a container the text does not name, the figure unknown: written, asked
    ("Zephyr Z2 draws 50 kW per pod.", "50 kW", "zephyr_pod", True),
    # a chip of no system: its cluster (a bigger whole) is offered, and asked
    ("Zephyr Z2 draws 50 kW per rack.", "50 kW", "zephyr_pod", True),
])
def test_scope_moves_down_freely_and_up_only_when_the_text_decides(base, text, claimed, subject, asked):
    found = claim(text, base, claimed)
    assert found.get("subject") == subject
    assert bool(subject_todo(found)) is asked


def test_a_new_container_never_makes_a_scoped_figure_silently_wrong(base, extended):
    text = "Zephyr Z2 draws 50 kW per rack."
    before, after = claim(text, base, "50 kW"), claim(text, extended, "50 kW")
    assert subject_todo(before) and subject_todo(after)          # asked, then asked
    assert before.get("subject") == "zephyr_pod" and "subject" not in after
    assert any("zephyr_rack" in t and "zephyr_pod" in t for t in subject_todo(after))


# --- the number decides only among what the words leave open ----------------------------------

def test_a_precision_said_limits_the_metrics_a_figure_may_pick():
    metrics = ["fp4_dense", "fp4_sparse", "fp8_dense", "fp8_sparse", "fp64_dense"]
    assert said_metrics("fp4_dense", metrics) == ["fp4_dense", "fp4_sparse"]
    assert said_metrics(None, metrics) == metrics


def test_a_table_row_of_fp4_never_takes_the_fp8_figure_it_equals(base):
    table = "| Spec | Zephyr Z2 |\n|---|---|\n| FP4 | 8,000 TFLOPS |\n"
    found = claim(table, base, "8,000 TFLOPS")          # zephyr publishes 8,000 TFLOPS fp8_sparse
    assert found.get("metric") == "fp4_dense"
    assert any(t.startswith("metric: the text does not say dense or sparse") for t in found["todo"])


def test_a_table_figure_for_two_precisions_is_asked_between_them(base):
    table = "| Spec | Zephyr Z2 |\n|---|---|\n| FP8/FP6 | 4,500 TFLOPS |\n"
    found = claim(table, base, "4,500 TFLOPS")
    # the cell says no density either: both are among the choices (no fp6_sparse metric exists)
    assert any("fp8_dense or fp8_sparse or fp6_dense" in t for t in found["todo"] if t.startswith("metric:"))


def test_a_table_figure_for_two_precisions_equal_to_one_published_figure_is_that_one(base):
    """Zephyr publishes 4,000 TFLOPS FP8 dense and no FP6 figure: the one reading the specs can
    check is the one the figure equals (as for any open metric)."""
    found = claim("| Spec | Zephyr Z2 |\n|---|---|\n| FP8/FP6 | 4,000 TFLOPS |\n", base, "4,000 TFLOPS")
    assert found["metric"] == "fp8_dense" and not found.get("todo")
    # its sparse figure is not taken while the text does not say sparse
    found = claim("| Spec | Zephyr Z2 |\n|---|---|\n| FP8/FP6 | 8,000 TFLOPS |\n", base, "8,000 TFLOPS")
    assert any(t.startswith("metric: the figure is given for FP8/FP6") for t in found["todo"])


def test_a_table_caption_that_says_dense_speaks_for_the_cells(base):
    table = "Numbers without sparsity\n\n| Spec | Breeze B1 |\n|---|---|\n| BF16 | 450 TFLOPS |\n"
    found = claim(table, base, "450 TFLOPS")
    assert found.get("metric") == "bf16_dense" and "todo" not in found


# --- candidate lists: an asked field names every id the text offers ---------------------------

def test_a_subject_todo_names_the_id_written():
    todo = ["subject: 'EC2 X' is not one entity of the specs; add it", "metric: which?",
            "subject: zephyr is a chip; name it"]
    assert _naming_the_written(todo, "zephyr") == [
        "subject: 'EC2 X' is not one entity of the specs; add it (zephyr written: confirm or change)",
        "metric: which?", "subject: zephyr is a chip; name it"]
    assert _naming_the_written(todo, None) == todo


def test_a_chip_count_given_to_a_chip_offers_its_containers(base):
    found = claim("Zephyr Z2: 4,096 chips.", base, "4,096")
    assert any("zephyr_pod" in t and "pick one" in t for t in subject_todo(found))


def test_an_assumed_subject_also_names_the_texts_other_ids(base):
    text = "Zephyr Z2 and Breeze B1 launched.\n\nBreeze B1 ships first.\n\nMemory reaches 192GB."
    todo = subject_todo(claim(text, base, "192 GB"))
    assert any("breeze" in t and "assumed" in t and "also names zephyr" in t for t in todo)


def test_an_open_baseline_offers_the_texts_other_ids(base):
    text = "Breeze B1 came first.\n\nZephyr Z2 has 50% more memory."
    found = claim(text, base, "+50%")
    assert any(t.startswith("baseline:") and "breeze" in t for t in found["todo"])


def test_a_chip_scope_word_offers_the_candidates_chips(base):
    text = "The Zephyr Pod and Breeze B1 compete.\n\n单芯片 5,000 TFLOPS 的 FP8 算力。"
    todo = subject_todo(claim(text, base, "5,000 TFLOPS"))
    assert any("breeze, zephyr" in t and "pick one" in t for t in todo)


# --- compared.py: what a ratio compares when its words do not say ------------------------------

@pytest.mark.parametrize("text, claimed, metric", [
    ("Zephyr Z2 的記憶體頻寬達到 7.4TB/s，較 Breeze B1 的 3TB/s 提升 2.5 倍。", "2.5x", "hbm_bandwidth"),
    ("Zephyr Z2 ships 192 GB. That is 500% more than the Breeze B1's 32 GB.", "+500%", "hbm_capacity"),
    ("每顆澤菲爾晶片提供192GB容量，是Breeze B1的六倍。", "6x", "hbm_capacity"),
])
def test_a_ratio_compares_what_its_clause_or_the_clause_before_measures(base, text, claimed, metric):
    assert claim(text, base, claimed).get("metric") == metric


def test_only_the_clause_right_before_counts(base):
    # 高頻寬記憶體 (HBM) holds a bandwidth's words, but the clause before the ratio is a capacity
    text = "澤菲爾增加高頻寬記憶體（HBM）容量，每顆晶片提供192GB容量，是Breeze B1的六倍。"
    assert claim(text, base, "6x").get("metric") == "hbm_capacity"


# --- entities.py: a system's name with a word for a system is that system ---------------------

def test_a_systems_name_and_rack_is_the_system_itself(base, extended):
    rack = [m for m in extended.find("這款 Zephyr Rack 機架的功耗") if m.text.startswith("Zephyr")]
    assert [m.entity for m in rack] == ["zephyr_rack"]
    chip = [m for m in base.find("Zephyr Z2 rack") if m.text.startswith("Zephyr")]
    assert [m.entity for m in chip] == [""]         # a chip and "rack": a bigger thing, asked


def test_system_scope_words_include_a_single_rack():
    assert scope_of("single rack solutions that consume up to 600kW") == ("system", "single rack")
    assert scope_of("每個機櫃功耗 120kW") == ("system", "每個機櫃")


# --- the paragraph's one subject ---------------------------------------------------------------

@pytest.mark.parametrize("text, claimed, subject, asked", [
    # the paragraph names Zephyr Z2 alone: the next sentence continues it (its published figure)
    ("Zephyr Z2 is new today. Reviewers measured 192 GiB of HBM.", "192 GiB", "zephyr", False),
    # ... asked when the number is not the figure it publishes (round 20: an inference the
    # figure contradicts is likelier wrong than the article)
    ("Zephyr Z2 is new today. Reviewers measured 100 GB of HBM.", "100 GB", None, True),
    # a baseline is no subject to continue
    ("It is faster than Breeze B1 today. Reviewers measured 100 GB of HBM.", "100 GB", None, True),
    # two names: asked
    ("Zephyr Z2 beats Breeze B1 today. Reviewers measured 100 GB of HBM.", "100 GB", None, True),
    # a name the specs lack in the paragraph: asked
    ("Zephyr Z2 and the Qubit QX9 launched today. Reviewers measured 100 GB of HBM.", "100 GB", None, True),
])
def test_a_sentence_without_a_name_continues_the_paragraphs_one_subject(base, text, claimed, subject, asked):
    found = claim(text, base, claimed)
    assert (found.get("subject") if not subject_todo(found) else None) == subject
    assert bool(subject_todo(found)) is asked


# --- held-out round 9: the rules its silently wrong fields lacked ----------------------------

@pytest.mark.parametrize("text, claimed", [
    ("Zephyr Z2 ships 192 GB, far more than the Breeze B1 (32 GB).", "32 GB"),
    ("Zephyr Z2 的容量是 Breeze B1(约32 GB) 的六倍。", "32 GB"),
])
def test_an_amount_in_parentheses_after_a_name_is_that_names(base, text, claimed):
    found = claim(text, base, claimed)
    assert found.get("subject") == "breeze" and not subject_todo(found)


def test_the_name_after_of_in_n_times_the_metric_of_is_the_baseline(base):
    text = ("Zephyr Z2 claims three times the FP8 performance of Acme's Breeze B1 and more "
            "memory over the Aurora X1.")
    found = claim(text, base, "3x")
    assert (found.get("subject"), found.get("baseline")) == ("zephyr", "breeze")
    assert not [t for t in found.get("todo") or [] if t.startswith(("subject:", "baseline:"))]


def test_the_new_value_of_a_change_from_the_subjects_figure_is_asked(base):
    text = "Aurora X2 is here.\n\nA refresh of Aurora X1, lifting memory from 96 GB to 144 GB."
    found = claim(text, base, "144 GB")
    assert "subject" not in found
    assert any("value after a change" in t and "names aurora_x2" in t for t in subject_todo(found))
    same = claim("Aurora X2 memory grew from 96 GB to 144 GB.", base, "144 GB")
    assert same.get("subject") == "aurora_x2" and not subject_todo(same)


@pytest.mark.parametrize("text", [
    "Breeze B1 came first.\n\nZephyr Z2 僅增加 200 瓦功耗。",
    "Breeze B1 came first.\n\nZephyr Z2 draws 200 W more power.",
])
def test_an_increase_amount_with_no_baseline_asks_for_it(base, text):
    found = claim(text, base, "200 W")
    assert any(t.startswith("baseline:") and "breeze" in t and "pick one" in t
               for t in found.get("todo") or [])


def test_a_plain_amount_asks_no_baseline(base):
    found = claim("Breeze B1 came first.\n\nZephyr Z2 draws 200 W.", base, "200 W")
    assert not [t for t in found.get("todo") or [] if t.startswith("baseline:")]


# --- a figure equal to the sparse figure, density unsaid: asked, never decided ---------------

def test_a_figure_equal_to_the_sparse_figure_with_density_unsaid_is_asked_between_both(base):
    found = claim("The Zephyr Z2 delivers 8,000 TFLOPS of FP8.", base, "8,000 TFLOPS")
    asked = [t for t in found["todo"] if t.startswith("metric:")]
    assert asked and "fp8_dense" in asked[0] and "fp8_sparse" in asked[0]


def test_a_figure_equal_to_the_dense_figure_with_density_unsaid_is_decided(base):
    found = claim("The Zephyr Z2 delivers 4,000 TFLOPS of FP8.", base, "4,000 TFLOPS")
    assert found.get("metric") == "fp8_dense"
    assert not [t for t in found.get("todo") or [] if t.startswith("metric:")]


def test_a_figure_said_sparse_takes_the_sparse_metric(base):
    found = claim("The Zephyr Z2 delivers 8,000 TFLOPS of sparse FP8.", base, "8,000 TFLOPS")
    assert found.get("metric") == "fp8_sparse"
    assert not [t for t in found.get("todo") or [] if t.startswith("metric:")]


# --- a list's "1." counts nothing ------------------------------------------------------------

@pytest.mark.parametrize("text", ["1.Zephyr Z2 ships 192 GB of HBM.", "2. Zephyr Z2 ships 192 GB of HBM."])
def test_a_list_number_before_a_name_does_not_count_it(base, text):
    found = claim(text, base, "192 GB")
    assert found.get("subject") == "zephyr"


def test_a_count_before_a_name_still_counts_it():
    uncounted = ("1. ", "the 2021 ", "一个", "一個", "1 ")      # a list's point, a year, one
    for before in ("1.5 million ", "144顆", "8192张", "十六个", *uncounted):
        view = before + "Zephyr chips" if before != "the 2021 " else before + "Zephyr was built"
        mention = Mention(len(before), len(before) + 6, "zephyr", "Zephyr", ())
        assert _is_counted(view, mention) is (before not in uncounted), before


def test_one_before_a_systems_name_leaves_it_the_subject(base):
    """"一个Ironwood Pod能连9216颗芯片": one pod, the sentence's subject, holds the chips (its published
    count: a count far fewer than a pod holds is asked, test_draft_round308.py)."""
    found = claim("一个Zephyr Pod能连8192颗芯片。", base, "8192")
    assert found.get("subject") == "zephyr_pod" and not found.get("todo"), found


# --- an asked subject lists the ids named around it --------------------------------------------

def test_an_asked_subject_lists_the_ids_named_around_it_that_no_question_names():
    reading = Reading(todo=["subject: 'Zephyr' may mean zephyr, zephyr_pod (a family); name one"],
                      candidates=["zephyr", "zephyr_pod"], nearby=["breeze", "zephyr", "", "gale"])
    _subject_also_near(reading)
    assert reading.todo[-1] == "subject: the text around it also names breeze, gale"


def test_a_subject_whose_questions_name_every_id_around_it_gets_no_new_question():
    reading = Reading(todo=["subject: the sentence names breeze, zephyr; pick one"],
                      nearby=["breeze", "zephyr"])
    _subject_also_near(reading)
    assert len(reading.todo) == 1


def test_a_decided_subject_gets_no_question(base):
    found = claim("Zephyr Z2 ships 192 GB of HBM, like the Breeze B1 before it.", base, "192 GB")
    assert found.get("subject") == "zephyr" and not subject_todo(found)


def test_the_quote_of_a_subject_asked_among_names_just_before_shows_them(base):
    found = claim("2.Zephyr Z2跟Breeze B1相同,都是用台積電4nm", base, "4 nm")
    assert found["quote"].startswith("Zephyr Z2跟Breeze B1")
    assert "breeze" in " ".join(subject_todo(found)) and "zephyr" in " ".join(subject_todo(found))


@pytest.mark.parametrize("text", ["Zephyr Z2 SXM5 — 192 GB of HBM", "Zephyr Z2 OAM: 192 GB of HBM"])
def test_a_form_factor_after_a_name_is_no_product_the_specs_lack(base, text):
    found = claim(text, base, "192 GB")
    assert found.get("subject") == "zephyr" and not subject_todo(found)


def test_a_product_the_specs_lack_is_still_asked(base):
    found = claim("Zephyr Z2 and Qubit QX9000 — 192 GB of HBM", base, "192 GB")
    assert any("QX9000" in t for t in subject_todo(found))


# --- a figure decides among the ids the paragraph named, when all of them are known ------------

TWO_NAMED = "The Zephyr Z2 and the Breeze B1 were compared. {} Memory comes to 32 GB of HBM."


def test_a_figure_decides_among_the_paragraphs_named_ids(base):
    found = claim(TWO_NAMED.format(""), base, "32 GB")
    assert found.get("subject") == "breeze" and not subject_todo(found)


def test_a_name_the_specs_lack_in_the_paragraph_leaves_it_asked(base):
    found = claim(TWO_NAMED.format("The Qubit QX9000 was not."), base, "32 GB")
    assert "subject" not in found and subject_todo(found)


def test_a_figure_equal_to_no_candidates_figure_leaves_it_asked(base):
    found = claim(TWO_NAMED.format("").replace("32 GB", "64 GB"), base, "64 GB")
    assert "subject" not in found and subject_todo(found)


# --- topic.py: a list item under its lead line ------------------------------------------------

def test_a_list_item_naming_no_one_is_about_its_lead_lines_one_entity(base):
    text = ("The market has many chips. Breeze B1 is older.\n"
            "Concretely, this Zephyr Z2 chip has the following specifications:\n"
            "- 1.5x Breeze B1 in memory\n- A capacity of 192 GB of HBM.\n")
    found = claim(text, base, "192 GB")
    assert found.get("subject") == "zephyr" and not subject_todo(found), found


def test_an_earlier_item_naming_another_entity_ends_the_leads_say(base):
    text = ("Zephyr Z2 delivers:\n- Up to 8192 Zephyr Z2 chips per Zephyr Pod\n"
            "- 32.8 exaflops of dense FP8\n")
    found = claim(text, base, "32.8 EFLOPS")
    assert found.get("subject") != "zephyr" or subject_todo(found), found


def test_an_anaphor_with_an_adjective_before_the_amount_is_not_a_later_names(base):
    text = ("Zephyr Z2 ships this year. This powerful processor delivers 4,000 TFLOPS of dense FP8 "
            "and achieves about 60% of Breeze B1's memory.")
    assert claim(text, base, "4,000 TFLOPS").get("subject") != "breeze"


def test_a_rate_of_memory_operating_at():
    from claimaudit.draft.context import rate_metric
    text = "it is equipped with 32GB of HBM operating at 1.6TB/s and a chip-to-chip interconnect of 3.2 Tbps"
    assert rate_metric([(text, text.index("1.6"))]) == "hbm_bandwidth"


def test_chinese_halving_words_are_ratios():
    from claimaudit.draft.numbers import find_numbers
    found = [(n.value, n.unit) for n in find_numbers("内存带宽砍半到4TB/s，销量腰斩")]
    assert found == [(0.5, "x"), (4.0, "TB/s"), (0.5, "x")]


def test_the_memory_right_after_a_ratio_is_what_it_compares(base):
    text = "The Zephyr Z2 offers almost double the memory of the Breeze B1 with 1.4X the bandwidth."
    assert claim(text, base, "2x").get("metric") == "hbm_capacity"


def test_a_chips_link_named_network_is_no_scale_out():
    from claimaudit.draft.context import rate_metric
    text = "it connects 9,216 chips through the Inter-Chip Interconnect network operating at 9.6 terabits/s"
    assert rate_metric([(text, text.index("9.6")), (text, text.index("9.6"))]) == "scaleup_bandwidth"


def test_more_power_is_what_a_ratio_compares(base):
    found = claim("The Zephyr Z2 draws ~40% more power than the Breeze B1.", base, "+40%")
    assert found.get("metric") == "power"


def test_a_ratio_of_fp16_and_bf16_alike_is_bf16s(base):
    found = claim("Zephyr Z2 delivers nearly double the total FP16/BF16 compute performance of Breeze B1.",
                  base, "2x")
    assert found.get("metric") in (None, "bf16_dense", "bf16_sparse"), found
