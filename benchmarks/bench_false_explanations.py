"""How often does claimaudit name a slip that did not happen? And find the one that did?

    python benchmarks/bench_false_explanations.py [TRIALS]      (default 200)
Each trial generates specs (4 chips with random figures, a system of each) and claims:
40 wrong by a random factor (|error| log-uniform in [0.5%, 100%], either sign, written to
3 or 4 significant digits), and one planted slip per cause of the catalogue. The false-
explanation rate is the share of random-error claims that are not consistent and still
get an explanation; recall is the share of planted slips whose cause comes first (a planted
slip that leaves the claim consistent at its written precision is not counted).
The same two figures are then measured at the places of pipeline/forensics/places/others.py: chips
with a second, conflicting source for their bandwidth, boards and pods of boards (a pod
states its bandwidth), and expression claims over the chips (slip_corpus.make_place_specs).
"""

from __future__ import annotations

import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))    # slip_corpus: the planted-slip corpus the tests use too

from claimaudit import check_paths, to_records
from claimaudit.forensics.places.pair import catalogue
from slip_corpus import (
    PLACE_CAUSES,
    claims_yaml,
    make_place_specs,
    make_specs,
    planted,
    planted_place,
    random_error,
    random_place_error,
)


def trial(seed: int, tmp: Path) -> tuple[list[dict], list[tuple[str, dict]]]:
    rng = random.Random(seed)
    chips, systems, specs = make_specs(rng)
    noise = [random_error(rng, chips, systems) for _ in range(40)]
    slips = []
    for cause in catalogue()["causes"]:
        i, j = rng.sample(range(len(chips)), 2)
        claim = planted(cause, chips, systems, i, j)
        if claim is not None:
            slips.append((cause, claim))
    (tmp / "specs").mkdir(exist_ok=True)
    (tmp / "specs" / "g.yaml").write_text(specs)
    (tmp / "claims.yaml").write_text(claims_yaml(noise + [c for _, c in slips]))
    records = to_records(check_paths([tmp / "claims.yaml"], tmp / "specs"))
    return records[:len(noise)], [(cause, r) for (cause, _), r in zip(slips, records[len(noise):])]


def place_trial(seed: int, tmp: Path) -> tuple[list[dict], list[tuple[str, dict]]]:
    """The same measure at the places of pipeline/forensics/places/others.py: chips with a conflicting
    second source, boards and pods of boards, expression claims over the chips."""
    rng = random.Random(seed)
    _, pods, specs = make_place_specs(rng)
    noise = [random_place_error(rng, pods) for _ in range(40)]
    slips = [(PLACE_CAUSES[place], planted_place(place, rng.choice(pods)))
             for place in sorted(PLACE_CAUSES)]
    (tmp / "specs").mkdir(exist_ok=True)
    (tmp / "specs" / "g.yaml").write_text(specs)
    (tmp / "claims.yaml").write_text(claims_yaml(noise + [c for _, c in slips]))
    records = to_records(check_paths([tmp / "claims.yaml"], tmp / "specs"))
    return records[:len(noise)], [(cause, r) for (cause, _), r in zip(slips, records[len(noise):])]


def main() -> None:
    trials = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    measure("catalogue targets", trial, trials)
    measure("slip_places.py targets (conflicting source, group, expression inputs)",
            place_trial, trials)


def measure(title: str, trial, trials: int) -> None:
    print(f"-- {title}, {trials} trials")
    wrong = explained = 0
    false_causes: Counter = Counter()
    planted_n: Counter = Counter()
    first: Counter = Counter()
    tied: Counter = Counter()
    traceless: Counter = Counter()
    for seed in range(trials):
        with tempfile.TemporaryDirectory() as tmp:
            noise, slips = trial(seed, Path(tmp))
        for record in noise:
            if record["verdict"] in ("inconsistent", "within_rounding"):
                wrong += 1
                if record["explanations"]:
                    explained += 1
                    false_causes[record["explanations"][0]["cause"]] += 1
        for cause, record in slips:
            if record["verdict"] == "consistent":      # the slip left no trace at the
                traceless[cause] += 1                  # claim's precision: nothing to find
                continue
            planted_n[cause] += 1
            top = record["explanations"][0]["cause"] if record["explanations"] else None
            first[cause] += top == cause
            tied[cause] += top != cause and any(e["cause"] == cause and e.get("tie")
                                                for e in record["explanations"])
    print(f"random-error claims not consistent: {wrong:,}; explained anyway: {explained:,} "
          f"= {100 * explained / max(wrong, 1):.2f}% (false-explanation rate)")
    print("  false explanations by cause:", dict(false_causes.most_common()))
    total = sum(planted_n.values())
    print(f"planted slips: {total:,}; planted cause first: {sum(first.values()):,} "
          f"= {100 * sum(first.values()) / max(total, 1):.1f}%; first-equal (a tie, said so): "
          f"{sum(tied.values()):,}; left no trace (consistent as written, not counted): "
          f"{sum(traceless.values()):,}")
    for cause in planted_n:
        print(f"  {cause:16} first {first[cause]:>5}  first-equal {tied[cause]:>4}  "
              f"of {planted_n[cause]:<5}")


if __name__ == "__main__":
    main()
