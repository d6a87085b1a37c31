"""Entity aliases and `extend:` records (CONTRACT 9.3), merged into the entity frame.

A spec file may add facts and aliases to an entity declared in another file
(`extend: <entity id>` in place of `id`), so a journalist's additions live in
their own file. Aliases are names as articles write them; each names one entity
only (compared case-insensitively), so a name in an article can never mean two.
"""

from __future__ import annotations

import unicodedata

import pandas as pd

from claimaudit.core.errors import Collector, shown
from claimaudit.core.suggest import nearest


def merge_extensions(entities: pd.DataFrame, facts: pd.DataFrame, extensions: list[dict],
                     problems: Collector) -> pd.DataFrame:
    """Add each extension's aliases to its entity; return the facts without those of
    extensions whose entity is unknown (reported here, once)."""
    known = {entity: index for index, entity in entities["id"].items() if isinstance(entity, str)}
    entities["aliases"] = [list(a) if isinstance(a, list) else [] for a in entities["aliases"]]
    entities["alias_places"] = [[f"{file}:{line}"] * len(a) for file, line, a in
                                zip(entities["file"], entities["line"], entities["aliases"])]
    unknown = set()
    for extension in extensions:
        target = extension["extend"]
        if target not in known:
            near = nearest(target, known)
            hint = f" (did you mean {near[0]}?)" if near else ""
            problems.add(extension["file"], extension["lines"].get("extend", extension["line"]),
                         f"extend: unknown entity {shown(target)}{hint}; an extension adds to an "
                         "entity declared with `id:` in some spec file (see `claimaudit entities`)")
            unknown.add(target)
            continue
        index = known[target]
        entities.at[index, "aliases"] = entities.at[index, "aliases"] + extension["aliases"]
        entities.at[index, "alias_places"] = entities.at[index, "alias_places"] + (
            [f"{extension['file']}:{extension['line']}"] * len(extension["aliases"]))
    return facts[~facts["entity"].isin(unknown)] if unknown else facts


def check_aliases(entities: pd.DataFrame, problems: Collector) -> None:
    """An alias names one entity: not two entities' aliases, nor another entity's name or id."""
    owner: dict[str, tuple[str, str]] = {}
    for row in entities.itertuples():
        for word in (row.id, row.name):
            if isinstance(word, str):
                owner.setdefault(name_key(word), (row.id, f"{row.file}:{row.line}"))
    for row in entities.itertuples():
        seen = set()
        for alias, place in zip(row.aliases, row.alias_places):
            key = name_key(alias)
            first = owner.get(key)
            if first is not None and first[0] != row.id:
                file, line = place.rsplit(":", 1)
                problems.add(file, int(line), f"entity {shown(row.id)}: alias {shown(alias)} also names "
                                              f"entity {shown(first[0])} ({first[1]})")
            elif key in seen:
                continue
            owner.setdefault(key, (row.id, place))
            seen.add(key)


def name_key(word: str) -> str:
    """How names are compared: NFC, then case-folded (NFC and NFD forms of one alias clash)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", word).casefold())


def alias_table(entities: pd.DataFrame) -> dict[str, str]:
    """Every name an article may use (id, name, aliases; case-folded) -> entity id."""
    table: dict[str, str] = {}
    for row in entities.itertuples():
        for word in [row.id, row.name, *(row.aliases or [])]:
            if isinstance(word, str):
                table.setdefault(name_key(word), row.id)
    return table


def unknown_entity_hint(word, ids, names: dict[str, str]) -> str:
    """How to find or add an entity a claim names but the specs do not declare."""
    owner = names.get(name_key(word)) if isinstance(word, str) else None
    if owner is not None:
        return f" ({shown(word)} names entity {owner}: write {owner})"
    near = nearest(word, ids) if isinstance(word, str) else []
    hint = f" (did you mean {near[0]}?)" if near else ""
    return (f"{hint}; find one with `claimaudit entities PATTERN`, or declare it (with its "
            "aliases) in a spec file")
