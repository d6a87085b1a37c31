"""The distinct-claims benchmarks (issue 12): every claim its own claimed value, cold processes.

    python benchmarks/bench_scale.py [--runs 3] [--sizes 1000,10000,100000,1000000] [PART ...]
    python benchmarks/bench_scale.py --sizes 10000 --write-claims DIR   # the corpus alone
PARTS: floor derive check csv formats report pytest (default: all but formats). Every figure is the median of
`--runs` fresh processes; wall time and the child's peak RSS. The import floor
`python -c "import pandas, pandera.pandas, yaml, numpy"` is measured in the same script, between
the other measurements, so ratios to it hold while the shared machine's speed drifts.
- derive: load a generated CSV of N distinct claims, then time check_corpus (derive + judge +
  hints) alone, in a fresh process per size (peak RSS is the whole process's);
- check: cold `claimaudit check` of 10,000 and 100,000 YAML claims (10 files), JSON and text
  output, ratio to the floor measured in turn with them (one run at 100,000);
- csv: `claimaudit check big.csv --format csv` end to end against pandas reading and writing the
  same table (read_csv with every cell as text + to_csv, in a cold process, imports included);
- formats: `claimaudit check big.csv --format F` for every output format (text, json, markdown,
  csv, github) at `--formats-size` claims (default 1,000,000), side by side with pandas reading
  and writing the same table, taken in turn in each round: wall time, peak RSS, ratio to pandas;
- report: `claimaudit report` on 10,000 claims in 10 sources; largest page and figure;
- pytest: collecting 10,000 pinned claims in 100 files against `check` of the same files.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"
PY = sys.executable
FLOOR = [PY, "-c", "import pandas, pandera.pandas, yaml, numpy"]
RUSAGE = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
          "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False); "
          "print(time.perf_counter() - t, "
          "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)")


def timed(command: list[str], runs: int, cwd: Path = ROOT) -> tuple[float, int]:
    """Median wall seconds and median peak RSS (MB) of `runs` cold runs of `command`."""
    seconds, peaks = [], []
    for _ in range(runs):
        out = subprocess.run([PY, "-c", RUSAGE, *command], capture_output=True, text=True,
                             cwd=cwd, check=True).stdout.split()
        seconds.append(float(out[0]))
        peaks.append(int(out[1]))
    return statistics.median(seconds), int(statistics.median(peaks))


# -- corpora: every claim its own claimed value ------------------------------------------------

QUALIFIERS = ["about", "roughly", "roughly", "nearly", "up_to", "more_than"]


def distinct_claims(n: int, seed: int = 12) -> list[dict]:
    """n claims over the bundled specs, each with a claimed value no other claim has."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from generate import UNITS, derivable_pairs

    from claimaudit.model.units import unit_info

    rng = random.Random(seed)
    pairs = derivable_pairs(SPECS)
    out = []
    for i in range(n):
        entity, metric, dimension, value = rng.choice(pairs)
        other = rng.choice([p for p in pairs[:200] if p[1] == metric] or [None])
        claim = {"id": f"c{i}", "quote": f"generated claim {i}", "subject": entity,
                 "metric": metric, "qualifier": rng.choice(QUALIFIERS)}
        factor = rng.choice([1.0, 1.0, 1.0, 1.02, 0.97, 1.5]) * (1 + rng.uniform(-1e-4, 1e-4))
        if other is not None and other[0] != entity and rng.random() < 0.2:
            claim.update(baseline=other[0], claimed=f"{value / other[3] * factor:.9g}x")
        else:
            unit = UNITS[dimension]
            shown = value * factor / (unit_info(unit).factor if unit else 1)
            claim["claimed"] = f"{shown:.9g} {unit}".strip()
        out.append(claim)
    return out


def write_yaml(directory: Path, claims: list[dict], files: int, expect: str | None = None
               ) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for f in range(files):
        part = [dict(c, expect=expect) if expect else c for c in claims[f::files]]
        document = {"source": {"id": f"gen-{f}", "title": f"Generated {f}", "language": "en",
                               "published": "2025-12-01"}, "claims": part}
        path = directory / f"gen-{f}.yaml"
        path.write_text(yaml.safe_dump(document, sort_keys=False, width=200))
        paths.append(path)
    return paths


def write_csv(path: Path, claims: list[dict], sources: int = 10) -> Path:
    columns = ["source", "id", "quote", "subject", "baseline", "metric", "claimed", "qualifier",
               "source_title"]
    with open(path, "w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(columns)
        for i, c in enumerate(claims):
            writer.writerow([f"gen-{i % sources}", c["id"], c["quote"], c["subject"],
                             c.get("baseline", ""), c["metric"], c["claimed"], c["qualifier"],
                             f"Generated {i % sources}"])
    return path


# -- parts --------------------------------------------------------------------------------------

DERIVE = """
import resource, sys, time
from pathlib import Path
from claimaudit import check_corpus, load_corpus
corpus = load_corpus([Path(sys.argv[1])], Path(sys.argv[2]))
start = time.perf_counter()
run = check_corpus(corpus)
print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def part_derive(tmp: Path, sizes: list[int], runs: int) -> list[dict]:
    rows = []
    for n in sizes:
        path = write_csv(tmp / f"derive-{n}.csv", distinct_claims(n))
        got = [subprocess.run([PY, "-c", DERIVE, str(path), str(SPECS)], capture_output=True,
                              text=True, check=True, cwd=ROOT).stdout.split()
               for _ in range(runs if n < 1_000_000 else 1)]
        rows.append({"part": "derive+judge", "claims": n,
                     "seconds": round(statistics.median(float(g[0]) for g in got), 2),
                     "peak_mb": int(statistics.median(int(g[1]) for g in got))})
        path.unlink()
    return rows


def alternating(commands: dict[str, list[str]], runs: int) -> dict[str, tuple[float, int]]:
    """`timed` for several commands run in turn, `runs` rounds: each median is taken over
    the same stretch of the shared machine's time, so their ratios hold while it drifts."""
    samples: dict[str, list] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            samples[name].append(timed(command, 1))
    return {name: (statistics.median(s for s, _ in got), int(statistics.median(p for _, p in got)))
            for name, got in samples.items()}


def part_check(tmp: Path, runs: int) -> list[dict]:
    rows = []
    for n in (10_000, 100_000):
        paths = write_yaml(tmp / f"yaml-{n}", distinct_claims(n), 10)
        check = [PY, "-m", "claimaudit", "check", *map(str, paths), "--specs", str(SPECS)]
        got = alternating({"floor": FLOOR, "json": [*check, "--format", "json"],
                           "text": check}, runs if n < 100_000 else 1)
        floor = got["floor"][0]
        for output in ("json", "text"):
            seconds, peak = got[output]
            rows.append({"part": f"check YAML (cold, {output})", "claims": n,
                         "seconds": round(seconds, 2), "peak_mb": peak, "floor": round(floor, 2),
                         "ratio": round(seconds / floor, 2)})
    return rows


PANDAS_RW = ("import sys, pandas as pd; "
             "pd.read_csv(sys.argv[1], dtype=str, keep_default_na=False).to_csv(sys.argv[2])")


def part_csv(tmp: Path, sizes: list[int], runs: int) -> list[dict]:
    rows = []
    for n in sizes:
        big = write_csv(tmp / "big.csv", distinct_claims(n))
        out = tmp / "out.csv"
        pandas_s, _ = timed([PY, "-c", PANDAS_RW, str(big), str(out)], runs)
        seconds, peak = timed([PY, "-m", "claimaudit", "check", str(big), "--specs", str(SPECS),
                               "--format", "csv"], runs)
        rows.append({"part": "check big.csv --format csv", "claims": n,
                     "seconds": round(seconds, 2), "peak_mb": peak,
                     "pandas_read_write": round(pandas_s, 2), "ratio": round(seconds / pandas_s, 1)})
    return rows


FORMATS = ("csv", "text", "json", "markdown", "github")


def part_formats(tmp: Path, size: int, runs: int) -> list[dict]:
    """Every output format of `check` on one big table, pandas' read+write of it in the same
    rounds (the CSV path is held to 5x that, every format to 2 GB peak)."""
    big = write_csv(tmp / "formats.csv", distinct_claims(size))
    out = tmp / "pandas-out.csv"
    check = [PY, "-m", "claimaudit", "check", str(big), "--specs", str(SPECS), "--quiet"]
    commands = {"pandas": [PY, "-c", PANDAS_RW, str(big), str(out)],
                **{name: [*check, "--format", name] for name in FORMATS}}
    got = alternating(commands, runs)
    pandas_s = got["pandas"][0]
    rows = [{"part": "pandas read_csv + to_csv", "claims": size, "seconds": round(pandas_s, 2),
             "peak_mb": got["pandas"][1]}]
    for name in FORMATS:
        seconds, peak = got[name]
        rows.append({"part": f"check big.csv --format {name}", "claims": size,
                     "seconds": round(seconds, 2), "peak_mb": peak,
                     "ratio_to_pandas": round(seconds / pandas_s, 1)})
    big.unlink()
    return rows


def part_report(tmp: Path, runs: int) -> list[dict]:
    claims_dir = tmp / "report-claims"
    write_yaml(claims_dir, distinct_claims(10_000), 10)
    out = tmp / "report-out"
    floor, _ = timed(FLOOR, runs)
    seconds, peak = timed([PY, "-m", "claimaudit", "report", "--claims", str(claims_dir),
                           "--specs", str(SPECS), "--out", str(out)], runs)
    pages = sorted(out.glob("*.md"), key=lambda p: p.stat().st_size)
    heights = [_svg_px(p) for p in out.glob("figures/*.svg")]
    return [{"part": "report (10 sources)", "claims": 10_000, "seconds": round(seconds, 2),
             "peak_mb": peak, "floor": round(floor, 2), "ratio": round(seconds / floor, 1),
             "pages": len(pages), "largest_md_kb": pages[-1].stat().st_size // 1000,
             "tallest_svg_px": max(heights) if heights else 0}]


def _svg_px(path: Path) -> int:
    """An SVG's height in CSS pixels (matplotlib writes points: 1 pt = 4/3 px)."""
    head = path.read_text(encoding="utf-8")[:2000]
    value, unit = re.search(r'height="([\d.]+)(pt|px)?"', head).groups()
    return round(float(value) * (4 / 3 if unit == "pt" else 1))


def part_pytest(tmp: Path, runs: int) -> list[dict]:
    directory = tmp / "pinned" / "claims"
    paths = write_yaml(directory, distinct_claims(10_000), 100, expect="consistent")
    collect, _ = timed([PY, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                        "--claimaudit-specs", str(SPECS), str(directory)], runs, cwd=tmp / "pinned")
    check, _ = timed([PY, "-m", "claimaudit", "check", *map(str, paths), "--specs", str(SPECS),
                      "--format", "json"], runs)
    return [{"part": "pytest collect (100 files)", "claims": 10_000, "seconds": round(collect, 2),
             "check_seconds": round(check, 2), "ratio": round(collect / check, 1)}]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("parts", nargs="*", default=["floor", "derive", "check", "csv", "report",
                                                     "pytest"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="1000,10000,100000,1000000")
    parser.add_argument("--csv-sizes", default="100000")
    parser.add_argument("--formats-size", type=int, default=1_000_000)
    parser.add_argument("--write-claims", metavar="DIR", type=Path,
                        help="only write the first of --sizes distinct claims as 10 YAML files "
                             "into DIR (the corpus tests/test_pages.py reads), nothing timed")
    args = parser.parse_args()
    if args.write_claims:
        write_yaml(args.write_claims, distinct_claims(int(args.sizes.split(",")[0])), 10)
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        for part in args.parts:
            if part == "floor":
                rows = [{"part": "import floor", "seconds": round(timed(FLOOR, args.runs)[0], 2)}]
            elif part == "derive":
                rows = part_derive(tmp, sizes, args.runs)
            elif part == "formats":
                rows = part_formats(tmp, args.formats_size, args.runs)
            elif part == "csv":
                rows = part_csv(tmp, [int(s) for s in args.csv_sizes.split(",")], args.runs)
            else:
                rows = {"check": part_check, "report": part_report,
                        "pytest": part_pytest}[part](tmp, args.runs)
            for row in rows:
                print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
