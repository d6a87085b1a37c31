"""benchmarks/draft_ablation.py: word-list entries are removed as asked, and each earlier
held-out round keeps >= 90% recall and <= 20% noise with only the general rules (slow)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "draft_ablation.py"
MODES = ("none", "fix", "since", "bare")     # the script's modes (draft_ablation.MODES)


def _run(*args: str, stdin: str | None = None) -> dict:
    """The benchmark run as a script; its JSON output."""
    out = subprocess.run([sys.executable, str(SCRIPT), *args], cwd=ROOT, check=True, input=stdin,
                         capture_output=True, text=True, encoding="utf-8", timeout=1200)
    return json.loads(out.stdout)


def ablated(data: dict, removed: list) -> dict:
    return _run("--ablated", stdin=json.dumps({"data": data, "removed": removed}))


def test_ablated_removes_entries_and_keeps_containers():
    data = {"units": {"TB": ["TB", "terabytes"], "lb": ["pounds"]},
            "unclaimable_units": {"lb": {"base": 0.45}},
            "count_nouns": {"chips": ["chips"], "other": ["engines", "links"]},
            "ratio_words": {"twice": 2, "翻了一番": 2}, "hardware_nouns": ["GPU"], "note": 3}
    out = ablated(data, [["units", "TB", "terabytes"], ["units", "lb", "pounds"],
                         ["count_nouns", "other", "engines"], ["ratio_words", "", "翻了一番"],
                         ["hardware_nouns", "", "GPU"]])
    assert out == {"units": {"TB": ["TB"]}, "unclaimable_units": {},
                   "count_nouns": {"chips": ["chips"], "other": ["links"]},
                   "ratio_words": {"twice": 2}, "hardware_nouns": [], "note": 3}


@pytest.mark.slow
@pytest.mark.parametrize("index", range(6))
def test_each_earlier_round_keeps_the_targets_without_its_entries(index):
    for mode in MODES:
        result = _run("--one", str(index), mode)
        assert result["found"] >= 0.9 * result["annotated"], (mode, result["misses"])
        assert result["noise"] <= 0.2 * result["drafted"], mode


def test_score_round_runs_without_ablation():
    result = _run("--one", "2", "none")
    assert result["annotated"] == 49 and result["found"] >= 45
