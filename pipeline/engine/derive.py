"""Spec graph -> derived intervals, each with its steps and sources (CONTRACT section 4).

For one (entity, metric) the first rule that applies gives the value:
1. direct facts (quantities) in force; several -> one alternative each;
2. expression facts in force;
3. a metric that aggregates (`sum`): sum over `members` of count x member value
   (a chip's `chips` is 1);
4. `<precision>_sparse`: dense x the entity's `sparsity`;
5. a metric with a `formula` over the same entity's metrics;
otherwise the figure is missing and named. Results are memoised per
(entity, metric), so each is derived once however many claims use it.
Pure: takes frames, returns values; no files, no YAML.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass

from claimaudit.core.errors import ClaimauditError, Problem
from claimaudit.engine.steps import Step, once
from claimaudit.model import expr, fmt
from claimaudit.model.intervals import Interval, close
from claimaudit.model.published_numbers import round_significant, significant_digits
from claimaudit.model.units import unit_info

MAX_COMBINATIONS = 64
# Figures derived from figures derived from ...: 5 levels cover chip -> board -> system ->
# rack -> cluster; past MAX_DEPTH the spec is reported, before Python's stack runs out.
MAX_DEPTH = 60


@dataclass(frozen=True)
class Alt:
    """One derived alternative. `interval` is None when a needed fact is missing."""

    interval: Interval | None
    dims: tuple
    steps: tuple[Step, ...] = ()
    sources: tuple = ()
    missing: tuple = ()
    label: str = ""
    unit: str = ""
    fact: bool = False
    choices: tuple = ()  # ((entity, metric), fact place) for every conflicting fact chosen
    unsupported: tuple = ()  # ((entity, metric), source) a fact says the figure does not exist

    @property
    def is_missing(self) -> bool:
        return self.interval is None

    @once
    def texts(self) -> tuple:
        """The English steps, each once (worded once however many claims show them)."""
        return tuple(dict.fromkeys(step.text for step in self.steps))


class DerivationError(ClaimauditError):
    """A spec problem found while deriving (a cycle, a dimension clash, 0 in a divisor)."""

    def __init__(self, problem: Problem):
        self.problem = problem
        super().__init__(str(problem), problem.file, problem.line)


def _unique(items) -> tuple:
    return tuple(dict.fromkeys(items))


class SpecGraph:
    """Derives figures from a validated Corpus's entities, facts and metrics."""

    def __init__(self, entities, facts, metrics, in_force=None):
        """`in_force`: a boolean mask over `facts` saying which to use (default: those not
        superseded today; pipeline/model/inforce.py works out other dates)."""
        self.entities = {row.id: row for row in entities.itertuples()}
        self.metrics = {row.id: row for row in metrics.itertuples()}
        self.facts: dict[tuple, list] = {}
        used = ~facts["superseded"].astype(bool) if in_force is None else in_force
        for row, use in zip(facts.itertuples(), used):
            if use:
                self.facts.setdefault((row.entity, row.metric), []).append(row)
        self._memo: dict[tuple, tuple[Alt, ...]] = {}
        self._stack: list[tuple] = []

    # -- public ---------------------------------------------------------------

    def derive(self, entity: str, metric: str) -> tuple[Alt, ...]:
        """All alternatives for entity.metric (memoised)."""
        key = (entity, metric)
        if key in self._memo:
            return self._memo[key]
        if key in self._stack:
            cycle = self._stack[self._stack.index(key):]
            start = cycle.index(min(cycle))        # the same cycle reads the same from any fact
            cycle = cycle[start:] + cycle[:start] + [cycle[start]]
            fact = next((self.facts[k][0] for k in cycle if k in self.facts), None)
            raise DerivationError(Problem(
                getattr(fact, "file", "specs"), getattr(fact, "line", 0),
                "cycle among expression facts: " + " -> ".join(f"{e}.{m}" for e, m in cycle)))
        if len(self._stack) >= MAX_DEPTH:
            raise DerivationError(self._too_deep(key))
        self._stack.append(key)
        try:
            result = self._derive(entity, metric)
        finally:
            self._stack.pop()
        self._memo[key] = result
        return result

    def _too_deep(self, key: tuple) -> Problem:
        chain = [f"{e}.{m}" for e, m in self._stack + [key]]
        shown = " -> ".join(chain[:3] + ["..."] + chain[-2:])
        row = self.entities.get(self._stack[0][0])
        return Problem(getattr(row, "file", "specs"), getattr(row, "line", 0),
                       f"figures derived more than {MAX_DEPTH} levels deep ({shown}); members "
                       "or expression facts are nested too deeply")

    def evaluate(self, tree, dims_hint_unit: str = "", entity: str | None = None):
        """Alternatives of an expression (claims and facts): one per combination of inputs."""
        refs = _unique((entity if e is None else e, m) for e, m in expr.references(tree))
        options = [self.derive(e, m) for e, m in refs]
        results = []
        for combo in capped(consistent_combinations(options), f"expression {expr.render(tree)!r}"):
            chosen = dict(zip(refs, combo))
            missing = [m for alt in combo for m in alt.missing]
            if missing:
                results.append(Alt(None, (), _steps(combo), _sources(combo), _unique(missing),
                                   _label(combo), choices=_choices(combo),
                                   unsupported=unsupported_of(combo)))
                continue
            value = expr.evaluate(tree, _resolver(chosen, entity))
            unit = next((alt.unit for alt in combo if alt.dims == value.dims), dims_hint_unit)
            unit = unit if value.dims else ""
            step = _substituted(tree, chosen, entity, value.interval.value, unit)
            results.append(Alt(value.interval, value.dims, _steps(combo) + (step,),
                               _sources(combo), (), _label(combo), unit, choices=_choices(combo)))
        return tuple(results)

    def member_sum(self, entity: str, metric: str) -> tuple[Alt, ...]:
        """The sum over an entity's members, ignoring what the entity itself states."""
        metric_row = self.metrics[metric]
        name = f"{entity}.{metric}"
        return self._aggregate(name, self.entities[entity], metric, unit_info(metric_row.unit).dims)

    # -- rules ----------------------------------------------------------------

    def _derive(self, entity: str, metric: str) -> tuple[Alt, ...]:
        name = f"{entity}.{metric}"
        metric_row = self.metrics[metric]
        dims = unit_info(metric_row.unit).dims
        facts = self.facts.get((entity, metric), [])
        direct = finest(f for f in facts if f.quantity is not None)
        if direct:
            labelled = len(direct) > 1
            return tuple(self._fact_alt(name, f, dims, labelled) for f in direct)
        expressions = [f for f in facts if f.tree is not None]
        if expressions:
            labelled = len(expressions) > 1
            return tuple(alt for f in expressions
                         for alt in self._expression_fact(name, f, dims, labelled))
        absent = [f for f in facts if getattr(f, "unsupported", False)]
        if absent:
            return (Alt(None, dims, (), (absent[0].source,), (name,),
                        unsupported=((key_of(absent[0]), absent[0].source),)),)
        row = self.entities[entity]
        if metric == "chips" and row.kind == "chip":
            return (Alt(Interval.exact(1.0), dims, (Step("chip", name),)),)
        if metric_row.aggregates == "sum" and row.members:
            return self._aggregate(name, row, metric, dims)
        if metric.endswith("_sparse") and row.sparsity is not None:
            dense = metric[: -len("_sparse")] + "_dense"
            if dense in self.metrics:
                return self._sparse(name, entity, dense, float(row.sparsity))
        if metric_row.formula is not None:
            tree = expr.parse(metric_row.formula, allow_bare_names=True)
            alts = self._checked(name, tree, dims, metric_row.display, entity, metric_row)
            return tuple(alt if alt.is_missing else _last_step(
                alt, _written("formula", name, tree, alt.steps[-1])) for alt in alts)
        return (Alt(None, dims, (), (), (name,)),)

    def _fact_alt(self, name: str, fact, dims, labelled: bool) -> Alt:
        quantity = fact.quantity
        shown = f"{quantity.text} [{fact.source}]"
        label = f"{name} = {shown}" if labelled else ""
        choices = (((fact.entity, fact.metric), (fact.file, fact.line)),) if labelled else ()
        step = Step("fact", name, result=quantity.text, source=fact.source)
        return Alt(Interval.around(quantity.base, quantity.base_h), dims,
                   (step,), (fact.source,), (), label, quantity.unit, fact=True,
                   choices=choices)

    def _expression_fact(self, name: str, fact, dims, labelled: bool) -> tuple[Alt, ...]:
        """An expression fact's alternatives; with several such facts, each is a choice."""
        display = self.metrics[fact.metric].display
        alts = self._checked(name, fact.tree, dims, display, None, fact)
        written = f"{name} = {expr.render(fact.tree)}"
        choice = (((fact.entity, fact.metric), (fact.file, fact.line)),) if labelled else ()
        label = f"{written} [{fact.source}]" if labelled else ""
        out = []
        for alt in alts:
            step = () if alt.is_missing else (
                _written("expression_fact", name, fact.tree, alt.steps[-1], fact.source),)
            out.append(dataclasses.replace(
                alt, steps=alt.steps[:-1] + step if step else alt.steps,
                sources=_unique(alt.sources + (fact.source,)),
                label="; ".join(x for x in (label, alt.label) if x),
                choices=_unique(choice + alt.choices)))
        return tuple(out)

    def _checked(self, name, tree, dims, display, entity, place) -> tuple[Alt, ...]:
        """Evaluate an expression for a figure; its dimension must be the metric's."""
        try:
            alts = self.evaluate(tree, display, entity)
        except expr.ExprError as exc:
            raise DerivationError(_problem(place, f"{name}: {exc}")) from None
        for alt in alts:
            if not alt.is_missing and tuple(alt.dims) != tuple(dims):
                raise DerivationError(_problem(
                    place, f"{name}: expression {expr.render(tree)!r} does not give the metric's "
                           f"dimension"))
        return alts

    def _aggregate(self, name: str, row, metric: str, dims) -> tuple[Alt, ...]:
        members = [(member, int(count)) for member, count, _ in row.members]
        options = [self.derive(member, metric) for member, _ in members]
        results = []
        try:
            combos = capped(consistent_combinations(options), name)
        except expr.ExprError as exc:
            raise DerivationError(_problem(row, str(exc))) from None
        for combo in combos:
            missing = _unique(m for alt in combo for m in alt.missing)
            if missing:
                results.append(Alt(None, dims, _steps(combo), _sources(combo), missing,
                                   _label(combo), choices=_choices(combo)))
                continue
            total = Interval.exact(0.0)
            for (_, count), alt in zip(members, combo):
                total = total + alt.interval.scaled(count)
            units = {alt.unit for alt in combo}
            unit = units.pop() if len(units) == 1 else self.metrics[metric].display
            formula = " + ".join(f"{count:,} x {member}.{metric}" for member, count in members)
            values = " + ".join(f"{count:,} x {shown_input(alt)}" for (_, count), alt in zip(members, combo))
            step = Step("sum", name, formula, values, fmt.quantity(total.value, unit))
            results.append(Alt(total, dims, _steps(combo) + (step,), _sources(combo), (),
                               _label(combo), unit, choices=_choices(combo)))
        return tuple(results)

    def _sparse(self, name: str, entity: str, dense: str, factor: float) -> tuple[Alt, ...]:
        results = []
        for alt in self.derive(entity, dense):
            if alt.interval is None:
                results.append(alt)
                continue
            value = alt.interval.scaled(factor)
            step = Step("sparse", name, f"{entity}.{dense}",
                        f"{fmt.number(factor)} x {shown_input(alt)}",
                        fmt.quantity(value.value, alt.unit))
            results.append(Alt(value, alt.dims, _inputs(alt) + (step,), alt.sources, (),
                               alt.label, alt.unit, choices=alt.choices))
        return tuple(results)


def key_of(fact) -> tuple:
    return (fact.entity, fact.metric)


def unsupported_of(alts) -> tuple:
    """The figures, among those of `alts`, that a fact says do not exist (CONTRACT 10.2)."""
    return _unique(item for alt in alts for item in alt.unsupported)


def finest(facts) -> list:
    """Direct facts for one figure, less those that only round another of them (NVIDIA's
    "1.1 exaFLOPS" beside its 1,080 PFLOPS): one party's figure published at two precisions is
    one figure, the finer standing; the rounded one stays in the corpus as published (forensics'
    double_rounding names it). Facts of different parties, or a one-digit figure ("2 TB/s"
    beside "1.8 TB/s"), stay alternatives."""
    facts = list(facts)
    if len(facts) < 2:
        return facts
    return [f for f in facts if not any(_rounds(f, other) for other in facts)]


def _rounds(coarse_fact, fine_fact) -> bool:
    """Is `coarse_fact` `fine_fact` rounded by the same party to fewer (2 or more) digits?"""
    party = getattr(coarse_fact, "party", None)
    if not isinstance(party, str) or party != getattr(fine_fact, "party", None):
        return False
    coarse, fine = coarse_fact.quantity, fine_fact.quantity
    if coarse.base_h <= fine.base_h or coarse.base == 0:
        return False
    digits = significant_digits(Interval.around(coarse.base, coarse.base_h))
    if not 2 <= digits < significant_digits(Interval.around(fine.base, fine.base_h)):
        return False
    return close(round_significant(fine.base, int(digits)), coarse.base)


def _resolver(chosen: dict, entity: str | None):
    """`resolve(entity, metric)` for expr.evaluate over one chosen combination of inputs."""
    def resolve(e: str | None, m: str) -> expr.Value:
        alt = chosen[(entity if e is None else e, m)]
        return expr.Value(alt.interval, alt.dims)

    return resolve


def _choices(combo) -> tuple:
    return _unique(choice for alt in combo for choice in alt.choices)


def consistent_combinations(options):
    """Products of alternatives that choose each conflicting fact the same way.

    Two inputs derived from the same conflicting figure (Trainium3's 4.9 vs 4.7
    TB/s, say) must both use 4.9 or both 4.7; mixing them is no reading at all.
    """
    for combo in itertools.product(*options):
        picked: dict = {}
        if all(picked.setdefault(key, place) == place for alt in combo for key, place in alt.choices):
            yield combo


# -- steps (data: pipeline/engine/steps.py words them) ----------------------------------

def shown_input(alt: Alt) -> str:
    """An input as it appears inside a step: value with its source when it is a fact."""
    assert alt.interval is not None  # missing inputs are reported, never shown
    text = fmt.quantity(alt.interval.value, alt.unit)
    return f"{text} [{alt.sources[0]}]" if alt.fact else text


def _inputs(alt: Alt) -> tuple:
    """The steps an input brings along: none for a plain fact (it is shown inline)."""
    return () if alt.fact else alt.steps


def _steps(combo) -> tuple:
    return _unique(step for alt in combo for step in _inputs(alt))


def _sources(combo) -> tuple:
    return _unique(source for alt in combo for source in alt.sources)


def _label(combo) -> str:
    return "; ".join(alt.label for alt in combo if alt.label)


def _written(kind: str, name: str, tree, filled_in: Step, source: str = "") -> Step:
    """A figure worked out by an expression (a metric's formula, an expression fact): the
    expression as written, then as `filled_in` (the expression step) filled it in."""
    return Step(kind, name, expr.render(tree), filled_in.working, filled_in.result, source)


def _last_step(alt: Alt, step: Step) -> Alt:
    """The same alternative with its last step written out in full."""
    return dataclasses.replace(alt, steps=alt.steps[:-1] + (step,))


def _problem(place, message: str) -> Problem:
    """A problem at a fact's value, a metric's formula or an entity (any row with file/line)."""
    lines = getattr(place, "lines", None) or {}
    line = lines.get("value", lines.get("formula", place.line))
    return Problem(place.file, line, message)


def capped(combinations, what: str) -> list:
    """At most MAX_COMBINATIONS readings; more is an input error, never a silent cut."""
    taken = list(itertools.islice(combinations, MAX_COMBINATIONS + 1))
    if len(taken) > MAX_COMBINATIONS:
        raise expr.ExprError(f"{what}: more than {MAX_COMBINATIONS} combinations of conflicting "
                             "facts; mark the outdated ones `superseded: true`")
    return taken


def _substituted(tree, chosen: dict, entity, value: float, unit: str) -> Step:
    """`6 * 362,448 TFLOPS [src] = 2,174,688 TFLOPS`: the expression with inputs filled in."""
    def leaf(node):
        if node[0] == "num":
            return expr.number_text(node[1])
        return shown_input(chosen[(entity if node[1] is None else node[1], node[2])])

    return Step("expr", working=expr.render(tree, leaf), result=fmt.quantity(value, unit))
