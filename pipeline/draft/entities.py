"""Which spec entities and metrics an article names (pipeline/draft/).

The spec files are read with the project's loader (safe YAML, file:line errors), without
pandas, so `draft` stays fast. An entity is found by its `aliases` (CONTRACT 9.3; also from
`extend:` entries in other files), its name, its name without the vendor word or bracketed
detail, and its id written with spaces. A name claimed by two entities finds neither: the
draft then says so in a todo rather than picking one.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from claimaudit.core.errors import Collector
from claimaudit.draft.lexicon import alternation, lexicon
from claimaudit.input import documents, load, records


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


@dataclass
class Catalogue:
    """The spec's entities and metrics, and one regex that finds every entity name."""

    entities: dict
    metrics: dict        # id -> unit
    names: dict          # lower-case name -> set of entity ids
    pattern: re.Pattern | None = None

    def find(self, text: str) -> list[Mention]:
        if self.pattern is None:
            return []

        suffix = re.compile(r"[\s-]?(?:" + alternation(lexicon().words("system_suffixes")) + ")",
                            re.IGNORECASE)
        found = []
        for match in self.pattern.finditer(text):
            ids = self.names[_key(match.group("name"))]
            bigger = suffix.match(text, match.end())
            if bigger:      # "Trainium3 UltraServer" when only "Trainium3" is a known name
                found.append(Mention(match.start(), bigger.end(), "", text[match.start():bigger.end()]))
                continue
            found.append(Mention(match.start(), match.end(),
                                 next(iter(ids)) if len(ids) == 1 else "", match.group()))
        return found

    def members_of(self, entity: str) -> dict:
        return self.entities[entity].members if entity in self.entities else {}

    def containers_of(self, entity: str, kind: str) -> list[str]:
        return sorted(e.id for e in self.entities.values()
                      if e.kind == kind and entity in e.members)


def _key(name: str) -> str:
    return re.sub(r"[\s-]+", "", name.strip().lower())


def load_catalogue(specs_dir: Path) -> Catalogue:
    """Read every spec file under `specs_dir` (raises InputError on a broken file)."""
    problems = Collector()
    docs = load.read_documents([specs_dir], problems)
    problems.raise_if_any()
    entities: dict[str, Entity] = {}
    metrics = {row["id"]: row.get("unit") for row in records.builtin_metrics()}
    for document in docs:
        root = document.root
        if not isinstance(root, documents.Node):
            continue
        for node in root.get("entities") or []:
            if isinstance(node, documents.Node):
                _add_entity(entities, node)
        table = root.get("metrics")
        if isinstance(table, documents.Node):
            for name, spec in table.values.items():
                metrics[name] = spec.get("unit") if isinstance(spec, documents.Node) else None
    return _catalogue(entities, metrics)


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
    for entity in entities.values():
        for name in names_of(entity):
            names.setdefault(_key(name), set()).add(entity.id)
    if not names:
        return Catalogue(entities, metrics, names)
    spellings = sorted({name for e in entities.values() for name in names_of(e)},
                       key=len, reverse=True)
    body = "|".join(_name_regex(name) for name in spellings)
    # ASCII names must not run into letters or digits ("Trainium3" is not "Trainium30");
    # a plural "s" is allowed ("UltraServers").
    pattern = re.compile(rf"(?<![A-Za-z0-9])(?P<name>{body})(?:s|es)?(?![A-Za-z0-9])", re.IGNORECASE)
    return Catalogue(entities, metrics, names, pattern)


def _name_regex(name: str) -> str:
    return r"[\s-]?".join(re.escape(part) for part in re.split(r"[\s-]+", name.strip()))
