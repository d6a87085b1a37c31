"""Writing claims and specs by hand (CONTRACT 9.3): interpretations with their own
`claimed`, expressions with units, aliases and `extend:`, `todo`."""

import textwrap

import pytest

from claimaudit.core.errors import InputError
from claimaudit.output.results import to_records
from claimaudit.run import check_paths

SPECS = """\
sources:
  - {id: ds, title: Datasheet}
entities:
  - id: chipx
    name: Chip X
    kind: chip
    facts:
      - {metric: fp8_dense, value: 4.000 PFLOPS, source: ds}
      - {metric: hbm_bandwidth, value: 8.00 TB/s, source: ds}
  - id: chipy
    name: Chip Y
    kind: chip
    facts:
      - {metric: fp8_dense, value: 1.000 PFLOPS, source: ds}
      - {metric: hbm_bandwidth, value: 3.20 TB/s, source: ds}
"""


def corpus(tmp_path, claims: str, **spec_files) -> list[dict]:
    """Check `claims` against SPECS plus any extra spec files; records by claim."""
    (tmp_path / "specs").mkdir(exist_ok=True)
    (tmp_path / "specs" / "base.yaml").write_text(SPECS, encoding="utf-8")
    for name, text in spec_files.items():
        (tmp_path / "specs" / f"{name}.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    (tmp_path / "c.yaml").write_text(
        "source: {id: art, title: Article}\nclaims:\n" + textwrap.dedent(claims), encoding="utf-8")
    return {r["id"]: r for r in to_records(check_paths([tmp_path / "c.yaml"], tmp_path / "specs"))}


def problems(tmp_path, claims: str, **spec_files) -> list[str]:
    with pytest.raises(InputError) as info:
        corpus(tmp_path, claims, **spec_files)
    return [str(p).replace(str(tmp_path) + "/", "") for p in info.value.problems]


# -- interpretations with their own claimed and qualifier ------------------------------

def test_one_claim_two_readings_of_its_number(tmp_path):
    records = corpus(tmp_path, """\
      - id: up3
        quote: 提升 3 倍
        metric: fp8_dense
        interpretations:
          - {subject: chipx, baseline: chipy, claimed: 3倍}
          - {subject: chipx, baseline: chipy, claimed: 4倍}
      - id: up4
        quote: 4x, or roughly 5x
        metric: fp8_dense
        claimed: 4x
        interpretations:
          - {subject: chipx, baseline: chipy}
          - {subject: chipx, baseline: chipy, claimed: 5x, qualifier: roughly}
    """)
    up3, up4 = records["up3"], records["up4"]
    assert up3["verdict"] == "ambiguous"
    assert [(a["label"], a["verdict"]) for a in up3["alternatives"]] == [
        ("chipx vs chipy, 3倍", "inconsistent"), ("chipx vs chipy, 4倍", "consistent")]
    assert up3["claimed"]["text"] == "3倍"          # the first reading stands for the claim
    assert [a.get("claimed") for a in up3["alternatives"]] == ["3倍", "4倍"]
    assert [a.get("claimed") for a in records["up4"]["alternatives"]] == [None, "5x"]
    assert up4["verdict"] == "consistent"           # 4 in [4, 6]: roughly 5x holds too


def test_interpretation_claimed_and_qualifier_are_checked(tmp_path):
    found = problems(tmp_path, """\
      - id: bad
        quote: q
        metric: fp8_dense
        interpretations:
          - {subject: chipx, baseline: chipy, claimed: 3 parsecs}
          - {subject: chipx, baseline: chipy, claimed: 4x, qualifier: roughy}
          - {subject: chipx, claimed: 4 TB/s}
    """)
    assert found == [
        "c.yaml:7: claim 'bad': interpretation: unknown unit 'parsecs'",
        ("c.yaml:8: claim 'bad': interpretation: unknown qualifier 'roughy' (did you mean "
         "roughly?); expected one of about, almost, approximately, around, at_least, at_most, "
         "exact, just_over, less_than, more_than, nearly, on_par, over, roughly, under, "
         "up_to, upwards_of"),
        ("c.yaml:9: claim 'bad': unit 'TB/s' is a bandwidth (bytes/s or bits/s), metric "
         "fp8_dense needs a compute rate (FLOPS)"),
    ]


def test_a_claim_without_claimed_needs_it_in_every_interpretation(tmp_path):
    found = problems(tmp_path, """\
      - id: half
        quote: q
        metric: fp8_dense
        interpretations:
          - {subject: chipx, baseline: chipy, claimed: 4x}
          - {subject: chipx, baseline: chipy}
    """)
    assert found == ["c.yaml:3: claim 'half': expected a `claimed` value, found none"]


# -- expressions with units ----------------------------------------------------------

def test_an_expression_claim_with_a_unit_number(tmp_path):
    records = corpus(tmp_path, """\
      - id: bw
        quote: 2.5x the bandwidth of Chip Y's 3.2 TB/s
        expr: "8 TBps / chipy.hbm_bandwidth"
        claimed: 2.5x
    """)
    assert records["bw"]["verdict"] == "consistent"
    assert records["bw"]["steps"][-1].startswith("8 TBps / ")


# -- aliases and extend ------------------------------------------------------------------

MINE = """\
sources:
  - {id: mine, title: My notes}
entities:
  - extend: chipx
    aliases: [X1, 第一代 X]
    facts:
      - {metric: hbm_capacity, value: 144 GB, source: mine}
"""


def test_an_extension_adds_facts_and_aliases(tmp_path):
    from claimaudit.run import load_corpus

    records = corpus(tmp_path, """\
      - {id: cap, quote: q, subject: chipx, metric: hbm_capacity, claimed: 144 GB}
    """, mine=MINE)
    assert records["cap"]["verdict"] == "consistent"
    assert records["cap"]["sources"] == ["mine"]
    entities = load_corpus([tmp_path / "c.yaml"], tmp_path / "specs").entities.set_index("id")
    assert entities.loc["chipx", "aliases"] == ["X1", "第一代 X"]


@pytest.mark.parametrize("extension, message", [
    ("  - extend: chipz\n    aliases: [Z]\n",
     ("specs/mine.yaml:4: extend: unknown entity 'chipz' (did you mean chipy?); an extension adds "
     "to an entity declared with `id:` in some spec file (see `claimaudit entities`)")),
    ("  - extend: chipy\n    kind: chip\n",
     ("specs/mine.yaml:5: extend 'chipy': field 'kind' is not allowed with extend; expected only "
     "aliases, facts, note (declare the entity with `id:` instead)")),
    ("  - extend: chipy\n    aliases: [x1]\n",
     "specs/mine.yaml:4: entity 'chipy': alias 'x1' also names entity 'chipx' (specs/mine.yaml:2)"),
    ("  - extend: chipy\n    aliases: [chip x]\n",
     ("specs/mine.yaml:4: entity 'chipy': alias 'chip x' also names entity 'chipx' "
     "(specs/base.yaml:4)")),
    ("  - extend: chipy\n    aliases: [{a: 1}]\n",
     "specs/mine.yaml:5: extend 'chipy': aliases: expected names (text), found a mapping"),
    ("  - {extend: [chipy]}\n",
     "specs/mine.yaml:4: extend: expected an entity id, found a list"),
])
def test_extension_mistakes(tmp_path, extension, message):
    spec = "entities:\n  - extend: chipx\n    aliases: [X1]\n" + extension
    found = problems(tmp_path, "  - {id: a, quote: q, kind: qualitative}\n", mine=spec)
    assert found == [message]


def test_an_alias_in_a_claim_says_which_entity_it_names(tmp_path):
    found = problems(tmp_path, """\
      - {id: a, quote: q, subject: x1, metric: fp8_dense, claimed: 4 PFLOPS}
      - {id: b, quote: q, subject: chipq, metric: fp8_dense, claimed: 4 PFLOPS}
      - {id: c, quote: q, subject: rubin, metric: fp8_dense, claimed: 4 PFLOPS}
    """, mine=MINE)
    assert found == [
        ("c.yaml:3: claim 'a': subject 'x1' is not a known entity ('x1' names entity chipx: "
        "write chipx)"),
        ("c.yaml:4: claim 'b': subject 'chipq' is not a known entity (did you mean chipy?); find "
        "one with `claimaudit entities PATTERN`, or declare it (with its aliases) in a spec file"),
        ("c.yaml:5: claim 'c': subject 'rubin' is not a known entity; find one with `claimaudit "
        "entities PATTERN`, or declare it (with its aliases) in a spec file"),
    ]


# -- todo ----------------------------------------------------------------------------------

def test_a_claim_with_a_todo_is_unverifiable_until_edited(tmp_path):
    records = corpus(tmp_path, """\
      - id: draft
        quote: Rubin Ultra doubles it
        claimed: 兩倍
        todo: ["subject: Rubin Ultra is not in the specs; add it with aliases"]
      - id: nearly
        quote: Chip X has 4 PFLOPS
        subject: chipx
        metric: fp8_dense
        claimed: 4 PFLOPS
        todo: [check the precision]
      - {id: done, quote: q, subject: chipx, metric: fp8_dense, claimed: 4 PFLOPS, todo: []}
    """)
    draft, nearly, done = records["draft"], records["nearly"], records["done"]
    assert (draft["verdict"], draft["kind"], draft["derived"]) == ("unverifiable", "todo", None)
    assert draft["todo"] == ["subject: Rubin Ultra is not in the specs; add it with aliases"]
    assert draft["hints"] == ["to do: subject: Rubin Ultra is not in the specs; add it with aliases"]
    assert (nearly["verdict"], nearly["derived"]) == ("unverifiable", None)
    assert nearly["hints"] == ["to do: check the precision"]
    assert done["verdict"] == "consistent" and "todo" not in done


@pytest.mark.parametrize("todo, message", [
    ("todo: decide", ("c.yaml:3: claim 't': todo: expected a list of text (what a person still "
                     "has to decide), found 'decide'")),
    ("todo: [\"\"]", ("c.yaml:3: claim 't': todo: expected a list of text (what a person still "
                     "has to decide), found a list with an empty or non-text item")),
])
def test_todo_must_be_a_list_of_text(tmp_path, todo, message):
    found = problems(tmp_path, f"  - {{id: t, quote: q, kind: qualitative, {todo}}}\n")
    assert found == [message]


# -- the bundled aliases (specs/aliases.yaml) ------------------------------------------------

def test_every_bundled_entity_has_aliases_that_name_it():
    from pathlib import Path

    from claimaudit.model.extend import alias_table
    from claimaudit.run import load_corpus

    root = Path(__file__).parent.parent
    entities = load_corpus([], root / "specs").entities
    assert all(entities["aliases"].map(len) > 0), "an entity without aliases in specs/aliases.yaml"
    names = alias_table(entities)
    assert {word: names[word.casefold()] for word in (
        "Trainium3", "Trn3", "第三代 Trainium", "Trn3 UltraServer", "GB300 NVL72",
        "Ironwood", "TPU v7", "第七代 TPU", "Trillium", "MI355X", "H100")} == {
        "Trainium3": "trainium3", "Trn3": "trainium3", "第三代 Trainium": "trainium3",
        "Trn3 UltraServer": "trn3_ultraserver", "GB300 NVL72": "gb300_nvl72",
        "Ironwood": "tpu_ironwood", "TPU v7": "tpu_ironwood",
        "第七代 TPU": "tpu_ironwood", "Trillium": "tpu_v6e", "MI355X": "mi355x", "H100": "h100"}
    # family words name several products (Blackwell Ultra: b300 and gb300_gpu; Hopper: h100,
    # h200, h800, h20...): never an alias, so a draft asks which one is meant
    assert not {"blackwell ultra", "hopper", "blackwell"} & set(names)


def test_an_alias_in_an_expression_says_which_entity_it_names(tmp_path):
    found = problems(tmp_path, """\
      - {id: e, quote: q, expr: "X1.fp8_dense / chipy.fp8_dense", claimed: 4x}
    """, mine=MINE)
    assert found == [("c.yaml:3: claim 'e': unknown entity 'X1' ('X1' names entity chipx: "
                     "write chipx)")]
