"""One number in its sentence -> one drafted claim record (pipeline/draft/).

The record holds what the text decides (subject, baseline, metric, qualifier) and a `todo`
line for each thing it leaves open. A claim whose shape cannot be completed (no subject, no
metric, a ratio without a baseline) is written as `kind: qualitative` with its `claimed`
kept, so `check` accepts the file and reports it unverifiable until a person completes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from claimaudit.draft import owner as owning
from claimaudit.draft.counts import is_counted as _is_counted
from claimaudit.draft.entities import Catalogue, Mention
from claimaudit.draft.families import counted_members, without_named_families
from claimaudit.draft.forms import Number
from claimaudit.draft.lexicon import alternation, lexicon
from claimaudit.draft.owner import (
    amount_owner,
    other_form,
    set_against,
    take_other_side,
    unknown_owner,
    vendor_owner,
)
from claimaudit.draft.products import names_no_one, spans, unknown_before, unknown_product
from claimaudit.draft.text import Span, this_sentence
from claimaudit.draft.topic import Topics, anaphor, anaphor_before, aside, one_of_a_pair, related, topic_ids


@dataclass
class Reading:
    """What the text decides for one number."""

    subject: str | None = None
    baseline: str | None = None
    metric: str | None = None
    todo: list = field(default_factory=list)
    candidates: list = field(default_factory=list)   # subject ids the text leaves open
    referred: bool = False      # the subject is the topic an anaphor refers to, not a name
    from_topic: bool = False    # the candidates are the topic's, not names in the sentence
    topic_known: bool = False   # ... and every name of that topic is an entity of the specs
    nearby: list = field(default_factory=list)   # ids named in the sentence and just before it
    difference: bool = False    # an amount that is an increase over something ("200 W more")


@dataclass(frozen=True)
class Place:
    """Where the number sits: the plain text, its sentence, clause and paragraph."""

    text: str
    view: str
    sentence: Span
    clause: Span
    paragraph: Span
    paragraphs: tuple = ()      # (start, end) of every paragraph, for the topic
    topics: Topics | None = None
    lead: str | None = None     # a table cell's table and caption (else the paragraph is read)
    star: str = ""              # 'dense' or 'sparse': what a footnote says of figures marked "*"
    row: str = ""               # a table cell's whole row (else the number's line is read)


def claimed_text(number: Number, change: str = "") -> str:
    """`claimed` in the accepted spelling: 4.4x, 2.5 PFLOPS, 144, +40%, 1.5 min."""
    unit, text = number.unit, number.text
    if unit in ("x", "%"):
        return f"{change if unit == '%' else ''}{text}{unit}"
    return f"{text} {unit}" if unit else text


def subject_and_baseline(catalogue: Catalogue, place: Place, number: Number,
                         mentions: list[Mention]) -> Reading:
    """Whose the number is: the name that owns an amount by the words next to it (owner.py),
    else the sentence's subject; the amount after "vs." is the compared-with side."""
    inside = counted_members(catalogue, place.view, without_named_families(
        [m for m in mentions if place.sentence.start <= m.start < place.sentence.end]))
    counted = re.match(r"[\s-]*(models|cards|versions|variants|parts|SKUs|chips|GPUs|accelerators)\b",
                       place.view[number.end:number.end + 16], re.IGNORECASE)
    if counted and re.search(r"\b(?:of|with) the\s*$", place.view[max(0, number.start - 10):number.start]):
        # "puts four of the 32 GB models onto a device": the amount describes the things counted
        reading = Reading(candidates=[m.entity for m in inside if m.entity])
        reading.todo.append(f"subject: {number.text} {number.unit} describes the {counted.group(1)} the "
                            "sentence counts, not its subject; name them (`claimaudit entities`)")
        return reading
    unknown = unknown_owner(place.view, number, mentions, place.sentence.start)
    if unknown:     # "低于 NVIDIA NVLink 6 的 3.6 TB/s", "V100 32G": a name the specs lack owns it
        reading = Reading()
        amount_text = f"{number.text} {number.unit}".rstrip()
        reading.todo.append(f"subject: {amount_text} is {unknown}'s, which is not in "
                            "the specs; add it (or an alias) or name the entity it belongs to")
        return reading
    owned = amount_owner(place.view, number, inside, place.clause.start)
    if owned is not None and owned.mention is not None:
        reading = Reading(subject=owned.mention.entity or None)
        if not owned.mention.entity:        # "Blackwell 的 8TB/s": the family's candidates
            reading.candidates = list(owned.mention.candidates)
            reading.todo.append(f"subject: {unmatched_question(owned.mention)}")
        return reading
    reading = _sentence_subject(catalogue, place, number, mentions, inside)
    vendor_owner(catalogue, place.view, place.sentence.start, number, reading,
                 place.topics.ids if place.topics is not None else set(), mentions)
    set_against(place.view, number, reading, inside, place.sentence.start)     # "versus ... GB200 NVL72,"
    topic = place.topics.recent(place.sentence.start) if place.topics is not None else []
    reading.nearby = list(dict.fromkeys([m.entity for m in inside if m.entity] + topic))
    if owned is not None:
        # "(~7.5 vs. 4.6 PFLOPS), Ironwood ... compared to the B300's": a baseline named after the
        # number's clause is another number's ("13.31 PFLOPS vs 8.875 PFLOPS in B200": its own)
        if reading.baseline and not any(m.entity == reading.baseline and (
                place.clause.start <= m.start < place.clause.end
                or m.end <= number.start and _is_baseline(place.view, m, number)) for m in inside):
            reading.baseline = None
        take_other_side(reading, number, reading.nearby)
    other_form(catalogue, place.view, place.clause.start, number, reading)     # "the PCI-E version"
    variant = VARIANTS.match(place.view, number.end)
    if variant and reading.subject and number.unit not in ("x", "%"):
        # "80 / 94 / 140 GB HBM3 变体": one of the product's variants, which the specs may hold apart
        reading.todo.append(f"subject: {number.text} {number.unit} is one of {reading.subject}'s variants "
                            f"({variant.group(1)}); {reading.subject} written: confirm or name the variant")
    return reading


OWN_COMPARISON = re.compile(r"相比|相較|相较|對比|对比|上一?代|前一?代|compared|than\b|versus|vs\.?|"
                            r"previous generation|predecessor", re.IGNORECASE)
VARIANTS = re.compile(r"[^,，。;；\n]{0,16}?(变体|變體|variants?\b|versions\b|SKUs\b)", re.IGNORECASE)
OWNS_A_FIGURE = re.compile(r"\s?(?:的|'s|’s)\s?\d")
RELATIVE = re.compile(r"(?:\s+(?:AI|data[- ]?cent(?:er|re)|GPU|chip|accelerator|processor)s?){0,3}"
                      r"\s*,\s*(?:which|that)\s+(?:[A-Za-z-]+\s+){1,3}(?:up to\s+|about\s+|nearly\s+)?",
                      re.IGNORECASE)


def _sentence_subject(catalogue: Catalogue, place: Place, number: Number,
                      mentions: list[Mention], inside: list[Mention]) -> Reading:
    """Entities named in the sentence: the compared-with one is the baseline; the subject is
    named in the number's clause or before it (a name in a later clause belongs to another
    number), and is not a thing counted by a number (`72 B300 GPUs`)."""
    reading = Reading()
    # "against the NVIDIA H200, which carries 141GB", "the H100 AI GPU, which measures": its name's
    relative = [m for m in inside if m.entity and m.end <= number.start and RELATIVE.fullmatch(
        place.view, m.end, number.start)]
    if relative and number.unit not in ("x", "%"):
        reading.subject = relative[-1].entity
        return reading
    inside = [m for m in inside if not aside(place.view, m)    # "aimed at H100": not its figure
              and not _bracketed_apart(place.view, place.sentence, m, number)]
    glued = [m for m in inside if m.entity and number.unit not in ("x", "%") and (
        m.start < number.start < m.end or m.end <= number.start
        and re.fullmatch(r"[ \t:：]{0,2}", place.view[m.end:number.start]))
        and not _is_baseline(place.view, m, number)]     # "the same capabilities as the MI300X: 2.6 PF"
    ahead_of = [m for m in inside if m.entity and 0 <= m.start - number.end <= 1
                and re.search(r"\d-\s?[A-Za-z]", place.view[number.start:number.end])]
    if ahead_of and number.unit not in ("x", "%"):
        reading.subject = ahead_of[0].entity      # "Nvidia's 141-GB H200": the name it describes
        return reading
    if glued:           # "H100 80GB", "H200：141GB": the name right before an amount owns it
        if not owning.slashed_pair(place.view, inside, glued[-1], reading):
            reading.subject = glued[-1].entity
        return reading
    ahead = [m for m in inside if place.clause.start <= m.start and m.end <= number.start]
    if (number.unit not in ("x", "%") and ahead and ahead[-1].entity and len({m.entity for m in ahead}) == 1
            and not _is_counted(place.view, ahead[-1]) and not _is_baseline(place.view, ahead[-1], number)):
        reading.subject = ahead[-1].entity     # "AMD's MI355X is a 1.4 kW monster ... Blackwell"
        listed = _listed_with(place.view, [m for m in inside if m.entity], {reading.subject})
        if listed:                              # "H100、H200需要的700瓦": both names own it
            reading.subject, reading.candidates = None, listed
            reading.todo.append(f"subject: the sentence names {' and '.join(listed)} together; pick one")
        return reading
    # a name compared with in a later clause is another number's baseline ("它相比上代擁有2倍...,
    # 而對比NVIDIA H100 ... 領先50%": the H100 is the 50%'s)
    own = OWN_COMPARISON.search(place.view, place.sentence.start, number.start)
    marked = [m for m in inside if _is_baseline(place.view, m, number)
              and (m.start < place.clause.end or not own or number.unit not in ("x", "%"))]
    # "three times the FP4 performance of A and more than B": the name after "of" is the
    # ratio's baseline; a name marked by other comparison words belongs to another claim
    of_named = [m for m in marked if _times_the_of(place.view, m, number)]
    baselines = of_named if len({m.entity for m in of_named}) == 1 else marked
    own_clause = [m for m in baselines if place.clause.start <= m.start < place.clause.end]
    if len({m.entity for m in own_clause}) == 1 < len({m.entity for m in baselines}):
        baselines = own_clause      # "是 Trainium3 的3倍多,FP8性能超过 TPU v7": each clause its own
    others = [m for m in inside if m not in marked and not _is_counted(place.view, m)
              and m.start < place.clause.end]
    lead_in = place.view[place.clause.start:number.start]
    if re.search(r"\b(?:[Ii]ts|[Tt]heir)\s+$|(?:它的|其)\s*$", lead_in[-8:]) or anaphor_before(
            lead_in, len(lead_in)):
        # "Its 192GB ... multiple H100s": not theirs; "低于H100的700W, ... 它还保留了900 GB/s": a name
        # owning another clause's figure is no "it"
        others = [m for m in others if m.end <= number.start and not (
            m.end <= place.clause.start and OWNS_A_FIGURE.match(place.view, m.end))]
    listed = _listed_with(place.view, [m for m in inside if m.entity and m.start >= baselines[0].start],
                          {baselines[0].entity}) if baselines else []
    if len({m.entity for m in baselines}) == 1 and listed:      # "相比上一代A100和H100": one of them
        reading.todo.append(f"baseline: the sentence compares with {' and '.join(listed)} together; pick one")
    elif len({m.entity for m in baselines}) == 1 and baselines[0].entity:
        reading.baseline = baselines[0].entity
    elif baselines:
        reading.todo.append(f"baseline: {unmatched_question(baselines[0])}")
    for mention in others:
        if not mention.entity:
            reading.todo.append(f"subject: {unmatched_question(mention)}")
    in_clause = {m.entity for m in others if m.entity and m.entity != reading.baseline
                 and m.start >= place.clause.start}
    ids = {m.entity for m in others if m.entity and m.entity != reading.baseline}
    if any(not m.entity for m in others):
        ids = in_clause      # an unknown name is around: only a name in the clause may stand
    if len(ids) > 1 and len(in_clause) == 1:
        reading.todo.append(f"subject: the sentence also names {', '.join(sorted(ids - in_clause))}; "
                            f"{next(iter(in_clause))} (named in the quote) written: confirm")
        ids = in_clause
    if len(ids) == 1:
        reading.subject = ids.pop()
    elif ids:
        reading.candidates = sorted(ids)
        reading.todo.append(f"subject: the sentence names {', '.join(sorted(ids))}; pick one")
    elif not any(not m.entity for m in others):
        _earlier_subject(catalogue, place, mentions, reading, number)
    else:
        reading.candidates = sorted({c for m in others for c in m.candidates})
        beside = sorted({m.entity for m in others if m.entity} - {reading.baseline, *reading.candidates})
        if reading.candidates and beside:       # "比 GB200 和 B200 GPU 多 ...,但提供了相同的8TB/s"
            reading.candidates += beside
            reading.todo.append(f"subject: the sentence also names {', '.join(beside)}")
    _unknown_products(catalogue, place, mentions, reading)     # every name covers its words
    return reading


DASH_CLOSE = re.compile(" — ")


def _bracketed_apart(view: str, sentence: Span, mention: Mention, number: Number) -> bool:
    """"提高到了128GB(MTIA v1 為 64GB)": a name in brackets with a figure of its own owns only the
    figures inside them ("MTIA(MTIA v1)采用7nm": a name in brackets alone names the subject); so
    does a name between two em dashes ("900 GB/s — nearly double the A100's 600 GB/s — and 80 GB")."""
    opened = max(view.rfind(mark, sentence.start, mention.start) for mark in "(（")
    closed = re.compile(r"[)）]").search(view, mention.end, sentence.end)
    dash = view.rfind(" — ", sentence.start, mention.start)
    if dash >= 0 and "—" not in view[dash + 3:mention.start]:
        opened, closed = max(opened, dash), DASH_CLOSE.search(view, mention.end, sentence.end) or closed
    if opened < 0 or closed is None or re.search(r"[)）]", view[opened:mention.start]):
        return False
    # a figure, not another name's digits ("Hopper架构(H100/H200)" lists two names, no figure)
    around = view[opened:mention.start] + " " + view[mention.end:closed.start()]
    own_figure = re.search(r"(?<![A-Za-z\d.])\d", around)
    return bool(own_figure) and not opened < number.start < closed.start()


def _listed_with(view: str, named: list[Mention], ids: set) -> list[str]:
    """The ids of a list ("H100、H200", "A and B", "A, B, and C") that holds the one subject id,
    else []; commas join names only in a list whose last two a word joins."""
    found: list[list[Mention]] = []
    chain, joined = named[:1], False
    for left, right in zip(named, named[1:]):
        gap = LIST_GAP.fullmatch(view, left.end, right.start) if right.start - left.end < 12 else None
        if gap and (gap.group(2) or gap.group(1) and not joined):     # "A and B, C": the list ended
            chain, joined = chain + [right], bool(gap.group(2))
        else:
            found, chain, joined = found + ([chain] if joined else []), [right], False
    lists = [{m.entity for m in c} for c in found + ([chain] if joined else [])]
    return next((sorted(c) for c in lists if len(c) > 1 and c & ids), [])


LIST_GAP = re.compile(r"\s*(,)?\s*(、|和|與|与|及|and|&|/)?\s*")


def unmatched_question(mention: Mention) -> str:
    if mention.candidates:
        return (f"{mention.text!r} may mean {', '.join(mention.candidates)} (a family or shared "
                "name); name one")
    return (f"{mention.text!r} is not one entity of the specs; add it (or an alias) with "
            "`extend:` or a new entity, then name it here")


RESTATED = re.compile(r"(?:也就|就|即|亦即)是\s*$")
RATIO_BEFORE = re.compile(r"[—–(,]\s*\d+(?:\.\d+)?\s?[x×]\s+(?:the\s+)?$")
RATIO_THE_BEFORE = re.compile(r"\s\d+(?:\.\d+)?\s?(?:[x×]|times)\s+the\s+$")   # "is roughly 2.4x the H100's"


def _is_baseline(view: str, mention: Mention, number: Number) -> bool:
    lex = lexicon()
    before = this_sentence(view[max(0, mention.start - 40):mention.start])   # "A vs B fit. C ..."
    after = view[mention.end:mention.end + 6]
    marker = alternation(lex.words("baseline_before"))
    # "与主要竞品相比，英伟达 H100 ...": a comparison word closed by a comma marks no name after it
    if re.search(rf"(?:{marker})(?![,，])\s*(?:its |the |their |[A-Z][A-Za-z]+'s |[\u4e00-\u9fff]{{0,3}})?"
                 r"(?:[\w.-]+(?:,\d+)* ){0,2}$", before, re.IGNORECASE):   # "than Google's last-gen Trillium"
        # "是 Trainium2 的 4 倍" compares; "也就是 A100 的显存大小是 80G" restates, no ratio in it
        said = RESTATED.search(before)      # not "H800 就是 H100 的特供版": a name before it is the subject
        restated = said and number.unit not in ("x", "%") and not re.search(
            r"[A-Za-z][\w-]*\d", re.split(r"[,，;；:：]", before[:said.start()])[-1])
        return not before.rstrip().endswith("是") or (after.lstrip().startswith("的") and not restated)
    if re.match(r"\s*(?:相比|相較|相较|比較)", after) or RATIO_BEFORE.search(before) and not re.match(
            r"\s*(?:GPUs|chips|accelerators)\b", view[mention.end:mention.end + 16]) or (  # "(8x MI300X GPUs"
            number.end <= mention.start and RATIO_THE_BEFORE.search(before)):   # not "2x the B300 at 15 PF"
        return True          # "50 PFLOPS of FP4 — 5x Blackwell — and 288 GB": the ratio's baseline
    if re.search(r"\bsame\b[^.;]*\bas (?:the |its |an? )?$", view[max(0, mention.start - 120):mention.start],
                 re.IGNORECASE):
        return True          # "the same 72-GPU domain as the GB200"
    if _times_the_of(view, mention, number):
        return True          # "4x the memory bandwidth of Trainium2"
    # "是 Trainium2 的 4 倍" compares; "Blackwell 的 8TB/s" is Blackwell's own figure
    return number.unit in ("x", "%") and bool(re.match(r"\s*的\s*$", view[mention.end:number.start]))


def _times_the_of(view: str, mention: Mention, number: Number) -> bool:
    """"4x the memory bandwidth of Trainium2": the name after "of" is what the ratio compares with."""
    between = view[number.end:mention.start] if mention.start >= number.end else ""
    # "2.5x the Ascend 910C", "double the WSE-2's 2.6 trillion": the name right after "the"
    return number.unit == "x" and bool(re.fullmatch(
        r"\s*the\b[^,.;()]{0,50}\bof\s+(?:the\s+|its\s+|[A-Z][A-Za-z]+'s\s+)?|\s*the\s+", between))


def _earlier_subject(catalogue: Catalogue, place: Place, mentions: list[Mention],
                     reading: Reading, number: Number) -> None:
    """No name in the sentence: an anaphor ("it", "該晶片") of the topic's kind decides; else
    the topic is assumed (one id) or its ids are candidates, each with a todo."""
    topic = (place.topics.before(place.sentence.start) if place.topics is not None
             else topic_ids(mentions, place.paragraphs, place.sentence.start))
    sentence = place.view[place.sentence.start:place.sentence.end]
    kind = anaphor(sentence, number.start - place.sentence.start)
    lead = place.topics.leads.get(place.paragraph.start) if place.topics is not None else None
    # a field or a row under a heading naming one product ("### H200" over "**Memory:** ...") is its
    section = place.topics.sections.get(place.paragraph.start) or place.topics.prose_sections.get(
        place.paragraph.start) if place.topics is not None else None
    topic = [section] if section and not kind and section in topic else topic
    pair = place.topics.recent(place.sentence.start) if place.topics is not None and one_of_a_pair(
        sentence, number.start - place.sentence.start) else []
    if pair[1:]:
        reading.candidates = pair    # "The first is aimed at 8-GPU servers" after the MI350X and MI355X
        reading.todo.append("subject: the sentence refers to one of those named before it; pick one of "
                            + ", ".join(pair))
        return
    if lead and not kind:
        reading.subject, reading.referred = lead, True     # "- TDP power of 500 watts." under its lead
        return
    if kind and kind != "any" and all(topic):
        # "These instances feature ...": the one topic id of the anaphor's kind
        own = [t for t in topic if t in catalogue.entities and catalogue.entities[t].kind == kind]
        topic = own if len(own) == 1 else topic
    sole = place.topics.sentence_lead(place.view, place.sentence.start, place.paragraph.start) \
        if place.topics is not None and not kind and number.unit and names_no_one(place, mentions) else None
    if sole or not kind and len(topic) == 1 and topic[0] \
            and _sole_name_of_paragraph(place, mentions, topic[0], number):
        reading.subject, reading.referred = sole or topic[0], True     # the paragraph is about it alone
        return
    if kind and len(topic) == 1 and topic[0]:
        referred = related(catalogue, topic[0], kind)
        if referred == topic:
            reading.subject, reading.referred = topic[0], True
            return
        reading.candidates = sorted({*referred, topic[0]})
    elif topic:
        reading.candidates, reading.from_topic = [t for t in topic if t], True
        reading.topic_known = not kind and all(topic) and not unknown_before(place, mentions)
    if len(topic) == 1 and topic[0] and not reading.candidates[1:]:
        reading.subject = topic[0]
        recent = place.topics.recent(place.sentence.start) if place.topics is not None else []
        also = [i for i in recent if i != topic[0]][:4]
        # a pod named earlier brings its chip into the question, a chip its pod, and an amount's
        # assumed topic its own ("192GB per chip" after the Ironwood pod); so does a ratio's topic
        # of another kind than its baseline ("six times more than Trillium" after a pod). A count
        # is left to the count rules (a chip's count is its system's, asked or decided there).
        kinds = {catalogue.entities[i].kind for i in (topic[0], reading.baseline) if i in catalogue.entities}
        its_kin = number.unit not in ("", "x", "%") or (
            number.unit != "" and bool(reading.baseline) and len(kinds) == 2)
        kin_of = topic[:1] + also if its_kin else also
        also += [k for i in kin_of for k in (*catalogue.members_of(i), *catalogue.containers_of_any(i))
                 if k != topic[0] and k not in also and k in catalogue.entities][:3]
        reading.todo.append(f"subject: not named in this sentence; {topic[0]} (named earlier) "
                            "assumed: confirm or change" + (f" (the text also names {', '.join(also)})"
                                                            if also else ""))
    elif reading.candidates:
        reading.todo.append("subject: not named in this sentence; the text before it names "
                            f"{', '.join(reading.candidates)}; pick one")
    else:
        reading.todo.append("subject: the sentence names no entity of the specs; "
                            "find one with `claimaudit entities`")


def _sole_name_of_paragraph(place: Place, mentions: list[Mention], entity: str, number: Number) -> bool:
    """Whether the sentence's own paragraph named `entity` before it, as a subject (not a
    baseline, not a thing counted), and nothing else (no other entity, family or name the
    specs lack): "Trainium2 ... 96GB of HBM3 using four stacks" continues its one subject."""
    before = [m for m in mentions if place.paragraph.start <= m.start < place.sentence.start]
    if any(_is_baseline(place.view, m, number) or _is_counted(place.view, m) for m in before):
        return False
    unknown = unknown_product(place.text, place.paragraph.start, place.sentence.start, spans(before))
    return bool(before) and all(m.entity == entity for m in before) and unknown is None


def _unknown_products(catalogue: Catalogue, place: Place, mentions, reading: Reading) -> None:
    name = unknown_product(place.text, place.sentence.start, place.sentence.end, spans(mentions))
    if name:
        reading.todo.append(f"subject: {name} is not in the specs; add it with "
                            "aliases (a spec file with `extend:` or a new entity)")


def open_subject(todo: str) -> bool:
    """A subject todo that asks to pick among ids the text gives (a rule may settle it)."""
    return todo.startswith("subject:") and any(
        words in todo for words in ("pick one", "assumed", "may mean", "names no entity"))
