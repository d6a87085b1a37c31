"""The workspace's edits as plain functions (pipeline/serve/settle.py): a settled claim has one
shape and no todo; a fact lands in an `extend:` entry with its source declared once."""

import pytest

from claimaudit.serve.settle import SettleError, settle_claim, source_id_for, todo_fields, with_fact

ENTITIES = {"trainium3": "trainium3", "Trainium3": "trainium3", "第三代 Trainium": "trainium3",
            "trn2": "trn2"}
METRICS = {"fp8_dense", "process_node"}
QUALIFIERS = {"about", "up_to", "nearly"}


def entity_id(name):
    if name not in ENTITIES:
        raise LookupError(f"no entity {name!r}")
    return ENTITIES[name]


def settle(claim, **choice):
    return settle_claim(claim, choice, entity_id, METRICS, QUALIFIERS)


DRAFTED = {"id": "c", "quote": "3nm", "kind": "qualitative", "claimed": "3 nm",
           "todo": ["subject: pick one", "shape: replace `kind: qualitative`", "metric: choose"]}


def test_todo_lines_sit_at_their_controls():
    assert todo_fields(DRAFTED) == {"subject": ["subject: pick one"], "metric": ["metric: choose"],
                                    "kind": ["shape: replace `kind: qualitative`"]}


def test_a_numeric_settlement_has_one_shape_and_no_todo():
    assert settle(DRAFTED, kind="numeric", subject="第三代 Trainium", metric="process_node",
                  claimed="3  nm", qualifier="about") == {
        "id": "c", "quote": "3nm", "subject": "trainium3", "metric": "process_node", "claimed": "3 nm"}


def test_nothing_to_compute_keeps_the_number_as_text():
    assert settle(DRAFTED, kind="qualitative") == {"id": "c", "quote": "3nm", "kind": "qualitative",
                                                   "claimed": "3 nm"}


def test_readings_all_or_one():
    claim = {"id": "r", "quote": "3x", "metric": "fp8_dense", "interpretations": [
        {"label": "as written", "subject": "trainium3", "baseline": "trn2", "claimed": "3x"},
        {"label": "4x", "subject": "trainium3", "baseline": "trn2", "claimed": "4x"}]}
    assert settle(claim, kind="numeric", reading="all")["interpretations"] == claim["interpretations"]
    assert settle(claim, kind="numeric", reading="1", qualifier="nearly") == {
        "id": "r", "quote": "3x", "subject": "trainium3", "baseline": "trn2", "metric": "fp8_dense",
        "claimed": "4x", "qualifier": "nearly"}


@pytest.mark.parametrize("choice, field", [
    ({"subject": "nosuch", "metric": "fp8_dense", "claimed": "1 PFLOPS"}, "subject"),
    ({"subject": "", "metric": "fp8_dense", "claimed": "1 PFLOPS"}, "subject"),
    ({"subject": "trainium3", "metric": "hbm", "claimed": "1 PFLOPS"}, "metric"),
    ({"subject": "trainium3", "metric": "fp8_dense", "claimed": " "}, "claimed"),
    ({"subject": "trainium3", "metric": "fp8_dense", "claimed": "1", "qualifier": "lots"}, "qualifier"),
])
def test_a_bad_choice_names_its_control(choice, field):
    with pytest.raises(SettleError) as caught:
        settle({"id": "x", "quote": "q"}, kind="numeric", **choice)
    assert caught.value.field == field


def test_a_fact_extends_the_entity_and_declares_its_source_once():
    fact = {"metric": "power", "value": "1 kW", "title": "Notes", "url": "https://a.example/n",
            "date": "2025-12-05", "party": "aws", "quote": "1 kW"}
    once = with_fact({}, fact, "trainium3", {"notes-2025-12-05"})
    twice = with_fact(once, {**fact, "metric": "chips", "value": "1"}, "trainium3", set())
    assert twice["sources"] == [{"id": "notes-2025-12-05-2", "title": "Notes",
                                 "url": "https://a.example/n", "date": "2025-12-05", "party": "aws"}]
    assert twice["entities"] == [{"extend": "trainium3", "facts": [
        {"metric": "power", "value": "1 kW", "source": "notes-2025-12-05-2", "quote": "1 kW"},
        {"metric": "chips", "value": "1", "source": "notes-2025-12-05-2", "quote": "1 kW"}]}]
    assert source_id_for("第三代", "2025-12-05", set()) == "2025-12-05"
