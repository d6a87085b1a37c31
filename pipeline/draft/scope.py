"""Scope words make a figure a chip's, a system's or a cluster's (pipeline/draft/, issue 19).

"per GPU" of a rack picks the rack's chip member; "per rack" of a chip, or "pods of 9,216" of
a chip, picks the chip's container of that kind. Only the number's own clause counts: "a
Superpod of 9216 chips, with 192GB" says nothing of the 192GB.

A member is part of an entity's definition, so moving down is decided. Moving up is not: the
specs may lack the system the article means, and a new entity holding the same chip would turn
the answer into a wrong one. Up, the container is decided only when the text names it or the
number equals one of its published figures; otherwise it is written with a todo (one
container) or asked among the containers (several), never decided. A count of chips is a
system's scope too: given to a chip, it moves to the one system of that many; given to a system
of another count, a sibling system publishing that count is asked (`check_chip_count`).
"""

from __future__ import annotations

import re
from functools import cache

from claimaudit.draft.claims import open_subject
from claimaudit.draft.entities import Catalogue
from claimaudit.draft.figure_match import matching
from claimaudit.draft.forms import CARD_LINES
from claimaudit.draft.lexicon import alternation, lexicon
from claimaudit.draft.topic import related


@cache
def _scope_words() -> tuple[re.Pattern, dict]:
    groups = lexicon().data["scope_words"]
    words = {w.lower(): kind for kind, ws in groups.items() for w in ws}
    # a name between the words ("per v5e chip", "per B200 GPU", blanked out or not) still counts
    body = alternation(list(words)).replace(r"per\ ", r"per\s+(?:[\w.-]+\s+)?").replace(
        r"individual\ ", r"individual\s+(?:[\w.-]+\s+)?").replace(r"\ ", r"\s+")
    return re.compile(body, re.IGNORECASE), words


def says_scope(clause: str, kind: str) -> bool:
    """Whether any of the clause's scope words is of `kind` ("per GPU": chip)."""
    pattern, words = _scope_words()
    return any(_kind(words, m.group()) == kind for m in pattern.finditer(clause))


def scope_of(clause: str, position: int | None = None) -> tuple[str, str] | None:
    """(kind, the word) when the clause's scope words name one kind; of several kinds, the
    one whose word is next to `position` (the number: "256 chips per pod ... 197 TFLOPs per
    v5e chip"), else None."""
    pattern, words = _scope_words()
    matches = list(pattern.finditer(clause))
    found = {_kind(words, m.group()): _one_space(m.group()) for m in matches}
    if len(found) == 1:
        return next(iter(found.items()))
    if not found or position is None:
        return None
    nearest = min(matches, key=lambda m: m.start() - position if m.start() >= position
                  else position - m.end() + 1)
    return _kind(words, nearest.group()), _one_space(nearest.group())


def _one_space(word: str) -> str:
    return re.sub(r"\s+", " ", word)


def _kind(words: dict, found: str) -> str:
    """The kind of a scope word as found ("per v5e chip" is "per chip")."""
    key = _one_space(found).lower()
    return words.get(key) or words[re.sub(r"^(per|individual) \S+ ", r"\1 ", key)]


def kind_of(catalogue, entity: str | None) -> str:
    return catalogue.entities[entity].kind if entity in catalogue.entities else ""


def settled(catalogue, entity: str, scoped: str, metric: str | None, value: float | None,
            named: set) -> bool:
    """Whether moving from `entity` to `scoped` is decided: a member, a container the text
    names, or one whose published figure is the number."""
    if scoped == entity or scoped in catalogue.members_of(entity) or scoped in named:
        return True
    return bool(metric and value is not None and matching(catalogue, [scoped], [metric], value))



def without_names(view: str, clause, mentions) -> str:
    """The clause with the names blanked: "Pod" in "the Zephyr Pod" is no scope word."""
    text = list(view[clause.start:clause.end])
    for mention in mentions:
        for index in range(max(mention.start, clause.start), min(mention.end, clause.end)):
            text[index - clause.start] = " "
    return "".join(text)


def apply_scope(catalogue, clause: str, reading, value: float | None, named: set,
                position: int | None = None) -> None:
    """Move the subject (and a baseline of another kind) to the scope the clause names (the
    number at `position` in it)."""
    found = scope_of(clause, position)
    if found is None or reading.metric == "chips" and found[0] == "chip":
        return
    scope, word = found
    if reading.subject is None:
        scoped = sorted({e for c in reading.candidates for e in related(catalogue, c, scope)})
        if len(scoped) == 1:        # "9,216 chips per pod" of a text about one chip
            source = next(c for c in reading.candidates if scoped[0] in related(catalogue, c, scope))
            reading.todo = [t for t in reading.todo if not open_subject(t)]
            _move(catalogue, reading, source, scoped, scope, word, value, named)
        elif scoped and scoped != sorted(reading.candidates):     # "单芯片": the candidates' chips
            reading.candidates = scoped
            reading.todo = [t for t in reading.todo if not open_subject(t)]
            reading.todo.append(f"subject: {word!r} makes this a {scope}'s figure; the text's "
                                f"{scope}s are {', '.join(scoped)}; pick one")
        return
    subject = reading.subject
    if scope == kind_of(catalogue, subject):
        return
    base = reading.baseline
    if base and kind_of(catalogue, base) not in ("", scope):   # "over the GB200 NVL72's 192GB per GPU"
        scoped_base = related(catalogue, base, scope)
        if len(scoped_base) == 1 and settled(catalogue, base, scoped_base[0], reading.metric, None, named):
            reading.baseline = scoped_base[0]
    _move(catalogue, reading, subject, related(catalogue, subject, scope), scope, word, value, named)


def _move(catalogue, reading, subject: str, scoped: list, scope: str, word: str,
          value: float | None, named: set) -> None:
    if len(scoped) == 1 and settled(catalogue, subject, scoped[0], reading.metric, value, named):
        reading.subject = scoped[0]
        reading.todo = [t.replace(f"; {subject} (named earlier)", f"; {scoped[0]} ({scope} of "
                                  f"{subject}, named earlier)") for t in reading.todo]
    elif len(scoped) == 1:
        reading.subject = scoped[0]
        reading.todo.append(f"subject: {word!r} makes this a {scope}'s figure; {scoped[0]} (the "
                            f"{scope} the specs hold for {subject}) written: confirm or change")
    elif scoped:
        reading.subject, reading.candidates = None, list(scoped)
        reading.todo.append(f"subject: {word!r} makes this a {scope}'s figure; the specs hold "
                            f"{', '.join(scoped)} for {subject}; pick one")
    else:
        reading.todo.append(f"subject: {word!r} makes this a {scope}'s figure, and {subject} is "
                            f"no {scope}: name the {scope} (add it to the specs if missing)")


CHIP_ONLY = {"process_node": "process node", "die_area": "die area"}


def chip_property(catalogue, reading) -> None:
    """A process node or a die area is a chip's, never a system's (no system figure sums or
    repeats it): one still drafted for a system or cluster ("Trn3 UltraServers ... 由首款3nm AI
    芯片驅動") is given to its one chip, and asked."""
    subject = reading.subject
    if reading.metric not in CHIP_ONLY or kind_of(catalogue, subject) in ("chip", ""):
        return
    chips: list[str] = []
    seen, visited = [subject], {subject}
    while seen:
        for member in set(catalogue.members_of(seen.pop())) - visited:     # (a loop of members ends)
            visited.add(member)
            (chips if kind_of(catalogue, member) == "chip" else seen).append(member)
    if len(set(chips)) == 1:
        reading.subject = chips[0]
        reading.todo.append(f"subject: a {CHIP_ONLY[reading.metric]} is a chip's; {chips[0]} (the chip of "
                            f"{subject}) written: confirm or change")


# a part of a system its clause counts for ("Each CloudMatrix 384 compute node has 8 NPUs", "每个计算节点")
# or counted after its parts ("48 nodes, each with 8 NPUs", "trays with 4 GPUs each", "，每个 8 颗"); a rack
# only after each or per (a rack-scale system's rack is the system: "576 GPUs in a single rack")
_PARTS = r"(?:node|server|tray|board|blade|sled|chassis|worker|host)"
A_PART = re.compile(rf"\b(?:each|every|per|an?|one|single|the)\s+(?:[\w-]+\s+){{0,3}}?{_PARTS}\b"
                    r"|(?:每|单|單)(?:个|個|台|臺)?[^，。；,;\n]{0,24}?(?:节点|節點|服务器|伺服器|托盘|托盤)",
                    re.IGNORECASE)
# the weaker signs: parts named before "each" (`18 trays with 4 GPUs each`), "each with", a rack after each or
# per, 每个 before a count; a part's count found so must divide the whole's into two or more (`Each GB200
# NVL72 rack has 64 GPUs`, `The GB200 NVL72 has 64 GPUs each with 192 GB`: the rack's, and false)
A_PART_AFTER = re.compile(rf"\b{_PARTS}(?:e?s)\b[^.;:\n]{{0,40}}?\beach\b"
                          r"|\b(?:each|every|per)\s+(?:[\w-]+\s+){0,3}?rack\b|每(?:个|個)?[^，。；,;\n]{0,24}?(?:机柜|機櫃)"
                          r"|\beach\s+(?:with|has|holds|holding|contains|containing|carrying|housing)\b"
                          r"|每(?:个|個|台|臺)(?=\s*[\d一二两兩三四五六七八九十])", re.IGNORECASE)


def check_chip_count(catalogue, reading, value: float | None = None, clause: str = "") -> None:
    """A count of chips belongs to a system or cluster, never to a chip: to the one system or cluster
    of the chip holding exactly that many ("pods of up to 256 chips" after Trillium), else asked. A
    system given another count than its own, in a clause counting for a part of it ("Each
    CloudMatrix 384 compute node has 8 NPUs"), is asked: the count is the part's (the review). So is a
    chip given as the baseline of a count of chips (`| GPU 数 | 8 | 72 | 9x |`): its system is asked for."""
    kind = catalogue.entities[reading.subject].kind if reading.subject in catalogue.entities else ""
    exact = [c for c in catalogue.containers_of_any(reading.subject or "")
             if value in catalogue.figures.get((c, "chips"), ())] if value else []
    # a chip assumed while the text names others ("the text also names mi350x") stays asked
    if reading.metric == "chips" and kind == "chip" and len(exact) == 1 and all(
            "is far from" in t or t.endswith("named earlier) assumed: confirm or change")
            for t in reading.todo if t.startswith("subject:")):
        reading.subject = exact[0]
        reading.todo = [t for t in reading.todo if not t.startswith("subject:")]
    elif reading.metric == "chips" and kind == "chip":
        holders = catalogue.containers_of_any(reading.subject or "")
        reading.todo.append(f"subject: {reading.subject} is a chip; a count of chips belongs to a "
                            "system or cluster: " + (f"the specs hold {', '.join(holders)} for it; "
                                                     "pick one" if holders else "name it"))
    elif reading.metric == "chips" and kind and value and reading.subject and not any(
            t.startswith("subject:") for t in reading.todo):
        # "Trn3 UltraServers - Gen1 (64 chips ...) and Gen2 (144 chips ...)": a system of 144 given
        # a count of 64 that a sibling system of the same chips publishes
        own = catalogue.figures.get((reading.subject, "chips"), ())
        siblings = sorted({s for m in catalogue.members_of(reading.subject)
                           for s in catalogue.containers_of_any(m)
                           if s != reading.subject and value in catalogue.figures.get((s, "chips"), ())})
        if own and value not in own and siblings:
            reading.candidates = [reading.subject, *siblings]
            reading.todo.append(f"subject: {reading.subject} publishes another count of chips; "
                                f"{', '.join(siblings)} of the same chips publish {value:g}: pick one "
                                f"({reading.subject} written: confirm or change)")
        elif own and value not in own and ((part := A_PART.search(clause) or any(
                whole % value == 0 and whole >= 2 * value for whole in own) and A_PART_AFTER.search(clause))
                or 4 * value < min(own) or value >= 2 * max(own)):   # `5x GB200 nodes (4xGPUs each`
            held = ", ".join(f"{n:g}" for n in sorted(set(own)))
            said = f"{part.group()!r} counts a part of it" if part else (
                f"{value:g}, far fewer, may count a part of it" if value < min(own)
                else f"{value:g}, twice or more, may count several of it or a larger system")
            reading.todo.append(f"subject: {reading.subject} holds {held} chips; {said}, which the specs do "
                                f"not hold: name it, or confirm {reading.subject}")
    baseline = reading.baseline or ""
    if reading.metric == "chips" and baseline in catalogue.entities and not any(
            t.startswith("baseline:") for t in reading.todo) and catalogue.entities[baseline].kind == "chip":
        # `| NVLink 连接的 GPU 数 | 8 | 72 | 9x |` (round 287): the counts compared are of systems too
        holders = catalogue.containers_of_any(baseline)
        reading.todo.append(f"baseline: {baseline} is a chip; a count of chips belongs to a system or "
                            "cluster: " + (f"the specs hold {', '.join(holders)} for it; pick one" if holders
                                           else "name it"))


def kin_of_the_named(catalogue, reading) -> None:
    """"the text before it names dgx_gh200, ironwood_pod; pick one" of "96GB" (a GH200's): the
    question also names the chips and systems of the two ids named last, for the figure may be a
    part's or a whole's of what the text names."""
    asked = next((i for i, t in enumerate(reading.todo) if t.startswith(
        "subject: not named in this sentence; the text before it names") and t.endswith("; pick one")), None)
    if asked is None or reading.subject is not None:
        return
    named = [c for c in reading.candidates if c in catalogue.entities]
    kin = [k for c in named[:2] for k in (*catalogue.members_of(c), *catalogue.containers_of_any(c))
           if k not in named and k in catalogue.entities]
    if kin:
        reading.todo[asked] += f" (or a chip or system of theirs: {', '.join(list(dict.fromkeys(kin))[:4])})"


def one_product(catalogue: Catalogue, ids: list[str]) -> bool:
    """Whether the ids are one product at several scopes (a chip and its pod): a figure may
    tell the scope apart, never one product from another."""
    def kin(a: str) -> set:
        return {a, *catalogue.members_of(a), *catalogue.containers_of_any(a)}
    return all(b in kin(a) or a in kin(b) for a in ids for b in ids)


# a product's name right after a count (`8 RTX 4090`, `8x Tesla V100s`, `8 NVIDIA GeForce GTX 1080`): what it
# counts
COUNTED_NAME_AFTER = re.compile(rf"\s?(?:[x×]\s?)?(?:(?i:NVIDIA|AMD)\s)?(?:{CARD_LINES}\s)*"
                                r"(?:[A-Z]{1,3}\s?\d{2,4}[A-Za-z]{0,3}|\d{4}\b|Xp\b|RTX\b)")


def counted_unknown(catalogue, view: str, number, reading) -> None:
    """A count of chips given to a system while the product it counts, named right after it, is none the
    specs hold (`One DGX A100 replaces a rack of 8 Tesla V100`, `The DGX A100 node has 8 RTX 4090 and ...`):
    the system is asked, not assumed (the review of session 50's rules: its count had matched the DGX's 8)."""
    name = COUNTED_NAME_AFTER.match(view, number.end) if reading.metric == "chips" else None
    if name is None or reading.subject is None or any(map(open_subject, reading.todo)) or any(
            m.entity or m.candidates for m in catalogue.find(view[name.start():name.end() + 12])):
        return      # (the name and what follows it, `GH200 superchips`: any id or family it names)
    reading.todo.append(f"subject: {number.text} counts {name.group().strip()!r}, which the specs do not "
                        f"hold; {reading.subject} assumed: confirm or change")
