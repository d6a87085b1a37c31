"""Whom a sentence is about when it names no one (pipeline/draft/, issue 19).

- The topic of a sentence is the entity the text last named: earlier in its paragraph, else
  in the nearest earlier paragraph (or title) that names one, and the entity the text so far
  names most; several ids are several candidates, never a pick.
- An anaphor ("it", "the chip", "它", "該晶片", "该芯片", "the system") at the start of a
  clause is the sentence's subject: it refers to the topic when the topic is one entity of
  the anaphor's kind (a chip word to a chip). Of another kind, the topic's containers or
  members of that kind are candidates, for the scope or a published figure to decide.
"""

from __future__ import annotations

import re
from functools import cache

from pipeline.draft.lexicon import alternation, lexicon

CLAUSE_START = r"(?:^|[,，;；:：、。.!?！？—–(（]\s*|\b(?:and|but|while|so|however|also)\s+)"


@cache
def _anaphor_pattern() -> tuple[re.Pattern, dict]:
    table = {w.lower(): kind for kind, words in lexicon().data["anaphor_words"].items() for w in words}
    body = alternation(table)
    return re.compile(rf"{CLAUSE_START}(?P<word>{body})", re.IGNORECASE), table


def anaphor(sentence: str, position: int) -> str | None:
    """The kind ('chip', 'system', 'any') of the anaphor that is the sentence's subject: the
    last one at a clause start before `position`, else the first in the sentence."""
    pattern, table = _anaphor_pattern()
    found = [m for m in pattern.finditer(sentence)]
    if not found:
        return None
    before = [m for m in found if m.start("word") < position]
    chosen = before[-1] if before else found[0]
    return table[chosen.group("word").lower()]


def topic_ids(mentions, paragraphs, sentence_start: int) -> list[str]:
    """The ids the text last named before the sentence (nearest paragraph that names any),
    most recent first; `paragraphs` are (start, end) offsets in order."""
    named = [m for m in mentions if m.entity and m.start < sentence_start]
    if not named:
        return []
    last = named[-1]
    block = next(((a, b) for a, b in paragraphs if a <= last.start < b), (last.start, last.end))
    here = list(dict.fromkeys(reversed([m.entity for m in named if block[0] <= m.start])))
    counts: dict[str, int] = {}
    for mention in named:
        counts[mention.entity] = counts.get(mention.entity, 0) + 1
    most = max(counts.values())
    dominant = [e for e, n in counts.items() if n == most]
    if len(dominant) == 1 and dominant[0] not in here:
        here.append(dominant[0])     # the article's own subject stays a candidate
    return here


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
