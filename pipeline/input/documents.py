"""YAML text -> a Document: a node tree in which every mapping keeps the line of each key.

YAML is composed by libyaml (CSafeLoader, safe loading only) and the node tree is walked here,
so that:
- every scalar stays the text that was written (`2.50` keeps its trailing zero,
  `1e15` is not left to YAML 1.1's rules, `9,216` is not a string by accident);
- every mapping remembers the line of each key (`Node` below);
- duplicate keys, merge keys and non-standard tags (`!!python/object`) are errors.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml

from claimaudit.core.errors import Collector
from claimaudit.core.yamlio import collector_paused, safe_loader_base
from claimaudit.input.files import read_bytes
from claimaudit.input.yaml_hints import syntax_hint

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:timestamp",
    "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq",
}
_NULL_TEXT = {"", "~", "null", "Null", "NULL"}
# Claim and spec files nest a handful of levels (file -> claims -> claim -> interpretations
# -> reading); deeper is an input problem, long before Python's stack would run out.
MAX_NESTING = 50


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
    with collector_paused():
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

