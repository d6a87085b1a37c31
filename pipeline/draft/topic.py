"""Whom a sentence is about when it names no one (pipeline/draft/, issue 19).

- The topic of a sentence is the entity the text last named: earlier in its paragraph, else
  in the nearest earlier paragraph (or title) that names one, and the entity the text so far
  names most, and the one id its title names; several ids are several candidates, never a pick.
- An anaphor ("it", "the chip", "它", "該晶片", "该芯片", "the system") at the start of a
  clause is the sentence's subject: it refers to the topic when the topic is one entity of
  the anaphor's kind (a chip word to a chip). Of another kind, the topic's containers or
  members of that kind are candidates, for the scope or a published figure to decide.
- A list item that names no one is about the one entity its lead line names ("this Maia 100
  chip has the following specifications:" over "- TDP power of 500 watts."), or its section's
  heading names; so is a prose paragraph under such a heading, for its own published figures.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from functools import cache
from typing import Callable

from claimaudit.draft.families import without_named_families
from claimaudit.draft.lexicon import alternation, lexicon
from claimaudit.draft.owner import COMPARED_NAME
from claimaudit.draft.text import PIECE_END

CLAUSE_START = (r"(?:^|[,，;；:：、。.!?！？—–(（]\s*|\b(?:and|but|while|so|however|also|yet)\s+)"
                r"(?:但是|但|而且|而|并且|並且|同时|同時|不过|不過)?\s*")    # "，但它还保留了"


@cache
def _anaphor_pattern() -> tuple[re.Pattern, dict]:
    table = {w.lower(): kind for kind, words in lexicon().data["anaphor_words"].items() for w in words}
    body = alternation(table)
    # "This powerful processor": a determiner and one adjective before a chip word
    chip = r"(?:this|the)\s[a-z]+\s(?:chip|processor|accelerator|GPU)\b"
    return re.compile(rf"{CLAUSE_START}(?P<word>{body}|{chip})", re.IGNORECASE), table


def anaphor(sentence: str, position: int) -> str | None:
    """The kind ('chip', 'system', 'any') of the anaphor that is the sentence's subject: the
    last one at a clause start before `position`, else the first in the sentence."""
    pattern, table = _anaphor_pattern()
    found = [m for m in pattern.finditer(sentence)]
    if not found:
        return None
    before = [m for m in found if m.start("word") < position]
    chosen = before[-1] if before else found[0]
    return table.get(chosen.group("word").lower(), "chip")


def anaphor_before(sentence: str, position: int) -> bool:
    """Whether an anaphor at a clause start stands before `position` (the number's subject)."""
    return any(m.start("word") < position for m in _anaphor_pattern()[0].finditer(sentence, 0, position))


PAIR_WORDS = re.compile(rf"{CLAUSE_START}(?P<word>the (?:first|second|former|latter)"
                        r"(?! (?:generation|version|time))\b|前者|后者|後者)", re.IGNORECASE)


def one_of_a_pair(sentence: str, position: int) -> bool:
    """"The first is aimed at 8-GPU servers, the second at 4 or 8": a subject that points to one of
    the products named before by its place (the first, the latter, 前者, 后者), not to the topic."""
    return any(m.start("word") < position for m in PAIR_WORDS.finditer(sentence, 0, position))


# words that point past the heading's product to another: its predecessor, a sibling, a rival
ANOTHER_PART = re.compile(r"\b(?:previous|predecessor|older|earlier|prior|first version|original|cut-down|"
                          r"lower-end|sister|rival|competitor|contrast|same|than)\b|上一代|上代|前一代|前代|"
                          r"先前|此前|之前|老款|旧款|舊款|低階|低阶|竞争|競爭|同样|同樣|同为|同為|相同|"
                          r"一样|一樣|相比|相較|相较|对比|對比", re.IGNORECASE)


class Topics:
    """The text's named mentions, indexed once so each sentence's topic is a lookup (the
    drafter stays linear in the text's length)."""

    def __init__(self, mentions, paragraphs, kin=None, aside=None, text: str | None = None):
        self.kin: Callable[[str], set] = kin or (lambda entity: set())   # members and containers
        self.ids = {m.entity for m in mentions if m.entity}      # every id the text names
        self.recently = [m for m in mentions if m.entity]
        self.leads = list_leads(text, paragraphs, mentions) if text is not None else {}
        self.sections, self.prose_sections = section_leads(text, paragraphs, mentions) \
            if text is not None else ({}, {})
        self.recent_starts = [m.start for m in self.recently]
        # a name the text aims at, competes with or compares with ("aimed at H100", "3.5x
        # over MTIA v1") is no topic: "128 GB HBM2e" after "aimed at H100" is not the H100's
        kept = [m for m in mentions if aside is None or not aside(m)]
        # the ids the text names only as what it compares with ("Compared to the B300's ...")
        self.only_aside = self.ids - {m.entity for m in kept}
        mentions = kept
        self.every = list(mentions)
        self.every_starts = [m.start for m in self.every]
        self.families = [m for m in mentions if not m.entity and m.candidates]   # "Instinct MI300"
        self.family_starts = [m.start for m in self.families]
        # every id the text names, a family's ids included (its "GH200" names three)
        self.ids_and_families = self.ids | {i for m in self.families for i in m.candidates}
        self.named = [m for m in mentions if m.entity]
        self.in_order = tuple(dict.fromkeys(m.entity for m in self.named))  # each id once, first named first
        self.starts = [m.start for m in self.named]
        self.blocks = [a for a, _ in paragraphs]
        # a title (a first paragraph of one short line, no full stop) naming one id names the
        # article's subject
        title_end = self.blocks[1] if self.blocks[1:] and self.blocks[1] <= 160 else 0
        first = [m for m in self.named if m.start < title_end]
        if text is not None and re.search(r"[.。!?！？]\s*$", text[:title_end]):
            first = []
        self.title = first[0].entity if first and len({m.entity for m in first}) == 1 else None
        self.leader: list = []          # the most named id after each mention, None on a tie
        counts: dict[str, int] = {}
        best, tied = None, False
        for mention in self.named:
            counts[mention.entity] = counts.get(mention.entity, 0) + 1
            if best is None or counts[mention.entity] > counts[best]:
                best, tied = mention.entity, False
            elif mention.entity != best and counts[mention.entity] == counts[best]:
                tied = True
            self.leader.append(None if tied else best)

    def prose_lead(self, paragraph_start: int, sentence: str) -> str | None:
        """The heading's product of a prose paragraph under it, unless the sentence, up to the
        number's clause, speaks of another part ("The previous generation chip drew 700 W", "the
        same 288 GB")."""
        lead = self.prose_sections.get(paragraph_start)
        return None if lead is None or ANOTHER_PART.search(sentence) else lead

    def before(self, sentence_start: int) -> list[str]:
        """The ids the text last named before the sentence (the nearest paragraph that names
        any), most recent first, then the text's most named id."""
        count = bisect_left(self.starts, sentence_start)
        every = bisect_left(self.every_starts, sentence_start)
        if not every:
            return []
        # the last named entity sets the paragraph read; in a text that names only families
        # ("MI400 系列"), the last family name does
        last = self.named[count - 1] if count else self.every[every - 1]
        block = self.blocks[bisect_right(self.blocks, last.start) - 1] if self.blocks else 0
        first = bisect_left(self.starts, block)
        here = list(dict.fromkeys(m.entity for m in reversed(self.named[first:count])))
        # a family or unknown name in that stretch ("The Instinct MI300 is ...") leaves the
        # topic open: its candidates join, and '' stands for a name the specs lack
        since = bisect_left(self.every_starts, block)
        for mention in self.every[since:bisect_left(self.every_starts, sentence_start)]:
            near = set(here).union(*(self.kin(e) for e in here))
            if not mention.entity and not set(mention.candidates) & near:
                here += list(mention.candidates) or [""]     # "Google's first TPU" names Ironwood
        dominant = self.leader[count - 1] if count else None
        for own in (dominant, self.title):
            if own and own not in here:
                here.append(own)        # the article's own subject stays a candidate
        return here


    def sentence_lead(self, view: str, sentence_start: int, paragraph_start: int) -> str | None:
        """The one id the paragraph's nearest earlier sentence that names any names, when it
        names nothing else (no family, no other id) and is the text's most named id so far: in a
        page of one long paragraph, "The specifications for the NVIDIA B200 include the
        following: ... Memory is 192GB" continues the B200, whatever the H100 it began with."""
        every = bisect_left(self.every_starts, sentence_start)
        count = bisect_left(self.starts, sentence_start)
        if not every or not count or self.every[every - 1] is not self.named[count - 1]:
            return None
        last = self.named[count - 1]
        if last.start < max(paragraph_start, sentence_start - 400):
            return None
        window = max(paragraph_start, last.start - 400)
        ends = list(PIECE_END.finditer(view, window, last.start))
        if not ends and window != paragraph_start:
            return None         # no sentence start within reach: a run-on text decides nothing
        begin = ends[-1].end() if ends else paragraph_start
        inside = self.every[bisect_left(self.every_starts, begin):every]
        if any(m.entity != last.entity for m in inside) or self.leader[count - 1] != last.entity:
            return None
        return last.entity

    def recent(self, sentence_start: int, limit: int = 6) -> list[str]:
        """The ids the text named before the sentence, most recent first (at most `limit`):
        the candidates for a figure whose owner the sentence leaves open."""
        found: list[str] = []
        for mention in reversed(self.recently[:bisect_left(self.recent_starts, sentence_start)]):
            if mention.entity not in found:
                found.append(mention.entity)
                if len(found) == limit:
                    break
        return found


@cache
def _aside_pattern(compared: bool) -> re.Pattern:
    lex = lexicon()
    words = [*lex.words("rival_before"), *(lex.words("compared_before") if compared else [])]
    # "over the current flagship A100", "over its sixth-generation Trillium": up to two lower-case
    # words (hyphened or not) before the name
    owner = r"(?:the |its |their |[A-Z][A-Za-z]+'s |[\u4e00-\u9fff]{0,3})?(?:[a-z][a-z-]* ){0,2}"
    return re.compile(rf"(?:{alternation(words)})\s*{owner}$", re.IGNORECASE)


def aside(view: str, mention, compared: bool = False) -> bool:
    """Whether the text names `mention` as what something is aimed at or competes with
    ("aimed at H100"), or, `compared`, what a figure is compared with ("3.5x over MTIA v1")."""
    return bool(_aside_pattern(compared).search(view, max(0, mention.start - 30), mention.start))


def topic_ids(mentions, paragraphs, sentence_start: int) -> list[str]:
    """The topic's ids ('' for a name the specs lack), as Topics.before."""
    return Topics(mentions, paragraphs).before(sentence_start)


def related(catalogue, entity: str, kind: str) -> list[str]:
    """The entity itself when of `kind`, else its members or containers of that kind."""
    own = catalogue.entities[entity].kind if entity in catalogue.entities else ""
    if kind in ("any", own):
        return [entity]
    members = [m for m in catalogue.members_of(entity)
               if m in catalogue.entities and catalogue.entities[m].kind == kind]
    if kind == "system":
        return members or [c for k in ("system", "cluster") for c in catalogue.containers_of(entity, k)]
    return members or catalogue.containers_of(entity, kind)


COMPARED_WITH = re.compile(r"(?:\d\s?[x×]|\bthan|\bvs\.?|\bover)\s+(?:the\s+)?$", re.IGNORECASE)
# "a 76% increase over the 80 GB in the H100 model": the name a figure of the item is set against
SET_AGAINST = re.compile(r"\b(?:over|than|compared (?:to|with))\s+the\s+[^,;:.()\n]{0,30}$", re.IGNORECASE)
LIST_ITEM = re.compile(r"\s*(?:[-*•·▪●]|\d{1,2}[.)、])\s*")


def list_leads(view: str, paragraphs, mentions) -> dict[int, str]:
    """Each list item's lead: paragraph start -> the one id its list's lead line (ending in a
    colon) names, for items after which no earlier item named one (a compared-with "- 1.5x
    GB200 NVL72" does not count). One pass over the text: every number looks its item up."""
    starts = [m.start for m in mentions]
    out: dict[int, str] = {}
    lead = None
    parents: list[tuple[int, str | None]] = []      # (indent, the one id it names) of the items above
    for start, end in paragraphs:
        inside = mentions[bisect_left(starts, start):bisect_left(starts, end)]
        if LIST_ITEM.match(view, start):
            kept = [m for m in inside if not SET_AGAINST.search(view, max(start, m.start - 48), m.start)]
            own = [m for m in kept if not COMPARED_WITH.search(view, max(start, m.start - 12), m.start)]
            indent = len(view[start:end]) - len(view[start:end].lstrip())
            while parents and parents[-1][0] >= indent:
                parents.pop()
            if lead is not None:
                out[start] = lead
            elif not inside and parents and parents[-1][1]:
                # "- 2x B300 GPUs" over an indented "- 279 GB HBM3e per GPU": a nested item that
                # names no one is about its parent item's one product (held-out round 196)
                out[start] = parents[-1][1]
            ids = {m.entity for m in kept}     # ("- 2x B300 GPUs" counts its product: no "1.5x" here)
            parents.append((indent, ids.pop() if len(ids) == 1 and not ids & {"", None} else None))
            if own:
                lead = None     # an item names one: the text's last name is the topic
        elif view[start:end].strip():
            parents = []
            # "compared to Huawei's earlier Atlas 900 A3 SuperPoD, ... the new system will deliver:":
            # the compared-with product is no lead
            named = {m.entity for m in inside       # nor its predecessor ("the successor to the H100")
                     if not COMPARED_NAME.search(view, max(start, m.start - 48), m.start)
                     and not _aside_pattern(True).search(view, max(start, m.start - 48), m.start)}
            lead = next(iter(named)) if re.search(r"[:：]\s*$", view[start:end]) and len(named) == 1 \
                and "" not in named else None
    return out


BULLET = re.compile(r"\s*(?:[-•·▪●]|\*(?!\*))")       # ("**1. Name**": a bold heading, no bullet)
FIELD = re.compile(r"\s*[^\d\s:：|][^\d:：|\n]{1,39}[:：][ \t]*\S")     # a spec list's `Label: value`
# a field whose label names a part or another product ("Per card power:", "Predecessor memory:")
FIELD_ASIDE = re.compile(r"[^:：\n]*?(?:\b(?:per|each|chip|card|GPU|die|predecessor|previous|prior|"
                         r"competitor|rival|vs\.?|versus)\b|上一代|前代|對比|对比|相比)"
                         r"[^:：\n]*[:：]", re.IGNORECASE)
HEADING = re.compile(r"\s*\**(?:#{1,6}\s*|\d{1,2}[.)]\s*)?[^\n]{2,60}?(?<![.。!！:：;；,，])\s*$")


def section_leads(view: str, paragraphs, mentions) -> tuple[dict[int, str], dict[int, str]]:
    """Each list item's or spec field's section lead: paragraph start -> the one id a heading
    above it names ("1. NVIDIA H100 SXM5" over "- TDP: Up to 700W", "AMD Instinct MI100" over
    "Power Consumption (Watt): 250"), while no paragraph since has named any other entity,
    family or name; and, apart, each prose paragraph's that names no one ("基于6nm工藝" under
    a heading of the MI250X). One pass over the text."""
    starts = [m.start for m in mentions]
    out: dict[int, str] = {}
    prose: dict[int, str] = {}
    lead = None
    for start, end in paragraphs:
        inside = mentions[bisect_left(starts, start):bisect_left(starts, end)]
        named = {m.entity for m in without_named_families(inside)}    # "## 3.1 H100（Hopper 架构）"
        field = not inside and FIELD.match(view, start, end)    # `Suitable for: Servers`: no heading
        if any(COMPARED_NAME.search(view, max(start, m.start - 48), m.start) for m in inside):
            named.add("")       # "Per-chip vs v5e": a heading of what is compared with leads no one
        # `GPUs: 72× B200` names a product in a field's value: a field, no heading of the B200's
        heading = not BULLET.match(view, start) and not FIELD.match(view, start, end) \
            and "|" not in view[start:end] and HEADING.fullmatch(view, start, end)    # a table's row: none
        if heading and not (len(named) == 1 and "" not in named):
            lead = None         # "Architectural Highlights": another section, of no one named
        if heading and len(named) == 1 and "" not in named:
            lead = next(iter(named))
            continue
        if named - {lead}:
            lead = None
        elif lead is not None and (LIST_ITEM.match(view, start) or field and not FIELD_ASIDE.match(
                view, start, end)) and view[start:end].strip():
            out[start] = lead
        elif lead is not None and not field and view[start:end].strip():
            prose[start] = lead
    return out, prose
