"""SpecGraph at its edges, on the graph itself (pipeline/engine/derive.py): the depth limit at
exactly MAX_DEPTH and one past it, the cap at exactly MAX_COMBINATIONS, the default in-force
mask, facts saying a figure does not exist, a cycle with no fact to place it at, problems at a
fact's value line, the steps a derived input brings, `finest` (one party's rounding of its own
finer figure) and the frozen Alt that the memo shares between claims. Each pins mutants that
benchmarks/mutate.py found surviving."""

import dataclasses
from types import SimpleNamespace

import pytest

from claimaudit.core.errors import InputError
from claimaudit.engine import derive
from claimaudit.engine.derive import MAX_COMBINATIONS, MAX_DEPTH, Alt, DerivationError, SpecGraph
from claimaudit.model.expr import ExprError
from claimaudit.model.intervals import Interval
from claimaudit.model.units import parse_quantity
from claimaudit.run import check_paths, load_corpus

SPEC_HEAD = "sources:\n  - {id: s, title: S}\n  - {id: t, title: T}\nentities:\n"


def _corpus(tmp_path, entities: str, metrics: str = "",
            claims: str = "  - {id: q, kind: qualitative}\n"):
    (tmp_path / "specs").mkdir()
    (tmp_path / "claims").mkdir()
    (tmp_path / "specs" / "s.yaml").write_text(SPEC_HEAD + entities)
    if metrics:
        (tmp_path / "specs" / "metrics.yaml").write_text(metrics)
    (tmp_path / "claims" / "c.yaml").write_text("source: {id: c, title: C}\nclaims:\n" + claims)
    return load_corpus([tmp_path / "claims"], tmp_path / "specs")


def _graph(corpus, in_force=None) -> SpecGraph:
    if in_force is None:
        return SpecGraph(corpus.entities, corpus.facts, corpus.metrics)
    return SpecGraph(corpus.entities, corpus.facts, corpus.metrics, in_force)


def _chain(length: int) -> str:
    """c0 states 4 TB/s; each c<i> after it is 1 x c<i-1>: deriving c<length-1> goes `length`
    figures deep. Each entity takes 4 lines (c<i>'s id is on line 5 + 4 * i)."""
    entries = []
    for i in range(length):
        value = "4 TB/s" if i == 0 else f"'1 * c{i - 1}.hbm_bandwidth'"
        entries.append(f"  - id: c{i}\n    kind: chip\n    facts:\n"
                       f"      - {{metric: hbm_bandwidth, value: {value}, source: s}}\n")
    return "".join(entries)


def test_the_depth_limit_is_sixty():
    assert MAX_DEPTH == 60


def test_a_chain_exactly_max_depth_deep_is_derived(tmp_path):
    graph = _graph(_corpus(tmp_path, _chain(MAX_DEPTH)))
    [alt] = graph.derive(f"c{MAX_DEPTH - 1}", "hbm_bandwidth")
    assert alt.interval == Interval(4e12, 3.5e12, 4.5e12)       # 4 TB/s: h = 0.5 TB/s
    assert alt.missing == ()



def test_an_expression_fact_over_a_derived_figure_keeps_that_figures_steps(tmp_path):
    [alt] = _graph(_corpus(tmp_path, _chain(3))).derive("c2", "hbm_bandwidth")
    assert [(step.kind, step.name, step.formula, step.working) for step in alt.steps] == [
        ("expression_fact", "c1.hbm_bandwidth", "1 * c0.hbm_bandwidth", "1 * 4 TB/s [s]"),
        ("expression_fact", "c2.hbm_bandwidth", "1 * c1.hbm_bandwidth", "1 * 4 TB/s")]

def test_one_level_past_max_depth_is_a_spec_problem_naming_the_chain(tmp_path):
    graph = _graph(_corpus(tmp_path, _chain(MAX_DEPTH + 1)))
    with pytest.raises(DerivationError) as caught:
        graph.derive(f"c{MAX_DEPTH}", "hbm_bandwidth")
    problem = caught.value.problem
    # the problem is placed at the entity whose figure was asked for: c60, on line 5 + 4 * 60
    assert (problem.file.endswith("s.yaml"), problem.line) == (True, 5 + 4 * MAX_DEPTH)
    assert problem.message == (
        "figures derived more than 60 levels deep (c60.hbm_bandwidth -> c59.hbm_bandwidth -> "
        "c58.hbm_bandwidth -> ... -> c1.hbm_bandwidth -> c0.hbm_bandwidth); members or "
        "expression facts are nested too deeply")


FACTS = """\
  - id: a
    kind: chip
    facts:
      - {metric: hbm_bandwidth, value: 4 TB/s, source: s}
      - {metric: hbm_bandwidth, value: 3 TB/s, source: t, superseded: true}
"""


def test_by_default_the_facts_not_superseded_are_used(tmp_path):
    [alt] = _graph(_corpus(tmp_path, FACTS)).derive("a", "hbm_bandwidth")
    assert (alt.interval, alt.sources) == (Interval(4e12, 3.5e12, 4.5e12), ("s",))


def test_an_in_force_mask_chooses_the_facts(tmp_path):
    corpus = _corpus(tmp_path, FACTS)
    [alt] = _graph(corpus, corpus.facts["source"].eq("t")).derive("a", "hbm_bandwidth")
    assert (alt.interval, alt.sources) == (Interval(3e12, 2.5e12, 3.5e12), ("t",))
    both = _graph(corpus, corpus.facts["source"].isin(["s", "t"])).derive("a", "hbm_bandwidth")
    assert [alt.sources for alt in both] == [("s",), ("t",)]


@pytest.mark.parametrize("sources", [["t"], ["t", "s"]])
def test_a_fact_saying_the_figure_does_not_exist_makes_it_missing_with_its_source(tmp_path,
                                                                                 sources):
    # with two such facts the first is named
    facts = "".join(f"      - {{metric: fp4_dense, value: unsupported, source: {source}}}\n"
                    for source in sources)
    corpus = _corpus(tmp_path, "  - id: a\n    kind: chip\n    facts:\n" + facts)
    alts = _graph(corpus).derive("a", "fp4_dense")
    dims = alts[0].dims
    assert alts == (Alt(None, dims, (), ("t",), ("a.fp4_dense",),
                        unsupported=((("a", "fp4_dense"), "t"),)),)
    assert dims and alts[0].is_missing


def test_an_alt_is_frozen_since_the_memo_shares_it_between_claims():
    alt = Alt(Interval.exact(1.0), ())
    with pytest.raises(dataclasses.FrozenInstanceError):
        alt.interval = Interval.exact(2.0)      # type: ignore[misc]
    assert hash(alt) == hash(Alt(Interval.exact(1.0), ()))



def test_a_cycle_without_a_fact_has_no_spec_place_and_is_reported_at_the_claim(tmp_path):
    # two metrics' formulas name each other: no fact to place the cycle at (line 0 says so)
    corpus = _corpus(tmp_path, "  - id: a\n    kind: chip\n", metrics=(
        "metrics:\n  m1: {unit: FLOPS, aggregates: none, display: TFLOPS, formula: \"m2\"}\n"
        "  m2: {unit: FLOPS, aggregates: none, display: TFLOPS, formula: \"m1\"}\n"),
        claims="  - {id: e, subject: a, metric: m1, claimed: 2 TFLOPS}\n")
    with pytest.raises(DerivationError) as caught:
        _graph(corpus).derive("a", "m1")
    problem = caught.value.problem
    assert (problem.file, problem.line, problem.message) == (
        "specs", 0, "cycle among expression facts: a.m1 -> a.m2 -> a.m1")
    with pytest.raises(InputError) as caught_run:
        check_paths([tmp_path / "claims"], tmp_path / "specs")
    assert [str(p) for p in caught_run.value.problems] == [
        f"{tmp_path / 'claims' / 'c.yaml'}:3: claim 'e': cycle among expression facts: "
        "a.m1 -> a.m2 -> a.m1"]


# -- one party's figure at two precisions is one figure (finest) ------------------------------

def _fact(text: str, party):
    return SimpleNamespace(quantity=parse_quantity(text), party=party)


@pytest.mark.parametrize("facts, kept", [
    ([("1.1 exaFLOPS", "p"), ("1,080 PFLOPS", "p")], [1]),      # the rounded one goes
    ([("1,080 PFLOPS", "p"), ("1.1 exaFLOPS", "p")], [0]),      # in either order
    ([("1.1 exaFLOPS", "p"), ("1,080 PFLOPS", "p"), ("1.08 exaFLOPS", "p")], [1]),  # both round it
    ([("1.1 exaFLOPS", "p"), ("1,080 PFLOPS", "q")], [0, 1]),   # two parties: two figures
    ([("1.1 exaFLOPS", None), ("1,080 PFLOPS", None)], [0, 1]),  # no party: nothing to say
    ([("1.1 exaFLOPS", "p"), ("1,080 PFLOPS", None)], [0, 1]),
    ([("2 TB/s", "p"), ("1.8 TB/s", "p")], [0, 1]),             # one digit: not a rounding
    ([("1.2 exaFLOPS", "p"), ("1,080 PFLOPS", "p")], [0, 1]),   # 1,080 does not round to 1.2
    ([("1.1 exaFLOPS", "p"), ("1.2 exaFLOPS", "p")], [0, 1]),   # as fine as each other
    ([("1.0 W", "p"), ("1.04 W", "p")], [1]),                   # a coarse figure of 1 too
    ([("100 Gbps", "p"), ("12.5 GB/s", "p")], [0, 1]),          # as many digits, bits and bytes
    ([("1.1 exaFLOPS", "p")], [0]),
])
def test_finest_drops_only_one_partys_rounding_of_its_own_finer_figure(facts, kept):
    given = [_fact(text, party) for text, party in facts]
    assert derive.finest(given) == [given[i] for i in kept]


def test_a_formula_over_a_derived_figure_keeps_that_figures_steps(tmp_path):
    metrics = ("metrics:\n  bw_twice: {unit: B/s, aggregates: none, display: TB/s,\n"
               "             formula: \"2 * hbm_bandwidth\"}\n")
    [alt] = _graph(_corpus(tmp_path, _chain(2), metrics)).derive("c1", "bw_twice")
    assert [(step.kind, step.name, step.formula, step.working) for step in alt.steps] == [
        ("expression_fact", "c1.hbm_bandwidth", "1 * c0.hbm_bandwidth", "1 * 4 TB/s [s]"),
        ("formula", "c1.bw_twice", "2 * hbm_bandwidth", "2 * 4 TB/s")]


def test_an_expression_facts_problem_is_placed_at_its_value(tmp_path):
    corpus = _corpus(tmp_path, """\
  - id: a
    kind: chip
    facts:
      - metric: power
        value: 700 W
        source: s
      - metric: fp8_dense
        source: s
        value: "2 * a.power"
""")
    with pytest.raises(DerivationError) as caught:
        _graph(corpus).derive("a", "fp8_dense")
    problem = caught.value.problem
    assert (problem.file.endswith("s.yaml"), problem.line, problem.message) == (
        True, 13, "a.fp8_dense: expression '2 * a.power' does not give the metric's dimension")


def _conflicting(chips: int) -> str:
    """`chips` chips of two conflicting hbm_bandwidth facts each, in one rack: 2 ** chips
    combinations."""
    return "".join(f"  - id: c{i}\n    kind: chip\n    facts:\n"
                   "      - {metric: hbm_bandwidth, value: 1 TB/s, source: s}\n"
                   "      - {metric: hbm_bandwidth, value: 2 TB/s, source: t}\n"
                   for i in range(chips)) + \
        "  - {id: rack, kind: system, members: {" + \
        ", ".join(f"c{i}: 1" for i in range(chips)) + "}}\n"


def test_exactly_max_combinations_are_derived_and_one_more_is_refused(tmp_path):
    assert MAX_COMBINATIONS == 64 == 2 ** 6
    alts = _graph(_corpus(tmp_path, _conflicting(6))).derive("rack", "hbm_bandwidth")
    assert len(alts) == 64
    assert sorted(alt.interval.value for alt in alts)[::63] == [6e12, 12e12]
    assert derive.capped(iter(range(64)), "x") == list(range(64))
    with pytest.raises(ExprError, match="^x: more than 64 combinations of conflicting facts; mark "
                                        "the outdated ones `superseded: true`$"):
        derive.capped(iter(range(65)), "x")
