"""Spec lint: facts whose sources do not visibly support them (warnings, never errors).

Four rules, each a `file:line: warning: ...` line:
1. a literal fact whose `quote` does not contain its number and unit: thousands separators,
   full-width digits, spelled prefixes ("petaflops", "terabytes per second"), vendor
   spellings (TBps, GB/sec, PFLOPs) and an equal value in another prefix (2.517 PFLOPS for
   2517 TFLOPS) all count; with `quote_form: table` the quote is a table cell whose unit is
   in the column header, so the number alone suffices;
2. an expression fact that cites no quote for its inputs: no quote, or a quote that does not
   state a number the expression is built on (the 3 of `3 * trainium3.fp8_dense`; "three
   times", "twice" and "one-half" state theirs);
3. a second-hand figure for an (entity, metric) for which the vendor's own document is also
   in force: the vendor's own document is a datasheet, documentation, press release, keynote
   or blog whose `party` is the entity's vendor (`NVIDIA` -> `nvidia`); second-hand is a
   `press` or `analyst` source, or any source of another party (a reseller's blog).
4. a relay of whose figure? a `press`, `analyst` or `blog` source whose `party` is the outlet
   itself (its publisher or `via`, or no vendor at all) while it states a vendor's figure: the
   party of a relayed figure is the vendor, the outlet its `via` (CONTRACT 10.2).
Only facts in force today are linted: a superseded fact is kept as the record of a mistake.
A fact may carry `lint_accepted: "<why>"`: its findings are then listed with that reason in
the spec audit (specs.md) instead of being printed as warnings.
"""

from __future__ import annotations

import math
import re
import unicodedata
from functools import cache

from claimaudit.core.errors import Problem
from claimaudit.core.escape import terminal
from claimaudit.model.inforce import in_force, today
from claimaudit.model.units import UnitError, unit_info

SECONDHAND = ("press", "analyst")
FIRST_HAND = ("datasheet", "documentation", "press_release", "keynote", "blog", "benchmark")
SPELLED_PREFIXES = {"kilo": "k", "mega": "M", "giga": "G", "tera": "T", "peta": "P", "exa": "E",
                    "kibi": "Ki", "mebi": "Mi", "gibi": "Gi", "tebi": "Ti", "pebi": "Pi",
                    "nano": "n", "micro": "µ", "milli": "m"}
SPELLED_UNITS = {"flops": "FLOPS", "flop/s": "FLOPS", "ops": "OPS", "bytes": "B", "byte": "B",
                 "bits": "bit", "bit": "bit", "watts": "W", "watt": "W", "meters": "m",
                 "metres": "m", "seconds": "s", "second": "s"}
SPELLED_NUMBERS: dict[str, tuple[float, ...]] = {word: (float(n),) for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
SPELLED_NUMBERS.update({"half": (2.0, 0.5), "halved": (2.0, 0.5), "twice": (2.0,),
                        "double": (2.0,), "doubled": (2.0,), "triple": (3.0,), "tripled": (3.0,),
                        "quadruple": (4.0,), "quadrupled": (4.0,)})
NUMBER = re.compile(r"\d{1,3}(?:[,\u00a0\u202f ]\d{3})+(?:\.\d+)?(?!\d)|\d+(?:\.\d+)?")
UNIT_TOKEN = re.compile(r"^[\s-]*([A-Za-zµμ]+(?:/[A-Za-z]+)?)"       # TFLOPS, TB/s, terabytes
                        r"(\s*(?:per|/)\s*s(?:ec(?:ond)?)?\b)?")      # per second, /sec


def findings(corpus) -> list[Problem]:
    """Every lint finding over the facts in force today, in file order."""

    return [problem for problem, reason in _all_findings(corpus) if reason is None]


def accepted_findings(corpus) -> list[tuple[Problem, str]]:
    """Findings on facts that carry `lint_accepted`, each with the reason given there."""
    return [(problem, reason) for problem, reason in _all_findings(corpus) if reason is not None]


def _all_findings(corpus) -> list[tuple[Problem, str | None]]:
    """(finding, the fact's `lint_accepted` reason or None), in file order."""

    facts = corpus.facts[in_force(corpus.facts, corpus.spec_sources, today()).to_numpy(bool)]
    sources = corpus.spec_sources.drop_duplicates("id").set_index("id")
    vendors = corpus.entities.drop_duplicates("id").set_index("id")["vendor"].to_dict()
    out = []
    for fact in facts.itertuples():
        out += [(problem, fact) for problem in _quote_findings(fact)]
    out += _secondhand_findings(facts, sources, vendors)
    out += _relay_findings(facts, sources, vendors)
    accepted = [(problem, _accepted(fact)) for problem, fact in out]
    return sorted(accepted, key=lambda pair: (pair[0].file, pair[0].line, pair[0].message))


def _accepted(fact) -> str | None:
    reason = getattr(fact, "lint_accepted", None)
    return reason.strip() if isinstance(reason, str) and reason.strip() else None


def warn(corpus, stream) -> int:
    """Write every finding to `stream` as `file:line: warning: ...`; return how many."""
    found = findings(corpus)
    for problem in found:
        stream.write(terminal(f"{problem.file}:{problem.line}: warning: {problem.message}") + "\n")
    return len(found)


# -- rule 1 and 2: quotes ---------------------------------------------------------------

def _quote_findings(fact) -> list[Problem]:
    what = f"{fact.entity}.{fact.metric} = {fact.value} [{fact.source}]"
    line = fact.lines.get("quote", fact.lines.get("value", fact.line))
    quote = fact.quote if isinstance(fact.quote, str) else ""
    if fact.tree is not None:
        if not quote.strip():
            return [Problem(fact.file, line, f"{what}: an expression fact cites no quote for its "
                                             "inputs; quote the statement it is built on")]
        stated = [found for found, _ in _numbers(quote)] + _spelled_numbers(quote)
        absent = [f"{n:g}" for n in _numbers_in_tree(fact.tree)
                  if n != 1 and not any(_close(n, found) for found in stated)]
        if not absent:
            return []
        return [Problem(fact.file, line, f"{what}: the quote does not state {', '.join(absent)}")]
    if fact.quantity is None:
        return []
    if not quote.strip():
        return [Problem(fact.file, line, f"{what}: no quote; quote the words that state it")]
    if quote_supports(fact.quantity, quote, fact.quote_form == "table"):
        return []
    needed = "its number" if fact.quote_form == "table" else "its number and unit"
    return [Problem(fact.file, line, f"{what}: the quote does not contain {needed} "
                                     f"({fact.quantity.text})")]


def quote_supports(quantity, quote: str, table: bool = False) -> bool:
    """Does the quote state this quantity (number and unit; the number alone for a table
    cell or a count)? The scalar rule of lint rule 1."""
    text = unicodedata.normalize("NFKC", quote)
    plain = table or quantity.kind == "count" or not quantity.unit
    for number, end in _numbers(text):
        if plain:
            if _close(number, quantity.value):
                return True
            continue
        for unit in _units_after(text[end:]):
            info = _unit_info(unit)
            if info is not None and info.dimension == quantity.dimension \
                    and _close(number * info.factor, quantity.base):
                return True
    return False


def _units_after(rest: str, words: int = 3):
    """The unit read at each of the next few words ("2,517 MXFP8/MXFP4 TFLOPS")."""
    for _ in range(words):
        yield _unit_after(rest)
        parts = rest.lstrip().split(None, 1)
        if len(parts) < 2 or NUMBER.match(parts[1]):
            return
        rest = " " + parts[1]


def _numbers(text: str) -> list[tuple[float, int]]:
    """(value, end offset) of every number written in the text, separators removed."""
    out = []
    for match in NUMBER.finditer(unicodedata.normalize("NFKC", text)):
        digits = re.sub(r"[,\u00a0\u202f ]", "", match.group())
        out.append((float(digits), match.end()))
        # a plain space may also just end a footnote mark or a column ("| 2 720 PFLOPS"):
        # the digits after each plain space are read as a number of their own too
        for tail in match.group().split(" ")[1:]:
            out.append((float(re.sub(r"[,\u00a0\u202f]", "", tail)), match.end()))
    return out


def _spelled_numbers(text: str) -> list[float]:
    """Numbers written as words ("six times", "one-half", "twice"): English, as quoted."""
    words = re.findall(r"[a-z]+", text.lower())
    return [n for word in words for n in SPELLED_NUMBERS.get(word, ())]


def _unit_after(rest: str) -> str | None:
    """The unit symbol written right after a number, spelled forms turned into symbols."""
    match = UNIT_TOKEN.match(rest)
    if not match:
        return None
    token, per_second = match.group(1).replace("μ", "µ"), bool(match.group(2))
    lower = token.lower()
    for word, symbol in SPELLED_PREFIXES.items():
        if lower.startswith(word) and lower[len(word):] in SPELLED_UNITS:
            token = symbol + SPELLED_UNITS[lower[len(word):]]
            break
    else:
        token = SPELLED_UNITS.get(lower, token)
    token = re.sub(r"FLOPs$", "FLOPS", token)
    token = re.sub(r"^([kMGTPE]i?[Bb])ps$", r"\1/s", token)
    token = re.sub(r"/sec(ond)?$", "/s", token)
    return token + "/s" if per_second and not token.endswith("/s") else token


@cache
def _unit_info(unit: str | None):
    """unit_info, or None for a word that is no unit (cached: failures are costly in pint)."""

    if not unit:
        return None
    try:
        return unit_info(unit)
    except (UnitError, ValueError, KeyError, AttributeError, TypeError):
        return None


def _numbers_in_tree(tree) -> list[float]:
    if not isinstance(tree, tuple) or not tree:
        return []
    if tree[0] == "num":
        return [float(tree[1])]
    return [n for part in tree[1:] for n in _numbers_in_tree(part)]


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=0.0)


# -- rule 3: second-hand figures ----------------------------------------------------------

def first_hand(facts, sources, vendors: dict):
    """Boolean Series: the fact is read from its vendor's own document, not through a relay."""
    own_party = facts["entity"].map(lambda e: _slug(vendors.get(e)))
    party = facts["source"].map(sources["party"])
    kind = facts["source"].map(sources["kind"])
    relayed = facts["source"].map(sources["via"]).map(lambda via: isinstance(via, str) and
                                                       bool(via.strip()))
    return kind.isin(FIRST_HAND) & ((party == own_party) | own_party.isna()) & ~relayed


def first_hand_share(corpus) -> tuple[int, int]:
    """(facts in force read first-hand from their vendor's own document, facts in force)."""
    facts = corpus.facts[in_force(corpus.facts, corpus.spec_sources, today()).to_numpy(bool)]
    sources = corpus.spec_sources.drop_duplicates("id").set_index("id")
    vendors = corpus.entities.drop_duplicates("id").set_index("id")["vendor"].to_dict()
    return int(first_hand(facts, sources, vendors).sum()), len(facts)


def _secondhand_findings(facts, sources, vendors: dict) -> list:
    """(finding, fact) for each second-hand figure whose vendor's own document is in force."""
    kinds, parties, vias = (sources[c].to_dict() for c in ("kind", "party", "via"))
    first_hand_ = first_hand(facts, sources, vendors)
    own: dict = {}
    first = facts[first_hand_.to_numpy(bool)]
    for entity, metric, source in zip(first["entity"], first["metric"], first["source"]):
        own.setdefault((entity, metric), source)
    second = facts[(~first_hand_).to_numpy(bool)]
    out = []
    for fact in second.itertuples():
        document = own.get((fact.entity, fact.metric))
        if document is not None:
            who = kinds[fact.source] if kinds[fact.source] in SECONDHAND else \
                f"{kinds[fact.source]} of {parties[fact.source]}"
            if isinstance(vias.get(fact.source), str) and vias[fact.source].strip():
                who += f" relayed by {vias[fact.source]}"
            out.append((Problem(fact.file, fact.lines.get("source", fact.line),
                                f"{fact.entity}.{fact.metric} = {fact.value} [{fact.source}]: a "
                                f"{who} source where the vendor's own document exists "
                                f"({document}); cite that or mark this fact superseded"), fact))
    return out


# -- rule 4: relays ----------------------------------------------------------------------

RELAYS = ("press", "analyst", "blog")


def _relay_findings(facts, sources, vendors: dict) -> list:
    """(finding, fact) for the first fact of each press, analyst or blog source whose `party`
    is the outlet itself (its publisher or `via`, or no vendor at all) while it states a
    vendor's figure: the party of a relayed figure is the vendor (CONTRACT 10.2)."""
    vendor_slugs = {_slug(v) for v in vendors.values()} - {None}
    out, done = [], set()
    for fact in facts.itertuples():
        if fact.source in done or fact.source not in sources.index:
            continue
        source = sources.loc[fact.source]
        party, vendor = source.get("party"), _slug(vendors.get(fact.entity))
        if source.get("kind") not in RELAYS or not isinstance(party, str) or vendor is None \
                or party == vendor:
            continue
        outlet = {_slug(source.get("publisher")), _slug(source.get("via"))} - {None}
        if party in outlet or party not in vendor_slugs:
            done.add(fact.source)
            out.append((Problem(fact.file, fact.lines.get("source", fact.line),
                                f"{fact.entity}.{fact.metric} = {fact.value} [{fact.source}]: "
                                f"a relay of whose figure? source {fact.source!r} ({source['kind']}"
                                f", party {party}) states {vendor}'s figure; set `party: {vendor}` "
                                f"and `via: {party}`"), fact))
    return out


def _slug(vendor) -> str | None:
    """An entity's vendor as a party slug: `NVIDIA` -> `nvidia`, `Google Cloud` -> `google-cloud`."""
    if not isinstance(vendor, str) or not vendor.strip():
        return None
    return re.sub(r"[^a-z0-9]+", "-", vendor.lower()).strip("-")
