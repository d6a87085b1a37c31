"""Mutation testing of the core: do the tests fail when judge, intervals, derive or fold is wrong?

Each mutant changes one operator, comparison or constant of one core module (AST-based:
`+`<->`-`, `*`<->`/`, `&`<->`|`, `<`<->`<=`, `==`<->`!=`, `and`<->`or`, `min`<->`max`, a
dropped `not`/`-`/`~`/`abs`, a number bumped, a bool flipped). It is applied to a temporary COPY of
the package (the working tree is never edited), in a child process forked from a parent that
has imported the heavy libraries (pandas, pandera, hypothesis, pytest) once: the child puts
the copy first on sys.path as `claimaudit` and runs the module's test files against it with
`-x`; a child past the timeout is killed and the mutant counts as killed.

A mutant is `killed` when a test fails (or the run times out), `survived` when every test
passes, `equivalent` when it is listed in EQUIVALENT below with the reason no test can tell
it apart (it computes the same results). The score is killed / (killed + survived).

    python benchmarks/mutate.py                       # every core module
    python benchmarks/mutate.py --module judge        # one module (judge, intervals, derive, fold)
    python benchmarks/mutate.py --list                # the mutants, none run
    python benchmarks/mutate.py --strict              # exit 1 when a non-equivalent mutant survives

The nightly workflow runs it with --strict (.github/workflows/nightly.yml).
"""

from __future__ import annotations

import argparse
import ast
import copy
import importlib
import os
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pipeline"

# module (path under pipeline/) -> the test files that guard it, quickest first
CORE = {
    "judge": ("engine/judge.py", ["tests/test_judge_edges.py", "tests/test_judge.py",
                                  "tests/test_readings.py", "tests/test_judgment.py",
                                  "tests/test_derive.py"]),
    "intervals": ("model/intervals.py", ["tests/test_intervals.py", "tests/test_judge_edges.py",
                                         "tests/test_judge.py", "tests/test_expr.py",
                                         "tests/test_derive.py"]),
    "derive": ("engine/derive.py", ["tests/test_derive_edges.py", "tests/test_derive.py",
                                    "tests/test_readings.py", "tests/test_judge_edges.py"]),
    "fold": ("engine/fold.py", ["tests/test_fold.py", "tests/test_derive.py"]),
}

# Mutants that compute the same results as the original, so no test can kill them, each with
# the reason. Keyed by "module:function: original -> mutant" (see Mutant.key).
EQUIVALENT = {
    "intervals:le: a <= b -> a < b":
        "a == b is close(a, b) (its first test), so le is true either way",
    "intervals:lt: a < b -> a <= b":
        "a == b is close(a, b), which lt excludes either way",
    "judge:_le: a <= b -> a < b":
        "the column rule: a == b is the first term of _close",
    "judge:_lt: a < b -> a <= b":
        "the column rule: a == b is _close, which _lt excludes",
    "intervals:_power_integer: base.low < 0 < base.high -> base.low < 0 <= base.high":
        "high == 0: the even power's low is min(low ** n, 0 ** n) = 0 already",
    "intervals:_power_integer: base.low < 0 < base.high -> base.low <= 0 < base.high":
        "low == 0: the even power's low is min(0 ** n, high ** n) = 0 already",
    "judge:vague_spread: False -> True":
        "the default of `ratio` is never used: claimed_region, the only caller, passes it",
    "fold:_coded: False -> True":
        "a missing word then gets code -1, which indexes the `other` appended last: the same",
    "fold:fold: claim[1:] < claim[:-1] -> claim[1:] <= claim[:-1]":
        "the sort is stable: rows in order with equal neighbours sort to the order they have",
    "fold:fold: 5 -> 6":
        "zip stops at the 5 words of VERDICT_CODES: range(6) gives the same codes",
    "derive:SpecGraph._derive: False -> True":
        "the default is never read: every fact of a validated Corpus has `unsupported` "
        "(model/spec_checks.py sets the column)",
    "derive:SpecGraph._too_deep: 0 -> 1 #3":
        "`row` is never None: the first figure on the stack was derived, which needed its "
        "entity's facts (declared under the entity) or its row",
    "derive:_rounds: coarse.base_h <= fine.base_h or coarse.base == 0 -> "
    "coarse.base_h <= fine.base_h and coarse.base == 0":
        "the digits test refuses both: a coarse figure as fine as the other has as many digits "
        "(rounding never leaves the decade downward), and 0 has infinite digits",
    "derive:_rounds: coarse.base_h <= fine.base_h -> coarse.base_h < fine.base_h":
        "equal resolutions in one decade give equal digits, which the digits test refuses",
    "derive:capped: 1 -> 2":
        "taking one more combination still leaves more than MAX_COMBINATIONS, or all of them; "
        "the combinations are a pure generator",
}

BINARY_SWAPS = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult,
                ast.FloorDiv: ast.Div, ast.Mod: ast.FloorDiv, ast.Pow: ast.Mult,
                ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd}
COMPARE_SWAPS = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
                 ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
                 ast.In: ast.NotIn, ast.NotIn: ast.In}
NAME_SWAPS = {"min": "max", "max": "min", "minimum": "maximum", "maximum": "minimum"}


@dataclass(frozen=True)
class Mutant:
    module: str
    index: int          # the node's position in ast.walk order
    occurrence: int     # 1 for the first mutant with this text in its function, 2 ...
    kind: str           # binary, compare, boolean, unary, constant, name
    function: str
    line: int
    original: str
    mutated: str

    @property
    def key(self) -> str:
        again = f" #{self.occurrence}" if self.occurrence > 1 else ""
        return f"{self.module}:{self.function}: {self.original} -> {self.mutated}{again}"


def _skipped(tree: ast.AST) -> set[int]:
    """ids of nodes never mutated: annotations (not evaluated) and docstrings."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        parts = []
        if isinstance(node, ast.arg | ast.AnnAssign) and node.annotation is not None:
            parts.append(node.annotation)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns:
            parts.append(node.returns)
        for part in parts:
            skipped.update(id(n) for n in ast.walk(part))
    return skipped


def _functions(tree: ast.AST) -> dict[int, str]:
    """id of each node -> the qualified name of the function (or class) around it."""
    owner: dict[int, str] = {}

    def visit(node: ast.AST, name: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = name
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                inner = f"{name}.{child.name}" if name != "<module>" else child.name
            owner[id(child)] = inner
            visit(child, inner)

    visit(tree, "<module>")
    return owner


def _changes(node: ast.AST) -> list[tuple[str, ast.AST]]:
    """The mutated copies of one node (each differs from it in one place)."""
    out: list[tuple[str, ast.AST]] = []
    if isinstance(node, ast.BinOp) and type(node.op) in BINARY_SWAPS:
        out.append(("binary", _replaced(node, op=BINARY_SWAPS[type(node.op)]())))
    elif isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            if type(op) in COMPARE_SWAPS:
                ops = list(node.ops)
                ops[i] = COMPARE_SWAPS[type(op)]()
                out.append(("compare", _replaced(node, ops=ops)))
    elif isinstance(node, ast.BoolOp):
        out.append(("boolean", _replaced(node, op=ast.Or() if isinstance(node.op, ast.And)
                                          else ast.And())))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not | ast.USub | ast.Invert):
        out.append(("unary", node.operand))
    elif isinstance(node, ast.Constant) and type(node.value) in (bool, int, float):
        out.append(("constant", ast.Constant(_bumped(node.value))))
    elif isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords and \
            (getattr(node.func, "id", None) == "abs" or getattr(node.func, "attr", None) == "abs"):
        out.append(("call", node.args[0]))          # abs(x) -> x
    elif isinstance(node, ast.Name) and node.id in NAME_SWAPS:
        out.append(("name", ast.Name(NAME_SWAPS[node.id], node.ctx)))
    elif isinstance(node, ast.Attribute) and node.attr in NAME_SWAPS:
        out.append(("name", _replaced(node, attr=NAME_SWAPS[node.attr])))
    return out


def _bumped(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    return value * 2 if value else 1.0


def _replaced(node: ast.AST, **fields) -> ast.AST:
    twin = copy.copy(node)
    for name, value in fields.items():
        setattr(twin, name, value)
    return twin


def _docstrings(tree: ast.AST) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}


def mutants(module: str) -> list[Mutant]:
    """Every mutant of one core module, in source order."""
    tree = ast.parse((PACKAGE / CORE[module][0]).read_text(encoding="utf-8"))
    skipped, owner = _skipped(tree) | _docstrings(tree), _functions(tree)
    found = []
    for index, node in enumerate(ast.walk(tree)):
        if id(node) in skipped:
            continue
        for kind, twin in _changes(node):
            found.append((getattr(node, "lineno", 0), getattr(node, "col_offset", 0), index, kind,
                          owner.get(id(node), "<module>"), ast.unparse(node), ast.unparse(twin)))
    seen: dict[tuple, int] = {}
    numbered = []
    for line, _, index, kind, function, original, mutated in sorted(found):
        seen[function, original, mutated] = seen.get((function, original, mutated), 0) + 1
        numbered.append(Mutant(module, index, seen[function, original, mutated], kind, function,
                               line, original, mutated))
    return numbered


def mutated_source(mutant: Mutant) -> str:
    """The module's source with this one mutant applied (index -1: none)."""
    if mutant.index < 0:
        return (PACKAGE / CORE[mutant.module][0]).read_text(encoding="utf-8")
    tree = ast.parse((PACKAGE / CORE[mutant.module][0]).read_text(encoding="utf-8"))
    nodes = list(ast.walk(tree))
    target = nodes[mutant.index]
    twin = next(t for _, t in _changes(target) if ast.unparse(t) == mutant.mutated)
    for parent in nodes:
        for field, value in ast.iter_fields(parent):
            if value is target:
                setattr(parent, field, twin)
                return ast.unparse(tree)
            if isinstance(value, list) and any(v is target for v in value):
                setattr(parent, field, [twin if v is target else v for v in value])
                return ast.unparse(tree)
    raise LookupError(f"no parent for {mutant.key}")


def run_all(chosen: list[Mutant], jobs: int, timeout: float, tmp: Path):
    """Yield (mutant, outcome) as each finishes; up to `jobs` mutants run at once.

    Each mutant runs in a child forked from this process, which has imported the heavy
    libraries (pandas, pandera, hypothesis, pytest) but not claimaudit: the child puts its
    own copy of the package, with the mutant applied, first on sys.path and runs pytest."""
    waiting, running = list(chosen), {}
    while waiting or running:
        while waiting and len(running) < jobs:
            mutant = waiting.pop(0)
            if mutant.key in EQUIVALENT:
                yield mutant, "equivalent"
                continue
            copy_root = _copy_package(tmp / f"mutant-{mutant.module}-{mutant.index}-{id(mutant)}")
            (copy_root / "claimaudit" / CORE[mutant.module][0]).write_text(
                mutated_source(mutant), encoding="utf-8")
            running[_fork_tests(mutant.module, copy_root)] = (mutant, time.monotonic(), copy_root)
        time.sleep(0.2)
        for pid, (mutant, started, copy_root) in list(running.items()):
            done, status = os.waitpid(pid, os.WNOHANG)
            if not done and time.monotonic() - started > timeout:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                done, status = pid, 1     # a mutant that hangs is caught
            if done:
                del running[pid]
                shutil.rmtree(copy_root, ignore_errors=True)
                yield mutant, ("survived" if os.waitstatus_to_exitcode(status) == 0 else "killed")


def _fork_tests(module: str, copy_root: Path) -> int:
    """Fork a child that runs the module's tests against the package under copy_root."""
    tests = [str(ROOT / t) for t in CORE[module][1] if (ROOT / t).exists()]
    pid = os.fork()
    if pid:
        return pid
    try:
        sys.path.insert(0, str(copy_root))
        os.chdir(ROOT)
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        code = pytest.main(["-x", "-q", "-p", "no:cacheprovider", "-W", "ignore", *tests])
    except BaseException:
        code = 3
    os._exit(int(code))


def _warm_up() -> None:
    """Import the heavy libraries once, here, so that every forked child starts warm."""
    for name in ("numpy", "pandas", "pandera", "pint", "yaml", "jinja2", "hypothesis",
                 "matplotlib", "_pytest.pytester"):
        try:
            importlib.import_module(name)
        except ImportError:
            pass


def _copy_package(into: Path) -> Path:
    """A copy of pipeline/ importable as `claimaudit` from `into`."""
    shutil.copytree(PACKAGE, into / "claimaudit",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return into


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--module", action="append", choices=sorted(CORE))
    parser.add_argument("--list", action="store_true", help="list the mutants, run none")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per mutant")
    parser.add_argument("--match", help="only the mutants whose key contains this text")
    parser.add_argument("--rerun", type=Path, metavar="LOG",
                        help="only the mutants a previous run's output LOG lists as survived")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at once")
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 when a non-equivalent mutant survives")
    args = parser.parse_args(argv)
    chosen = [m for name in (args.module or list(CORE)) for m in mutants(name)
              if args.match is None or args.match in m.key]
    if args.rerun:
        survivors = {line.split(": ", 1)[1].strip() for line in
                     args.rerun.read_text(encoding="utf-8").splitlines()
                     if line.startswith("[") and " survived " in line}
        chosen = [m for m in chosen if m.key in survivors]
    if args.list:
        for m in chosen:
            tag = " (equivalent)" if m.key in EQUIVALENT else ""
            print(f"{CORE[m.module][0]}:{m.line}: {m.key}{tag}")
        print(f"{len(chosen)} mutants")
        return 0
    results: dict[str, list[Mutant]] = {"killed": [], "survived": [], "equivalent": []}
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="claimaudit-mutants-") as tmp:
        os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = str(Path(tmp) / ".hypothesis")
        os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
        sys.dont_write_bytecode = True
        _warm_up()
        modules = sorted({m.module for m in chosen})
        baseline = [Mutant(name, -1, 1, "none", "", 0, "", "") for name in modules]
        failing = [m.module for m, outcome in run_all(baseline, args.jobs, args.timeout, Path(tmp))
                   if outcome != "survived"]     # the unmutated copy must pass
        if failing:
            print(f"the tests of {', '.join(failing)} fail without a mutant: fix them first",
                  file=sys.stderr)
            return 2
        for n, (mutant, outcome) in enumerate(run_all(chosen, args.jobs, args.timeout,
                                                      Path(tmp)), 1):
            results[outcome].append(mutant)
            print(f"[{n}/{len(chosen)}] {outcome:10} {CORE[mutant.module][0]}:{mutant.line}: "
                  f"{mutant.key}", flush=True)
    print(report(results, time.perf_counter() - start))
    return 1 if args.strict and results["survived"] else 0


def report(results: dict[str, list[Mutant]], seconds: float) -> str:
    killed, survived = len(results["killed"]), len(results["survived"])
    score = killed / (killed + survived) if killed + survived else 1.0
    lines = [f"\n{sum(map(len, results.values()))} mutants in {seconds:.0f} s: {killed} killed, "
             f"{survived} survived, {len(results['equivalent'])} equivalent; "
             f"score {killed}/{killed + survived} = {score:.1%}"]
    lines += [f"  survived: {CORE[m.module][0]}:{m.line}: {m.key}" for m in results["survived"]]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
