"""Derived values over the spec graph, end to end on tests/data/mini (pipeline/engine/derive.py).

The mini corpus: chipa (1,000 TFLOPS, 144 GiB, 4.0 TB/s, sparsity 2) -> sysa (4 chips)
-> clustera (8 systems); chipb (500 TFLOPS, 96 GB) -> sysb; chipc has two conflicting
hbm_bandwidth facts; chipd = 1.4 x chipa; sysj = 144 x chipa; sysk has a direct fact.
"""

import ast
import inspect
import textwrap

import pytest

from claimaudit.core.errors import InputError
from claimaudit.engine import derive, judge
from claimaudit.output.results import to_records
from claimaudit.run import check_paths

# -- verdicts and derived values, one row per claim --------------------------------

KNOWN = [
    # claim id, verdict, severity, derived (value, unit, low, high) or None
    ("chipa-fp8", "consistent", None, (1000, "TFLOPS", 999.5, 1000.5)),            # direct fact
    ("chipa-fp8-pflops", "consistent", None, (1, "PFLOPS", 0.9995, 1.0005)),
    ("chipa-fp8-minor", "inconsistent", "minor", (1000, "TFLOPS", 999.5, 1000.5)),
    ("chipa-fp8-major", "inconsistent", "major", (1000, "TFLOPS", 999.5, 1000.5)),
    ("chipa-power", "consistent", None, (1000, "W", 999.5, 1000.5)),            # superseded 700 W
    ("chipa-sparse", "consistent", None, (2000, "TFLOPS", 1999, 2001)),            # sparsity x dense
    ("chipa-per-direction", "consistent", None, (1.28, "TB/s", 1.2775, 1.2825)),   # formula
    ("chipa-chips", "consistent", None, (1, "", 1, 1)),                            # a chip is 1
    ("chipd-fp8", "consistent", None, (1400, "TFLOPS", 1399.3, 1400.7)),           # expression fact
    ("sysa-fp8", "consistent", None, (4, "PFLOPS", 3.998, 4.002)),                 # 4 x chipa
    ("chipb-fp8", "consistent", None, (500, "TFLOPS", 499.5, 500.5)),
    ("sysb-fp8", "consistent", None, (2, "PFLOPS", 1.998, 2.002)),
    ("sysa-bw", "within_rounding", None, (16, "TB/s", 15.8, 16.2)),
    ("clustera-fp8", "consistent", None, (32, "PFLOPS", 31.984, 32.016)),          # 8 x 4 x chipa
    ("clustera-chips", "consistent", None, (32, "", 32, 32)),                      # counts exact
    ("sysk-fp8", "consistent", None, (2.1, "PFLOPS", 2.05, 2.15)),                 # fact beats sum
    ("chipc-bw", "ambiguous", None, None),                                         # conflicting facts
    ("chipc-bw-roughly", "consistent", None, (4.9, "TB/s", 4.85, 4.95)),           # ... that agree
    ("chipb-bw", "unverifiable", None, None),
    ("sysb-bw", "unverifiable", None, None),
    ("qualitative", "unverifiable", None, None),
    ("unpinned", "consistent", None, (1000, "TFLOPS", 999.5, 1000.5)),
    ("a-vs-b", "consistent", None, (2, "x", 999.5 / 500.5, 1000.5 / 499.5)),       # ratio
    ("d-vs-a-change", "consistent", None, (1.4, "x", 1399.3 / 1000.5, 1400.7 / 999.5)),  # +40%
    ("b-share", "consistent", None, (0.5, "x", 499.5 / 1000.5, 500.5 / 999.5)),    # 50%
    ("system-ratio-expr", "consistent", None, (2, "x", 3998 / 2002, 4002 / 1998)),  # expression
    ("cluster-log", "consistent", None, (5, "", 5, 5)),
    ("scope-agree", "consistent", None, (2, "x", 999.5 / 500.5, 1000.5 / 499.5)),
    ("scope-disagree", "ambiguous", None, None),
    ("sysj-hbm-total", "inconsistent", "major", (20.25, "TiB", 144 * 143.5 / 1024,
                                                 144 * 144.5 / 1024)),
    ("chipa-hbm-gb", "consistent", None, (144, "GiB", 143.5, 144.5)),
    ("chipb-hbm-gb", "consistent", None, (96, "GB", 95.5, 96.5)),
]


@pytest.mark.parametrize("claim, verdict, severity, derived", KNOWN)
def test_known_verdicts_and_derived_values(mini_records, claim, verdict, severity, derived):
    record = mini_records[claim]
    assert (record["verdict"], record["severity"]) == (verdict, severity)
    if derived is None:
        assert record["derived"] is None
    else:
        got = record["derived"]
        assert got["unit"] == derived[1]
        assert (got["value"], got["low"], got["high"]) == \
            pytest.approx((derived[0], derived[2], derived[3]), rel=1e-9)


def test_every_claim_of_the_corpus_is_in_the_table(mini_records):
    assert set(mini_records) == {row[0] for row in KNOWN}


def test_every_pinned_expect_holds(mini_records):
    assert [r["id"] for r in mini_records.values() if r["expect"] and
            r["expect"] != r["verdict"]] == []


# -- steps and sources ----------------------------------------------------------

STEPS = [
    ("chipa-fp8", ["chipa.fp8_dense = 1,000 TFLOPS [src-a]"]),
    ("chipa-power", ["chipa.power = 1,000 W [src-a]"]),
    ("chipa-sparse", ["chipa.fp8_sparse = sparsity x chipa.fp8_dense = 2 x 1,000 TFLOPS [src-a] "
                      "= 2,000 TFLOPS"]),
    ("chipa-per-direction", ["chipa.scaleup_bandwidth_per_direction = scaleup_bandwidth / 2 "
                             "= 2.56 TB/s [src-a] / 2 = 1.28 TB/s"]),
    ("chipa-chips", ["chipa.chips = 1 (a chip)"]),
    ("chipd-fp8", ["chipd.fp8_dense = 1.4 * chipa.fp8_dense = 1.4 * 1,000 TFLOPS [src-a] "
                   "= 1,400 TFLOPS [src-b]"]),
    ("clustera-fp8", ["sysa.fp8_dense = 4 x chipa.fp8_dense = 4 x 1,000 TFLOPS [src-a] "
                      "= 4,000 TFLOPS",
                      "clustera.fp8_dense = 8 x sysa.fp8_dense = 8 x 4,000 TFLOPS "
                      "= 32,000 TFLOPS"]),
    ("clustera-chips", ["chipa.chips = 1 (a chip)", "sysa.chips = 4 x chipa.chips = 4 x 1 = 4",
                        "clustera.chips = 8 x sysa.chips = 8 x 4 = 32"]),
    ("sysj-hbm-total", ["sysj.hbm_capacity = 144 x chipa.hbm_capacity = 144 x 144 GiB [src-a] "
                        "= 20,736 GiB"]),
    ("a-vs-b", ["chipa.fp8_dense = 1,000 TFLOPS [src-a]", "chipb.fp8_dense = 500 TFLOPS [src-b]",
                "ratio = chipa.fp8_dense / chipb.fp8_dense = 1,000 TFLOPS [src-a] "
                "/ 500 TFLOPS [src-b] = 2x"]),
    ("cluster-log", ["chipa.chips = 1 (a chip)", "sysa.chips = 4 x chipa.chips = 4 x 1 = 4",
                     "clustera.chips = 8 x sysa.chips = 8 x 4 = 32", "log2(32) = 5"]),
    ("chipc-bw", ["chipc.hbm_bandwidth = 4.9 TB/s [src-a]",
                  "chipc.hbm_bandwidth = 4.7 TB/s [src-c]"]),
]


@pytest.mark.parametrize("claim, steps", STEPS)
def test_steps_text(mini_records, claim, steps):
    assert mini_records[claim]["steps"] == steps


@pytest.mark.parametrize("claim, sources", [
    ("chipa-fp8", ["src-a"]),
    ("chipa-power", ["src-a"]),              # not the superseded src-old
    ("chipd-fp8", ["src-a", "src-b"]),       # the input's source and the expression fact's
    ("b-share", ["src-b", "src-a"]),
    ("chipc-bw", ["src-a", "src-c"]),
    ("clustera-chips", []),
    ("chipb-bw", []),
])
def test_sources(mini_records, claim, sources):
    assert mini_records[claim]["sources"] == sources


@pytest.mark.parametrize("claim, missing", [
    ("chipb-bw", ["chipb.hbm_bandwidth"]),
    ("sysb-bw", ["chipb.hbm_bandwidth"]),     # the member figure that is missing, by name
    ("qualitative", []),
    ("chipa-fp8", []),
])
def test_missing_facts_are_named(mini_records, claim, missing):
    assert mini_records[claim]["missing"] == missing


def test_qualitative_claim_has_a_hint(mini_records):
    assert mini_records["qualitative"]["hints"] == ["qualitative: nothing to compute"]
    assert mini_records["qualitative"]["claimed"] is None


# -- alternatives ---------------------------------------------------------------

def alternatives(record):
    return [(a["label"], a["verdict"], a["severity"],
             None if a["derived"] is None else a["derived"]["value"])
            for a in record["alternatives"]]


def test_conflicting_facts_are_ambiguous_with_each_alternative(mini_records):
    assert alternatives(mini_records["chipc-bw"]) == [
        ("chipc.hbm_bandwidth = 4.9 TB/s [src-a]", "consistent", None, 4.9),
        ("chipc.hbm_bandwidth = 4.7 TB/s [src-c]", "inconsistent", "major", 4.7),
    ]


def test_conflicting_facts_that_agree_give_the_common_verdict(mini_records):
    assert [a[1] for a in alternatives(mini_records["chipc-bw-roughly"])] == \
        ["consistent", "consistent"]


def test_disagreeing_interpretations_are_ambiguous(mini_records):
    assert alternatives(mini_records["scope-disagree"]) == [
        ("chipd vs chipa", "inconsistent", "major", 1.4),
        ("sysa vs chipa", "consistent", None, 4),
    ]


def test_agreeing_interpretations_give_the_common_verdict(mini_records):
    assert alternatives(mini_records["scope-agree"]) == [
        ("chipa vs chipb", "consistent", None, 2),
        ("sysa vs sysb", "consistent", None, 2),
    ]


def test_superseded_facts_are_ignored(mini_records):
    record = mini_records["chipa-power"]
    assert record["alternatives"] == [] and "src-old" not in record["sources"]


# -- JEDEC double reading of memory capacities --------------------------------------

def test_decimal_claim_of_a_binary_capacity_read_both_ways(mini_records):
    record = mini_records["sysj-hbm-total"]     # 20.7 TB vs 144 x 144 GiB = 20.25 TiB
    assert record["claimed"] == {"text": "20.7 TB", "value": 20.7, "unit": "TB",
                                 "low": 20.65, "high": 20.75}
    assert record["derived"]["value"] == 20.25 and record["derived"]["unit"] == "TiB"
    assert record["hints"][0] == "20.7 TB read as 20.7 TiB (JEDEC binary units), the better reading"


def test_gb_claim_of_gib_fact_is_consistent_via_binary(mini_records):
    record = mini_records["chipa-hbm-gb"]
    assert record["derived"]["unit"] == "GiB"
    assert record["hints"] == ["144 GB read as 144 GiB (JEDEC binary units), the better reading"]


def test_decimal_reading_stands_when_it_is_better(mini_records):
    record = mini_records["chipb-hbm-gb"]
    assert record["derived"]["unit"] == "GB" and record["reading"] == "decimal"
    assert record["hints"] == ["96 GB read in decimal units, the better reading (also tried as "
                               "96 GiB)"]


def test_no_binary_reading_for_other_metrics(mini_records):
    assert mini_records["sysa-bw"]["derived"]["unit"] == "TB/s"
    assert mini_records["sysa-bw"]["hints"] == []


# -- spec problems found while deriving ---------------------------------------------

SPEC_HEAD = """\
sources:
  - {id: s, title: S}
entities:
"""


def corpus(tmp_path, entities: str, claims: str = "  - {id: q, kind: qualitative}\n"):
    (tmp_path / "specs").mkdir()
    (tmp_path / "claims").mkdir()
    (tmp_path / "specs" / "s.yaml").write_text(SPEC_HEAD + textwrap.dedent(entities))
    (tmp_path / "claims" / "c.yaml").write_text(
        "source: {id: c, title: C}\nclaims:\n" + claims)
    return [tmp_path / "claims"], tmp_path / "specs"


CYCLE = """\
  - id: a
    kind: chip
    facts:
      - {metric: fp8_dense, value: "2 * b.fp8_dense", source: s}
  - id: b
    kind: chip
    facts:
      - {metric: fp8_dense, value: "0.5 * a.fp8_dense", source: s}
"""


def test_a_cycle_among_expression_facts_is_an_input_error_naming_it(tmp_path):
    with pytest.raises(InputError) as caught:
        check_paths(*corpus(tmp_path, CYCLE))
    messages = [p.message for p in caught.value.problems]
    assert "cycle among expression facts: a.fp8_dense -> b.fp8_dense -> a.fp8_dense" in messages
    assert all(p.file.endswith("s.yaml") and p.line in (7, 11) for p in caught.value.problems)


def test_a_fact_referring_to_itself_is_a_cycle(tmp_path):
    entities = """\
      - id: a
        kind: chip
        facts:
          - {metric: fp8_dense, value: "2 * a.fp8_dense", source: s}
    """
    with pytest.raises(InputError) as caught:
        check_paths(*corpus(tmp_path, entities))
    assert [str(p).split(": ", 1)[1] for p in caught.value.problems] == [
        "cycle among expression facts: a.fp8_dense -> a.fp8_dense"]


def test_an_expression_fact_of_the_wrong_dimension_is_an_input_error(tmp_path):
    entities = """\
      - id: a
        kind: chip
        facts:
          - {metric: power, value: 700 W, source: s}
          - {metric: fp8_dense, value: "2 * a.power", source: s}
    """
    with pytest.raises(InputError) as caught:
        check_paths(*corpus(tmp_path, entities))
    assert [p.message for p in caught.value.problems] == [
        "a.fp8_dense: expression '2 * a.power' does not give the metric's dimension"]


def test_an_expression_fact_dividing_by_zero_is_an_input_error(tmp_path):
    entities = """\
      - id: a
        kind: chip
        facts:
          - {metric: power, value: 700 W, source: s}
          - {metric: fp8_dense, value: "1 FLOPS", source: s}
          - {metric: fp16_dense, value: "a.fp8_dense * a.power / (a.power - a.power)", source: s}
    """
    with pytest.raises(InputError, match="division by an interval that contains 0"):
        check_paths(*corpus(tmp_path, entities))


def test_aggregation_of_a_metric_that_does_not_sum_is_missing(tmp_path):
    entities = """\
      - id: a
        kind: chip
        facts:
          - {metric: chip_to_chip_latency, value: 2 us, source: s}
      - id: sys
        kind: system
        members: {a: 4}
    """
    claims = "  - {id: lat, subject: sys, metric: chip_to_chip_latency, claimed: 2 us}\n"
    records = to_records(check_paths(*corpus(tmp_path, entities, claims)))
    assert (records[0]["verdict"], records[0]["missing"]) == \
        ("unverifiable", ["sys.chip_to_chip_latency"])


def test_an_explicit_sparse_fact_beats_the_sparsity_fallback(tmp_path):
    entities = """\
      - id: a
        kind: chip
        sparsity: 2
        facts:
          - {metric: fp8_dense, value: 1 PFLOPS, source: s}
          - {metric: fp8_sparse, value: 1.5 PFLOPS, source: s}
    """
    claims = "  - {id: sp, subject: a, metric: fp8_sparse, claimed: 1.5 PFLOPS}\n"
    records = to_records(check_paths(*corpus(tmp_path, entities, claims)))
    assert records[0]["verdict"] == "consistent"
    assert records[0]["steps"] == ["a.fp8_sparse = 1.5 PFLOPS [s]"]


def test_a_decimal_tie_keeps_the_decimal_reading(tmp_path):
    """Both readings consistent (an `at_least` claim): decimal stands, no hint."""
    entities = """\
      - id: a
        kind: chip
        facts:
          - {metric: hbm_capacity, value: 192 GB, source: s}
    """
    claims = "  - {id: m, subject: a, metric: hbm_capacity, claimed: 100 GB, qualifier: at_least}\n"
    record = to_records(check_paths(*corpus(tmp_path, entities, claims)))[0]
    assert (record["verdict"], record["derived"]["unit"], record["hints"]) == \
        ("consistent", "GB", ["100 GB read in decimal units, the better reading (also tried as "
                              "100 GiB)"])


# -- purity ------------------------------------------------------------------------

def imported_modules(module) -> set[str]:
    tree = ast.parse(inspect.getsource(module))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("module", [derive, judge])
def test_derive_and_judge_are_pure(module):
    assert imported_modules(module) & {"yaml", "pathlib", "jinja2", "os", "io"} == set()


def test_the_import_check_sees_imports():
    from claimaudit.input import documents
    assert {"yaml", "pathlib"} <= imported_modules(documents)


CONFUSABLE = """\
  - id: a
    kind: chip
    sparsity: 2
    facts:
      - {metric: fp8_dense, value: "1,000 TFLOPS", source: s}
      - {metric: scaleup_bandwidth, value: "1.8 TB/s", source: s}
"""


@pytest.mark.parametrize("claim, cause, reading", [
    ("{id: h1, subject: a, metric: fp8_dense, claimed: 2 PFLOPS}", "sparse_dense",
     "2 x 1,000 TFLOPS [s], a.fp8_sparse (2,000 TFLOPS) in place of a.fp8_dense, gives 2 PFLOPS "
     "-> 2 PFLOPS"),
    ("{id: h1, subject: a, metric: scaleup_bandwidth, claimed: 900 GB/s}", "direction",
     "1,800 GB/s / 2 (one direction for both, or the reverse) gives 900 GB/s -> 900 GB/s"),
])
def test_an_inconsistent_claim_is_explained_by_a_confusable_metric(tmp_path, claim, cause, reading):
    records = to_records(check_paths(*corpus(tmp_path, CONFUSABLE, f"  - {claim}\n")))
    assert records[0]["verdict"] == "inconsistent"
    assert (records[0]["explanations"][0]["cause"], records[0]["explanations"][0]["reading"]) == \
        (cause, reading)
    assert records[0]["hints"][0] == f"{cause.replace('_', ' ')}: {reading}"


def test_no_explanation_when_no_slip_fits(tmp_path):
    claim = "  - {id: h1, subject: a, metric: fp8_dense, claimed: 3.7 PFLOPS}\n"
    records = to_records(check_paths(*corpus(tmp_path, CONFUSABLE, claim)))
    assert records[0]["verdict"] == "inconsistent"
    assert (records[0]["hints"], records[0]["explanations"]) == ([], [])


def test_a_spec_directory_may_add_metrics(tmp_path):
    entities = """\
      - id: a
        kind: chip
        facts:
          - {metric: fp8_dense, value: "1,000 TFLOPS", source: s}
          - {metric: power, value: "500 W", source: s}
    """
    paths = corpus(tmp_path, entities, "  - {id: e, subject: a, metric: fp8_per_watt, "
                                       "claimed: 2 TFLOPS/W, expect: consistent}\n")
    (tmp_path / "specs" / "metrics.yaml").write_text(
        "metrics:\n  fp8_per_watt: {unit: FLOPS/W, aggregates: none, display: TFLOPS/W,\n"
        "                 formula: \"fp8_dense / power\"}\n")
    [record] = to_records(check_paths(*paths))
    assert record["verdict"] == "consistent"
    assert record["derived"] == {"value": 2.0, "unit": "TFLOPS/W",
                                 "low": pytest.approx(999.5 / 500.5, rel=1e-9),
                                 "high": pytest.approx(1000.5 / 499.5, rel=1e-9)}
    assert record["steps"][-1] == ("a.fp8_per_watt = fp8_dense / power = 1,000 TFLOPS [s] / "
                                   "500 W [s] = 2 TFLOPS/W")


# -- regressions from review -------------------------------------------------------------------

def test_more_readings_than_the_cap_is_an_input_error_not_a_silent_cut(tmp_path):
    chips = "".join(f"  - id: c{i}\n    kind: chip\n    facts:\n"
                    "      - {metric: hbm_bandwidth, value: 1 TB/s, source: s}\n"
                    "      - {metric: hbm_bandwidth, value: 2 TB/s, source: s}\n" for i in range(7))
    rack = "  - {id: rack, kind: system, members: {" + ", ".join(f"c{i}: 1" for i in range(7)) + "}}\n"
    claim = "  - {id: p, subject: rack, metric: hbm_bandwidth, claimed: 13 TB/s, qualifier: at_most}\n"
    with pytest.raises(InputError, match="rack.hbm_bandwidth: more than 64 combinations of conflicting"):
        check_paths(*corpus(tmp_path, chips + rack, claim))


@pytest.mark.parametrize("entities, claim", [
    ("""\
      - id: chipx
        kind: chip
        facts:
          - {metric: scaleup_bandwidth, value: 100 GB/s, source: s}
          - {metric: scaleup_bandwidth, value: 200 GB/s, source: s}
      - {id: rackx, kind: system, members: {chipx: 144}}
    """, "{id: r, subject: rackx, baseline: chipx, metric: scaleup_bandwidth_per_direction, "
         "claimed: 144x, qualifier: exact}"),
    ("""\
      - id: base
        kind: chip
        facts:
          - {metric: hbm_bandwidth, value: 100 GB/s, source: s}
      - id: nextgen
        kind: chip
        facts:
          - {metric: hbm_bandwidth, value: "2 * base.hbm_bandwidth", source: s}
          - {metric: hbm_bandwidth, value: "3 * base.hbm_bandwidth", source: s}
      - {id: pod, kind: system, members: {nextgen: 4}}
    """, "{id: r, subject: pod, baseline: nextgen, metric: hbm_bandwidth, claimed: 4x, qualifier: exact}"),
])
def test_conflicting_facts_stay_consistent_through_formulas_and_expression_facts(
        tmp_path, entities, claim):
    [record] = to_records(check_paths(*corpus(tmp_path, entities, f"  - {claim}\n")))
    assert record["verdict"] == "consistent"
    assert [alt["derived"]["value"] for alt in record["alternatives"]] == [144, 144] or \
        [alt["derived"]["value"] for alt in record["alternatives"]] == [4, 4]


@pytest.mark.parametrize("claim, message", [
    ("{id: t, subject: a, baseline: a, metric: power, claimed: 10x, tolerance: 0.1 TB/s}",
     "claim 't': tolerance: expected a share such as '5%' or an amount of the claimed value's "
     "kind (a ratio (x or %)), found '0.1 TB/s'"),
    ("{id: t, subject: a, metric: power, claimed: 1e300 EW}",
     "claim 't': expected a finite number of ordinary size, found '1e300 EW'"),
    ("{id: t, subject: a, metric: hbm_capacity, claimed: 1e300 EB}",
     "claim 't': expected a finite number of ordinary size, found '1e300 EB'"),
    ("{id: t, expr: '1e400', claimed: 1}",
     "claim 't': expression '1e400': the number '1e400' is too large"),
    ("{id: t, subject: a, baseline: a, metric: power, claimed: -150%}",
     "claim 't': expected a change of -100% or more, found '-150%'"),
])
def test_claims_the_review_found_unchecked_are_input_errors(tmp_path, claim, message):
    entities = "  - id: a\n    kind: chip\n    facts:\n      - {metric: power, value: 1 W, source: s}\n"
    with pytest.raises(InputError) as caught:
        check_paths(*corpus(tmp_path, entities, f"  - {claim}\n"))
    assert message in [p.message for p in caught.value.problems]


def test_a_jedec_tie_keeps_the_decimal_reading(tmp_path):
    entities = ("  - id: box\n    kind: chip\n    facts:\n"
                "      - {metric: hbm_capacity, value: 1.049755813888 TB, source: s}\n")
    claim = "  - {id: tie, subject: box, metric: hbm_capacity, claimed: 1 TB, qualifier: exact}\n"
    [record] = to_records(check_paths(*corpus(tmp_path, entities, claim)))
    assert record["derived"]["unit"] == "TB" and record["reading"] == "decimal"


def test_a_bare_number_against_a_baseline_is_a_ratio(tmp_path):
    entities = ("  - id: a\n    kind: chip\n    facts:\n      - {metric: power, value: 5 W, source: s}\n"
                "  - id: b\n    kind: chip\n    facts:\n      - {metric: power, value: 2 W, source: s}\n")
    claim = '  - {id: r, subject: a, baseline: b, metric: power, claimed: "2.5"}\n'
    [record] = to_records(check_paths(*corpus(tmp_path, entities, claim)))
    assert (record["claimed"]["unit"], record["derived"]["unit"]) == ("x", "x")
    assert record["verdict"] == "consistent"


def test_a_ratio_that_mixes_dense_and_sparse_gets_a_hint(tmp_path):
    entities = CONFUSABLE + ("  - id: b\n    kind: chip\n    facts:\n"
                             "      - {metric: fp8_dense, value: \"500 TFLOPS\", source: s}\n")
    claim = "  - {id: m, subject: a, baseline: b, metric: fp8_dense, claimed: 4x}\n"
    [record] = to_records(check_paths(*corpus(tmp_path, entities, claim)))
    assert record["verdict"] == "inconsistent"                    # 1,000 / 500 = 2x
    assert [(e["cause"], e["reading"]) for e in record["explanations"]][0] == (
        "sparse_dense", "2,000 TFLOPS / 500 TFLOPS [s], a.fp8_sparse (2,000 TFLOPS) in place of "
                        "a.fp8_dense, gives 4x -> 4x")
