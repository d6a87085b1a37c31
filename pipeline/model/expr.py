"""Safe expressions over `entity.metric` references (CONTRACT section 5).

Text is parsed by `ast.parse` and accepted only when every node is on a short
whitelist; nothing is ever evaluated by Python. The result is a small tree of
tuples that `evaluate` walks with interval arithmetic and dimension checking.
Numbers written in an expression are exact (h = 0).
"""

from __future__ import annotations

import ast
import functools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from claimaudit.core.errors import ClaimauditError, shown
from claimaudit.model.intervals import Interval, IntervalError
from claimaudit.model.spellings import unit_phrases
from claimaudit.model.units import UnitError, ascii_digits, parse_quantity, unit_info

FUNCTIONS = ("log", "log2", "sqrt", "min", "max")
MAX_EXPRESSION_CHARS = 2000  # far longer than any figure's formula; longer is an input error
MAX_DEPTH = 100  # nested operations (a sum of 100 terms); deeper is an input error
_DECIMAL = re.compile(r"(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_BINARY = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "**"}


class ExprError(ClaimauditError, ValueError):
    """An expression outside the whitelist, or one that cannot be evaluated soundly."""


Dims = tuple  # sorted ((dimension, power), ...); () is dimensionless


@dataclass(frozen=True)
class Value:
    interval: Interval
    dims: Dims


def parse(text, allow_bare_names: bool = False):
    """Expression text -> tree; raises ExprError naming what is not allowed.

    `entity.metric` is a reference; a bare name is a metric of the same entity
    and is allowed only in metric formulas (`allow_bare_names`).
    """
    if not isinstance(text, str) or not text.strip():
        raise ExprError(f"expected an expression, found {shown(text)}")
    if len(text) > MAX_EXPRESSION_CHARS:
        raise ExprError(f"expression {shown(text)} is longer than {MAX_EXPRESSION_CHARS:,} "
                        "characters; split it into facts")
    try:
        source, quantities = _lift_quantities(ascii_digits(text.strip()), text)
        tree = ast.parse(source, mode="eval")
    except ExprError:
        raise
    except UnitError as exc:
        raise ExprError(f"expression: {exc}") from None
    except SyntaxError as exc:
        raise ExprError(f"expression {shown(text)} is not valid: {exc.msg}") from None
    except (RecursionError, MemoryError, ValueError):
        raise ExprError(f"expression {shown(text)} is nested too deeply to read") from None
    return _place_quantities(_convert(tree.body, source, allow_bare_names, 0), quantities)


# A number with a unit (`7.2 TB/s`, `2.5 petaFLOPs`, `90 s`, `2 petabits per second`) inside
# an expression: the unit is a spelling of several words that unit_spellings.yaml knows, or
# one token (letters, optionally `/letters`), or `%`. Python cannot parse it, so each is
# lifted out and replaced by a placeholder reference `_q.N` (no entity id starts with `_`)
# before `ast.parse`; the tree then gets the exact quantity back.
_NUMBER_THEN_UNIT = (r"(?<![\w.])(\d[\d,]*(?:\.\d+)?(?:[eE][+-]?\d+)?)[ \t]*"
                     r"({phrases}|[A-Za-zµμ\u4e00-\u9fff]+(?:/[A-Za-zµμ]+)?|%)(?![\w.(])")
_PLACEHOLDER = "_q"


@functools.cache
def _quantity_in_expr() -> re.Pattern:

    return re.compile(_NUMBER_THEN_UNIT.replace("{phrases}", unit_phrases()))


def _lift_quantities(source: str, text: str) -> tuple[str, list[tuple]]:
    """Numbers with units -> placeholders; returns the new source and ('qty', base, dims, text)."""

    quantities: list[tuple] = []

    def lift(match: re.Match) -> str:
        written = match.group(0)
        try:
            quantity = parse_quantity(written)
            dims = unit_info(quantity.unit).dims if quantity.kind == "quantity" else ()
        except UnitError as exc:
            if not written[match.end(1) - match.start():][:1].isspace():
                return written  # `1j`, `2if`: Python's own reading, refused by the whitelist
            raise ExprError(f"expression {shown(text)}: {exc}") from None
        quantities.append(("qty", quantity.base, tuple(dims), written))
        return f"{_PLACEHOLDER}.n{len(quantities) - 1}"

    return _quantity_in_expr().sub(lift, source), quantities


def _place_quantities(tree, quantities: list[tuple]):
    """Put the lifted quantities back where their placeholders are."""
    if not quantities:
        return tree
    if tree[0] == "ref" and tree[1] == _PLACEHOLDER:
        return quantities[int(tree[2][1:])]
    if tree[0] == "bin":
        return tree[:2] + (_place_quantities(tree[2], quantities),
                           _place_quantities(tree[3], quantities))
    if tree[0] == "neg":
        return ("neg", _place_quantities(tree[1], quantities))
    if tree[0] == "call":
        return ("call", tree[1], tuple(_place_quantities(a, quantities) for a in tree[2]))
    return tree


def _convert(node, text: str, bare: bool, depth: int):
    if depth > MAX_DEPTH:
        raise ExprError(f"expression {shown(text)} has more than {MAX_DEPTH} nested operations; "
                        "split it into facts")
    depth += 1
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return ("num", _number(node, text))
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        return ("bin", _BINARY[type(node.op)], _convert(node.left, text, bare, depth),
                _convert(node.right, text, bare, depth))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        operand = _convert(node.operand, text, bare, depth)
        return ("neg", operand) if isinstance(node.op, ast.USub) else operand
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return ("ref", node.value.id, node.attr)
    if isinstance(node, ast.Name) and bare and node.id not in FUNCTIONS:
        return ("ref", None, node.id)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in FUNCTIONS and not node.keywords):
        arity = (1, 1) if node.func.id in ("log", "log2", "sqrt") else (2, 99)
        if not arity[0] <= len(node.args) <= arity[1]:
            raise ExprError(f"{node.func.id}() takes {arity[0]} argument(s), "
                            f"found {len(node.args)} in {shown(text)}")
        return ("call", node.func.id, tuple(_convert(a, text, bare, depth) for a in node.args))
    found = ast.get_source_segment(text, node) or type(node).__name__
    where = "" if found == text else f": {shown(found)}"
    raise ExprError(
        f"expression {shown(text)}{where} is not allowed; expected numbers, entity.metric "
        f"references, + - * / **, parentheses and {', '.join(FUNCTIONS)}")


def _number(node: ast.Constant, text: str) -> float:
    """A number as written: plain decimal digits only (`1_0`, `0x10` are Python's, not ours)."""
    written = ast.get_source_segment(text, node) or ""
    if not _DECIMAL.fullmatch(written):
        raise ExprError(f"expression {shown(text)}: {shown(written)} is not a decimal number "
                        "(no '_' separators, no 0x/0o/0b prefixes)")
    number = node.value
    assert isinstance(number, (int, float))  # _convert passes int and float constants only
    try:
        value = float(number)
    except OverflowError:
        value = math.inf
    if not math.isfinite(value):
        raise ExprError(f"expression {shown(text)}: the number {shown(written)} is too large")
    return value


def references(tree) -> list[tuple[str | None, str]]:
    """Every (entity, metric) a tree refers to, in order of appearance."""
    kind = tree[0]
    if kind == "ref":
        return [(tree[1], tree[2])]
    if kind == "bin":
        return references(tree[2]) + references(tree[3])
    if kind == "neg":
        return references(tree[1])
    if kind == "call":
        return [ref for arg in tree[2] for ref in references(arg)]
    return []


def has_numbers(tree) -> bool:
    """Does the tree hold a number written in it (`100e4`, `7.2 TB/s`), not only references?"""
    kind = tree[0]
    if kind in ("num", "qty"):
        return True
    if kind == "bin":
        return has_numbers(tree[2]) or has_numbers(tree[3])
    if kind == "neg":
        return has_numbers(tree[1])
    if kind == "call":
        return any(has_numbers(arg) for arg in tree[2])
    return False


def number_text(value: float) -> str:
    """A number written in an expression, exactly enough to read back: 1234567, 1.0000001."""
    return format(value, ".15g")


def render(tree, leaf=None) -> str:
    """A tree back to text that parses to the same tree; `leaf(node)` may show refs and numbers."""
    kind = tree[0]
    if leaf is not None and kind in ("ref", "num"):
        return leaf(tree)
    if kind == "num":
        return number_text(tree[1])
    if kind == "qty":
        return tree[3]
    if kind == "ref":
        return tree[2] if tree[1] is None else f"{tree[1]}.{tree[2]}"
    if kind == "neg":
        inner = render(tree[1], leaf)
        return f"-({inner})" if tree[1][0] in ("bin", "neg") else f"-{inner}"
    if kind == "call":
        return f"{tree[1]}({', '.join(render(a, leaf) for a in tree[2])})"
    op, left_tree, right_tree = tree[1], tree[2], tree[3]
    left, right = render(left_tree, leaf), render(right_tree, leaf)
    if _binds_looser(left_tree, op, right_side=False):
        left = f"({left})"
    if _binds_looser(right_tree, op, right_side=True):
        right = f"({right})"
    return f"{left} {op} {right}"


_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "neg": 3, "**": 4}


def _binds_looser(node, op: str, right_side: bool) -> bool:
    """Does a child need parentheses under `op`? (** is right-associative; - and / are not.)"""
    child = "neg" if node[0] == "neg" else node[1] if node[0] == "bin" else None
    if child is None:
        return False
    if _PRECEDENCE[child] != _PRECEDENCE[op]:
        return _PRECEDENCE[child] < _PRECEDENCE[op] or (op == "**" and child == "neg")
    return right_side != (op == "**")


def multiply_dims(a: Dims, b: Dims, sign: int = 1) -> Dims:
    powers = dict(a)
    for name, power in b:
        powers[name] = powers.get(name, 0) + sign * power
    return tuple(sorted((k, v) for k, v in powers.items() if v != 0))


def evaluate(tree, resolve: Callable[[str | None, str], Value]) -> Value:
    """Interval value of a tree; `resolve(entity, metric)` supplies each reference."""
    kind = tree[0]
    if kind == "num":
        return Value(Interval.exact(tree[1]), ())
    if kind == "qty":
        return Value(Interval.exact(tree[1]), tree[2])
    if kind == "ref":
        return resolve(tree[1], tree[2])
    if kind == "neg":
        inner = evaluate(tree[1], resolve)
        return Value(-inner.interval, inner.dims)
    try:
        if kind == "call":
            value = _call(tree[1], [evaluate(a, resolve) for a in tree[2]])
        else:
            value = _binary(tree[1], evaluate(tree[2], resolve), evaluate(tree[3], resolve))
    except IntervalError as exc:
        raise ExprError(f"{render(tree)}: {exc}") from None
    except OverflowError:
        value = None
    if value is None or not all(map(math.isfinite, (value.interval.low, value.interval.high))):
        raise ExprError(f"{render(tree)}: the result is too large to compute")
    return value


def _binary(op: str, left: Value, right: Value) -> Value:
    if op in "+-":
        if left.dims != right.dims:
            raise ExprError(f"cannot {'add' if op == '+' else 'subtract'} quantities of different "
                            f"dimensions ({_dims_text(left.dims)} and {_dims_text(right.dims)})")
        result = left.interval + right.interval if op == "+" else left.interval - right.interval
        return Value(result, left.dims)
    if op == "*":
        return Value(left.interval * right.interval, multiply_dims(left.dims, right.dims))
    if op == "/":
        return Value(left.interval / right.interval, multiply_dims(left.dims, right.dims, -1))
    exponent = right.interval
    if right.dims or exponent.low != exponent.high:
        raise ExprError("an exponent must be a plain number written in the expression")
    dims = tuple((name, power * exponent.value) for name, power in left.dims)
    return Value(left.interval ** exponent.value, dims)


def _call(name: str, args: list[Value]) -> Value:
    if name in ("min", "max"):
        first = args[0]
        for other in args[1:]:
            if other.dims != first.dims:
                raise ExprError(f"{name}() of quantities of different dimensions")
            interval = first.interval.hull_min(other.interval) if name == "min" \
                else first.interval.hull_max(other.interval)
            first = Value(interval, first.dims)
        return first
    (arg,) = args
    if name == "sqrt":
        dims = tuple((d, p / 2) for d, p in arg.dims)
        return Value(arg.interval.monotone(math.sqrt, name, allow_zero=True), dims)
    if arg.dims:
        raise ExprError(f"{name}() needs a plain number (a ratio), found {_dims_text(arg.dims)}")
    return Value(arg.interval.monotone(math.log if name == "log" else math.log2, name), ())


def _dims_text(dims: Dims) -> str:
    if not dims:
        return "a plain number"
    return "*".join(f"{d}^{p:g}" if p != 1 else d for d, p in dims)
