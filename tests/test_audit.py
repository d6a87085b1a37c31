"""The spec-data audit (pipeline/report/audit.py), known answers on the bundled specs."""

from pathlib import Path

import pytest

from claimaudit.run import check_paths, spec_audit

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def audit():
    return spec_audit(check_paths([], ROOT / "specs"))


def test_conflicting_facts_in_force_are_listed(audit):
    conflicts = {(c["entity"], c["metric"]): sorted(f["value"] for f in c["facts"])
                 for c in audit["conflicts"]}
    assert conflicts[("trainium3", "scaleup_bandwidth")] == ["2,048 GiB/s", "2560 GB/s"]
    assert ("trainium3", "hbm_bandwidth") not in conflicts     # 4.7 TB/s is superseded
    assert all(len(values) > 1 for values in conflicts.values())


def test_superseded_facts_are_listed_and_not_in_conflicts(audit):
    superseded = {(f["entity"], f["metric"], f["value"]) for f in audit["superseded"]}
    assert ("trainium3", "hbm_capacity", "144 GB") in superseded
    assert ("trainium2", "fp8_dense", "1,287 TFLOPS") in superseded
    assert ("trainium3", "hbm_bandwidth", "4.7 TB/s") in superseded
    in_force = {(f["file"], f["line"]) for c in audit["conflicts"] for f in c["facts"]}
    # one fact is never both (the same value may be in force from another source)
    assert not {(f["file"], f["line"]) for f in audit["superseded"]} & in_force


def test_stated_system_figures_are_checked_against_their_members(audit):
    sums = {(r["subject"], r["metric"]): r for r in audit["sums"]}
    bf16 = sums[("trn2_ultraserver", "bf16_dense")]      # AWS: 42.8 PF; 64 x 667 TF = 42.688 PF
    # 42.8 = 4 x 10.7, AWS's rounded per-server figure (3 digits): rounding, not an error (10.2)
    assert (bf16["verdict"], bf16["severity"]) == ("within_rounding", None)
    assert bf16["derived"]["value"] == pytest.approx(42.688)
    assert bf16["steps"][-1] == ("trn2_ultraserver.bf16_dense = 64 x trainium2.bf16_dense = "
                                 "64 x 667 TFLOPS [neuron-trainium2] = 42,688 TFLOPS")
    capacity = sums[("trn3_ultraserver", "hbm_capacity")]  # 20,736 GiB = 144 x 144 GiB
    assert capacity["verdict"] == "consistent"
    assert all(r["source"] == "specs" and r["kind"] == "members" for r in audit["sums"])


def test_the_sum_ignores_the_systems_own_figure(audit):
    fp8 = {(r["subject"], r["metric"]): r for r in audit["sums"]}[("trn2_ultraserver", "fp8_dense")]
    assert fp8["claimed"]["text"] == "83.2 PFLOPS"
    assert fp8["derived"]["value"] == pytest.approx(83.136)       # 64 x 1,299 TFLOPS
    assert fp8["verdict"] == "within_rounding"
