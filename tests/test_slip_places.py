"""Explanations at the places of pipeline/forensics/places/others.py: a conflicting source, the inputs of
an expression claim, the spec audit's sums and a group of members rounded and multiplied up.

Known answers on the planted-slips fixture (tests/data/slips; hand arithmetic in
docs/readme/slip-places.md) and on the bundled specs' audit, and a hypothesis property
per place: a claim built by applying the slip to a derived value is explained with that
cause first (or first-equal, and said so).
"""

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claimaudit.forensics import explain as forensics
from claimaudit.forensics.places import others as slip_places
from claimaudit.forensics.places import pair as slips
from claimaudit.output.results import to_records
from claimaudit.run import check_paths, stated_vs_members
from slip_corpus import PLACE_CAUSES, claims_yaml, make_place_specs, planted_place, written

ROOT = Path(__file__).resolve().parent.parent
SLIPS = Path(__file__).parent / "data" / "slips"

PROPERTY = settings(max_examples=10, deadline=None)
NOTE = "stated by {source}"      # a checked total's note (the report words it per language)


@pytest.fixture(scope="module")
def fixture_run():
    return check_paths([SLIPS / "claims"], SLIPS / "specs")


@pytest.mark.parametrize("claim, cause, reading", [
    ("double-rounding-expr", "double_rounding",
     "2 * 362 PFLOPS, sysx.fp8_dense (362,448 TFLOPS) rounded to 362 PFLOPS (3 significant "
     "digits) as published (rounded by the writer from [datasheet]), gives 724 PFLOPS -> 724 "
     "PFLOPS"),
    ("binary-decimal-expr", "binary_decimal",
     "144 GB + 141 GB [datasheet], chipx.hbm_capacity (144 GiB) read as 144 GB, gives 285 GB "
     "-> 285 GB"),
    ("sparse-dense-expr", "sparse_dense",
     "284,976 TFLOPS / (2 * 2,517 TFLOPS [datasheet]), sysy.fp8_sparse (284,976 TFLOPS) in "
     "place of sysy.fp8_dense, gives 56.6103x -> 56.6x"),
    ("superseded-conflicting-source", "superseded",
     "8 x 3.2 TB/s [review], 3.2 TB/s [review] (another source's figure for "
     "chipw.hbm_bandwidth), gives 25.6 TB/s -> 25.6 TB/s"),
    ("superseded-own-source", "superseded",
     "1,000 TFLOPS [vendor-sheet], 1,000 TFLOPS [vendor-sheet] (another source's figure for "
     "chipv.fp8_dense (950 TFLOPS)), gives 1,000 TFLOPS -> 1,000 TFLOPS"),
])
def test_a_slip_at_a_new_place_is_explained_first(fixture_run, claim, cause, reading):
    record = {r["id"]: r for r in to_records(fixture_run)}[claim]
    top = record["explanations"][0]
    assert (top["cause"], top["reading"], top.get("tie")) == (cause, reading, None)


def _sums(run) -> dict:
    return {(r["subject"], r["metric"]): r for r in stated_vs_members(run, NOTE)}


def test_a_total_of_rounded_groups_is_explained_in_the_spec_audit(fixture_run):
    sums = _sums(fixture_run)
    assert [(e["cause"], e["reading"]) for e in sums["podu", "fp8_dense"]["explanations"]] == [
        ("double_rounding", "4 x 10.7 PFLOPS, boardu.fp8_dense (10,664 TFLOPS) rounded to "
         "10.7 PFLOPS (3 significant digits) as published (rounded by the writer from "
         "[datasheet]), gives 42.8 PFLOPS -> 42.8 PFLOPS")]
    top = sums["racky", "fp8_dense"]["explanations"][0]
    assert top["reading"].startswith("72 x 2 PFLOPS, chipy.fp8_dense (1,979 TFLOPS) rounded")
    assert sums["racky", "hbm_bandwidth"]["verdict"] == "inconsistent"
    assert sums["racky", "hbm_bandwidth"]["explanations"] == []      # 300 vs 345.6: no slip


def test_the_bundled_audit_explains_42p8_as_4_x_10p7():
    sums = _sums(check_paths([ROOT / "claims"], ROOT / "specs"))
    for metric in ("bf16_dense", "fp16_dense", "tf32_dense"):
        items = sums["trn2_ultraserver", metric]["explanations"]
        assert items[0]["reading"] == (
            f"4 x 10.7 PFLOPS, trn2_instance.{metric} (10,672 TFLOPS) rounded to 10.7 PFLOPS "
            "(3 significant digits) as published (AWS's own rounded figure, neuron-trn2-arch), "
            "gives 42.8 PFLOPS -> 42.8 PFLOPS")
    assert sums["tpu_v6e_pod", "bf16_dense"]["explanations"] == []     # 234.9 vs 235.008
    assert sums["hgx_b300", "fp4_dense"]["explanations"] == []         # 108 vs 8 x 14


def test_every_place_a_cause_names_is_known():
    for name, cause in slips.catalogue()["causes"].items():
        assert set(cause["at"]) <= set(forensics.PLACES), name
        assert set(cause.get("readings_at", {})) <= set(cause["at"]), name


def test_a_place_may_have_its_own_words():
    assert "another source's figure" in slip_places.reading("superseded", "source")
    assert slip_places.reading("superseded", "node") == \
        slips.catalogue()["causes"]["superseded"]["reading"]


# -- properties over generated specs ----------------------------------------------------------

def _checked(specs: str, claims: list[dict], audit: bool = False) -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "specs").mkdir()
        (Path(tmp) / "specs" / "g.yaml").write_text(specs)
        (Path(tmp) / "claims.yaml").write_text(claims_yaml(claims))
        run = check_paths([Path(tmp) / "claims.yaml"], Path(tmp) / "specs")
        return stated_vs_members(run, NOTE) if audit else to_records(run)


def _first_equal(items: list[dict]) -> list[str]:
    return [e["cause"] for e in items if e.get("tie")] or [items[0]["cause"]]


@PROPERTY
@given(seed=st.integers(0, 10**6), place=st.sampled_from(sorted(PLACE_CAUSES)))
@example(seed=1234, place="source")    # pinned: 118 TB/s is also 107.52 TB/s read as TiB/s
@example(seed=0, place="expr")         # pinned: 14,280 TFLOPS had one digit too many
def test_a_slip_planted_at_a_place_is_explained_with_its_cause_first(seed, place):
    rng = random.Random(seed)
    _, pods, specs = make_place_specs(rng)
    claims = [planted_place(place, pod) for pod in pods]
    for record in _checked(specs, claims):
        if record["verdict"] == "consistent":   # the slip left no trace as written
            continue
        assert record["explanations"], (place, record["claimed"], record["derived"])
        assert PLACE_CAUSES[place] in _first_equal(record["explanations"])


@PROPERTY
@given(seed=st.integers(0, 10**6))
def test_a_stated_total_of_rounded_groups_is_explained_in_the_audit(seed):
    _, pods, specs = make_place_specs(random.Random(seed), stated_fp8=True)
    sums = {r["subject"]: r for r in _checked(specs, [], audit=True) if r["metric"] == "fp8_dense"}
    for pod in pods:
        record = sums[pod.id]
        if record["verdict"] != "consistent":
            assert "double_rounding" in _first_equal(record["explanations"]), record


@PROPERTY
@given(seed=st.integers(0, 10**6), digits=st.integers(3, 5))
def test_a_claim_at_a_place_within_its_region_is_never_explained(seed, digits):
    _, pods, specs = make_place_specs(random.Random(seed))
    claims = [{"expr": f"3 * {pod.chip.id}.fp8_dense",
               "claimed": f"{written(3 * pod.chip.fp8, digits)} TFLOPS"} for pod in pods]
    claims += [{"subject": pod.id, "metric": "fp8_dense", "claimed":
                f"{written(pod.per_board * pod.boards * pod.chip.fp8 / 1000, digits)} PFLOPS"}
               for pod in pods]
    for record in _checked(specs, claims):
        assert record["verdict"] == "consistent", record["claimed"]
        assert record["explanations"] == []
