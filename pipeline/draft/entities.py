"""Which spec entities and metrics an article names (pipeline/draft/). The spec files are read
with the project's loader (safe YAML, file:line errors), without pandas, so `draft` stays fast.
An entity is found by its `aliases` (CONTRACT 9.3; also from `extend:` entries in other files),
its name, its name without the vendor word or bracketed detail, and its id written with spaces.
A name claimed by two entities finds neither: the draft says so in a todo, and picks neither.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from claimaudit.core.errors import Collector
from claimaudit.draft import families as family_rules
from claimaudit.draft.families import SERIES, family_words, named_one, shared_names
from claimaudit.draft.lexicon import alternation, lexicon, trie_regex
from claimaudit.input import documents, load, records
from claimaudit.model import expr
from claimaudit.model.intervals import Interval
from claimaudit.model.units import UnitError, parse_quantity


@dataclass
class Entity:
    id: str
    name: str = ""
    kind: str = ""
    vendor: str = ""
    members: dict = field(default_factory=dict)
    aliases: list = field(default_factory=list)


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    entity: str          # entity id, or '' when the name is claimed by several
    text: str
    candidates: tuple = ()   # the ids a family word or shared name may mean


@dataclass
class Catalogue:
    """The spec's entities and metrics, and one regex that finds every entity name."""

    entities: dict
    metrics: dict        # id -> unit
    names: dict          # lower-case name -> set of entity ids
    pattern: re.Pattern | None = None
    figures: dict = field(default_factory=dict)    # (entity, metric) -> [base values]
    published: frozenset = frozenset()      # every (entity, metric) with a figure or formula
    summed: frozenset = frozenset()         # metrics whose system figure is its members' sum
    holders: dict | None = None     # member id -> ids of the entities holding it
    family_keys: frozenset = frozenset()    # names of a family or series: asked, even of one id
    common_words: dict = field(default_factory=dict)   # English family words: {word: its names' next}
    series_keys: frozenset = frozenset()    # the lexicon's family words ("Blackwell", "MI400 series")
    shared: dict = field(default_factory=dict)     # the lexicon's shared names: {regex: ids}

    def find(self, text: str) -> list[Mention]:
        if self.pattern is None:
            return []

        # "Trainium2-powered EC2 instance", "Blackwell-based systems" name a container too
        suffix = re.compile(r"(?:-(?:powered|based)\s(?:[A-Z0-9]\w*\s)?|[\s-]?)(?:"
                            + alternation(lexicon().words("system_suffixes")) + ")", re.IGNORECASE)
        found, position = [], 0
        while (match := self.pattern.search(text, position)) is not None:
            match = family_rules.past_vendor_word(self.pattern, text, match)
            position = match.end()
            if family_rules.english_word(self.common_words, match.group("name"), text[match.end():],
                                         text[max(0, match.start() - 1):match.start()]):
                continue        # "7 nm wafers from TSMC": an English word, not the line named "Wafer"
            ids = self.names[_key(match.group("name"))]
            bigger = suffix.match(text, match.end())
            if bigger and family_rules.RACK.match(text, bigger.end()):
                bigger = None       # "B200 server racks": a rack of servers, not the server
            if bigger:      # "Trainium3 UltraServer" when only "Trainium3" is a known name
                word = _key(text[match.end():bigger.end()].split()[-1]).lstrip("-").rstrip("s")
                holders = sorted({c for i in ids for c in self.containers_of_any(i)
                                  if any(word in _key(n) for n in names_of(self.entities[c]))})
                own = all(self.entities[i].kind in ("system", "cluster") and any(
                    word in _key(n.split("(")[0]) for n in names_of(self.entities[i])) for i in ids)
                holders = family_rules.named_itself(self.entities, ids, word, names_of) or holders
                before = text[max(0, match.start() - 16):match.start()]     # "Four DGX H100 servers"
                if own or not holders and family_rules.system_word(
                        self.entities, ids, word, "same_thing_suffixes", before):
                    holders = sorted(ids)   # "NVL72 機架"; "Atlas 950 SuperPoD超节点": a word of its names
                asked: tuple = tuple(holders) if len(holders) > 1 else ()
                if not holders and family_rules.system_word(self.entities, ids, word, "cluster_suffixes"):
                    holders, asked = [], tuple(sorted(ids))
                elif not holders:     # "a standard 8-card Gaudi 3 server": the chip's containers
                    holders, asked = self._sized(ids, text[max(0, match.start() - 16):match.start()])
                found.append(Mention(match.start(), bigger.end(), holders[0] if len(holders) == 1 else "",
                                     text[match.start():bigger.end()], asked))
                continue
            one = len(ids) == 1 and _key(match.group("name")) not in self.family_keys
            found.append(Mention(match.start(), match.end(), next(iter(ids)) if one else "",
                                 match.group(), () if one else tuple(sorted(ids))))
        found = self._slashed(text, _without_appositions(text, found, self._vendor))
        return named_one(text, self._bracketed_ending(text, found), self.shared, Mention)

    def _slashed(self, text: str, found: list[Mention]) -> list[Mention]:
        """"昇腾950PR/DT", "MI350X/55X": a name, a slash and another ending is a second name
        (the first with its ending replaced), when the specs know it."""
        extra, starts = [], {m.start for m in found}
        for mention in found:
            tail = re.match(r"/([A-Za-z0-9]{1,4})(?![A-Za-z0-9])", text[mention.end:mention.end + 6])
            if not mention.entity or not tail or mention.end + 1 in starts:
                continue
            ending = tail.group(1)
            other = mention.text[:len(mention.text) - len(ending)] + ending
            ids = self.names.get(_key(other), set())
            if len(ids) == 1 and other != mention.text:
                start = mention.end + 1
                extra.append(Mention(start, start + len(ending), next(iter(ids)), ending))
        return sorted(found + extra, key=lambda m: m.start) if extra else found

    def _bracketed_ending(self, text: str, found: list[Mention]) -> list[Mention]:
        """"Instinct MI250 (X)": the name with and without the bracketed ending, both names the
        specs know, is either of them: asked between the two."""
        out = []
        for mention in found:
            tail = re.match(r"\s?\(([A-Za-z0-9]{1,3})\)", text[mention.end:mention.end + 7])
            if tail is None or not mention.entity:
                out.append(mention)
                continue
            ids = self.names.get(_key(mention.text + tail.group(1)), set())
            if len(ids) == 1 and mention.entity not in ids:
                end = mention.end + tail.end()
                mention = Mention(mention.start, end, "", text[mention.start:end],
                                  tuple(sorted({mention.entity, *ids})))
            out.append(mention)
        return out

    def _vendor(self, entity: str) -> str:
        return self.entities[entity].vendor if entity in self.entities else ""

    def _sized(self, ids, before: str) -> tuple[list[str], tuple]:
        """(decided, asked): the one container of the named chips whose member count the words
        before the name give ("8-card", "8-GPU", "8卡"), else none decided and every container
        of them asked."""
        kin = sorted({c for i in ids for c in self.containers_of_any(i)})
        count = re.search(r"(\d+)[\s-]?(?:cards?|GPUs?|chips?|accelerators?|OAMs?|卡|顆|颗)[\s-]*$", before,
                          re.IGNORECASE)
        if count:
            sized = [c for c in kin if any(str(n) == count.group(1) for n in self.members_of(c).values())]
            if len(sized) == 1:
                return sized, ()
        return [], tuple(kin)

    def members_of(self, entity: str) -> dict:
        return self.entities[entity].members if entity in self.entities else {}

    def holds(self, system: str, chip: str, depth: int = 4) -> bool:
        """Whether the chip is a member of the system, or of a member of it (a cluster's servers)."""
        members = self.members_of(system)
        return chip in members or depth > 0 and any(self.holds(m, chip, depth - 1) for m in members)

    def containers_of_any(self, entity: str) -> list[str]:
        if self.holders is None:        # built once: asked for about every number
            self.holders = {}
            for holder in self.entities.values():
                for member in holder.members:
                    self.holders.setdefault(member, []).append(holder.id)
        return sorted(self.holders.get(entity, ()))

    def containers_of(self, entity: str, kind: str) -> list[str]:
        return sorted(e.id for e in self.entities.values()
                      if e.kind == kind and entity in e.members)


# "(Hopper)", "(8x Blackwell Ultra SXM)": a bracket, perhaps a count, the family, perhaps a form
_OPEN, _CLOSE = re.compile(r"\s*[(（]\s*(?:\d+\s?[x×]\s*)?"), re.compile(r"(?:\s+[A-Z0-9]{2,5})?\s*[)）]")
_ARCHITECTURE = re.compile(r"\s?(?:架構|架构|architecture|microarchitecture|arch\b|GPU architecture)",
                           re.IGNORECASE)
_QUALIFIER = re.compile(r"[™®]?[^\S\n]*-?[^\S\n]*(?:Ultra[^\S\n]*-?[^\S\n]*)?")   # "Instinct™ MI325X"


def _without_appositions(text: str, found: list[Mention], vendor=lambda entity: "") -> list[Mention]:
    """"NVIDIA H200 (Hopper)", "the Blackwell (B200) architecture", "Blackwell Ultra GB300": a
    family word in brackets beside one entity's name, or around it, or right before a name of
    its own family, says which architecture that entity is; it names nothing else, so it asks
    nothing: the name after it stands, spanning both. A family word before "architecture"
    (架構) names an architecture, no product."""
    dropped, merged = set(), {}
    for mention in found:       # "Hopper 架構", "the Blackwell architecture": no product named
        if mention.candidates and not mention.entity and _ARCHITECTURE.match(text, mention.end):
            dropped.add(id(mention))
    for left, right in zip(found, found[1:]):
        # "Hopper H200": a family word right before a name of its family, or an architecture
        # word (no digits: not "GB200 B300" in a list) before a name of its maker's
        maker = not re.search(r"\d", left.text) and bool(right.entity) and \
            {vendor(c) for c in left.candidates} == {vendor(right.entity)} != {""}
        if (left.candidates and not left.entity and _QUALIFIER.fullmatch(text, left.end, right.start)
                and (set(left.candidates) & ({right.entity} | set(right.candidates)) or maker)):
            dropped.add(id(left))           # the family word names the architecture of the name after it
            merged[id(right)] = Mention(left.start, right.end, right.entity, text[left.start:right.end],
                                        right.candidates)
            continue
        gap = _OPEN.fullmatch(text, left.end, right.start)
        closed = _CLOSE.match(text, right.end)
        if not gap or not closed:
            continue
        if right.candidates and left.entity and not right.entity:
            dropped.add(id(right))          # a name, then its family in brackets
        elif left.candidates and right.entity and not left.entity:
            dropped.add(id(left))           # a family word, then the name in brackets
    return [merged.get(id(m), m) for m in found if id(m) not in dropped] if dropped else found


def _key(name: str) -> str:
    """A name as the catalogue looks it up: lower case, no spaces or hyphens."""
    return re.sub(r"[\s-]+", "", name.strip().lower())


name_key = _key     # for the modules that look a written name up


def load_catalogue(specs_dir: Path) -> Catalogue:
    """Read every spec file under `specs_dir` (raises InputError on a broken file)."""
    problems = Collector()
    docs = load.read_documents([specs_dir], problems)
    problems.raise_if_any()
    entities: dict[str, Entity] = {}
    figures: dict = {}
    formulas: list = []
    builtin = records.builtin_metrics()
    metrics = {row["id"]: row.get("unit") for row in builtin}
    for document in docs:
        root = document.root
        if not isinstance(root, documents.Node):
            continue
        for node in root.get("entities") or []:
            if isinstance(node, documents.Node):
                _add_entity(entities, node)
                _add_figures(figures, node, formulas)
        table = root.get("metrics")
        if isinstance(table, documents.Node):
            for name, spec in table.values.items():
                metrics[name] = spec.get("unit") if isinstance(spec, documents.Node) else None
    for entity in entities.values():       # a system of N chips publishes N chips
        chips = [n for m, n in entity.members.items()
                 if m in entities and entities[m].kind == "chip" and re.fullmatch(r"\d+", str(n))]
        if len(chips) == 1 and len(entity.members) == 1:      # members: {chip: 9216} or "9216"
            figures.setdefault((entity.id, "chips"), []).append(float(chips[0]))
    formulas = _parsed(formulas)
    published = frozenset(figures) | {(ident, metric) for ident, metric, _ in formulas}
    _add_derived(figures, formulas)
    catalogue = _catalogue(entities, metrics)
    catalogue.figures, catalogue.published = figures, published
    catalogue.summed = frozenset(row["id"] for row in builtin if row.get("aggregates") == "sum")
    return catalogue


def _add_figures(figures: dict, node, formulas: list) -> None:
    """The entity's published figures that are plain quantities; an expression is kept in
    `formulas` for _add_derived."""
    ident = node.get("id") or node.get("extend")
    for fact in node.get("facts") or []:
        if (not isinstance(fact, documents.Node) or not isinstance(fact.get("metric"), str)
                or fact.get("superseded") is True):
            continue
        text = str(fact.get("value"))
        try:
            value = parse_quantity(text).base
        except (UnitError, ValueError):
            formulas.append((ident, fact.get("metric"), text))
            continue
        values = figures.setdefault((ident, fact.get("metric")), [])
        values.append(value)
        binary = re.search(r"\b([GT])iB\b", text)
        if binary:      # "192 GiB" is the "192 GB" an article writes (CONTRACT 10.2)
            power = {"G": (30, 1e9), "T": (40, 1e12)}[binary.group(1)]
            values.append(value / 2 ** power[0] * power[1])


def _parsed(formulas: list) -> list:
    """The formulas that are expressions ("unsupported" and other words are not)."""
    trees = []
    for ident, metric, text in formulas:
        try:
            trees.append((ident, metric, expr.parse(text)))
        except expr.ExprError:
            continue
    return trees


def single_figure(figures: dict, key: tuple) -> float | None:
    """The one value published for (entity, metric), or None when there are none or several."""
    values = set(figures.get(key, ()))
    return values.pop() if len(values) == 1 else None


def _add_derived(figures: dict, formulas: list) -> None:
    """The figures an article copies that the specs hold as expressions: "h100.fp8_sparse / 2"
    is the 1,979 TFLOPS an article prints for the H100's dense FP8. An expression is worked out
    when each figure it refers to is one value (in as many passes as its chains are long);
    one that refers to a figure with several values, or is not arithmetic, adds nothing."""
    def one(key) -> float:
        value = single_figure(figures, key)
        if value is None:
            raise KeyError(key)
        return value

    def resolver(ident: str):
        return lambda entity, metric: expr.Value(Interval.exact(one((entity or ident, metric))), ())

    pending = formulas
    while pending:
        waiting = []
        for ident, metric, tree in pending:
            try:
                value = expr.evaluate(tree, resolver(ident))
            except KeyError:
                waiting.append((ident, metric, tree))
                continue
            except expr.ExprError:
                continue
            figures.setdefault((ident, metric), []).append(value.interval.value)
        if len(waiting) == len(pending):
            return
        pending = waiting


def _add_entity(entities: dict, node) -> None:
    ident = node.get("id") or node.get("extend")
    if not isinstance(ident, str):
        return
    entity = entities.setdefault(ident, Entity(ident))
    for attribute in ("name", "kind", "vendor"):
        if isinstance(node.get(attribute), str):
            setattr(entity, attribute, unicodedata.normalize("NFC", node.get(attribute)))
    members = node.get("members")
    if isinstance(members, documents.Node):
        entity.members.update(members.values)
    aliases = node.get("aliases")
    if isinstance(aliases, list):
        entity.aliases += [unicodedata.normalize("NFC", a) for a in aliases
                           if isinstance(a, str) and a.strip()]


def names_of(entity: Entity) -> set[str]:
    """Every spelling an article may use for this entity."""
    derived = {entity.id.replace("_", " ")}
    if entity.name:
        short = re.sub(r"\s*\(.*?\)", "", entity.name).strip()
        derived |= {entity.name, short}
        if entity.vendor and short.lower().startswith(entity.vendor.lower() + " "):
            derived.add(short[len(entity.vendor) + 1:])
    # a derived one-word name without a digit ("Trainium") names a family, not this entity
    derived = {name for name in derived if re.search(r"\d|\s", name.strip())}
    return {name for name in {*entity.aliases, *derived} if len(name) >= 2}


def _catalogue(entities: dict, metrics: dict) -> Catalogue:
    names: dict[str, set] = {}
    by_entity = {entity.id: names_of(entity) for entity in entities.values()}
    for ident, spellings_of in by_entity.items():
        for name in spellings_of:
            names.setdefault(_key(name), set()).add(ident)
    lex = lexicon()
    kinds = {w for key in ("hardware_nouns", "system_suffixes", "not_family_words") for w in lex.words(key)}
    kinds |= {w for words in lex.data["scope_words"].values() for w in words}
    # an id's own spelling ("gh200") names no product an article writes unless an alias says so: it
    # does not keep a model number the names share ("GH200 ... (96 GB)", "(144 GB)") from being a family word
    written = {i: {n for n in spellings if n != i.replace("_", " ") or n in entities[i].aliases}
               for i, spellings in by_entity.items()}
    families = family_words(written, {e.vendor for e in entities.values() if e.vendor}, kinds,
                            lex.words("family_words"))
    for word, ids in families.items():
        names.setdefault(_key(word), set()).update(ids)
    if not names:
        return Catalogue(entities, metrics, names)
    spellings = {name for e in entities.values() for name in names_of(e)} | set(families)
    body = trie_regex(spellings)
    # ASCII names must not run into letters or digits ("Trainium3" is not "Trainium30", "Inf2" not
    # "Inf2.24xlarge"); a plural "s" is allowed ("UltraServers"); in a table header pasted without
    # its borders, a name ends where the next cell's model number ("A100H100"), vendor word in
    # capitals ("H100 PCIeNVIDIA") or, after a digit or capital, capitalised word begins ("H100Huawei").
    vendors = "|".join(sorted({re.escape(e.vendor.upper()) for e in entities.values() if e.vendor}))
    glued_before = r"(?<=(?-i:[A-Z]\d{3}))"
    # ... or, after "PCIe", the bus's generation ("H100 PCIe5.0": the PCIe card)
    glued_after = rf"(?=(?-i:[A-Z]{{1,2}}\d{{3}}|(?:{vendors})\b|(?<=[A-Z\d])[A-Z][a-z]{{2,}}|(?<=PCIe)\d))"
    # ... and a list's number run into the name after it ("- 5B100 GPU supports ..."), or a count
    # glued to it ("8xH100", "16×MI300X", "8*H20"; not a hex "0xA100")
    listed = r"(?<=(?:[\s(（])\d)|(?<=[1-9][x×*])|(?<=\d\d[x×*])"
    pattern = re.compile(rf"(?:(?<![A-Za-z0-9])|{glued_before}|{listed})(?P<name>{body})(?:s|es)?"
                         rf"(?:(?![A-Za-z0-9]|\.\d*[A-Za-z])|{glued_after})", re.IGNORECASE)
    return Catalogue(entities, metrics, names, pattern,
                     family_keys=frozenset(_key(word) for word in families) - set(by_key_of(by_entity)),
                     common_words=family_rules.common_words(lex.words("common_words"), families, by_entity),
                     series_keys=frozenset(_key(SERIES.sub("", w)) for w in lex.words("family_words")),
                     shared=shared_names(lex.data.get("shared_names", {}), entities, {*families, *names}))


def by_key_of(by_entity: dict) -> set:
    """The keys of the entities' own names (a family word never shadows one)."""
    return {_key(name) for names in by_entity.values() for name in names}
