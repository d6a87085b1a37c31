"""Generated specs and claims for measuring explanations (issue 10).

`spec_text(rng)` writes chips and systems with random figures; `planted(cause, ...)`
writes a claim made wrong by one catalogued slip (the value a writer who made that
slip would print); `random_error(...)` writes a claim wrong by a random factor, which
no explanation should name. Used by benchmarks/bench_false_explanations.py and by
the hypothesis properties in tests/test_forensics.py.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

COUNTS = (4, 8, 16, 32, 64, 72, 144)


@dataclass
class Chip:
    id: str
    fp8: float          # TFLOPS, dense
    fp4: float          # TFLOPS, dense
    sparsity: int
    hbm_gib: int        # GiB
    bw: float           # TB/s
    link: float         # GB/s, both directions
    old_bw: float       # TB/s, a superseded figure


@dataclass
class System:
    id: str
    chip: Chip
    count: int


def _figure(rng: random.Random, low: float, high: float, digits: int) -> float:
    """A figure as a vendor writes it: `digits` significant digits, 4 or more so that a
    slip that rounds it to 2 or 3 digits changes it."""
    value = math.exp(rng.uniform(math.log(low), math.log(high)))
    return float(f"{value:.{digits - 1}e}")


def make_specs(rng: random.Random, n_chips: int = 4) -> tuple[list[Chip], list[System], str]:
    chips, systems = [], []
    for i in range(n_chips):
        fp8 = _figure(rng, 300, 5000, 4)
        chip = Chip(f"chip{i}", fp8, fp8 * rng.choice([1, 2]), rng.choice([2, 4]),
                    rng.choice([24, 48, 80, 96, 141, 144, 192, 288]), _figure(rng, 1, 9, 3),
                    _figure(rng, 200, 2000, 3), 0.0)
        chip.old_bw = float(f"{chip.bw * rng.choice([0.8, 0.9, 1.15]):.3g}")
        chips.append(chip)
        systems.append(System(f"sys{i}", chip, rng.choice(COUNTS)))
    return chips, systems, spec_yaml(chips, systems)


def spec_yaml(chips: list[Chip], systems: list[System]) -> str:
    lines = ["sources:", "  - {id: s, title: generated}", "  - {id: old, title: generated (older)}",
             "entities:"]
    for c in chips:
        lines += [f"  - id: {c.id}", "    kind: chip", f"    sparsity: {c.sparsity}", "    facts:",
                  f"      - {{metric: fp8_dense, value: \"{c.fp8:g} TFLOPS\", source: s}}",
                  f"      - {{metric: fp4_dense, value: \"{c.fp4:g} TFLOPS\", source: s}}",
                  f"      - {{metric: hbm_capacity, value: \"{c.hbm_gib} GiB\", source: s}}",
                  f"      - {{metric: hbm_bandwidth, value: \"{c.bw:g} TB/s\", source: s}}",
                  (f"      - {{metric: hbm_bandwidth, value: \"{c.old_bw:g} TB/s\", source: old, "
                  "superseded: true}"),
                  f"      - {{metric: scaleup_bandwidth, value: \"{c.link:g} GB/s\", source: s}}"]
    for s in systems:
        lines += [f"  - id: {s.id}", "    kind: system", f"    members: {{{s.chip.id}: {s.count}}}"]
    return "\n".join(lines) + "\n"


def written(value: float, digits: int) -> str:
    """A claimed number with (at least) `digits` significant digits, as an article prints it."""
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(value))))
    return f"{value:,.{decimals}f}"


# -- claims ---------------------------------------------------------------------------

TARGETS = ("fp8_system", "capacity_system", "bandwidth_chip", "link_chip", "ratio")


def truth(target: str, chips, systems, i: int, j: int) -> tuple[dict, float, str]:
    """(claim fields, true value in the claim's unit, unit) for one target."""
    s, c = systems[i], chips[i]
    if target == "fp8_system":
        return {"subject": s.id, "metric": "fp8_dense"}, s.count * c.fp8 / 1000, "PFLOPS"
    if target == "capacity_system":
        return ({"subject": s.id, "metric": "hbm_capacity"},
                s.count * c.hbm_gib * 2**30 / 1e12, "TB")
    if target == "bandwidth_chip":
        return {"subject": c.id, "metric": "hbm_bandwidth"}, c.bw, "TB/s"
    if target == "link_chip":
        return {"subject": c.id, "metric": "scaleup_bandwidth"}, c.link, "GB/s"
    other = chips[j]
    return ({"subject": c.id, "baseline": other.id, "metric": "fp8_dense"}, c.fp8 / other.fp8, "x")


def random_error(rng: random.Random, chips, systems) -> dict:
    """A claim wrong by a random factor: |error| log-uniform in [0.5%, 100%], either sign."""
    target = rng.choice(TARGETS)
    i, j = rng.sample(range(len(chips)), 2)
    fields, value, unit = truth(target, chips, systems, i, j)
    error = math.exp(math.log(0.005) + rng.random() * (math.log(0.7) - math.log(0.005)))
    value *= math.exp(error if rng.random() < 0.5 else -error)
    return {**fields, "claimed": _claimed(value, unit, rng.choice([3, 3, 4]))}


def _claimed(value: float, unit: str, digits: int) -> str:
    return f"{written(value, digits)}{'x' if unit == 'x' else ' ' + unit}"


def planted(cause: str, chips, systems, i: int, j: int) -> dict | None:
    """A claim whose number a writer making `cause`'s slip would print (None if the slip
    changes nothing for these figures)."""
    s, c, other = systems[i], chips[i], chips[j]
    if cause == "double_rounding":
        rounded = float(f"{c.fp8:.2e}")
        if rounded == c.fp8:
            return None
        value = s.count * rounded / 1000        # printed to about the input's precision
        return {"subject": s.id, "metric": "fp8_dense",
                "claimed": _claimed(value, "PFLOPS", 3 + i % 2)}
    if cause == "binary_decimal":
        value = s.count * c.hbm_gib / 1000
        return {"subject": s.id, "metric": "hbm_capacity", "claimed": _claimed(value, "TB", 5)}
    if cause == "bits_bytes":
        return {"subject": c.id, "metric": "hbm_bandwidth", "claimed": _claimed(c.bw * 8, "TB/s", 3)}
    if cause == "sparse_dense":
        value = s.count * c.fp8 * c.sparsity / 1000
        return {"subject": s.id, "metric": "fp8_dense", "claimed": _claimed(value, "PFLOPS", 5)}
    if cause == "direction":
        return {"subject": c.id, "metric": "scaleup_bandwidth",
                "claimed": _claimed(c.link / 2, "GB/s", 4)}
    if cause == "precision":
        if c.fp4 == c.fp8:
            return None
        return {"subject": c.id, "metric": "fp8_dense", "claimed": _claimed(c.fp4, "TFLOPS", 4)}
    if cause == "prefix":
        return {"subject": s.id, "metric": "fp8_dense",
                "claimed": _claimed(s.count * c.fp8, "PFLOPS", 5)}
    if cause == "scope":
        return {"subject": s.id, "metric": "fp8_dense", "claimed": _claimed(c.fp8, "TFLOPS", 4)}
    if cause == "times_more":
        return {"subject": c.id, "baseline": other.id, "metric": "fp8_dense",
                "claimed": _claimed(c.fp8 / other.fp8 + 1, "x", 3)}
    if cause == "superseded":
        return {"subject": c.id, "metric": "hbm_bandwidth", "claimed": _claimed(c.old_bw, "TB/s", 3)}
    raise ValueError(f"no planting rule for {cause!r}")


def claims_yaml(claims: list[dict]) -> str:
    lines = ["source: {id: generated, title: generated}", "claims:"]
    for n, claim in enumerate(claims):
        fields = ", ".join(f"{k}: {v!r}" if k == "claimed" else f"{k}: {v}" for k, v in claim.items())
        lines.append(f"  - {{id: c{n}, {fields}}}")
    return "\n".join(lines) + "\n"


# -- the places of pipeline/forensics/places/others.py ----------------------------------------------------

@dataclass
class Pod:
    """A pod of `boards` boards of `per_board` chips; it states its bandwidth (count x bw),
    while another source gives the chip a different bandwidth (`other_bw`)."""

    id: str
    board: str
    chip: Chip
    per_board: int
    boards: int
    other_bw: float     # TB/s, the other source's chip figure


PLACE_TARGETS = ("pod_fp8", "pod_bandwidth", "expr_fp8")


def make_place_specs(rng: random.Random, stated_fp8: bool = False,
                     n_chips: int = 4) -> tuple[list[Chip], list[Pod], str]:
    """`make_specs`' chips, each with a conflicting bandwidth from a second source, a board
    and a pod of boards; with `stated_fp8` each pod states fp8 as 4 x the rounded board."""
    chips, _, text = make_specs(rng, n_chips)
    pods = []
    lines = [text.replace("entities:\n", "  - {id: rev, title: generated (another source)}\n"
                                         "entities:\n", 1).rstrip("\n")]
    for i, c in enumerate(chips):
        pod = Pod(f"pod{i}", f"board{i}", c, rng.choice([4, 8, 16]), rng.choice([2, 4, 8]),
                  float(f"{c.bw * rng.choice([0.9, 0.94, 1.06, 1.1]):.3g}"))
        pods.append(pod)
        count = pod.per_board * pod.boards
        lines += [f"  - id: {pod.board}", "    kind: system",
                  f"    members: {{{c.id}: {pod.per_board}}}",
                  f"  - id: {pod.id}", "    kind: system", f"    members: {{{c.id}: {count}}}",
                  "    facts:",
                  f"      - {{metric: hbm_bandwidth, value: \"{count * c.bw:g} TB/s\", source: s}}"]
        if stated_fp8:
            lines.append(f"      - {{metric: fp8_dense, value: \"{written(group_rounded(pod), 3)} "
                         "PFLOPS\", source: s}")
    specs = "\n".join(lines) + "\n"
    for c, pod in zip(chips, pods):     # the second source's figure, beside the first
        head, tail = specs.split(f"  - id: {c.id}\n", 1)
        first = f"      - {{metric: hbm_bandwidth, value: \"{c.bw:g} TB/s\", source: s}}\n"
        tail = tail.replace(first, first + f"      - {{metric: hbm_bandwidth, value: "
                            f"\"{pod.other_bw:g} TB/s\", source: rev}}\n", 1)
        specs = f"{head}  - id: {c.id}\n{tail}"
    return chips, pods, specs


def group_rounded(pod: Pod) -> float:
    """The pod's FP8 in PFLOPS as boards x the board's figure rounded to 3 digits."""
    board = float(f"{pod.per_board * pod.chip.fp8:.2e}")
    return float(f"{pod.boards * board / 1000:.6g}")


def planted_place(place: str, pod: Pod) -> dict:
    """A claim made wrong by one slip at one of slip_places.py's places."""
    c, count = pod.chip, pod.per_board * pod.boards
    if place == "group":
        return {"subject": pod.id, "metric": "fp8_dense",
                "claimed": _claimed(group_rounded(pod), "PFLOPS", 3)}
    if place == "source":
        return {"subject": pod.id, "metric": "hbm_bandwidth",
                "claimed": _claimed(count * pod.other_bw, "TB/s", 3)}
    if place == "expr":
        return {"expr": f"3 * {c.id}.fp8_dense",
                "claimed": _claimed(3 * float(f"{c.fp8:.2e}") / 1000, "PFLOPS", 4)}
    raise ValueError(f"no planting rule for {place!r}")


PLACE_CAUSES = {"group": "double_rounding", "source": "superseded", "expr": "double_rounding"}


def random_place_error(rng: random.Random, pods: list[Pod]) -> dict:
    """A claim at a place target wrong by a random factor (as `random_error`)."""
    pod = rng.choice(pods)
    c, count = pod.chip, pod.per_board * pod.boards
    target = rng.choice(PLACE_TARGETS)
    fields, value, unit = {
        "pod_fp8": ({"subject": pod.id, "metric": "fp8_dense"}, count * c.fp8 / 1000, "PFLOPS"),
        "pod_bandwidth": ({"subject": pod.id, "metric": "hbm_bandwidth"}, count * c.bw, "TB/s"),
        "expr_fp8": ({"expr": f"3 * {c.id}.fp8_dense"}, 3 * c.fp8, "TFLOPS")}[target]
    error = math.exp(math.log(0.005) + rng.random() * (math.log(0.7) - math.log(0.005)))
    value *= math.exp(error if rng.random() < 0.5 else -error)
    return {**fields, "claimed": _claimed(value, unit, rng.choice([3, 3, 4]))}
