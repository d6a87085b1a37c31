"""Claim and spec files -> plain records with file:line kept for every field.

The only module that opens input files. YAML is composed by libyaml (CSafeLoader,
safe loading only) and the node tree is walked here, so that:
- every scalar stays the text that was written (`2.50` keeps its trailing zero,
  `1e15` is not left to YAML 1.1's rules, `9,216` is not a string by accident);
- every mapping remembers the line of each key (`Node` below);
- duplicate keys, merge keys and non-standard tags (`!!python/object`) are errors.

Which files are read, and how much of them, is files.py's rule.
"""

from __future__ import annotations

import gc
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

import yaml

from pipeline.errors import Collector
from pipeline.files import read_bytes, yaml_files
from pipeline.yaml_hints import syntax_hint

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:timestamp",
    "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq",
}
_NULL_TEXT = {"", "~", "null", "Null", "NULL"}
# Claim and spec files nest a handful of levels (file -> claims -> claim -> interpretations
# -> reading); deeper is an input problem, long before Python's stack would run out.
MAX_NESTING = 50

def safe_loader_base() -> type:
    """libyaml's CSafeLoader, or PyYAML's pure-Python SafeLoader where PyYAML was built
    without libyaml (slower, same results)."""
    return getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader


@cache
def _loader_class(base: type) -> type:
    class _Loader(base):
        """A safe loader used only to compose nodes (never to construct objects).

        Implicit tags are not resolved: every scalar stays text here (YAML 1.1's regexes
        would read `1e15` as a string and `2.50` as 2.5), so resolving them is wasted work.
        """

        def resolve(self, kind, value, implicit):
            return _DEFAULT_TAGS[kind]

        # No path-based resolvers are registered, so the per-node bookkeeping is skipped.
        def descend_resolver(self, current_node, current_index):
            pass

        def ascend_resolver(self):
            pass

    return _Loader


@contextmanager
def _collector_paused():
    """Python's cyclic garbage collector paused while a file is composed and walked: both
    allocate millions of objects (the node tree is ~39x the file's size), and without this
    most of the loading time is the collector scanning them (issue 12). Neither makes
    reference cycles, so reference counting frees the node tree afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def collector_paused():
    """The collector paused around other work that allocates millions of objects and makes
    almost no reference cycles: a whole `check` (cli._run), its imports included. Each
    pass of the collector scans every object alive, the imported libraries' included, and a
    check keeps hundreds of thousands alive (0.3-0.5 s of 2.3 s at 10,000 claims, 60% of the
    time at 100,000; importing pandas and pandera alone pays ~0.06 s of collections).
    The few cycles a check makes (~2,400 objects: classes that `itertuples` builds) do not
    grow with the number of claims, and are freed when the collector resumes (issue 12)."""
    return _collector_paused()


_STR_TAG = "tag:yaml.org,2002:str"
_DEFAULT_TAGS = {yaml.ScalarNode: "tag:yaml.org,2002:str", yaml.SequenceNode: "tag:yaml.org,2002:seq",
                 yaml.MappingNode: "tag:yaml.org,2002:map"}


@dataclass(slots=True)
class Node:
    """A YAML mapping with the line (1-based) of the mapping and of each key."""

    line: int
    values: dict = field(default_factory=dict)
    lines: dict = field(default_factory=dict)

    def get(self, key, default=None):
        return self.values.get(key, default)

    def line_of(self, key) -> int:
        return self.lines.get(key, self.line)


@dataclass
class Document:
    """A claim or spec file: its YAML tree, or for a claim table (tables.py) its records:
    (source records, claim frame)."""

    path: str
    root: object
    records: tuple | None = None


def _walk(node, path: str, problems: Collector, seen: dict | None = None, depth: int = 0):
    """Node tree -> Node / list / str / None; scalars stay as written.

    A collection reached again through an alias is built once and shared, so a small
    file of nested aliases (a "billion laughs") cannot blow up in time or memory.
    """
    if node.tag not in _PLAIN_TAGS:
        problems.add(path, node.start_mark.line + 1,
                     f"tag {node.tag!r} is not allowed (only plain YAML data)")
        return None
    if isinstance(node, yaml.ScalarNode):
        if not node.style and node.value in _NULL_TEXT:  # plain (libyaml: style '' or None)
            return None
        return node.value
    if depth >= MAX_NESTING:
        problems.add(path, node.start_mark.line + 1,
                     f"lists and mappings nested more than {MAX_NESTING} levels deep")
        return None
    seen = {} if seen is None else seen
    if id(node) not in seen:
        seen[id(node)] = None  # a collection inside itself (a recursive alias) reads as nothing
        seen[id(node)] = _collection(node, path, problems, seen, depth + 1)
    return seen[id(node)]


def _collection(node, path: str, problems: Collector, seen: dict, depth: int):
    line = node.start_mark.line + 1
    if isinstance(node, yaml.SequenceNode):
        return [_walk(item, path, problems, seen, depth) for item in node.value]
    mapping = Node(line)
    for key_node, value_node in node.value:
        key_line = key_node.start_mark.line + 1
        merge = key_node.tag == "tag:yaml.org,2002:merge" or (
            isinstance(key_node, yaml.ScalarNode) and not key_node.style and key_node.value == "<<")
        if not isinstance(key_node, yaml.ScalarNode) or merge:
            problems.add(path, key_line, "expected a plain key, found a complex or merge key")
            continue
        key = key_node.value
        if key in mapping.values:
            problems.add(path, key_line,
                         f"duplicate key {key!r} (first at line {mapping.lines[key]})")
            continue
        if type(value_node) is yaml.ScalarNode and value_node.tag == _STR_TAG:   # most values
            text = value_node.value
            mapping.values[key] = None if not value_node.style and text in _NULL_TEXT else text
        else:
            mapping.values[key] = _walk(value_node, path, problems, seen, depth)
        mapping.lines[key] = key_line
    return mapping


def read_document(path: Path, display: str, problems: Collector) -> Document | None:
    """One YAML file -> Document, or None with problems recorded."""
    data = read_bytes(path, display, problems)
    if data is None:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        problems.add(display, line, f"expected UTF-8 text, found byte 0x{exc.object[exc.start]:02x}")
        return None
    with _collector_paused():
        try:
            root_node = yaml.compose(text, Loader=_loader_class(safe_loader_base()))
        except yaml.MarkedYAMLError as exc:
            line, message = _yaml_error(exc)
            mark = exc.problem_mark or exc.context_mark
            problems.add(display, line, message + syntax_hint(exc.problem, mark and mark.line, text))
            return None
        except yaml.reader.ReaderError as exc:
            problems.add(display, *_reader_error(exc, text))
            return None
        except yaml.YAMLError as exc:
            problems.add(display, 1, f"YAML error: {exc}")
            return None
        except RecursionError:  # the pure-Python composer, on a nesting thousands deep
            problems.add(display, 1, "lists and mappings nested too deeply to read")
            return None
        if root_node is None:
            problems.add(display, 1, "file is empty: expected a mapping with the file's records")
            return None
        before = problems.count
        root = _walk(root_node, display, problems)
        del root_node   # freed now, by reference counting, before the collector resumes
    # A file with a bad tag or key is not checked further: its half-read records would
    # only add follow-on messages to the one that matters.
    return Document(display, root) if problems.count == before else None


def _yaml_error(exc: yaml.MarkedYAMLError) -> tuple[int, str]:
    """(line, message) for a YAML error: libyaml's context first ("while scanning a quoted
    scalar"), placed where that context starts, since the problem is often found only at
    the end of the file."""
    opened = exc.context and exc.context.startswith("while ")
    mark = (exc.context_mark if opened else None) or exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark else 1
    parts = [exc.context, exc.problem] if exc.context else [exc.problem]
    return line, "YAML syntax error: " + ", ".join(p for p in parts if p)


def _reader_error(exc, text: str) -> tuple[int, str]:
    """(line, message) for a character YAML does not allow (NUL, ESC ...), at its own line."""
    line = text[: exc.position].count("\n") + 1 if isinstance(exc.position, int) else 1
    code = ord(exc.character) if isinstance(exc.character, str) else exc.character
    return line, (f"control character U+{code:04X} is not allowed in YAML; remove it "
                  "or write it as an escape in a double-quoted string")


def read_documents(paths: list[Path], problems: Collector, tables: bool = False
                   ) -> list[Document]:
    """Every readable YAML file under `paths` -> Documents; the others add to `problems`.
    With `tables`, claim tables (.csv, .parquet) are read too (tables.py)."""
    from pipeline import tables as claim_tables

    suffixes = claim_tables.TABLE_SUFFIXES if tables else ()
    documents = []
    for path, display in yaml_files(paths, problems, suffixes):
        reader = claim_tables.read_table if tables and claim_tables.is_table(path) \
            else read_document
        document = reader(path, display, problems)
        if document is not None:
            documents.append(document)
    return documents


# --- records: documents -> frames --------------------------------------------------

CLAIM_FIELDS = ("id", "quote", "translation", "subject", "baseline", "metric", "expr", "claimed",
                "qualifier", "tolerance", "expect", "note", "kind", "interpretations", "todo",
                "claimant")
SOURCE_FIELDS = ("id", "title", "publisher", "url", "published", "language", "party")
SPEC_SOURCE_FIELDS = ("id", "title", "url", "date", "publisher", "note", "kind", "party", "via")
ENTITY_FIELDS = ("id", "name", "vendor", "kind", "status", "sparsity", "aliases", "members", "facts",
                 "note")
EXTENSION_FIELDS = ("extend", "aliases", "facts", "note")
FACT_FIELDS = ("metric", "value", "source", "quote", "superseded", "note", "quote_form",
               "lint_accepted")
METRIC_FIELDS = ("unit", "aggregates", "display", "formula", "precision", "description",
                 "confusable")
INTERPRETATION_FIELDS = ("subject", "baseline", "metric", "claimed", "qualifier", "label")


@cache
def _field_set(fields: tuple) -> frozenset:
    return frozenset(fields)


def _fields(node: Node, allowed: tuple, what: str, path: str, problems: Collector) -> None:
    """Unknown keys are errors with the nearest known name suggested."""
    import difflib

    if node.values.keys() <= _field_set(allowed):      # nearly always: one set test
        return
    for key in node.values:
        if key not in allowed:
            near = difflib.get_close_matches(key, allowed, n=1)
            hint = f" (did you mean {near[0]}?)" if near else ""
            problems.add(path, node.line_of(key),
                         f"{what}: unknown field {key!r}{hint}; expected one of {', '.join(allowed)}")


def _mapping(value, path: str, line: int, what: str, problems: Collector) -> Node | None:
    if isinstance(value, Node):
        return value
    problems.add(path, line, f"{what}: expected a mapping, found {_kind(value)}")
    return None


def _sequence(value, path: str, line: int, what: str, problems: Collector) -> list:
    if value is None:
        return []
    if isinstance(value, list):
        return value
    problems.add(path, line, f"{what}: expected a list, found {_kind(value)}")
    return []


def _kind(value) -> str:
    if isinstance(value, Node):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return "nothing" if value is None else f"{value!r}"


def _row(node: Node, fields: tuple, path: str, **extra) -> dict:
    row = {"file": path, "line": node.line, **dict.fromkeys(fields)}
    values = node.values
    if values.keys() <= _field_set(fields):    # no unknown field (nearly always)
        row.update(values)
    else:
        row.update({name: values.get(name) for name in fields})
    row["lines"] = dict(node.lines)
    row.update(extra)
    return row


def claim_records(document: Document, problems: Collector) -> tuple[list[dict], list[dict]]:
    """A claims document -> ([source row], claim rows); a claim table gives its source rows
    and its claims as one frame (tables.py), which validate.build_corpus joins to the others."""
    if document.records is not None:
        return document.records
    path = document.path
    root = _mapping(document.root, path, 1, "claims file", problems)
    if root is None:
        return [], []
    _fields(root, ("source", "claims"), "claims file", path, problems)
    source = _mapping(root.get("source"), path, root.line_of("source"), "source", problems)
    sources = []
    source_id = None
    if source is not None:
        _fields(source, SOURCE_FIELDS, "source", path, problems)
        sources.append(_row(source, SOURCE_FIELDS, path))
        source_id = source.get("id")
    claims = []
    items = _sequence(root.get("claims"), path, root.line_of("claims"), "claims", problems)
    if "claims" not in root.values:
        problems.add(path, root.line, "claims file: expected a 'claims' list, found none")
    for item in items:
        claim = _mapping(item, path, root.line_of("claims"), "claim", problems)
        if claim is None:
            continue
        _fields(claim, CLAIM_FIELDS, f"claim {claim.get('id')!r}", path, problems)
        row = _row(claim, CLAIM_FIELDS, path, source=source_id)
        row["interpretations"] = _interpretations(claim, path, problems)
        claims.append(row)
    return sources, claims


def _interpretations(claim: Node, path: str, problems: Collector) -> list[dict] | None:
    raw = claim.get("interpretations")
    if raw is None:
        return None
    rows = []
    what = f"claim {claim.get('id')!r}: interpretation"
    for item in _sequence(raw, path, claim.line_of("interpretations"), what, problems):
        node = _mapping(item, path, claim.line_of("interpretations"), what, problems)
        if node is None:
            continue
        _fields(node, INTERPRETATION_FIELDS, what, path, problems)
        values = {k: node.get(k) for k in INTERPRETATION_FIELDS}
        not_text = [k for k, v in values.items() if v is not None and not isinstance(v, str)]
        for key in not_text:
            problems.add(path, node.line_of(key), f"{what}: {key}: expected text, found {_kind(values[key])}")
        if not not_text:
            rows.append({"line": node.line, "lines": dict(node.lines), **values})
    return rows


def spec_records(document: Document, problems: Collector) -> dict[str, list[dict]]:
    """A spec document -> rows of sources, entities, facts and metrics."""
    path = document.path
    out: dict[str, list[dict]] = {"sources": [], "entities": [], "facts": [], "metrics": [],
                                  "extensions": []}
    root = _mapping(document.root, path, 1, "spec file", problems)
    if root is None:
        return out
    _fields(root, ("sources", "entities", "metrics"), "spec file", path, problems)
    for item in _sequence(root.get("sources"), path, root.line_of("sources"), "sources", problems):
        node = _mapping(item, path, root.line_of("sources"), "source", problems)
        if node is not None:
            _fields(node, SPEC_SOURCE_FIELDS, f"source {node.get('id')!r}", path, problems)
            out["sources"].append(_row(node, SPEC_SOURCE_FIELDS, path))
    for item in _sequence(root.get("entities"), path, root.line_of("entities"), "entities", problems):
        node = _mapping(item, path, root.line_of("entities"), "entity", problems)
        if node is None:
            continue
        if "extend" in node.values:
            _extension(node, path, out, problems)
            continue
        what = f"entity {node.get('id')!r}"
        _fields(node, ENTITY_FIELDS, what, path, problems)
        members = node.get("members")
        if members is not None and not isinstance(members, Node):
            problems.add(path, node.line_of("members"),
                         f"{what}: members: expected a mapping of entity id to count, found {_kind(members)}")
            members = None
        row = _row(node, ENTITY_FIELDS[:-3] + ("note",), path)
        row["aliases"] = _aliases(node, what, path, problems)
        row["members"] = None if members is None else [
            (member, count, members.line_of(member)) for member, count in members.values.items()]
        out["entities"].append(row)
        _facts(node, node.get("id"), what, path, out, problems)
    metrics = root.get("metrics")
    if metrics is not None:
        table = _mapping(metrics, path, root.line_of("metrics"), "metrics", problems)
        for name, spec in (table.values.items() if table is not None else ()):
            node = _mapping(spec, path, table.line_of(name) if table is not None else 1,
                            f"metric {name!r}", problems)
            if node is not None:
                _fields(node, METRIC_FIELDS, f"metric {name!r}", path, problems)
                out["metrics"].append(_row(node, METRIC_FIELDS, path, id=name))
    return out


def _facts(node: Node, entity, what: str, path: str, out: dict, problems: Collector) -> None:
    for fact in _sequence(node.get("facts"), path, node.line_of("facts"), f"{what}: facts", problems):
        fact_node = _mapping(fact, path, node.line_of("facts"), f"{what}: fact", problems)
        if fact_node is not None:
            _fields(fact_node, FACT_FIELDS, f"{what}: fact", path, problems)
            out["facts"].append(_row(fact_node, FACT_FIELDS, path, entity=entity))


def _aliases(node: Node, what: str, path: str, problems: Collector) -> list[str]:
    """An entity's `aliases`: a list of names as articles write them."""
    raw = node.get("aliases")
    items = _sequence(raw, path, node.line_of("aliases"), f"{what}: aliases", problems)
    for item in items:
        if not isinstance(item, str) or not item.strip():
            problems.add(path, node.line_of("aliases"),
                         f"{what}: aliases: expected names (text), found {_kind(item)}")
    return [unicodedata.normalize("NFC", item) for item in items
            if isinstance(item, str) and item.strip()]


def _extension(node: Node, path: str, out: dict, problems: Collector) -> None:
    """`extend: <entity id>`: facts and aliases for an entity declared in another file."""
    target = node.get("extend")
    what = f"extend {target!r}"
    for key in node.values:
        if key not in EXTENSION_FIELDS:
            problems.add(path, node.line_of(key),
                         f"{what}: field {key!r} is not allowed with extend; expected only "
                         f"{', '.join(EXTENSION_FIELDS[1:])} (declare the entity with `id:` instead)")
    if not isinstance(target, str):
        problems.add(path, node.line_of("extend"), f"extend: expected an entity id, found {_kind(target)}")
        return
    out["extensions"].append({"file": path, "line": node.line, "lines": dict(node.lines),
                              "extend": target, "aliases": _aliases(node, what, path, problems)})
    _facts(node, target, what, path, out, problems)


def builtin_metrics() -> list[dict]:
    """The metric vocabulary shipped in the package (pipeline/data/metrics.yaml)."""
    problems = Collector()
    path = resources.files("pipeline") / "data" / "metrics.yaml"
    with resources.as_file(path) as real:
        document = read_document(Path(real), "pipeline/data/metrics.yaml", problems)
    problems.raise_if_any()
    assert document is not None  # a problem would have been raised
    return spec_records(document, problems)["metrics"]


def package_yaml(name: str):
    """A YAML data file shipped in the package (trusted, so plain safe loading)."""
    return yaml.load((resources.files("pipeline") / "data" / name).read_text(encoding="utf-8"),
                     Loader=safe_loader_base())
