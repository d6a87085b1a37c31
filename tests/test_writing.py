"""Writing claims and specs by hand (CONTRACT 9.3): interpretations with their own
`claimed`, expressions with units, aliases and `extend:`, `todo`."""

import textwrap

import pytest

from pipeline.errors import InputError
from pipeline.results import to_records
from pipeline.run import check_paths

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
