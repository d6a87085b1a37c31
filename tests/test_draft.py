"""`claimaudit draft` end to end (pipeline/draft/): the seed articles cover every pinned
numeric claim, every draft of the test set checks without an input error, YAML escaping,
the command line, and a property: drafted YAML always loads and checks."""

import difflib
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimaudit.cli import main
from claimaudit.core.errors import InputError
from claimaudit.draft.article import SourceInfo, draft_document, draft_file
from claimaudit.draft.emit import dump
from claimaudit.draft.entities import load_catalogue, single_figure
from claimaudit.draft.score import claimed_values
from claimaudit.run import check_paths

ROOT = Path(__file__).resolve().parent.parent
# the seed articles live in the project's shared folder, laid beside the checkout (as in CI)
SEEDS = next((p for p in (ROOT.parent / "shared" / "seeds", Path("/work/shared/seeds"))
              if p.is_dir()), ROOT.parent / "shared" / "seeds")
DATA = ROOT / "tests" / "data" / "draft"
SEED_FOR = {"register-2025-12-02-trainium4.yaml": "000_6538ae069fd63bab.txt",
            "aws-press-2025-12-04-trainium3.yaml": "003_36158924c5281843.txt"}


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(ROOT / "specs")


def drafted(path: Path, catalogue) -> list[dict]:
    raw = path.read_text(encoding="utf-8")
    text = dump(draft_document(raw, SourceInfo("t", "t", "en"), catalogue))
    return yaml.safe_load(text)["claims"]


def pinned_numeric(claim_file: Path) -> list[dict]:
    claims = yaml.safe_load(claim_file.read_text(encoding="utf-8"))["claims"]
    return [c for c in claims if c.get("kind") != "qualitative" and claimed_values(c)]


def overlaps(a: str, b: str) -> bool:
    """Two quotes of one passage: one holds the other, or they share 10 characters."""
    if a in b or b in a:
        return True
    match = difflib.SequenceMatcher(None, a, b).find_longest_match(0, len(a), 0, len(b))
    return match.size >= 10


def covered(pinned: dict, draft: list[dict]) -> bool:
    wanted = claimed_values(pinned)
    return any(overlaps(pinned["quote"], c["quote"])
               and any(abs(v - w) <= 1e-6 * abs(w) for v in claimed_values(c) for w in wanted)
               for c in draft)


@pytest.mark.parametrize("claim_file", sorted(SEED_FOR))
def test_seed_articles_cover_every_pinned_numeric_claim(claim_file, catalogue):
    seed = SEEDS / SEED_FOR[claim_file]
    if not seed.exists():
        pytest.skip(f"seed article {seed} not present")
    draft = drafted(seed, catalogue)
    missing = [c["id"] for c in pinned_numeric(ROOT / "claims" / claim_file) if not covered(c, draft)]
    assert missing == []


def check_text(text: str, tmp_path: Path):
    path = tmp_path / "draft.yaml"
    path.write_text(text, encoding="utf-8")
    return check_paths([path], ROOT / "specs")


ARTICLES = sorted(DATA.glob("*/*.txt")) + sorted(SEEDS.glob("*.txt"))


def test_every_draft_checks_without_input_error(tmp_path):
    """All drafts checked in one run (an input error in any file fails the run)."""
    expected = 0
    for index, article in enumerate(ARTICLES):
        text = draft_file(article, ROOT / "specs", source_id=f"article-{index}")
        expected += len(yaml.safe_load(text)["claims"])
        (tmp_path / f"article-{index}.yaml").write_text(text, encoding="utf-8")
    run = check_paths([tmp_path], ROOT / "specs")
    assert len(run.results) == expected


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "draft.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# Held-out rounds whose first run is recorded and that miss the bar below (recall under 90% or noise
# over 20%): not yet tuned on, or tuned on and still short (a first run is reported as it came out,
# not held to it). Each has its first-run record and the reason; the test checks a listed round really
# is below the bar, so a round that meets it must leave the list and be held to it from then on.
NOT_YET_TUNED: dict[str, str] = {
    "heldout15": "docs/draft-first-runs/round15.txt",   # tuned on: 18 of its 25 number misses are
    # one table printed without units (`| FP8 | 4500 | 9000 |`), which its reader took as TFLOPS
    "heldout27": "docs/draft-first-runs/round27.txt",   # tuned on: of its 20 number misses, 7 are
    # counts and scores readers marked (8-way, 7-way, 1024-node, 八种, 528, 2048), 3 performance densities
    "heldout29": "docs/draft-first-runs/round29.txt",   # tuned on: of its 20 number misses, 11 are
    # bus widths (384-bit, 64b), FP64 rate ratios (1:64), a connector's pins, core and channel counts
    "heldout32": "docs/draft-first-runs/round32.txt",   # of its 19 number misses, 11 are server
    # heights (2U, 4U) and bit widths (8-bit, 16-bit), 3 a spec list's `6bit: 3` figures in PFLOPS
    "heldout33": "docs/draft-first-runs/round33.txt",   # of its 16 number misses, 7 are bit widths
    # (8位), a duration, a distance, frame rates and a unit no metric has (40天, 兩英里, 60fps, BQSTM/s)
    "heldout37": "docs/draft-first-runs/round37.txt",   # first run at the end of the session, not
    # tuned on: of its 29 number misses, 10 are a spec page whose labels run into its figures
    # (`Memory Size128GB`), 6 a flattened table's values on lines apart from their units
    "heldout43": "docs/draft-first-runs/round43.txt",   # tuned on: of its 20 number misses, 13 are a
    # PDF's slide text run together (`24x 200GbE RoCE via 48 112G PAM4`, `MME Units 8TPC Units 64`),
    # 2 a count before its unit (`8个exaFLOP`), 3 a data centre's power and two per-card figures
    "heldout46": "docs/draft-first-runs/round46.txt",   # tuned on: of its 27 number misses, 9 are
    # HBM stack heights (`16-Hi`, `12-layer`; most read since round 181: 85.6%), 5 a table row counted in
    # 亿 (`晶体管数量(亿) | 80`)
    "heldout47": "docs/draft-first-runs/round47.txt",   # tuned on: 37 of its 42 number misses are one
    # issue thread's tables that write figures with a bare `T` (`353T`, `1514T`) and `KB` cells
    "heldout54": "docs/draft-first-runs/round54.txt",   # first run at the session's end: 21 of its 25
    # number misses are host servers' figures (`2.2TiB`, `4800 mts`, `52C/104T`) and throughputs in TGS
    "heldout62": "docs/draft-first-runs/round62.txt",   # 12 of its 16 number misses are one server
    # maker's table of bare small counts (GPUs per server, MIG instances, decoders: `| 7 | 7 |`)
    "heldout63": "docs/draft-first-runs/round63.txt",   # 5 of its 11 number misses are billions
    # written with a bare B (`80B`, `208B`, `104-billion`) and a misspelt `exoflops`
    "heldout65": "docs/draft-first-runs/round65.txt",   # of 26, 6 are one network page's arithmetic
    # (`21*200Gbps = 21*25 GB/s = 525 GB/s`), 4 billions with a bare B (`~92B`, `80B`), 6 core counts
    "heldout68": "docs/draft-first-runs/round68.txt",   # first run: 14 of its 21 number misses are a
    # benchmark page's latencies and throughputs (req/s, wps) and a cloud's node counts per rack
    "heldout70": "docs/draft-first-runs/round70.txt",   # first run at the session's end: its 6 number
    # misses are one cloud page's bare vCPU and core counts in its profile tables (`| 160 | 80 |`)
    "heldout71": "docs/draft-first-runs/round71.txt",   # first run at the session's end: a book's
    # worked sums (`1e12 / 9.89e14 = 1.01ms`) make most of its noise and misses
    "heldout72": "docs/draft-first-runs/round72.txt",   # first run at the session's end: 25 of its 34
    # misses are one GPU table's cache sizes, SM and core counts and clocks
    "heldout77": "docs/draft-first-runs/round77.txt",   # 8 of its 16 misses are one table's FP64 and
    # FP32 columns headed by a precision and no unit (the reader took TFLOPS); a bus width, port speeds
    "heldout84": "docs/draft-first-runs/round84.txt",   # of its 12 misses, 4 are a rack's weight and
    # cable lengths (tons, lbs, miles, km), 3 a precision between figure and unit (`~3958 BF16 TFLOPS`)
    "heldout85": "docs/draft-first-runs/round85.txt",   # a machine translation's spaced hyphens
    # (`15 peta - operations`, `12 - layer`) and a change column's bare `50%` make most of its misses
    "heldout87": "docs/draft-first-runs/round87.txt",   # first run at the session's end: 22 of its 27
    # misses are one table's starred bare figures (`| 989* |`) under a header of precisions, no unit
    "heldout92": "docs/draft-first-runs/round92.txt",   # 22 of its 29 misses are one pasted Wikipedia
    # table's `< 625` bounds, `300-350` ranges, MiB cells and TOPS rows without a unit
    "heldout93": "docs/draft-first-runs/round93.txt",   # 14 of its 21 misses are one spec table whose
    # cells run together (`FP32 CUDA Cores16896?168966912`, `VRAM141GB80GB80GB`)
    "heldout99": "docs/draft-first-runs/round99.txt",   # all 15 misses are one course page's spec table
    # whose cells run together (`A100Ampere (2020)31280 GB HBM2e2.0 TB/s`)
    "heldout101": "docs/draft-first-runs/round101.txt",  # 6 of its 13 misses are one blog table whose
    # cells run together (`H100 SXM5HBM380 GB640 GB3.35 TB/s`), 3 bus widths (`5120bit`)
    "heldout102": "docs/draft-first-runs/round102.txt",  # first run at the session's end: 3 misses of
    # 22, a wafer's sides ("8.5 by 8.5 inches") and "Comprising 64 Cerebras CS-3" systems
    "heldout109": "docs/draft-first-runs/round109.txt",  # 11 of its 22 misses are one HPC page's
    # per-node counts (`528 / card`, `5 | 10` nodes); European decimal commas (`9,7 TFLOPS`)
    "heldout111": "docs/draft-first-runs/round111.txt",  # 12 of its 19 misses are one explainer's
    # arithmetic run together (`A100 NVLink3= 300 GB/s12 lanes × 25 GB/s`); a spec table whose rows lost
    # their first pipe and a merged cell (`H100 SXMNVIDIA | 80 GB | ...`)
    "heldout114": "docs/draft-first-runs/round114.txt",  # 18 misses: a table's `8×` counts and
    # `320 GB` totals run into the next cell, energy in Wh and kWh, TFLOPs/watt
    "heldout116": "docs/draft-first-runs/round116.txt",  # 18 misses: a Chinese table's TFLOPS written
    # `1979 T` with cells run together (`910B320 T`), "one petaflop"
    "heldout118": "docs/draft-first-runs/round118.txt",  # 10 misses: a rental guide's `A100 40GB` sizes,
    # a table's bare `989` under a TFLOPS header; noise 23.7%
    "heldout126": "docs/draft-first-runs/round126.txt",  # 18 misses: a spreadsheet's figures in cells
    # (`2E+15`, `312000000000000`, a decimal comma `0,552`), bus widths in bits (`64 bits`)
    "heldout127": "docs/draft-first-runs/round127.txt",  # one article: wordplay on nodes ("It's 3, the
    # size in nanometers; 3 is better than 4")
    "heldout128": "docs/draft-first-runs/round128.txt",  # tuned on: of its 17 number misses, 14 are a
    # partition table whose headers lost their words to an emoji (`π per π (GB)`), two sizes a cell
    "heldout129": "docs/draft-first-runs/round129.txt",  # tuned on: of its 35 number misses, 28 are two
    # tables with their cells run together (`NVLink 3.050 GB/s12600 GB/s2020A100`, `FP646467`)
    "heldout135": "docs/draft-first-runs/round135.txt",  # tuned on: of its 44 number misses, 27 are one
    # spec table with its cells run together (`1.41GHz1.41GHz1.38GHz1.3GHz`, `5120-bit5120-bit4096-bit`)
    "heldout140": "docs/draft-first-runs/round140.txt",  # tuned on: of its 22 number misses (21 now), 6 are
    # a space-set table's `~1979 (Tensor TFLOPS, sparsity)` cells under a header unit, 5 ratios to a V100
    # the specs lack; 2 silent: that table's `192 GB HBM3 5.2 TB/s Infinity Fabric` read as the link's
    "heldout142": "docs/draft-first-runs/round142.txt",  # tuned on: of its 31 number misses, 9 are one
    # page's spaced counts and `4–6` range (`5 184`), 4 `4U` and `4xH100` shapes, 3 restated counts
    # ("42 blocks of 42"); 3 silent: a 4.0-NVLink/MI300X "respectively" sentence and an NVL144 product
    # of `72 x 3,600GB/s` (5 at its first run: "H100/H200 989 TFLOPS" and an exaflop "H100 server" asked)
    "heldout145": "docs/draft-first-runs/round145.txt",  # tuned on: 82.3% recall, 18.3% noise at its
    # first run; its misses are a Slurm table's spaced thousands (`4 000`, `10 000`), CPU core and
    # node counts, "dual-socket", one inference host's table (43 of 58) and a Taiwanese forum thread
    # (14 of 18 found, 14 noise); 3 silent at its first run, none after the memory rules
    "heldout149": "docs/draft-first-runs/round149.txt",  # tuned on: 84.2% recall at its first run, 89.1%
    # now (a table's `CPU sockets` and `GPU devices` columns read); 15 of its 20 misses are one HPC
    # centre's node table pasted one cell per line under a header of column labels (`N. Nodes`,
    # `Cores Per Node`: `1592`, `2x 64`); 5 silent at its first run (a server row's host memory and
    # Ethernet ports given to its GPU), none after the server-row rules
    "heldout153": "docs/draft-first-runs/round153.txt",  # tuned on: 88.4% recall at its first run, 89.3%
    # now; its misses are tensor-core tile shapes (`16×16`), a roofline's `300 FLOPs/byte`, optical
    # module speeds written `800G`, `1.6T`, a borderless row labelled by its unit (`TOPS1,979 (FP8)256512`);
    # 1 silent at its first run (that table's `1 TB/s` given to the H100's link), none after
    "heldout154": "docs/draft-first-runs/round154.txt",  # tuned on: 63.0% recall at its first run, 63.6%
    # now; 43 of its 60 misses are one reference table whose cells run together with no separator
    # (`67989197980 GB` is 67, 989, 1979 and 80 GB; `Gen 4400 W`), which no reader of the text alone
    # can split; its 1 silent field is that table's: a note for the H100 PCIe row's `600 GB/s`, with
    # no `in:`, pairs with the A100 80 GB row's `600 GB/s`, drafted (rightly) for the A100
    "heldout157": "docs/draft-first-runs/round157.txt",  # tuned on: 31.1% noise at its first run,
    # 28.7% now; its noise is counts of chip designs ("seven chips engineered as one AI
    # supercomputer", "three AI chips for China"), percentages of software and installation speed
    # ("54% Faster Install"), HPL results in a reworded page, and core and chiplet counts, which
    # this round's brief did not list among what to mark; no silent field
    "heldout159": "docs/draft-first-runs/round159.txt",  # tuned on: 30.6% noise at its first run,
    # 29.8% now; its noise is the second ends of ranges its readers wrote as one claim (`1800W-2300W`,
    # `30-40kW`), air-cooling thresholds (`单机柜>30kW`), quick-connector counts and inference speedups
    # (`10 to 70 times faster`); no silent field the text decides
    "heldout160": "docs/draft-first-runs/round160.txt",  # tuned on: 83.5% recall and 29.5% noise at its
    # first run and now; 10 of its 17 misses are one explainer whose LaTeX the search store
    # kept (`3,350 \text{ GB/s}`, `8 , 000 GB/s`), its noise a cooling page's airflow arithmetic
    # (`1,650 m³/h`, `1,005 × 15`) and counts of trays, links and cables; its silent field fixed
    "heldout161": "docs/draft-first-runs/round161.txt",  # tuned on: 100% recall, 27.9% noise at its
    # first run, 26.2% now (11 of 42: shares of performance and prices in a cloud's comparison page,
    # counts of product lines, PCIe lanes and fabric links); 11 of 13 right, no silent field
    "heldout162": "docs/draft-first-runs/round162.txt",  # tuned on: 31.2% noise at its first run,
    # 25.4% now (a range's second bound scored with its range); its noise is tokens-per-second
    # figures of a CloudMatrix page, an HPC guide's clock speeds and per-user GPU limits, "1 cpu =
    # 1 core", and a broker note's shipments and PCB layers; no silent field
    "heldout164": "docs/draft-first-runs/round164.txt",  # tuned on its counts only: 88.0% recall and
    # 42.3% noise at its first run and now; its noise is ML cost estimates' arithmetic (chip-hours,
    # utilisations, RMB, `3.1e23  1x` tables), a cluster page's servers, cables and power supplies
    # per rack, and a deployment guide's tokens and latency targets; its misses a bare `275` in a
    # formula, `8×H100` glued and a Chinese table's `64G`, `48 核`; 16 of 24 right, one field the
    # text leaves open drafted with no question (an `8x AMD Instinct MI300X` node given to the
    # MI300X platform)
    "heldout165": "docs/draft-first-runs/round165.txt",  # first run at the session's end, not tuned on:
    # 90.3% recall, 39.1% noise (a translated inference-cost piece's tokens, instances and
    # passes; a forum post's memory-chip counts and model sizes; a glossary's link and lane
    # counts); 7 of 21 right, none silent
    "heldout166": "docs/draft-first-runs/round166.txt",  # tuned on its silent fields: 88.6% recall
    # and 11.8% noise at its first run and now; its misses an HPC page's and a blog's bare figures
    # (node and cabinet counts, storage, a spec sheet's bulleted link rates) and a stacked table's
    # cells; 6 of its 11 silent fields (float16/float32 read as TF32, "memory: 2.4x larger" as a
    # die, a ratio read as its own baseline, a figure before "2.4x the H100's") asked or right now
    "heldout168": "docs/draft-first-runs/round168.txt",  # tuned on: 82.7% recall at its first run,
    # 85.0% now (ZettaFLOPS read; "8192 及 15488 張" counted); its misses a cloud page's table of
    # one cell a line with a pipe after each, a Hot Chips table's transistor and core counts and a
    # node's "Two pairs", "one-port"; no silent field the text decides
    "heldout172": "docs/draft-first-runs/round172.txt",  # first run at the session's end, not tuned
    # on: 80.0% recall, 22.2% noise (six pages: training times in days, `8x` instance sizes and
    # clock speeds of two machine-written cloud guides, "2018 PFLOPS" read across a year); 3 of 3
    # right, 1 silent among the fields it leaves open (an "NVLink 3.0带宽600GB/s" given to the A100)
    "heldout174": "docs/draft-first-runs/round174.txt",  # first run at the session's end on the final
    # drafter: 81.5% recall, 11.8% noise (supercomputer pages' node, cabinet and port counts, a Biren
    # table's bare cells); of 118 decided claims 64 right, 5 silent; 83.7% and 67 right since the
    # table's `Transistor Count` row and `156/312*` cells are read
    "heldout175": "docs/draft-first-runs/round175.txt",  # first run at the session's end on the final
    # drafter: 74.2% recall, 7.4% noise (an A800 table pasted with its columns run together, `N7N74N`,
    # 50 of its 55 figures missed; rack units); of 203 decided claims 77 right, 16 silent, 3 now ("Per-chip
    # vs v5e" over a Trillium list no longer leads it; "即1979 TOPS" of FP16 is asked, not INT8)
    "heldout177": "docs/draft-first-runs/round177.txt",  # first run late in the session (df0ab88), tuned
    # on a little since: 72.3% recall (a TPU v5p slice table of bare counts, 44 figures; 聯合報's
    # digit-by-digit numerals, 三八四顆, read since: 75.6%), 11.3% noise; of 80 decided claims 47 right,
    # 1 silent
    "heldout178": "docs/draft-first-runs/round178.txt",  # first run late in the session (df0ab88), tuned
    # on a little since: 84.4% recall, 22.7% noise; of 98 decided claims 50 right, 1 silent (0 since:
    # "733 (1,466 sparse)" under a dense label)
    "heldout180": "docs/draft-first-runs/round180.txt",  # first run at the session's end on the final
    # drafter: 88.1% recall, 11.2% noise; of 37 decided claims 29 right, none silent
    "heldout181": "docs/draft-first-runs/round181.txt",  # first run in the session's first hour: 86.7%
    # recall, 14.0% noise (89.2% and 13.2% since: HBM stack heights read, a page's ISO date skipped);
    # of 94 decided claims 53 right, 1 silent (0 since: "uni-directional" with its hyphen)
    "heldout184": "docs/draft-first-runs/round184.txt",  # first run: pages kept on GitHub as Markdown
    # and reST, 82.6% recall, 22.7% noise (85.6% and 16.3% since: shell blocks, links, list-tables);
    # of 177 decided claims 82 right, 2 silent ("内存+显存 624GB" read as HBM, not CPU and GPU memory)
    "heldout185": "docs/draft-first-runs/round185.txt",  # first run after round 184's rules: 66.0%
    # recall (tables whose unit is in the corner cell, `Accelerator \ TFLOPS`: 79.2% since), 22.2% noise;
    # of 474 decided claims 138 right, 7 silent
    "heldout186": "docs/draft-first-runs/round186.txt",  # first run after rounds 184-185's rules: 80.5%
    # recall, 35.3% noise (kernel write-ups' register and head counts); of 130 decided claims 29 right,
    # 7 silent (34 and 5 since: a product named "in contrast to" leads no list)
    "heldout187": "docs/draft-first-runs/round187.txt",  # first run after rounds 184-186's rules and
    # their review: 83.9% recall, 27.9% noise; of 221 decided claims 117 right, 11 silent; one drafted
    # claim check refused ("6.2e14" FLOPS of `fp8/int8` written int8_dense), fixed since
    "heldout188": "docs/draft-first-runs/round188.txt",  # first run: 80.5% recall, 29.2% noise; of 186
    # decided claims 91 right, 7 silent; of 19 the text leaves open, 6 drafted without a question
    "heldout189": "docs/draft-first-runs/round189.txt",  # first run after round 188's rules: 85.6%
    # recall, 34.2% noise; of 298 decided claims 156 right, 12 silent; of 10 left open, 1 silent
    "heldout190": "docs/draft-first-runs/round190.txt",  # first run after round 189's rules: 74.1%
    # recall, 49.1% noise (a Scaling Book chapter's worked figures: 100 of its 108 drafted); of 165
    # decided claims 65 right, 4 silent
    "heldout191": "docs/draft-first-runs/round191.txt",  # first run after round 190's rules: 84.7%
    # recall, 31.1% noise; of 188 decided claims 65 right, 4 silent
    "heldout192": "docs/draft-first-runs/round192.txt",  # first run after round 191's rules: 70.4%
    # recall, 42.4% noise; of 179 decided claims 72 right, 3 silent; of 9 left open, 2 silent
    "heldout193": "docs/draft-first-runs/round193.txt",  # first run after round 192's rules: 76.4%
    # recall, 47.8% noise (a Gaudi sizing guide's benchmark tables: 58 of its 68 drafted); of 125
    # decided claims 68 right, 4 silent; of 13 left open, 2 silent
    "heldout194": "docs/draft-first-runs/round194.txt",  # first run after round 193's rules: 73.2%
    # recall, 37.6% noise; of 113 decided claims 57 right, 2 silent; of 11 left open, 1 silent
    "heldout195": "docs/draft-first-runs/round195.txt",  # first run after rounds 193-194's rules:
    # 82.4% recall, 34.2% noise; of 133 decided claims 44 right, 7 silent; of 5 left open, 2 silent
    "heldout197": "docs/draft-first-runs/round197.txt",  # first run after rounds 193-196's rules:
    # 80.8% recall, 23.1% noise; of 194 decided claims 111 right, 2 silent; of 1 left open, 1 silent
    "heldout198": "docs/draft-first-runs/round198.txt",  # first run after rounds 193-197's rules:
    # 86.5% recall, 18.4% noise; of 76 decided claims 37 right, 6 silent
    "heldout199": "docs/draft-first-runs/round199.txt",  # first run after rounds 193-198's rules:
    # 88.8% recall, 35.7% noise; of 233 decided claims 144 right, 12 silent; of 42 left open, 8 silent
    "heldout200": "docs/draft-first-runs/round200.txt",  # first run after rounds 193-199's rules:
    # 60.2% recall, 52.4% noise; of 77 decided claims 23 right, 1 silent, 43 missed
    "heldout201": "docs/draft-first-runs/round201.txt",  # first run after rounds 193-200's rules:
    # 68.7% recall, 41.9% noise; of 77 decided claims 39 right, 0 silent; of 9 left open, 1 silent
    "heldout202": "docs/draft-first-runs/round202.txt",  # first run after rounds 193-201's rules:
    # 86.3% recall, 44.4% noise; of 33 decided claims 18 right, 0 silent; of 3 left open, 2 silent
    "heldout203": "docs/draft-first-runs/round203.txt",  # first run after rounds 193-202's rules:
    # 75.5% recall, 60.5% noise; of 30 decided claims 9 right, 0 silent
    "heldout204": "docs/draft-first-runs/round204.txt",  # first run after rounds 193-203's rules:
    # 61.4% recall, 39.4% noise; of 61 decided claims 6 right, 0 silent, 37 missed
    "heldout205": "docs/draft-first-runs/round205.txt",  # first run after rounds 193-204's rules:
    # 69.4% recall, 47.7% noise; of 47 decided claims 12 right, 0 silent, 19 missed
    "heldout206": "docs/draft-first-runs/round206.txt",  # first run after rounds 193-205's rules:
    # 80.8% recall, 40.4% noise; of 80 decided claims 36 right, 1 silent, 16 missed
    "heldout207": "docs/draft-first-runs/round207.txt",  # first run after rounds 193-206's rules:
    # 75.1% recall, 38.6% noise; of 38 decided claims 20 right, 0 silent, 12 missed
    "heldout208": "docs/draft-first-runs/round208.txt",  # first run after rounds 193-207's rules:
    # 78.3% recall, 36.7% noise; of 13 decided claims 4 right, 4 silent, 0 missed
    "heldout209": "docs/draft-first-runs/round209.txt",  # first run after rounds 193-208's rules:
    # 49.0% recall, 31.5% noise; of 49 decided claims 16 right, 0 silent, 23 missed
    "heldout210": "docs/draft-first-runs/round210.txt",  # first run after rounds 193-209's rules:
    # 76.2% recall, 22.8% noise; of 15 decided claims 9 right, 0 silent, 0 missed
    "heldout211": "docs/draft-first-runs/round211.txt",  # first run after rounds 193-210's rules:
    # 90.2% recall, 25.3% noise; of 13 decided claims 5 right, 0 silent, 0 missed
    "heldout212": "docs/draft-first-runs/round212.txt",  # first run after rounds 193-211's rules:
    # 77.9% recall, 18.1% noise; of 26 decided claims 5 right, 2 silent, 7 missed
    "heldout214": "docs/draft-first-runs/round214.txt",  # first run after rounds 193-213's rules:
    # 65.9% recall, 16.7% noise; of 17 decided claims 5 right, 0 silent, 2 missed
    "heldout215": "docs/draft-first-runs/round215.txt",  # first run after rounds 193-214's rules:
    # 79.9% recall, 14.2% noise; of 23 decided claims 12 right, 1 silent, 0 missed
    "heldout216": "docs/draft-first-runs/round216.txt",  # first run after rounds 193-215's rules:
    # 86.7% recall, 10.3% noise; of 1 decided claim 0 right (asked), 0 silent
    "heldout217": "docs/draft-first-runs/round217.txt",  # first run after rounds 193-216's rules:
    # 85.0% recall, 57.5% noise (a time-trial post's simulation counts and seconds); of 4 decided
    # claims 3 right, 0 silent
    "heldout219": "docs/draft-first-runs/round219.txt",  # first run after rounds 193-218's rules:
    # 79.1% recall, 53.8% noise (a post's LaTeX arithmetic, `512 · 2 · 530e9 / 16 · 312e12`); of 31
    # decided claims 10 right, 2 silent (a spec table's three `80GB` cells), 7 missed
    "heldout220": "docs/draft-first-runs/round220.txt",  # first run after rounds 193-218's rules:
    # 71.4% recall, 66.7% noise (a serving log's tokens and tok/s); of 7 decided claims 2 right,
    # 0 silent, 3 missed
    "heldout223": "docs/draft-first-runs/round223.txt",  # first run after rounds 193-222's rules:
    # 87.2% recall, 32.8% noise (an HBM post's grid-size and SM arithmetic); of 33 decided
    # claims 18 right, 0 silent, 1 missed
    "heldout224": "docs/draft-first-runs/round224.txt",  # first run after rounds 193-223's rules:
    # 96.4% recall, 29.7% noise; of 48 decided claims 15 right, 9 silent, 0 missed
    "heldout225": "docs/draft-first-runs/round225.txt",  # first run after rounds 193-224's rules:
    # 97.1% recall, 47.7% noise (CUTLASS's block sizes and type names); of 17 decided claims 11 right,
    # 1 silent
    "heldout226": "docs/draft-first-runs/round226.txt",  # first run after rounds 193-225's rules:
    # 93.0% recall, 49.2% noise (a job guide's core and memory shares); of 9 decided claims 5 right, 0 silent
    "heldout227": "docs/draft-first-runs/round227.txt",  # first run after rounds 193-226's rules:
    # 65.8% recall, 35.1% noise; of 43 decided claims 7 right, 2 silent, 19 missed
    "heldout228": "docs/draft-first-runs/round228.txt",  # first run after rounds 193-227's rules:
    # 80.8% recall, 37.2% noise (a serving post's node and rank counts); of 32 decided claims 17 right,
    # 3 silent
    "heldout229": "docs/draft-first-runs/round229.txt",  # first run after rounds 193-228's rules:
    # 61.9% recall (a STREAM table's bare MB/s cells), 44.7% noise; of 33 decided claims 18 right, 0 silent;
    # tuned on: MB/s read from 10,000 up, now 81.0% recall, 38.2% noise (a cookbook's percent sums)
    "heldout230": "docs/draft-first-runs/round230.txt",  # first run after rounds 193-229's rules:
    # 87.7% recall, 40.6% noise (MLPerf posts' results and an arithmetic post's derivations); of 37 decided
    # claims 20 right, 2 silent, 1 missed; tuned on: a chip's bandwidth 4x its own asked with its systems,
    # TeX ratios and µs read, a difference's percentage asked; now 91.4% recall, 38.8% noise, 1 silent
    "heldout231": "docs/draft-first-runs/round231.txt",  # first run after rounds 193-230's rules:
    # 88.8% recall, 60.7% noise (a GH200 serving post's tok/s and offload GiB); of 54 decided claims
    # 26 right, 1 silent, 2 missed; tuned on: a count before a name and its noun counts that name ("8 NVIDIA
    # B300 GPUs or 8 AMD MI355X GPUs"), now 27 right, 0 silent
    "heldout232": "docs/draft-first-runs/round232.txt",  # first run after rounds 193-231's rules:
    # 82.8% recall, 52.3% noise (MLPerf posts' software gains and results tables); of 33 decided claims
    # 24 right (72.7%), 0 silent, 0 missed; tuned on: "speedups of 4%" are gains, "a difference being about
    # 5%" asked; now 84.4% recall, 51.4% noise
    "heldout233": "docs/draft-first-runs/round233.txt",  # first run after rounds 193-232's rules:
    # 90.3% recall, 31.5% noise (a sharding chapter's worked sums, a CCL report's halves and doubles);
    # of 44 decided claims 8 right, 0 silent, 3 missed; tuned on: a trademark sign after a family word
    # (`AMD Instinct™ MI325X`) still names the product; now 18 right, 0 silent
    "heldout234": "docs/draft-first-runs/round234.txt",  # first run after rounds 193-233's rules:
    # 89.8% recall, 53.1% noise (a GH200 serving post's tok/s and GiB); of 47 decided claims 21 right,
    # 0 silent, 4 missed
    "heldout235": "docs/draft-first-runs/round235.txt",  # first run after rounds 193-233's rules:
    # 84.3% recall, 63.4% noise (a serving post's GiB budgets and a model's sizes); of 45 decided claims
    # 23 right, 1 silent, 2 missed; tuned on: a multiplier before a name and a chip noun counts those
    # chips ("(8x MI300X OAM GPUs 192GB HBM3, 750W each)"); now 25 right, 0 silent
    "heldout236": "docs/draft-first-runs/round236.txt",  # first run after rounds 193-235's rules:
    # 88.2% recall, 62.9% noise (a KV-offloading post's block sizes, RCCL measurements); of 31 decided
    # claims 19 right, 0 silent, 1 missed
    "heldout237": "docs/draft-first-runs/round237.txt",  # first run after rounds 193-235's rules:
    # 71.2% recall, 64.2% noise (a model README's `H100 x 16` tables); of 17 decided claims 4 right,
    # 0 silent, 1 missed
    "heldout238": "docs/draft-first-runs/round238.txt",  # first run after rounds 193-236's rules:
    # 86.9% recall, 6.3% noise (MTIA's chiplet counts, memory bus widths); of 27 decided claims 12 right,
    # 0 silent, 0 missed
    "heldout239": "docs/draft-first-runs/round239.txt",  # first run after rounds 193-237's rules:
    # 91.7% recall, 28.7% noise (a ROCm post's benchmark tables); of 35 decided claims 26 right (74.3%),
    # 0 silent, 0 missed
    "heldout240": "docs/draft-first-runs/round240.txt",  # first run after rounds 193-237's rules:
    # 93.2% recall, 54.3% noise (an MI355X serving post's cost tables); of 29 decided claims 7 right,
    # 1 silent, 2 missed
    "heldout241": "docs/draft-first-runs/round241.txt",  # first run after rounds 193-239's rules:
    # 89.2% recall, 25.0% noise (a float8 post's throughput tables); of 24 decided claims 17 right (70.8%),
    # 1 silent, 2 missed
    "heldout244": "docs/draft-first-runs/round244.txt",  # first run after round 243's rules: 83.1%
    # recall, 19.0% noise; of 21 decided claims 4 right, 15 asked, 0 silent
    "heldout245": "docs/draft-first-runs/round245.txt",  # first run after round 243's rules: 80.6%
    # recall, 16.7% noise (a forum post's per-clock arithmetic); of 13 decided claims 6 right, 0 silent
    "heldout246": "docs/draft-first-runs/round246.txt",  # first run after rounds 243-245's rules: 81.2%
    # recall, 37.5% noise (a book chapter's measured TFLOPS and MFU tables); of 7 decided claims 3 right
    "heldout247": "docs/draft-first-runs/round247.txt",  # first run after rounds 243-245's rules: 80.0%
    # recall, 4.5% noise (a live blog's `N7`, `896 MiB`, `823 mm2`); of 8 decided claims 1 right, 0 silent
    "heldout248": "docs/draft-first-runs/round248.txt",  # first run after round 247's rule: 89.0% recall,
    # 21.0% noise (a Chinese post's precision tables for NVIDIA and Ascend chips); of 142 decided claims 58
    # right, 53 asked, 4 silent
    "heldout249": "docs/draft-first-runs/round249.txt",  # first run after round 248's rules: 81.6% recall,
    # 46.6% noise (a TensorRT-LLM blog's expert counts and token figures); of 10 decided claims 5 right,
    # 1 silent (a caption's `8 GPU` of a DGX H200 read as the B200 before it)
    "heldout250": "docs/draft-first-runs/round250.txt",  # first run after round 249's rules: 73.2% recall,
    # 15.5% noise (an HPC centre's table split over lines, memory in GiB); no decided claim; of 4 left open 2
    # silent (`H100 GPUs, each with 80GB`: the bare name read as the SXM, whose 80 GB the PCIe card shares)
    "heldout251": "docs/draft-first-runs/round251.txt",  # first run after round 249's rules: 49.3% recall,
    # 34.8% noise (benchmark tables of seconds and tokens/s, TFLOP/s per GPU); of 27 decided claims 8 right,
    # 15 asked another field, 1 silent (`8x80GB A100 node w/ 512GB of CPU memory`: the 80 GB read as the
    # CPU's)
    "heldout252": "docs/draft-first-runs/round252.txt",  # first run after round 251's rules: 90.5% recall,
    # 34.2% noise (a vLLM post's measured memory tables); of 101 decided claims 36 right, 44 asked, 8 silent
    "heldout253": "docs/draft-first-runs/round253.txt",  # first run after round 252's rules: 86.5% recall,
    # 6.7% noise (a Chinese chapter's PCIe rates in GT/s); of 11 decided claims 6 right, 0 silent
    "heldout254": "docs/draft-first-runs/round254.txt",  # first run after round 252's rules: 81.0% recall,
    # 47.9% noise (measured kernel TFLOPS, cache tables); of 45 decided claims 10 right, 18 asked, 3 silent
    "heldout255": "docs/draft-first-runs/round255.txt",  # first run after round 254's rule: 79.5% recall,
    # 67.2% noise (serving and training posts' measured timings and throughputs); of 22 decided claims 15
    # right, 0 silent
    "heldout256": "docs/draft-first-runs/round256.txt",  # first run after round 255's rules: 82.7% recall,
    # 23.5% noise (two HPC centres' resource tables, a cloud's instance table); of 25 decided claims 15
    # right, 1 silent
    "heldout257": "docs/draft-first-runs/round257.txt",  # first run after round 255's rules: 81.4% recall,
    # 34.5% noise (a Chinese chapter's PCIe table, Cambricon's IP cores); of 13 decided claims 6 right
    "heldout258": "docs/draft-first-runs/round258.txt",  # first run after round 255's rules: 74.7% recall,
    # 21.5% noise (switch and NIC news in words: `102.4-terabit-per-second`); of 9 decided claims 1 right
    "heldout260": "docs/draft-first-runs/round260.txt",  # first run after round 255's rules: 89.5% recall,
    # 13.5% noise (a CPU table in an MI200 preview); of 12 decided claims 7 right, 0 silent
    "heldout262": "docs/draft-first-runs/round262.txt",  # first run after round 258's rules: 92.7% recall,
    # 28.2% noise (a benchmark post's latencies and model sizes); of 7 decided claims 6 right, 0 silent
    "heldout268": "docs/draft-first-runs/round268.txt",  # first run after round 267's rules: 73.6% recall,
    # 10.2% noise (a cluster page's spec tables run together in cells, `| | 18176 | 568 | 192 |`); of 28
    # decided claims 8 right, 4 silent; tuned on: a cell's sentences, decimal commas, GFLOPS, "FP64 (double)";
    # now 74.9% recall, 8.1% noise, 3 silent: "moving from 16nm to 7nm" given to the A100 named last (the
    # WSE it is about named as a family; taking families into the check cost 83 right claims elsewhere),
    # `FR16 (half)`'s 91.6 TFLOPS read under FP32 (a typo in the header), and Wormhole's `12GB GDDR6` as
    # lpddr_capacity, where the specs hold it (its reader: hbm_capacity)
    "heldout269": "docs/draft-first-runs/round269.txt",  # first run after round 268's rules: 97.4% recall,
    # 63.4% noise (a GEMM tutorial's wave, lane and tile counts, which its reader left unmarked); of 8 decided
    # claims 2 right, 6 asked, 0 silent; not tuned on
    "heldout271": "docs/draft-first-runs/round271.txt",  # first run after round 270's rules: 71.2% recall,
    # 13.4% noise (a chapter's CPU-vs-GPU tables of latencies, bytes per latency and thread counts its reader
    # marked, `| Peak bytes per latency | 24,888 |`); of 9 decided claims 2 right, 0 silent; tuned on: a bare
    # G's rate words read in its own sentence, "也就是 A100 的…" no baseline; now 72.9% recall, 4 of 9 right
    "heldout273": "docs/draft-first-runs/round273.txt",  # first run after round 272's rule: 82.4% recall,
    # 30.2% noise (a chapter's model-growth ratios its reader left unmarked); of 1 decided claim 0 right (1
    # missed); tuned on: a spaced bare G (`最大内存是 80 G`), `92 T Operations/s`; now 96.1% recall, 26.1%
    # noise, 1 of 1 right; of 3 left open 1 silent (`H100 最大内存是 188 G` drafted as the H100's, with a
    # question on its memory only: the reader left the H100 family open)
    "heldout274": "docs/draft-first-runs/round274.txt",  # first run after round 272's rule: 68.2% recall,
    # 66.3% noise (a GEMM post's wave, lane and tile counts and a TPU post's model-memory table its readers
    # left unmarked); of 6 decided claims 2 right, 0 silent; tuned on: kramdown attribute lists, ms/token,
    # B/clk, TFLOPS/s, a format's bits; now 84.1% recall, 59.6% noise, 2 of 6 right
    "heldout275": "docs/draft-first-runs/round275.txt",  # first run after round 272's rule: 55.0% recall,
    # 68.3% noise (an MFU table of bare decimals its reader marked; a kernel write-up's timings and batch
    # sizes it did not); of 11 decided claims 7 right, 0 silent; not tuned on beyond round 274's rules
    # (its kramdown attribute lists); now 55.0% recall, 62.9% noise
    "heldout277": "docs/draft-first-runs/round277.txt",  # first run after round 276's rules: 48.9% recall,
    # 65.1% noise (deployment tutorials' node, rank and port counts; a benchmark's percentile columns); of 43
    # decided claims 14 right, 3 silent (`Atlas 800 A3 (64GB x 16)` given to the 910B, which publishes 64
    # GB); tuned on: a figure in brackets after a name the specs lack asked, `(64GB x 8)` counts cards; now
    # 69.6% recall, 57.6% noise, 12 of 43 right, 0 silent (the A2's `64GB × 8`, its reader's 910B, asked too)
    "heldout278": "docs/draft-first-runs/round278.txt",  # first run after the review's card-memory rules:
    # 90.8% recall, 57.4% noise (83 of 159 an INT4 kernel post's measured GB/s tables its reader left
    # unmarked, 24 an NCCL result table); of 78 decided claims 26 right, 1 silent; tuned on: a table's names
    # under a title row, a bare cell in its row's unit; now 91.5% recall, 57.2% noise, 39 right, 0 silent
    "heldout279": "docs/draft-first-runs/round279.txt",  # first run with round 278: 86.5% recall, 57.0% noise
    # (60 of 110 a video-generation post's parallel configs, clip lengths and `twice`/`half` of its software);
    # of 48 decided claims 25 right, 0 silent; tuned on: `set for 8 x A100 80GB.` counts chips; now 27 right
    "heldout280": "docs/draft-first-runs/round280.txt",  # first run after round 279's rules: 79.4% recall
    # (a NIM guide's table of bare GPU memories and counts), 3.8% noise; of 81 decided claims 9 right, 5
    # silent (a superpod table's `32 x 400 Gb/s` given to the rack); tuned on: a figure after "N x" is each
    # chip's; now 19 right, 2 silent (`| HBM 带宽 | 3.35 TB/s |` of an NVL32, whose chip the specs give no
    # bandwidth; `H200-140GB` in a table row about the H100)
    "heldout281": "docs/draft-first-runs/round281.txt",  # first run with round 280: 97.4% recall, 42.4%
    # noise (an EKS blueprint's worker, subnet and node-group counts, a post's ms/token latencies); of 1
    # decided claim 1 right; not tuned on
    "heldout282": "docs/draft-first-runs/round282.txt",  # first run after round 280's rules: 68.3% recall
    # (a dstack guide whose figures its reader marked in console output and YAML comments, which are code),
    # 56.9% noise (106 of 148 pandoc attribute lists in lecture slides, `{.column width="30%"}`); of 21
    # decided claims 7 right, 0 silent; tuned on: pandoc attribute lists are markup (noise 148 -> 41)
    "heldout283": "docs/draft-first-runs/round283.txt",  # first run after round 280's second rule: 85.9%
    # recall, 40.5% noise (90 of 148 an EFA transport page's block and buffer sizes, `block=1MB` x 40);
    # of 42 decided claims 27 right, 1 silent (`800 TFLOPS 级（BF16/FP16）` as the FP16 figure it equals,
    # reader: BF16); tuned on: settings, a singular NPU, a figure per chip; now 88.0%, 33.1%, 33 right
    "heldout285": "docs/draft-first-runs/round285.txt",  # first run after round 284's rules: 24.1% recall
    # (an H20 test note whose figures its reader marked in nvidia-smi output, which is code), 75.0% noise
    # (vLLM commands and model sizes on an MI300X partition page); of 17 decided claims 0 right, 17 missed
    # (code); tuned on: `H20（8*96G）`, a product's bare factors; now 27.8% recall, 63.4% noise, 1 right
    "heldout286": "docs/draft-first-runs/round286.txt",  # first run after round 285's rules: 98.8% recall,
    # 28.8% noise; of 29 decided claims 6 right, 13 asked without the id, 1 silent (`8 卡` of an A100 table
    # row given to the HGX B200 the text named before); tuned on: `MI355X GPU (8x 288 GB memory`; now 9 right
    # (round 284, first run 88.5% recall and 18.0% noise, meets the bar since its `<50 kW ... >200 kW`
    # rule: 90.8% and 18.9%; held to it)
    "heldout287": "docs/draft-first-runs/round287.txt",  # first run 61.5% recall, 61.2% noise (SkyPilot's
    # EFA page: 259 of 287 drafted are NCCL result cells its reader left unmarked); of 28 decided 14 right,
    # 2 silent (FP16/BF16 ties); tuned on: `H100:8`, `GPUNum`, `Tokens/GPU/Second`: 76.0% and 54.6%, 14 right,
    # 8 silent: the two ties, and six rows the scorer pairs with two unmarked `8`s of sample output above them
    "heldout288": "docs/draft-first-runs/round288.txt",  # first run 91.2% recall, 29.8% noise (a
    # FlashAttention page's software speed-ups, `2–4× faster attention`); of 1 decided 0 right, 1 asked
    "heldout289": "docs/draft-first-runs/round289.txt",  # first run 64.3% recall, 32.1% noise; of 14
    # decided 5 right, 0 silent; tuned on: `8XH100`: 67.9% and 30.9%, 7 right (TGI's page: `4xL4` is not
    # read, the review; its noise is software speed-ups and model sizes; napkin math's misses are latencies)
    "heldout290": "docs/draft-first-runs/round290.txt",  # first run 85.4% recall, 37.3% noise (DeepGEMM's
    # measured kernel tables; a blog's arithmetic `12x32=384`); of 15 decided 7 right, 1 silent (`9 decode
    # nodes (each with 8 H100 GPUs)` after the H200, given to the HGX H200); tuned on that: 8 right, 0 silent
    "heldout291": "docs/draft-first-runs/round291.txt",  # first run 95.6% recall, 24.0% noise; of 46
    # decided 13 right, 4 silent (three Blackhole GDDR6 totals drafted as lpddr_capacity, where the specs
    # hold them, read by its reader as hbm_capacity; `以 900 GBps 的速度访问其他 GPU 的内存` as HBM);
    # tuned on the last: 14 right, 3 silent
    "heldout292": "docs/draft-first-runs/round292.txt",  # first run 85.2% recall, 52.4% noise (a guide's
    # per-GPU shares and job settings); of 8 decided 4 right, 0 silent; tuned on `A100 80G`: 88.9%, 5 right
    "heldout293": "docs/draft-first-runs/round293.txt",  # first run 96.7% recall, 45.7% noise (a post's
    # software speed-ups and tokens/s; a textbook's `服务器1` labels); of 11 decided 7 right, 0 silent, of 2
    # left open 2 silent (`8xA100-80GB ... hybrid cube mesh`, its reader's "?"); tuned on `2 × 8 H200`:
    # 9 right
    "heldout294": "docs/draft-first-runs/round294.txt",  # first run 20.0% recall, 94.4% noise (one page:
    # `150 TFLOP/s/A100` skipped as a density; a transformer-math post's bytes per parameter); tuned on both:
    # 5/5 and 53.8% (its noise a post's arithmetic, `10^{15}·24·3600`, `1,000 GPUs for 1 hour`); 0 decided
    "heldout295": "docs/draft-first-runs/round295.txt",  # first run 69.9% recall, 12.1% noise: an HPC
    # page's CPU caches (`L1d(32K)`, `L3(32768K)`: 12 of its 22 misses), `Dual`/`Two` CPUs and drive counts;
    # 0 decided, 2 left open, both asked; tuned on the caches and `Dual`: 89.0%, 9.7% (left: `Two 3rd Gen
    # AMD EPYC CPUs`, `3:1 fat tree`, a table's first cell `8`, `20 15.3 NVME SSDS`)
    "heldout296": "docs/draft-first-runs/round296.txt",  # first run 82.1% recall, 29.8% noise, not tuned
    # on: a lab's TPU manual (a benchmark table's tokens/s, unmarked disk sizes and quotas) and an Ascend
    # board's spec page (video streams, ports); vendors' docs pages 93-96%; of 16 decided 11 right, 0 silent;
    # tuned on `#chips per worker`, `1920 x 1080` and `Dual 5th generation ... Processors`: 85.7%, 25.0%
    "heldout297": "docs/draft-first-runs/round297.txt",  # first run 81.7% recall, 6.5% noise, not tuned
    # on: a cloud's table pasted with its cells run together (`a100-80gb-sxm-ib.8x81600`: 0 of 6); of 14
    # decided 1 right, 6 asked other (a MIG table's memory per GPU), 0 silent; 1 left open silent (a
    # Blackhole chip's `32 GB`, its reader's "?", drafted as the one SKU publishing 32 GB); tuned on the
    # MIG table's `|---|` rule row and `One hundred and forty`: 83.1%, 4.8%; of 14 decided 8 right
    "heldout298": "docs/draft-first-runs/round298.txt",  # first run 71.1% recall, 10.0% noise: a hospital
    # HPC notice's shorthand (`2.4G 48C`, `4*`, `100Gb EDR`), a paper abstract stored without its `×` (`606
    # faster`), an HPC guide's `512 (8x64) GB`; 1 decided, right; tuned on the last two kinds: 76.3%, 9.4%
    "heldout301": "docs/draft-first-runs/round301.txt",  # first run 71.5% recall, 4.9% noise: a cluster's
    # cell-line table with a row of bare borders (`||||||`: 35 figures), a page's table written with single
    # spaces and its unit in a note (`*Measure: TFLOPS`: 15), a fee table's partition rows broken by
    # merged cells (18), `x4 or x8 GPUs`; of 16 decided 7 right, 0 silent; tuned on the bare borders, the
    # merged cells and `8x NVIDIA A100-80G`: 81.7%, 8.7%, 7 right (2 left open silent: that count in an HPE
    # and an H200 node, drafted as the DGX A100's and HGX H200's 8, which its reader left open)
    "heldout305": "docs/draft-first-runs/round305.txt",  # first run 85.6% recall, 6.9% noise: a flattened
    # table whose thousands are spaced and whose MiB is in its header (`45 634`: 17 figures), an NRP table's
    # label-value lines, `(64Core)`, `96C`, `3,6 TB`; of 11 decided 9 right, 1 silent (`Host CPU memory (per
    # server) 512 GB`, drafted as the HGX A100's HBM); tuned on the silent field, glued cores and `2 AMD
    # EPYC 9654`: 87.9%, 6.8%, 0 silent
    "heldout307": "docs/draft-first-runs/round307.txt",  # first run 74.1% recall, 21.4% noise: a chip
    # maker's spec table whose units sit in its row labels (MN-Core: 7 of 15 misses), a benchmark's price
    # changes (`-86 %`); of 12 decided 2 right, 9 asked (a GH200 page's figures, `GH200` asked between its
    # two SKUs), 0 silent; tuned on the spec lines and the prices' brackets: 86.2%, 13.6%
    "heldout308": "docs/draft-first-runs/round308.txt",  # first run 65.1% recall, 13.6% noise (65.6% since
    # `29% over NVIDIA Blackwell` reads as an increase; the rest not tuned on): a lab wiki's table written
    # with single spaces and bare Gs (`rachmaninoff 12 64G Tesla K40c : 12 G`: 21), TOP500's `HPCG-petaflops`
    # and Rmax cells (13), units glued in brackets (`64(GB/die)`, `8(cards)`), a French wiki's `bi` (2 GPUs),
    # a cell-line table with an empty first cell; of 15 decided 6 right, 7 missed, 0 silent
    "heldout309": "docs/draft-first-runs/round309.txt",  # first run 64.4% recall, 9.5% noise (71.2% since
    # `2T of local SSD` is read; the rest not tuned on): counts before long names (`runs 8 NVidia GeForce
    # GTX 1080`), node counts in a chart's legend (`1 node`, `2 node`); 1 decided, right (78.0% since a count
    # before a maker's longer card name is read)
    "heldout310": "docs/draft-first-runs/round310.txt",  # first run 82.3% recall, 15.0% noise: builders' own
    # rigs and groups' docs (counts before card lines, `four RTX A6000`; `2C/4T`; a row label's unit before a
    # footnote mark, `FP16 PFLOPs*`); of 2 decided 1 right; tuned on: 87.2%, 14.3%; left: `7x4090`, `Seven
    # 4090s: 7 * 450W`, a flattened DGX table (`Nvidia DGX-1 1 8× Tesla V100`)
    "heldout312": "docs/draft-first-runs/round312.txt",  # first run 69.3% recall, 30.5% noise: edge
    # accelerators' benchmark tables of bare latencies (`12.09 | 9.81 | 15.58`), measured times in prose
    # (`runs in 3.9 ms`), `1024x3` MACs, an inference-arithmetic page's FLOP/byte; of 13 decided 7 right, 0
    # silent; tuned on `200G DACs`, `一颗BM1682`: 70.7%, 30.1%
    "heldout313": "docs/draft-first-runs/round313.txt",  # first run 67.9% recall, 14.9% noise: training runs'
    # samples/second and step times, a Colab TPU post's bare ALU counts and seconds (`<40`, `4k-5k`), `32Gb
    # DIMM`; of 10 decided 5 right; tuned on Gb before memory words: 70.8%, 14.4%
    "heldout314": "docs/draft-first-runs/round314.txt",  # first run 58.8% recall, 16.3% noise: a power
    # sweep's table of tokens per kWh and milliseconds (36 of its 73), FPGA designs' resource counts
    # (`49/80`), `32C 64T`, spaced `400 G` links, `四张P104-100`; of 5 decided 4 right; tuned on the last
    # three: 62.6%, 15.0%
    "heldout316": "docs/draft-first-runs/round316.txt",  # first run 63.7% recall, 23.1% noise:
    # a 5090 matmul page's table, its spec column with no unit of its own and its ratio column (40 of the
    # page's 62), an NPU post's milliseconds, an analyst's unit definitions; of 9 decided 1 right, 6 asked;
    # tuned on (`B200 × 8 (NVLink)`, `the 5090`, `n=3`, unit definitions): 66.1%, 16.8%, 4 of 9 right
    "heldout317": "docs/draft-first-runs/round317.txt",  # first run 78.8% recall, 13.9% noise:
    # an HBM4 explainer's pin speeds (Gb/s per pin, in a table and a code block: 8), a T4 run's measured
    # times (`57min 17s`), PUE figures, a Hailo board's frame rates; of 8 decided 6 right, 2 asked, 0 silent;
    # tuned on (per dollar; per-pin rates tried and left unread by the review): 78.8%, 10.6%
    "heldout318": "docs/draft-first-runs/round318.txt",  # first run 80.0% recall, 12.1% noise:
    # an nvidia-smi table of MIG profiles (memory in GiB, SM counts: 10 of its 14), measured seconds, a CPU's
    # model number read as a ratio (`Ryzen 9 5950X`); no structure row; tuned on (`5950X`): 80.0%, 10.8%
    "heldout319": "docs/draft-first-runs/round319.txt",  # first run 80.4% recall, 26.8% noise:
    # an essay's FLOPs written with superscripts (`2.5 × 10²¹ FLOPs` read as a ratio 2.5x: 8 missed, 6 noise),
    # a memory explainer's shares (`~25-30%`), `x16` lanes; of 5 decided 4 right, 1 asked, 0 silent; tuned on
    # (a power of ten before a unit): 82.4%, 22.9%
    "heldout320": "docs/draft-first-runs/round320.txt",  # first run 58.5% recall, 16.9% noise, not tuned on:
    # an Axelera card's frames per second and FPS/W (10 of its 11), a yield model's `17×30 mm` and `~970k`,
    # competition run times in hours; of 5 decided 2 right, 3 missed; of 2 left open 1 silent (`8xH100` given
    # to hgx_h100 where the text names only the family)
    "heldout321": "docs/draft-first-runs/round321.txt",  # first run 65.1% recall, 32.0% noise, not tuned on:
    # a price-performance table's die areas and transistors in millions under bare headers (10), MFLOPS/W (not
    # a unit the drafter reads: 6), a gdsio run's output lines (9 noise); of 2 decided 0 right, 2 asked
}
# Rounds first run at the end of a session and not tuned on yet: held to the recall and noise bar,
# but their structure may still hold silent errors (the next session's tuning material); the
# test checks each really has one, so a clean round cannot hide here.
FIRST_RUN_ONLY: dict[str, str] = {
    "heldout167": "docs/draft-first-runs/round167.txt",  # tuned on its silent fields: 87.1% recall
    # and 11.5% noise at its first run, 90.4% since round 306's row labels of things in each container
    # written with a slash (`FP32 Cores / SM | 64 | 64 | 128 |`), held to the bar; 3 of its 6 silent
    # fields (a figure before "2.4x the H100's", a chain's "4.8x larger", "four of the new Bow processors"
    # read as the subject) asked or right, 3 left
    "heldout100": "docs/draft-first-runs/round100.txt",  # first run 81.5% recall; 90.8% since round 267's
    # spaced-dash ranges (`68.25 - 136.5 GB/s`), held to the bar; 1 silent: a forum comment's footnote, "the
    # announced 30e15 FP4 FLOP/s" (Rubin CPX's, sparse), read as the Rubin NVL144 rack the line before names
    "heldout131": "docs/draft-first-runs/round131.txt",  # first run 86.2% recall; 90.1% since round 257's
    # `HBM3,80GB` (a figure after a name's digit and a comma), held to the bar; 1 silent: "Each graphics card
    # is equipped with a dedicated 400 GbE network" given to the HGX H100 the page describes (reader: H100)
    "heldout141": "docs/draft-first-runs/round141.txt",  # first run 86.4% recall; 90.3% since round 258's
    # spelled rates, held to the bar; 1 silent: "double the Interconnect (ICI) bandwidth", its clause cut
    # at the bracket, read as the HBM the clause before doubles
    "heldout196": "docs/draft-first-runs/round196.txt",  # first run 88.2% recall, 16.3% noise, 9 silent;
    # now 92.0% and 16.2% (figures in inline code read, round 204), held to the bar; 8 silent: a
    # cloud table's "96 GB VRAM" read as host memory, three of them the scorer's pairing
    "heldout36": "docs/draft-first-runs/round36.txt",   # 3 silent after its first run's metric fix:
    # a DGX's "about 180 GB ... per GPU", a run-on spec line's "700 W H200 SXM"
    "heldout48": "docs/draft-first-runs/round48.txt",   # first run at the session's end; its list's
    # numbers run into names ("- 5B100 GPU supports 192 GB") are read since round 156's tuning; 1 silent
    # left: "1.8 terabytes per second of bidirectional bandwidth" given to the GB200 (reader: B200)
    "heldout49": "docs/draft-first-runs/round49.txt",   # first run at the session's end: a figure
    # the text calls sparse given the published dense figure's metric
    "heldout66": "docs/draft-first-runs/round66.txt",   # first run at the session's end (2 silent)
    "heldout40": "docs/draft-first-runs/round40.txt",   # now 90.3% recall (a transistor row's bare
    # B read), held to the bar; 3 silent: a borderless table's columns run together
    "heldout98": "docs/draft-first-runs/round98.txt",   # 1 silent: "up to one million Trainium3 chips
    # ... that's 10 times the capacity of the previous generation" read as memory capacity
    "heldout81": "docs/draft-first-runs/round81.txt",   # 1 silent: "having abandoned 7 nm engraving
    # in favor of the 4 nm" gives the abandoned node to the new chip, not its predecessor
    "heldout110": "docs/draft-first-runs/round110.txt",  # now 93.4% recall (bus widths read), held to
    # the bar; 1 silent: a table's third column (`| 90.5 TFLOPS | 91.6 TFLOPS | 51.2 TFLOPS |`) given
    # to the H100 its header names, where the reader took the H100 PCIe
    "heldout112": "docs/draft-first-runs/round112.txt",  # now 92.0% recall (KB caches, bus widths),
    # held to the bar; 2 silent: "72x B300 GPUs with 288 GB HBM3e per GPU" in a rack of Blackwell
    # Ultra GPUs given to the B300 (the reader took the GB300's GPU), "910B Die ... 53 亿晶体管" in a
    # text about the 910C given to the 910B it names
    "heldout119": "docs/draft-first-runs/round119.txt",  # first run at 93.1% recall: 3 silent, "192 GB
    # of on-chip memory" read as SRAM (the reader took HBM; now asked as HBM, being more than twice any
    # SRAM the specs publish), "a 64-chip compute domain with 6.1TB" given
    # to the instance named before it, "1.28 TB/sec bandwidth per chip for efficient scale-out" as the
    # network's (the reader took the chip-to-chip link)
    "heldout120": "docs/draft-first-runs/round120.txt",  # first run at 95.5% recall: 1 silent, "2.8
    # exaflops of FBO4" (a typo of FP4) read as FP8 ("1.4 PB of bandwidth" is now asked)
    "heldout64": "docs/draft-first-runs/round64.txt",   # now 92.8% recall (ranges with an en dash,
    # `192–225 GB`, quoted whole), held to the bar; 1 silent: "ND MI300X v5-based deployments ... 3.2Tb/s"
    # given to the chip (the reader took the VM's platform)
    "heldout104": "docs/draft-first-runs/round104.txt",  # 2 silent: the SXM5 box's 700 watts given
    # to the H100 PCIe named in its aside, a "600GB ... GPU building block for DGX GH200" given to the
    # DGX's HBM ("the PCIe version of H100 ... 350 watts" is now asked between the H100 and its variant)
    "heldout133": "docs/draft-first-runs/round133.txt",  # first run at 93.1% recall, 2 silent: "1.8 TB/s
    # ... between the 72 GPUs" of a GB200 NVL72 whose text calls them B200 GPUs given to the B200 (the
    # reader took the rack's own GPU; readers of other rounds took the B200 86 times in such texts);
    # "on-chip SRAM and four HBM2E chips, offering ... 64GB memory" read as SRAM (now HBM)
    "heldout134": "docs/draft-first-runs/round134.txt",  # first run at 88.7% recall (now 91.7%: figures
    # glued to card labels, `VRAM80 GB`; counts `8 B300 units`, `2 MI300x`), 6 silent, 1 left: "450GB of
    # off-processor streaming exchange memory" of a Graphcore box read as HBM (the reader took DRAM);
    # five cloud instances' network figures given to their GPU are now asked with the GPU's systems
    "heldout173": "docs/draft-first-runs/round173.txt",  # first run at 85.5% recall (now 92.5%: a
    # table pasted one cell per line whose labels end "(per-package)"), 3 silent, 1 left: "a total
    # of 576GB of GPU memory" of a DGX GH200 given to the DGX (the reader took the superchip's HBM
    # and LPDDR); "4,800 Gbps/chip of bandwidth and 3x the HBM" is now asked
    "heldout179": "docs/draft-first-runs/round179.txt",  # first run at the session's end on the final
    # drafter: 96.4% recall, 9.8% noise (the bar); of 125 decided claims 59 right, 2 silent: an
    # A100's "around 2 TB/s" given to the H100, "B200 has 2.5x theoretical FP8 compute than H100" dense
    "heldout183": "docs/draft-first-runs/round183.txt",  # first run late in the session, not tuned on:
    # 93.5% recall, 11.5% noise; of 52 decided claims 32 right, 1 silent: a talk summary's "the chip's 362
    # petaflops compute, 20.7TB HBM3E capacity" given by its figure to the UltraServer the text names
}
# round 171 (first run on the final drafter: 93.4% recall, 16.6% noise, 2 silent: a DGX H200's "1.8 TB/s
# GPU-to-GPU bandwidth" given to its HGX baseboard, "A100 ... GPUs and 1TB of DDR4" to the A100) is
# held to the bar with no silent field: both are asked since round 173's session.
# round 124 (first run 89.5% recall, one article; now 94.7%: counts written `1M+`) is held to the bar.
# round 136 (first run 96.1% recall, 2 silent: "312 TFLOPS FP16 (with sparsity: 624 TFLOPS)" read as
# sparse, now dense) is held to the bar with no silent field.
# round 138 (first run at the session's end: 91.2% recall, 16.2% noise, no silent field) met the bar
# as it came out and is held to it.
# rounds 169 and 170 (first runs 92.2% recall / 15.7% noise with 1 silent field, now none: a figure
# after "outperforming" a named chip; 94.3% / 14.9% with none the text decides) met the bar as they
# came out and are held to it with no silent field.
# round 86 (first run 62.1% recall: one table's bare-B billions and SM and core counts; now 95.5%, its
# rows' bracketed labels, `| SMs (enabled) |`, read as plural labels) is held to the bar.
# rounds 146-148 (first runs at the session's end: 95.5% / 20.7% noise, 88.7%, 82.0% / 24.5% noise;
# 1, 1 and 0 silent) meet the bar after tuning (spaced thousands in prose, TeX ties, bracketed row
# labels, file paths) and are held to it with no silent field.
# round 94 (its last silent field, "3x more memory capacity than TPU v4 (95 GB HBM)" given to the v4 it
# follows, is now asked: the v5p the text names publishes 95 GB) is held to the bar with no silent field.
# round 150 (first run 95.1% recall, 25.0% noise: 三星 (Samsung) and a page's researchers, euros and
# hours read as counts; 1 silent, "2x Hopper H100 GPU with 96 GB HBM3 each" on a GH200 page, now asked)
# meets the bar after tuning and is held to it with no silent field.
# round 139 (first run 90.8% recall, 15.5% noise, 6 silent; the last, "100TB memory" of a Rubin CPX
# rack given to the plain rack's HBM, now asked: far from its HBM and any other memory) is held to
# the bar with no silent field.
# round 123 (first run 88.9% recall; now 91.1%: ranges with an en dash) and round 130 (first run
# 94.0%, 1 silent: "(up to ~8 TB/s) and NVLink 5 at ~1.8 TB/s" gave NVLink to the bracket's rate)
# are held to the bar with no silent field, and so is round 132 (first run 100% recall, 2 silent:
# "900 GB/s — nearly double the A100 SXM4's 600 GB/s — and 80 GB" gave the 80 GB to the A100).
# round 125 (first run 85.9% recall: ranges written with an en dash, `5.6–8kW`, quoted cut at the
# dash; 16 fields asked without the id: a rumoured die's name, GH100, now asked among its products;
# 1 silent, "1.2 TB/s bidirectional inter-chip bandwidth" read as HBM's) was tuned on and is held to
# the bar with no silent field.
# round 113 (first run 92.7% recall, 1 silent: "over 140 billion on this chip" read as a count of
# chips), rounds 121 and 122 (first runs 90.0% and 100%; 121's one silent, "the prior-generation
# 7nm A100 GPU" given to the H100, now the A100's) and round 117 (first run 89.5%, 6 silent: a
# CloudMatrix's figures given to the GB200 NVL72 it is set against, "128GB of 1.6 TB/s memory"
# read as a link's rate) were tuned on and are held to the bar with no silent field.
# round 137 (first run 95.6% recall, 26.8% noise: a range's second figure, `120-140 kW per rack`,
# drafted apart where its readers wrote one claim) meets the bar since a range is drafted as its
# two bounds and scored as the one claim (15.8% noise), and is held to it.
# round 55 (first run 74.1%: a translated reference page's tables in e-notation, `9.0e11`) was tuned
# on and is held to the bar. round 17 (first run 70.2% recall) was tuned on: header units
# (`FP32 TFLOPS`, `(GiB/sec/chip)`),
# `80G` under a memory heading, 三成; it meets the bar now and is held to it. So are round 21
# (figures glued to their labels, `FP16900 TFLOPS`) and round 25 (first run 83.3%: a table pasted
# without its borders, `FP3219.5 TFLOPS51 TFLOPS2.6x`).
# round 107 (first run 89.3%: a roofline tutorial's dict of specs, its units in a later print()) meets the
# bar since round 258's spelled rates (a JUPITER page's `100 Gigabit`: 90.5%) and is held to it.
# round 213 (first run 78.8% recall: a cluster page's GPU memory written in lower case, `48gb`) and
# round 218 (first run 86.9%: `32gb`, `2.10Ghz`, `V100 (x4)`) meet the bar since those are read (91.8%
# and 97.2%, round 218's tuning) and are held to it.


def test_article_names_are_unique_across_rounds():
    """draft_eval checks every draft in one run, and a draft's ids come from its file name."""
    stems = [p.stem for p in (ROOT / "tests" / "data" / "draft").glob("*/*.txt")]
    assert len(stems) == len(set(stems)), sorted({s for s in stems if stems.count(s) > 1})


def test_eval_meets_the_targets_on_every_annotated_article():
    """benchmarks/draft_eval.py, run as the README runs it: every split meets the targets
    (rounds not yet tuned on excepted, each with its first run on record)."""
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "draft_eval.py"), "--verbose"], cwd=ROOT,
                         capture_output=True, text=True, encoding="utf-8", timeout=900)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "check input errors: 0" in out.stdout
    scores = {m["split"]: m for m in re.finditer(
        r"^(?P<split>\S+) +recall (?P<found>\d+)/(?P<annotated>\d+) = [\d.]+% +"
        r"noise (?P<noise>\d+)/(?P<drafted>\d+)", out.stdout, re.M)}
    assert {"tune", "heldout", "heldout2"} <= set(scores), out.stdout
    for split, record in NOT_YET_TUNED.items():
        assert split in scores and split in (ROOT / record).read_text(encoding="utf-8"), split
        m = scores[split]
        below = int(m["found"]) < 0.90 * int(m["annotated"]) or int(m["noise"]) > 0.20 * int(m["drafted"])
        assert below, f"{split} meets the bar: hold it to it"
    for split, m in scores.items():
        if split in NOT_YET_TUNED:
            continue
        assert int(m["found"]) >= 0.90 * int(m["annotated"]), split
        assert int(m["noise"]) <= 0.20 * int(m["drafted"]), split
    # no field the text decides is drafted wrong without a question, in any tuned round
    silent = {m["split"]: int(m["silent"]) for m in re.finditer(
        r"^(?P<split>\S+) +structure of \d+: .*?silent (?P<silent>\d+),", out.stdout, re.M)}
    for split, alike in same_verdict(out.stdout, load_catalogue(ROOT / "specs")).items():
        silent[split] -= alike
    excused = {**NOT_YET_TUNED, **FIRST_RUN_ONLY}
    assert silent and not {s: n for s, n in silent.items() if n and s not in excused}, silent
    for split, record in FIRST_RUN_ONLY.items():
        assert split in (ROOT / record).read_text(encoding="utf-8"), split
        assert silent.get(split), f"{split} has no silent error left: hold it to the rule"


SILENT_FORMAT = re.compile(r"   SILENTLY WRONG metric: .* (?P<written>[a-z0-9]+_(?:dense|sparse)) "
                           r"\(annotated (?P<annotated>[a-z0-9]+_(?:dense|sparse))\) of (?P<subject>\S+) in ")


def same_verdict(verbose: str, catalogue) -> dict[str, int]:
    """Per split, the silent metrics that give the annotated one's verdict: a figure written for
    "FP16/BF16" is drafted bf16 only when its subject publishes both alike (figure_match.py
    `listed_precisions`), so a reader's fp16 of the same density checks the same number; so does a
    reader's fp4 where "FP6 and FP4" is drafted fp6 of a subject publishing both alike (round 263)."""
    found: dict[str, int] = {}
    pending: list[re.Match] = []
    for line in verbose.splitlines():
        if line.startswith("   SILENTLY WRONG"):
            pending += [m for m in [SILENT_FORMAT.match(line)] if m]
        elif re.match(r"\S+/\S+: recall ", line):
            split = line.split("/", 1)[0]
            for m in pending:
                written, annotated, subject = m["written"], m["annotated"], m["subject"]
                figures = [single_figure(catalogue.figures, (subject, metric))
                           for metric in (written, annotated)]
                if written.split("_")[1] == annotated.split("_")[1] and None not in figures \
                        and figures[0] == figures[1]:
                    found[split] = found.get(split, 0) + 1
            pending = []
    return found


def test_same_verdict_counts_only_a_pair_of_one_density_published_alike(catalogue):
    line = "   SILENTLY WRONG metric: 312 TFLOPS {} (annotated {}) of {} in '312 TFLOPS FP16/BF16'"
    text = "\n".join([line.format("bf16_dense", "fp16_dense", "a100"),
                      line.format("fp6_dense", "fp4_dense", "mi355x"),       # published alike
                      "heldout9/x.txt: recall 1/1, noise 0/1",
                      line.format("bf16_dense", "fp16_sparse", "a100"),      # another density
                      line.format("bf16_dense", "fp8_dense", "a100"),        # another format's figure
                      line.format("fp8_dense", "fp4_dense", "mi355x"),
                      "heldout8/y.txt: recall 1/1, noise 0/1"])
    assert same_verdict(text, catalogue) == {"heldout9": 2}


def test_quotes_with_colons_quotes_and_hashes_round_trip(tmp_path, catalogue):
    raw = 'He said: "it\'s #1" - AMD\'s MI355X: up to 10 petaFLOPS of sparse FP4 # not a comment'
    text = dump(draft_document(raw, SourceInfo("esc", "a: b # c", "en"), catalogue))
    document = yaml.safe_load(text)
    assert document["source"]["title"] == "a: b # c"
    assert document["claims"][0]["quote"] in raw
    check_text(text, tmp_path)


def test_a_claim_the_text_decides_is_complete(catalogue):
    raw = "Each Trainium3 chip is equipped with 144 GB of HBM3E memory."
    [claim] = draft_document(raw, SourceInfo("t", "t", "en"), catalogue)["claims"]
    assert (claim["subject"], claim["metric"], claim["claimed"]) == ("trainium3", "hbm_capacity", "144 GB")
    assert "todo" not in claim


def test_what_the_text_does_not_decide_goes_to_todo(catalogue):
    raw = "Feynman Ultra delivers 15 exaflops of FP4."     # a product the specs do not know
    [claim] = draft_document(raw, SourceInfo("t", "t", "en"), catalogue)["claims"]
    assert claim["kind"] == "qualitative" and claim["claimed"] == "15 EFLOPS"
    assert any("Feynman Ultra is not in the specs" in item for item in claim["todo"])


def test_times_more_gives_two_readings_of_the_number(catalogue):
    raw = "Trainium3的FP8密集性能較Trainium2提升3倍。"
    [claim] = draft_document(raw, SourceInfo("t", "t", "zh-Hant"), catalogue)["claims"]
    assert [r["claimed"] for r in claim["interpretations"]] == ["3x", "4x"]


def test_a_change_takes_its_sign_from_the_words(catalogue):
    records = draft_document("AMD offers up to 50 percent higher perf. Cost fell; latency is 20 "
                             "percent lower on MI355X.", SourceInfo("t", "t", "en"), catalogue)["claims"]
    assert [c["claimed"] for c in records] == ["+50%", "-20%"]


def test_a_fraction_word_is_a_change_with_its_sign(catalogue):
    records = draft_document("Trillium brings a two-thirds gain in energy efficiency.",
                             SourceInfo("t", "t", "en"), catalogue)["claims"]
    assert [c["claimed"] for c in records] == ["+66.6667%"]


def test_cli_prints_a_claim_file_that_check_accepts(tmp_path, capsys, monkeypatch):
    article = tmp_path / "article.txt"
    article.write_text("Trainium3 offers 4.9 TB/s of memory bandwidth.", encoding="utf-8")
    monkeypatch.chdir(ROOT)
    assert main(["draft", str(article), "--source-id", "my-article", "--title", "T",
                 "--published", "2025-12-02"]) == 0
    text = capsys.readouterr().out
    source = yaml.safe_load(text)["source"]
    assert source == {"id": "my-article", "title": "T", "language": "en", "published": "2025-12-02"}
    assert main(["check", str(_write(tmp_path, text))]) == 0


def test_cli_reports_an_unreadable_file(tmp_path, capsys):
    assert main(["draft", str(tmp_path / "missing.txt")]) == 2
    assert capsys.readouterr().err == (f"claimaudit: {tmp_path / 'missing.txt'}: cannot read file: "
                                       "No such file or directory\n")


def test_cli_rejects_a_bad_source_id(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["draft", "x.txt", "--source-id", "Bad Id"])
    assert exit_info.value.code == 2
    assert "expected an id of lower-case letters, digits, - and _, found 'Bad Id'" in capsys.readouterr().err


FRAGMENTS = ["Trainium3", "Trn3 UltraServer", "MI355X", "Ironwood", "GB300 NVL72", "提供", "高達",
             "up to", "more than", "3x", "4.4倍", "兩倍", "144 GB", "1,452 petaFLOPS", "FP8", "dense",
             "稀疏", "than", "比", "相比", "是", "的", "2025", ": ", '"', "#", "'", "\n", "。", ", ",
             "100萬顆", "10微秒", "memory bandwidth", "記憶體頻寬", "of", "per chip"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=30).map(" ".join))
def test_drafted_yaml_always_loads_and_checks(text, catalogue, tmp_path_factory):
    drafted_text = dump(draft_document(text, SourceInfo("prop", "p", "en"), catalogue))
    assert isinstance(yaml.safe_load(drafted_text)["claims"], list)
    try:
        check_text(drafted_text, tmp_path_factory.mktemp("draft"))
    except InputError as exc:      # pragma: no cover - the failure message is the point
        pytest.fail("\n".join(str(p) for p in exc.problems) + "\n" + drafted_text)


@pytest.mark.parametrize("text, tag", [
    ("AWS says each chip carries 144 GB.", "en"), ("", "en"),
    ("亞馬遜表示，這項技術將使其加速器實現 6 倍的性能提升。", "zh-Hant"),
    ("亚马逊表示，这项技术将使其加速器实现 6 倍的性能提升。", "zh-Hans")])
def test_language_is_detected_from_the_script(text, tag):
    from claimaudit.draft.article import detect_language

    assert detect_language(text) == tag


def test_html_translation_blocks_are_skipped(catalogue):
    raw = ('<p>Trainium3 offers 4.9 TB/s of memory bandwidth.</p>'
           '<div class="lb-trans"><p>Trainium3 提供 4.9 TB/s 的內存帶寬。</p></div>')
    claims = draft_document(raw, SourceInfo("t", "t", "en"), catalogue)["claims"]
    assert [c["quote"] for c in claims] == ["Trainium3 offers 4.9 TB/s of memory bandwidth."]


SUBJECTS = [
    # (text, number as claimed, subject, baseline) -- None: left to a todo
    ("The GB300 NVL72 delivers 1.44 ExaFLOPS FP4 (dense) across 72 B300 GPUs with 20.7 TB of HBM3e total.",
     "20.7 TB", "gb300_nvl72", None),                     # B300 is counted by 72, not the subject
    ("It supports up to a million accelerators, compared to the 500,000 Trainium2 chips found in "
     "Project Rainier.",
     "1e6", None, None),                                  # Project Rainier belongs to the later number
    ("The MI355X reduced the number of I/O dies from four to two.", "4", None, None),  # dies are not chips
    ("A Trainium2 instance with 16 Trainium2 chips.", "16", "trn2_instance", None),  # the chip's one instance
    ("Trainium3 delivers 4x the memory bandwidth of Trainium2.", "4x", "trainium3", "trainium2"),
    ("與Trainium2相比，Trainium3提供近4倍的內存帶寬", "4x", "trainium3", "trainium2"),
    ("Trainium3 的內存帶寬是 Trainium2 的 4 倍", "4x", "trainium3", "trainium2"),
    ("Trainium2 latency is 4x lower than Trainium3", "4x", "trainium3", "trainium2"),  # a decrease swaps
    ("在Project Rainier項目中，將超過50萬顆Trainium2芯片連接為集群", "50e4", "project_rainier", None),
    ("Ironwood can scale up to 9,216 chips per pod.", "9,216", "ironwood_pod", None),   # per pod
    ("Each Trn3 UltraServer offers 4.9 TB/s of memory bandwidth per chip.", "4.9 TB/s", "trainium3", None),
]


@pytest.mark.parametrize("text, claimed, subject, baseline", SUBJECTS)
def test_subject_and_baseline(catalogue, text, claimed, subject, baseline):
    claims = draft_document(text, SourceInfo("t", "t", "en"), catalogue)["claims"]
    claim = next(c for c in claims if claim_texts(c)[0] == claimed)
    readings = claim.get("interpretations") or [claim]
    assert (readings[0].get("subject"), readings[0].get("baseline")) == (subject, baseline)
    if subject is None:
        assert claim["kind"] == "qualitative" and claim["todo"]
    else:
        assert not any(item.startswith("subject:") for item in claim.get("todo", []))


def claim_texts(claim: dict) -> list:
    return [claim["claimed"]] if "claimed" in claim else [r["claimed"] for r in claim["interpretations"]]


def test_cli_rejects_a_bad_language_tag(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["draft", "x.txt", "--lang", "zh Hant"])
    assert exit_info.value.code == 2
    assert "expected a BCP 47 tag (en, zh-Hant), found 'zh Hant'" in capsys.readouterr().err


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=st.sampled_from(list("0123456789０１２.,%x倍兩十萬億個顆 :#'\"-–()（）。，\n"
                                                  "upto GBTFLOPS/sabcMI355XTrainium3高達超過近約至少"))))
def test_any_text_drafts_to_loadable_yaml(text, catalogue):
    document = yaml.safe_load(dump(draft_document(text, SourceInfo("prop", "p", "en"), catalogue)))
    for claim in document["claims"]:
        assert claim["quote"] in text and claim["quote"].strip() == claim["quote"]


@pytest.mark.parametrize("text, claimed, todo_start", [
    ("B300的最大功耗从1200W增加至1400W。", "1200 W", "subject: 1200 is the value before"),
    ("The B300 power rose from 1,200 W to 1,400 W.", "1,200 W", "subject: 1,200 is the value before"),
    ("B300的两个Die通过NV-HBI高速界面互连(带宽10TB/s)", "10 TB/s",
     "metric: the text does not say a metric for"),
    ("B300 has a 1,400W TDP and the same 72-GPU domain as the GB200 NVL72.", "72", "subject:"),
    ("The WSE-3 die measures 21.5 cm × 21.5 cm.", "21.5 cm", "metric: the text does not say a length"),
])
def test_what_a_reader_would_question_gets_a_todo(catalogue, text, claimed, todo_start):
    claims = draft_document(text, SourceInfo("t", "t", "en"), catalogue)["claims"]
    claim = next(c for c in claims if claim_texts(c)[0] == claimed)
    assert any(item.startswith(todo_start) for item in claim.get("todo", [])), claim


def test_the_draft_path_imports_neither_pandas_nor_pint(tmp_path):
    """`claimaudit draft` stays light: no pandas, no pint (unit spellings are data)."""
    import os
    import subprocess
    import sys

    article = tmp_path / "a.txt"
    article.write_text("The MI455X GPU has 16 vector pipelines and 432 GB of HBM4 at 19.6 TB/s.",
                       encoding="utf-8")
    code = ("import sys; from pathlib import Path; from claimaudit.draft.article import draft_file; "
            f"draft_file(Path({str(article)!r}), Path({str(ROOT / 'specs')!r})); "
            "print(sorted({'pandas', 'pint'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.stdout.strip() == "[]"
