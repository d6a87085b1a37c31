"""Safe expressions: the ast whitelist, evaluation with dimensions, rendering (pipeline/model/expr.py)."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimaudit.model import expr
from claimaudit.model.expr import ExprError, Value
from claimaudit.model.intervals import Interval

FLOPS = (("flop", 1.0), ("time", -1.0))
BYTES = (("information", 1.0),)
WATTS = (("power", 1.0),)


# -- the whitelist ---------------------------------------------------------------

ALLOWED = [
    ("2", ("num", 2.0)),
    ("1e3", ("num", 1000.0)),
    ("chipa.fp8_dense", ("ref", "chipa", "fp8_dense")),
    ("6 * trn3.fp4_dense", ("bin", "*", ("num", 6.0), ("ref", "trn3", "fp4_dense"))),
    ("a.x + b.x", ("bin", "+", ("ref", "a", "x"), ("ref", "b", "x"))),
    ("a.x - b.x", ("bin", "-", ("ref", "a", "x"), ("ref", "b", "x"))),
    ("a.x / b.x", ("bin", "/", ("ref", "a", "x"), ("ref", "b", "x"))),
    ("a.x ** 2", ("bin", "**", ("ref", "a", "x"), ("num", 2.0))),
    ("-a.x", ("neg", ("ref", "a", "x"))),
    ("+a.x", ("ref", "a", "x")),
    ("(a.x + b.x) / 2", ("bin", "/", ("bin", "+", ("ref", "a", "x"), ("ref", "b", "x")),
                         ("num", 2.0))),
    ("log(a.x / b.x)", ("call", "log", (("bin", "/", ("ref", "a", "x"), ("ref", "b", "x")),))),
    ("log2(a.chips)", ("call", "log2", (("ref", "a", "chips"),))),
    ("sqrt(a.x)", ("call", "sqrt", (("ref", "a", "x"),))),
    ("min(a.x, b.x)", ("call", "min", (("ref", "a", "x"), ("ref", "b", "x")))),
    ("max(a.x, b.x, c.x)", ("call", "max", (("ref", "a", "x"), ("ref", "b", "x"),
                                            ("ref", "c", "x")))),
    ("  a.x  ", ("ref", "a", "x")),
]


@pytest.mark.parametrize("text, tree", ALLOWED)
def test_allowed_forms_parse(text, tree):
    assert expr.parse(text) == tree


REJECTED = [
    # text, the offending piece the message must name
    ("__import__('os')", "__import__('os')"),
    ("1 + __import__('os').system('ls')", "__import__('os').system('ls')"),
    ("2 * chipa.fp8_dense.real", "chipa.fp8_dense.real"),
    ("2 * chipa.method()", "chipa.method()"),
    ("2 * a.x[0]", "a.x[0]"),
    ("a.x * (lambda: 1)", "lambda: 1"),
    ("max(a.x, [y for y in z])", "[y for y in z]"),
    ("max(a.x, {y for y in z})", "{y for y in z}"),
    ("1 + chipa", "chipa"),                      # a bare name: only metric formulas allow it
    ("a.x * log(x=b.x)", "log(x=b.x)"),          # keywords
    ("a.x + 'abc'", "'abc'"),                    # strings
    ("a.x * (b.x < 2)", "b.x < 2"),              # comparisons
    ("a.x * (b.x and 2)", "b.x and 2"),          # boolean operators
    ("a.x * (not b.x)", "not b.x"),
    ("a.x * True", "True"),
    ("a.x * 1j", "1j"),
    ("a.x // 2", "a.x // 2"),
    ("a.x % 2", "a.x % 2"),
    ("~a.x", "~a.x"),
    ("a.x if b.x else 2", "a.x if b.x else 2"),
    ("exp(a.x)", "exp(a.x)"),                    # a function off the list
    ("(1, 2)", "(1, 2)"),
    ("f'{a.x}'", "f'{a.x}'"),
]


@pytest.mark.parametrize("text, piece", REJECTED)
def test_rejected_forms_name_the_offending_piece(text, piece):
    with pytest.raises(ExprError) as caught:
        expr.parse(text)
    message = str(caught.value)
    if piece == text:       # the whole expression is the offending piece: named once
        assert message.startswith(f"expression {text!r} is not allowed; ")
    else:
        assert message.startswith(f"expression {text!r}: {piece!r} is not allowed; ")
    assert message.endswith("expected numbers, entity.metric references, + - * / **, "
                            "parentheses and log, log2, sqrt, min, max")


@pytest.mark.parametrize("text, message", [
    ("", "expected an expression, found ''"),
    ("   ", "expected an expression, found '   '"),
    (None, "expected an expression, found None"),
    ("1 +", "expression '1 +' is not valid: invalid syntax"),
    ("import os", "expression 'import os' is not valid: invalid syntax"),
    ("log(a.x, b.x)", "log() takes 1 argument(s), found 2 in 'log(a.x, b.x)'"),
    ("sqrt()", "sqrt() takes 1 argument(s), found 0 in 'sqrt()'"),
    ("min(a.x)", "min() takes 2 argument(s), found 1 in 'min(a.x)'"),
])
def test_malformed_expressions(text, message):
    with pytest.raises(ExprError) as caught:
        expr.parse(text)
    assert str(caught.value) == message


def test_bare_names_are_metrics_of_the_same_entity_in_formulas_only():
    assert expr.parse("scaleup_bandwidth / 2", allow_bare_names=True) == \
        ("bin", "/", ("ref", None, "scaleup_bandwidth"), ("num", 2.0))
    with pytest.raises(ExprError, match="'scaleup_bandwidth' is not allowed"):
        expr.parse("scaleup_bandwidth / 2")
    with pytest.raises(ExprError, match="'log' is not allowed"):
        expr.parse("log * 2", allow_bare_names=True)


def test_references_in_order_of_appearance():
    tree = expr.parse("log(a.x / b.y) / max(c.z, a.x) + 2 * -d.w")
    assert expr.references(tree) == [("a", "x"), ("b", "y"), ("c", "z"), ("a", "x"), ("d", "w")]
    assert expr.references(expr.parse("2 ** 3")) == []


# -- evaluation with dimensions ----------------------------------------------------

TABLE = {
    ("a", "fp8"): Value(Interval(1000e12, 999.5e12, 1000.5e12), FLOPS),
    ("b", "fp8"): Value(Interval(500e12, 499.5e12, 500.5e12), FLOPS),
    ("a", "hbm"): Value(Interval(144 * 2**30, 143.5 * 2**30, 144.5 * 2**30), BYTES),
    ("a", "power"): Value(Interval(1000, 999.5, 1000.5), WATTS),
    ("a", "chips"): Value(Interval.exact(32), ()),
}


def evaluate(text):
    return expr.evaluate(expr.parse(text), lambda entity, metric: TABLE[(entity, metric)])


KNOWN_VALUES = [
    # text, value, low, high, dims
    ("2 * 3 + 1", 7, 7, 7, ()),                                  # written numbers are exact
    ("a.fp8 / b.fp8", 2, 999.5 / 500.5, 1000.5 / 499.5, ()),
    ("a.fp8 - b.fp8", 500e12, 499e12, 501e12, FLOPS),
    ("a.fp8 / a.power", 1e12, 999.5e12 / 1000.5, 1000.5e12 / 999.5,
     (("flop", 1.0), ("power", -1.0), ("time", -1.0))),
    ("log2(a.chips)", 5, 5, 5, ()),
    ("log(a.fp8 / b.fp8)", math.log(2), math.log(999.5 / 500.5), math.log(1000.5 / 499.5), ()),
    ("sqrt(a.chips * 2)", 8, 8, 8, ()),
    ("min(a.fp8, b.fp8)", 500e12, 499.5e12, 500.5e12, FLOPS),
    ("max(a.fp8, b.fp8)", 1000e12, 999.5e12, 1000.5e12, FLOPS),
    ("-a.power", -1000, -1000.5, -999.5, WATTS),
    ("a.power ** 2", 1e6, 999.5 ** 2, 1000.5 ** 2, (("power", 2.0),)),
    ("1.4 * a.fp8", 1400e12, 1.4 * 999.5e12, 1.4 * 1000.5e12, FLOPS),
]


@pytest.mark.parametrize("text, value, low, high, dims", KNOWN_VALUES)
def test_evaluation_known_values(text, value, low, high, dims):
    result = evaluate(text)
    assert (result.interval.value, result.interval.low, result.interval.high) == \
        pytest.approx((value, low, high), rel=1e-12)
    assert result.dims == dims


@pytest.mark.parametrize("text, message", [
    ("a.fp8 + a.power", "cannot add quantities of different dimensions (flop*time^-1 and power)"),
    ("a.hbm - a.chips", "cannot subtract quantities of different dimensions "
                        "(information and a plain number)"),
    ("log(a.fp8)", "log() needs a plain number (a ratio), found flop*time^-1"),
    ("log2(a.hbm)", "log2() needs a plain number (a ratio), found information"),
    ("min(a.fp8, a.power)", "min() of quantities of different dimensions"),
    ("a.fp8 ** a.hbm", "an exponent must be a plain number written in the expression"),
    ("a.fp8 ** (a.power / a.power)", "an exponent must be a plain number written in the expression"),
    ("a.fp8 / (b.fp8 - b.fp8)", "b.fp8 - b.fp8)"),
    ("a.fp8 / 0", "a.fp8 / 0: division by an interval that contains 0 ([0, 0])"),
    ("log(a.chips - 32)", "log(a.chips - 32): log of an interval reaching 0 is undefined"),
])
def test_evaluation_errors(text, message):
    with pytest.raises(ExprError) as caught:
        evaluate(text)
    assert message in str(caught.value)


def test_overflowing_power_is_an_expression_error():
    with pytest.raises(ExprError):
        evaluate("a.fp8 ** 30")


def test_division_by_an_interval_around_zero_is_an_error():
    with pytest.raises(ExprError, match="division by an interval that contains 0"):
        evaluate("a.fp8 / (b.fp8 - b.fp8)")


def test_evaluation_asks_the_resolver_for_each_reference():
    asked = []

    def resolve(entity, metric):
        asked.append((entity, metric))
        return Value(Interval.exact(2.0), ())

    result = expr.evaluate(expr.parse("x.y * z.w + x.y"), resolve)
    assert result.interval == Interval.exact(6.0)
    assert asked == [("x", "y"), ("z", "w"), ("x", "y")]


# -- rendering -------------------------------------------------------------------

ROUND_TRIPS = [
    "6 * trn3.fp4_dense",
    "a.x + b.x * c.x",
    "(a.x + b.x) * c.x",
    "a.x - (b.x - c.x)",
    "a.x - b.x - c.x",
    "a.x / (b.x / c.x)",
    "a.x / b.x / c.x",
    "a.x ** 2 ** 3",
    "(a.x ** 2) ** 3",
    "log(a.x / b.x) / log(c.x / d.x)",
    "max(a.x, b.x, 2) - min(c.x, 0.5)",
    "-a.x * 2",
    "2 ** -1",
    "0.125 * sqrt(a.x)",
]


@pytest.mark.parametrize("text", ROUND_TRIPS)
def test_render_round_trips(text):
    tree = expr.parse(text)
    assert expr.parse(expr.render(tree)) == tree


def test_render_known_text():
    assert expr.render(expr.parse("6*trn3.fp4_dense")) == "6 * trn3.fp4_dense"
    assert expr.render(expr.parse("((a.x+b.x))/2")) == "(a.x + b.x) / 2"
    assert expr.render(expr.parse("scaleup_bandwidth/2", allow_bare_names=True)) == \
        "scaleup_bandwidth / 2"


@pytest.mark.parametrize("text", ["-(a.x + b.x)", "(-a.x) ** 2"])
def test_render_round_trips_negations(text):
    tree = expr.parse(text)
    assert expr.parse(expr.render(tree)) == tree


@pytest.mark.parametrize("text", ["1234567 * a.x", "1.0000001 * a.x"])
def test_render_keeps_every_digit(text):
    tree = expr.parse(text)
    assert expr.parse(expr.render(tree)) == tree


refs = st.sampled_from([("ref", e, m) for e in ("a", "b") for m in ("x", "y")])
numbers = st.sampled_from([0.5, 1.0, 2.0, 3.0, 6.0, 0.125, 144.0]).map(lambda v: ("num", v))


def _branch(children):
    return st.one_of(
        st.tuples(st.just("bin"), st.sampled_from(["+", "-", "*", "/"]), children, children),
        st.tuples(st.just("call"), st.sampled_from(["log", "log2", "sqrt"]),
                  st.tuples(children)),
        st.tuples(st.just("call"), st.sampled_from(["min", "max"]),
                  st.tuples(children, children)),
    )


trees = st.recursive(st.one_of(refs, numbers), _branch, max_leaves=12)


@given(trees)
def test_render_round_trips_generated_trees(tree):
    """Trees without negation and with short numbers survive render -> parse unchanged."""
    assert expr.parse(expr.render(tree)) == tree


# -- numbers with units inside an expression (CONTRACT 9.3) ---------------------------------

@pytest.mark.parametrize("text, base, dims", [
    ("7.2 TB/s", 7.2e12, (("information", 1.0), ("time", -1.0))),
    ("7.2 TBps", 7.2e12, (("information", 1.0), ("time", -1.0))),
    ("2.5 petaFLOPs", 2.5e15, (("flop", 1.0), ("time", -1.0))),
    ("1.5 分鐘", 90.0, (("time", 1.0),)),
    ("144 GiB", 144 * 2**30, (("information", 1.0),)),
    ("50%", 0.5, ()),
    ("4.4x", 4.4, ()),
    # units of several words, as unit_spellings.yaml spells them
    ("2 petabits per second", 2e15 / 8, (("information", 1.0), ("time", -1.0))),
    ("2.8 petabytes per second", 2.8e15, (("information", 1.0), ("time", -1.0))),
    ("2.8 Petabytes  per  second", 2.8e15, (("information", 1.0), ("time", -1.0))),
    ("400 Gbits per second", 400e9 / 8, (("information", 1.0), ("time", -1.0))),
    ("10 peta FLOPs", 1e16, (("flop", 1.0), ("time", -1.0))),
    ("900 GB/sec", 900e9, (("information", 1.0), ("time", -1.0))),
    ("900 bytes per second", 900.0, (("information", 1.0), ("time", -1.0))),
])
def test_numbers_with_units_are_exact_quantities(text, base, dims):
    from claimaudit.model.expr import parse

    tree = parse(f"{text} / chip.hbm_bandwidth")
    assert tree[2][0] == "qty"
    assert tree[2][1] == pytest.approx(base, rel=1e-12)
    assert tree[2][2] == dims
    assert tree[2][3] == text                            # shown as written in steps


def test_a_unit_quantity_keeps_its_dimension_through_arithmetic():
    from claimaudit.model.expr import Value, evaluate, parse
    from claimaudit.model.intervals import Interval

    bandwidth = (("information", 1.0), ("time", -1.0))
    value = evaluate(parse("7.2 TB/s / v6e.hbm_bandwidth"),
                     lambda e, m: Value(Interval.exact(1.6e12), bandwidth))
    assert value.dims == ()
    assert value.interval.value == pytest.approx(4.5)
    with pytest.raises(ExprError, match="cannot add quantities of different dimensions"):
        evaluate(parse("1 TB + v6e.hbm_bandwidth"), lambda e, m: Value(Interval.exact(1.0), bandwidth))


@pytest.mark.parametrize("text, message", [
    ("3 parsec / a.b", "expression '3 parsec / a.b': unknown unit 'parsec'"),
    ("3 tops / a.b", "expression '3 tops / a.b': unknown unit 'tops' (did you mean TOPS?)"),
])
def test_unknown_units_in_expressions(text, message):
    from claimaudit.model.expr import parse

    with pytest.raises(ExprError) as info:
        parse(text)
    assert str(info.value) == message


def test_a_unit_of_several_words_is_lifted_whole_among_other_terms():
    from claimaudit.model.expr import parse

    tree = parse("(2 petabits per second + 1 Tbps) / a.scaleout_bandwidth * 3")
    lifted = tree[2][2]
    assert [side[3] for side in lifted[2:]] == ["2 petabits per second", "1 Tbps"]
    assert parse("2 * peta.flops") == ("bin", "*", ("num", 2.0), ("ref", "peta", "flops"))


def test_names_with_digits_are_not_quantities():
    from claimaudit.model.expr import parse

    assert parse("tpu_v6e.hbm_bandwidth * log2(a.b2)")[0] == "bin"
    assert parse("1e6 * a.b")[2] == ("num", 1e6)
