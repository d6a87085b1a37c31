"""Family words: a name that several entities share ("Blackwell", "Instinct", "Trainium")
names none of them (pipeline/draft/, issue 19).

Data-driven: a Latin word of four letters or more, or a model number of letters and three
digits or more ("GB300": the superchip's GPU or the rack), that begins the names (after the
vendor's word) of two or more entities (not a kind of hardware, not itself one entity's name) is a
family word, and those entities are its candidates. The lexicon's `family_words`
adds words the names do not show ("Rubin", "MI350 series"): their candidates are the
entities with a name word starting with the family's stem. A draft never picks one
candidate silently: it asks, naming them, unless a rule decides.
"""

from __future__ import annotations

import re
from dataclasses import replace

from claimaudit.draft.lexicon import lexicon
from claimaudit.draft.text import containing, sentences

SERIES = re.compile(r"\s*(?:series|family|系列|家族)$", re.IGNORECASE)


def name_words(name: str) -> list[str]:
    return [w for w in re.split(r"[\s/()-]+", re.sub(r"\s*\(.*?\)", "", name)) if w]


def family_words(names_by_entity: dict, vendors: set, not_family: set, explicit: list) -> dict:
    """{lower-case family word: set of entity ids} for the catalogue's names."""
    owners: dict[str, set] = {}
    whole = {name.lower() for names in names_by_entity.values() for name in names}
    stop = {w.lower() for w in not_family} | {v.lower() for v in vendors}
    for entity, names in names_by_entity.items():
        for name in names:
            # a product line is the first word after the vendor's ("Instinct MI300X",
            # "Blackwell B200", "GB300 NVL72"), never a word further in ("Processing Unit")
            words = [w for w in name_words(name) if w.lower() not in stop]
            if words and re.fullmatch(r"[A-Za-z]{4,}|[A-Z]{2,}\d{3,}[A-Z]?", words[0]):
                owners.setdefault(words[0].lower(), set()).add(entity)
    families = {word: ids for word, ids in owners.items()
                if len(ids) > 1 and word not in stop and word not in whole}
    lowered = {entity: [[w.lower() for w in name_words(n)] for n in names]    # once, not per word
               for entity, names in names_by_entity.items()}
    for word in explicit:
        stem = SERIES.sub("", word).lower()
        ids = _series_members(lowered, stem)
        if ids and word.lower() not in whole:
            families[word.lower()] = ids
            if stem != word.lower() and stem not in whole:      # "MI400" and "MI400 系列"
                families[stem] = families[f"{stem} 系列"] = ids
    return families


def common_words(words: list, families: dict, names_by_entity: dict) -> dict:
    """{family word that is also an English word: the words its names go on with}: written in
    lower case it names its family only followed by one of them ("wafer-scale processor", from
    "Wafer-Scale Engine 2"); "7 nm wafers from TSMC" and "a single silicon wafer" name nothing."""
    out = {}
    for word in (w.lower() for w in words if w.lower() in families):
        split = [name_words(n) for i in families[word] for n in names_by_entity.get(i, ())]
        out[word] = {ws[k + 1].lower() for ws in split for k in range(len(ws) - 1) if ws[k].lower() == word}
    return out


def english_word(common: dict, name: str, after: str, before: str = "") -> bool:
    """Whether a family word found in a text is the English word (`common_words`): in lower case,
    or inside a hyphenated compound ("Chip-on-Wafer-on-Substrate"), and not followed by a word
    its names go on with."""
    then = re.match(r"[\s-](\w+)", after[:40])
    inside = name.lower() in common and before.endswith("-") and after.startswith("-")
    word = name if name in common else name.lower() if inside else None
    return word is not None and (then is None or then.group(1).lower() not in common[word])


def shared_names(shared: dict, entities: dict, taken: set) -> dict:
    """The lexicon's `shared_names` (a die's code name, a product line's code name) as {regex: ids
    the specs hold}: a name the lexicon gives two or more products, of which the specs hold one or
    more ("Ponte Vecchio": the Max 1550 alone), and no name an entity or a family already has
    (`taken`: lower-case)."""
    out = {}
    for word, ids in shared.items():
        held = tuple(sorted(i for i in ids if i in entities))
        if held and len(ids) > 1 and word.lower() not in taken:
            out[re.compile(rf"(?<![A-Za-z0-9]){re.escape(word)}(?![A-Za-z0-9])", re.IGNORECASE)] = held
    return out


def named_one(text: str, mentions: list, shared: dict, mention) -> list:
    """"GA100芯片采用台积电第一代7nm" in a text that names the A100 and no other product of that
    die: the A100's die, a mention of it (`mention`: the Mention class). In a text that names
    none of its products (a rumour of "the GH100 chip" before the H100 had a name) it is a
    family word: its ids are the candidates, asked. A shared name whose ids the text names two
    or more of names nothing: a table's `芯片代号 | GH100 | GH100 | GA100` row under its
    products' names. In brackets after its product ("H200 (GH100, Hopper)") it is that
    product's aside, no second mention."""
    named = {m.entity for m in mentions if m.entity}
    spans, ends = [(m.start, m.end) for m in mentions], {m.end for m in mentions}
    extra = []
    for pattern, ids in shared.items():
        one = named & set(ids)
        for found in pattern.finditer(text) if len(one) < 2 else ():
            bracket = re.search(r"\s?[(（]$", text[max(0, found.start() - 2):found.start()])
            aside = bracket is not None and found.start() - len(bracket.group()) in ends
            if aside or any(s < found.end() and found.start() < e for s, e in spans):
                continue
            if one:
                extra.append(mention(found.start(), found.end(), next(iter(one)), found.group()))
            elif not _sentence_names(text, spans, found):
                extra.append(mention(found.start(), found.end(), "", found.group(), tuple(ids)))
    return sorted(mentions + extra, key=lambda m: m.start) if extra else mentions


def _sentence_names(text: str, spans: list, found: re.Match) -> bool:
    """Whether the sentence holding a die's name names a product too ("two years after the
    GA100 chip, ... an impressive H100 chip"): the die is then that product's or its
    predecessor's, no family of its own."""
    sentence = containing(sentences(text), found.start())
    return sentence is not None and any(sentence.start <= s and e <= sentence.end for s, e in spans)


def _holds(words: list[str], run: list[str]) -> bool:
    return any(words[i:i + len(run)] == run for i in range(len(words) - len(run) + 1))


def _series_members(lowered: dict, stem: str) -> set:
    """The entities with a name word starting with the stem (`lowered`: each entity's names
    as lower-case words); a numbered series with fewer than two ("MI400 series", "MI350
    series") is its number without trailing zeros: MI4xx, MI35x."""
    def starting(prefix: str) -> set:
        if " " in prefix:       # "Blackwell Ultra": the names that hold the words in a row
            run = prefix.split()
            return {entity for entity, names in lowered.items() if any(_holds(words, run) for words in names)}
        return {entity for entity, names in lowered.items()
                if any(w.startswith(prefix) for words in names for w in words)}
    ids = starting(stem)
    shorter = re.sub(r"(?<=\d)0+$", "", stem) if re.match(r"[a-z]+\d", stem) else stem
    return starting(shorter) if len(ids) < 2 and shorter != stem and starting(shorter) else ids


def system_word(entities: dict, ids, word: str, kind: str, before: str = "") -> bool:
    """Whether systems' names are followed by one of the lexicon's `kind` words: the system
    itself ("rack", "機架", "server": same_thing_suffixes), or it or a cluster of it
    (cluster_suffixes). A count before the name ("Four DGX H100 servers", "两台DGX H100服务器")
    makes the words several systems: their figure is no one system's."""
    words = {re.sub(r"[\s-]+", "", w.strip().lower()).rstrip("s") for w in lexicon().words(kind)}
    return word in words and all(entities[i].kind == "system" for i in ids) and not SEVERAL.search(before)


def named_itself(entities: dict, ids, word: str, names_of) -> list:
    """The ids whose own names (before a bracket) hold the word after the name: "GH200 superchip"
    is the GH200 Grace Hopper Superchip (either configuration), not the systems of superchips. A rack,
    system or cluster word is the systems' rules' (system_word): "NVL72 rack" names several racks."""
    key = re.sub(r"[\s-]+", "", word.lower())
    if any(system_word({}, [], key, kind) for kind in ("same_thing_suffixes", "cluster_suffixes")):
        return []
    return sorted(i for i in ids if any(key in re.sub(r"[\s-]+", "", n.split("(")[0].lower())
                                        for n in names_of(entities[i])))


# "B200 server racks": a rack of servers, not the server
RACK = re.compile(r"\s?(?:racks?|機架|机架|機櫃|机柜)\b", re.IGNORECASE)


# a count before a system's name: "Four DGX H100 servers", "two racks of", "两台", "32套"
SEVERAL = re.compile(r"(?:\b(?:two|three|four|five|six|seven|eight|nine|ten|dozens?|several|multiple|\d+)\s+|"
                     r"[两二三四五六七八九十几數数多\d]+\s*[台个個套組组]\s*)$", re.IGNORECASE)


def past_vendor_word(pattern: re.Pattern, text: str, match: re.Match) -> re.Match:
    """"英伟达H100 PCIe5.0": a name written with its vendor's Chinese word before it (an alias,
    `英伟达H100`) gives way to the longer name that starts after that word (`H100 PCIe`), which
    the vendor's alias would otherwise cut short."""
    prefix = lexicon().pattern("vendor_prefixes").match(match.group("name"))
    inner = pattern.match(text, match.start() + prefix.end()) if prefix else None
    return inner if inner is not None and inner.end() > match.end() else match


def without_named_families(inside: list) -> list:
    """"Ironwood is Google's first TPU", "## 3.1 H100（Hopper 架构）": a family word beside one of its
    own members names that member, not another candidate."""
    named = {m.entity for m in inside if m.entity}
    return [m for m in inside if not (m.candidates and named & set(m.candidates))]


COUNTED_BEFORE = re.compile(r"\d[\d,]*\s+(?:[A-Z][A-Za-z]+\s+)?$")        # "packs 72 NVIDIA "
CHIPS_AFTER = re.compile(r"\s*(?:GPUs?|chips?|accelerators?)\b", re.IGNORECASE)


def counted_members(catalogue, view: str, inside: list) -> list:
    """"Each GB300 NVL72 rack packs 72 NVIDIA Blackwell Ultra GPUs (each with 288 GB)": a family word
    counted as a system's chips, after that system's name, is the one candidate the system holds."""
    out = list(inside)
    for i, mention in enumerate(inside):
        if mention.entity or not mention.candidates or not CHIPS_AFTER.match(view, mention.end) \
                or not COUNTED_BEFORE.search(view[max(0, mention.start - 24):mention.start]):
            continue
        held = {c for m in inside if m.entity and m.end <= mention.start for c in mention.candidates
                if catalogue.holds(m.entity, c)}
        if len(held) == 1:
            out[i] = replace(mention, entity=held.pop())
    return out
