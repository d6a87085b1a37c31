"""Whose figure an amount is, read from the words right around it (pipeline/draft/, issue 19).

- A name in the possessive right before the amount owns it: "the B200 SXM's 192 GB",
  "MI300X's 192 GB", "Blackwell 的 8TB/s" (a family name: its candidates are asked).
- A name right before "at" and the amount owns it: "v5e at ~1.6 Tb/s and v5p at 4.8 Tb/s"; so
  does a name a space or a hyphen before a memory, as its part's ("A100 80G vs H100 80G").
- A name right after the amount and "on"/"for" owns it: "1.25 TF on B300 vs. 37 TF on B200"; so
  does a name right after it, the amount its adjective: "the prior-generation 7nm A100 GPU".
- An amount in parentheses right after a name is that name's: "英伟达GB200 NVL72(约140
  PetaFLOPS)", "the H100 (80 GB)".
- A clause led by a comparison word and a name owns its figure: "相较于上一代 H100 芯片只有800亿".
- Two amounts set against each other in a bracket are the two names before it, in order:
  "MI300X matches H200 in capacity (192 GB vs 141 GB)".
- An amount after another amount and "vs." is the other side of a comparison: in "288 GB vs.
  180 GB" the 180 GB is not the sentence subject's. The entity the sentence compares with
  owns it ("(14 vs 9.0 petaFLOPS) compared to B200"); when it names none, the draft asks.

- A vendor named as the doer of the amount's clause ("while Nvidia holds a slight edge in
  memory bandwidth (8.0 TB/s ...)") makes it that vendor's product, not the sentence subject
  of another vendor: the one id of that vendor the text names, else asked among them.

Ratios and shares are no amounts: "是H100算力的15%" compares (claims.py `_is_baseline`). The
words are the lexicon's `possessive_marks`, `owner_after_words` and `other_side_words`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from claimaudit.draft.context import strip_qualifier
from claimaudit.draft.entities import Mention
from claimaudit.draft.forms import Number
from claimaudit.draft.lexicon import alternation, lexicon


@dataclass(frozen=True)
class Owner:
    mention: Mention | None = None     # the name that owns the amount
    other_side: bool = False           # the amount is the compared-with side of "A vs. B"


@cache
def _patterns() -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    lex = lexicon()
    marks = alternation(lex.words("possessive_marks"), bounded=False)
    after = alternation(lex.words("owner_after_words"))
    other = alternation(lex.words("other_side_words"))
    # "B200 SXM's 192 GB": up to two capitalised words of the name, the mark, one adjective
    possessive = re.compile(rf"(?:[ -]?[A-Z][A-Za-z0-9]*){{0,2}}\s?(?:{marks})\s*(?:[a-z][a-z-]+\s+)?")
    owner_after = re.compile(rf"\s*(?:{after})\s+(?:the\s+|an?\s+)?(?:single\s+|each\s+)?", re.IGNORECASE)
    # another amount, at most three words of unit or noun, then "vs."
    # ("用7nm去對標4nm": a Han marker needs no space before it)
    other_side = re.compile(rf"\d[\d.,]*(?:\s?[^\s\d(),;]+){{0,3}}(?:\s+|(?<=[\u4e00-\u9fff]))"
                            rf"(?:{other})\s*$", re.IGNORECASE)
    return possessive, owner_after, other_side


# after the possessive's amount: its unit and noun, then "with" and the next amount
WITH_AFTER_POSSESSIVE = re.compile(r"\s?(?:'s|’s)\s*[\d.,]+\s?[A-Za-z/]+(?:\s[A-Za-z0-9]+){0,2}"
                                   r"\s*(?:\s(?:with|at)|@)\s*(?:up to\s+)?$")


def amount_owner(view: str, number: Number, mentions: list[Mention], clause_start: int) -> Owner | None:
    """The name that owns an amount by the grammar next to it, or the mark that it is the
    other side of a comparison; None when these words say nothing (or it is a ratio)."""
    if number.unit in ("x", "%"):
        return None
    pair = clause_start > 0 and view[clause_start - 1] in "(（" and PAIR_BRACKET.match(view, clause_start)
    paired = _bracket_pair(view, number, mentions, clause_start) if pair else None
    if paired is not None:
        return Owner(paired)
    possessive, owner_after, other_side = _patterns()
    holding = [m for m in mentions if m.start < number.start and number.end == m.end and m.entity]
    if holding and number.unit in NAME_MEMORY_UNITS and not _listed(view, holding[-1]):
        return Owner(holding[-1])   # "A100 80GB vs H100 80GB": a name that ends in its memory size owns it
    before = [m for m in mentions if m.end <= number.start]
    lead = [m for m in before if m.start >= clause_start]
    if lead and len({m.entity for m in lead}) == 1 and COMPARED_LEAD.fullmatch(
            view, clause_start, lead[0].start) and COMPARED_OWN.fullmatch(view, lead[-1].end, number.start):
        return Owner(lead[-1])      # "，相较于上一代 H100 芯片只有800亿个晶体管": the compared-with's own
    if before and (possessive.fullmatch(view, before[-1].end, number.start)
                   or NAME_AT.fullmatch(view, before[-1].end, number.start)
                   or number.unit in NAME_MEMORY_UNITS and view[before[-1].end:number.start] in (" ", "-")
                   and not _listed(view, before[-1])):
        return Owner(before[-1])
    # "an H100's 80 GB HBM3 with (at, @) 3.35 TB/s": the same name's ("replaces H100's 80 GB with
    # 141 GB": not)
    if before and WITH_AFTER_POSSESSIVE.match(view[before[-1].end:number.start]) and not re.search(
            r"replac|swap|upgrad", view[clause_start:before[-1].start], re.IGNORECASE):
        return Owner(before[-1])
    after = [m for m in mentions if m.start >= number.end]
    if after and NAME_IN_BRACKETS.fullmatch(view, number.end, after[0].start) and re.match(
            r"\s*[)）]", view[after[0].end:after[0].end + 3]):
        return Owner(after[0])      # "from 80 GBps (P100) to 450 GBps (H100)": the bracketed name's
    between = strip_qualifier(view[before[-1].end:number.start]) if before else ""
    if before and not pair and re.fullmatch(r"\s?[(（]\s*", between):
        return Owner(before[-1])
    if after and owner_after.fullmatch(view, number.end, after[0].start):
        return Owner(after[0])
    if after and PER_NAME.fullmatch(view, number.end, after[0].start) and not SYSTEM_NOUN.match(
            view, after[0].end):
        return Owner(after[0])      # "150 TFLOP/s/A100", "150 TFLOP/s per A100" (not "per H100 node")
    # "the prior-generation 7nm A100 GPU": an amount right before a name describes it (not in a row
    # of figures: "600 GB/s 400 W DGX A100")
    if after and after[0].start == number.end + 1 and view[number.end] == " " and number.unit \
            and not re.search(r"\d", view[max(0, number.start - 12):number.start]):
        return Owner(after[0])
    # "compared to the 180 petaflops of BF16 provided by Nvidia's GB200 NVL72": the compared-with's own
    if after and COMPARED_BEFORE.search(view, max(clause_start, number.start - 24), number.start) \
            and COMPARED_AFTER.fullmatch(view, number.end, after[0].start):
        return Owner(after[0])
    if other_side.search(view[max(clause_start, number.start - 48):number.start]):
        return Owner(other_side=True)
    return None


# "A100 80G vs H100 80G", "faster than the A100 40GB": a memory written right after a name, as its
# part's, is that name's (the review of round 292's `A100 80G`)
NAME_MEMORY_UNITS = frozenset({"GB", "TB", "GiB", "TiB"})


def _listed(view: str, mention: Mention) -> bool:
    """`B300/GB300 288 GB`, `H100、H200 141GB`: a name listed after another shares the figure."""
    return bool(LISTED_AFTER.search(view, max(0, mention.start - 6), mention.start))


LISTED_AFTER = re.compile(r"(?:[/、,，&+]|\band|\bor|和|与|與|或)\s*$")
PER_NAME = re.compile(r"\s?(?:/|per\s+(?:each\s+)?)")
SYSTEM_NOUN = re.compile(r"[\s-]*(?:nodes?|servers?|systems?|racks?|box(?:es)?|instances?|pods?|clusters?)\b",
                         re.IGNORECASE)


def unknown_owner(view: str, number: Number, mentions: list[Mention], sentence_start: int) -> str | None:
    """A name the specs lack that owns the amount: in the possessive ("低于 NVIDIA NVLink 6 的 3.6 TB/s"),
    or a model number a space or a hyphen before a memory, as its part's ("We replaced V100 32G")."""
    window = max(sentence_start, number.start - 24)
    owner = POSSESSOR.search(view, window, number.start)
    if owner and (not re.search(r"\d", owner.group(1)) or MEMORY_KIND.match(owner.group(1))):
        owner = None
    if owner is None and number.unit in NAME_MEMORY_UNITS:
        owner = SIZED_MODEL.search(view, window, number.start)
    if owner and not any(m.start <= owner.start(1) < m.end for m in mentions):
        return owner.group(1)
    return None


POSSESSOR = re.compile(r"([A-Z][A-Za-z0-9-]*(?: \d+)?)\s?(?:的|'s|’s)\s*$")
MEMORY_KIND = re.compile(r"(?:HBM|LPDDR|GDDR|DDR)\d", re.IGNORECASE)   # "H100 HBM3's 3.35 TB/s": the chip's
# a model number a space or a hyphen before a memory size: the size is part of its name (`A100 40G`)
SIZED_MODEL = re.compile(r"(?<![\w-])(?!(?:FP|BF|TF|INT)\d)([A-Z]{1,3}\d{2,4}[A-Za-z]{0,3})[ -]$")


# "compared to v5e at ~1.6 Tb/s over 4 ports and v5p at 4.8 Tb/s": a name right before "at" and the
# amount owns it (held-out round 193)
NAME_AT = re.compile(r"\s+at\s+(?:~\s?|≈\s?|about\s+|around\s+|roughly\s+|up to\s+)?")
NAME_IN_BRACKETS = re.compile(r"\s?[(（]\s*(?:[A-Z][A-Za-z]+\s)?")     # "(H100)", "(NVIDIA H100)"
COMPARED_BEFORE = re.compile(r"\b(?:compared (?:to|with)|versus|vs\.?)\s+(?:the\s+|an?\s+)?(?:~\s?)?$",
                             re.IGNORECASE)
COMPARED_AFTER = re.compile(r"(?:\s+of\s+[A-Za-z0-9-]+)?\s+(?:of|for|from|(?:provided|offered|delivered) by)"
                            r"\s+(?:the\s+)?(?:[A-Z][\w-]*['’]s\s+)?")


# a clause led by a comparison word and a name, then a figure with only "has"/"is" words between:
# the compared-with's own figure (not a difference: "相比H100高出 50GB" has a word of change)
COMPARED_LEAD = re.compile(r"\s*(?:相较于|相較於|相比于|相比於|相较|相較|比起|较之|較之)\s*"
                           r"(?:上一?代|前一?代|前代)?\s*")
COMPARED_OWN = re.compile(r"\s*(?:芯片|晶片|GPU|加速器)?\s*"
                          r"(?:只有|仅有|僅有|只|仅|僅|为|為|是|的|拥有|擁有|有)?\s*(?:约|約|大约|大約)?\s*")


# "(192 GB vs 141 GB)": a bracket of just two amounts set against each other
PAIR_BRACKET = re.compile(r"\s*(?:~\s?)?\d[\d.,]*\s?[^\s\d()（）]{0,12}\s+(?:vs\.?|versus)\s+"
                          r"(?:~\s?)?\d[\d.,]*\s?[^\s\d()（）]{0,12}\s*[)）]", re.IGNORECASE)


def _bracket_pair(view: str, number: Number, mentions: list[Mention], clause_start: int) -> Mention | None:
    """"MI300X matches H200 in capacity (192 GB vs 141 GB)": the two amounts set against each
    other in a bracket are the two names before it, in their order (the sentence must name
    exactly two ids and no unknown product; else the bracket is not the name's before it)."""
    names = [m for m in mentions if m.end < clause_start]
    ids = list(dict.fromkeys(m.entity for m in names))
    if len(ids) != 2 or None in ids or "" in ids:
        return None
    second = re.search(r"\b(?:vs\.?|versus)\s", view[clause_start:number.start], re.IGNORECASE)
    return next(m for m in names if m.entity == ids[1 if second else 0])


def take_other_side(reading, number: Number, named: list[str]) -> None:
    """The amount after "vs.": the compared-with entity's when the sentence names one
    (decided), else asked among the other ids the text names (never the subject's)."""
    subject = reading.subject
    reading.todo = [t for t in reading.todo if not t.startswith("subject:")]
    if reading.baseline:
        reading.subject, reading.baseline, reading.candidates = reading.baseline, None, []
        return
    others = [i for i in dict.fromkeys(named) if i and i != subject]
    reading.subject, reading.candidates, reading.from_topic = None, others, True
    whose = f", not {subject}'s" if subject else ""
    reading.todo.append(
        f"subject: {number.text} {number.unit} is the other side of a comparison (vs.){whose}; "
        + (f"the text names {', '.join(others)}; pick one" if others
           else "name the entity it belongs to (find one with `claimaudit entities`)"))


def vendor_owner(catalogue, view: str, sentence_start: int, number: Number, reading, named,
                 mentions) -> None:
    """The amount's clause names a vendor and no product, and the subject is another vendor's
    (or none): the vendor's one id the text names is the subject, else its ids are asked; when
    the text names none of them and the specs hold one chip of the vendor's ("a single Groq chip
    only has 230 MB of SRAM"), that chip is asked, and the figure may decide (settle.py)."""
    if number.unit in ("x", "%") or reading.subject not in (None, *catalogue.entities):
        return
    start = max(sentence_start, number.start - 120)
    clause = max((m.end() for m in re.finditer(r"[,;，；。]", view[start:number.start])), default=0) + start
    if any(clause <= m.start < number.start for m in mentions):
        return
    vendors = tuple(sorted({e.vendor for e in catalogue.entities.values() if e.vendor}))
    said = sorted({m.group() for m in _vendor_pattern(vendors).finditer(view, clause, number.start)},
                  key=str.lower)
    own = catalogue.entities[reading.subject].vendor if reading.subject else ""
    if len({v.lower() for v in said}) != 1 or said[0].lower() == own.lower():
        return
    theirs = sorted(i for i in named if i in catalogue.entities
                    and catalogue.entities[i].vendor.lower() == said[0].lower())
    chips = [] if theirs else [i for i, e in catalogue.entities.items()
                               if e.vendor.lower() == said[0].lower() and e.kind == "chip"]
    if reading.subject is None and (theirs or len(chips) != 1 or reading.candidates):
        return      # a subject left open by the words stays theirs to ask
    subject, reading.subject, reading.candidates = reading.subject, None, theirs
    if len(theirs) == 1:
        reading.subject, reading.candidates = theirs[0], []
        return
    doer = (f"{said[0]} is this figure's doer, not {subject}'s maker" if subject
            else f"the sentence names {said[0]}")
    if not theirs and len(chips) == 1:
        reading.candidates = chips
        reading.todo = [t for t in reading.todo if not t.startswith("subject: the sentence names no entity")]
        reading.todo.append(f"subject: {doer}; the specs hold one chip of theirs, {chips[0]}: pick one")
        return
    reading.todo.append(f"subject: {doer}; " + (
        f"the text names {', '.join(theirs)}; pick one" if theirs
        else "name its product (find one with `claimaudit entities`)"))


@cache
def _vendor_pattern(vendors: tuple[str, ...]) -> re.Pattern:
    """The specs' vendor names as whole words, compiled once per catalogue's set of vendors."""
    return re.compile(r"(?<![A-Za-z])(?:" + "|".join(map(re.escape, vendors)) + r")(?![A-Za-z])",
                      re.IGNORECASE)


# "the air-cooled PCI-E version still requires 350W": another form of the product named before
FORM_VERSION = re.compile(r"\b(PCI-?E|PCIe|SXM\d?|OAM|NVL\d*)\s+(?:version|variant|model|card|edition)\b",
                          re.IGNORECASE)


# "Available in SXM5 (80 GB HBM3) and PCIe (80 GB HBM2e, 2 TB/s) variants": the figure in a
# bracket right after the form's name
# "80 GB HBM3 (PCIe) or 96 GB HBM3 (SXM)": a form in brackets right after the amount (and a word
# naming what it measures) is the amount's (held-out round 198)
FORM_AFTER = re.compile(r"\s?(?:[A-Za-z][A-Za-z0-9]*\s)?[(（]\s*(PCI-?E|PCIe|SXM\d?|OAM|NVL\d*)\s*[)）]",
                        re.IGNORECASE)
FORM_BRACKET = re.compile(r"\b(PCI-?E|PCIe|SXM\d?|OAM|NVL\d*)\s*\((?=[^()]*$)", re.IGNORECASE)


def other_form(catalogue, view: str, clause_start: int, number: Number, reading) -> None:
    """A clause about another form factor of the subject ("the PCI-E version") than the one the
    subject's name says is asked, with the specs' entities of that form as candidates."""
    said = FORM_VERSION.search(view, clause_start, number.start) or FORM_BRACKET.search(
        view, max(0, number.start - 40), number.start) or FORM_AFTER.match(view, number.end)
    if said is None and reading.subject is not None and number.unit not in ("x", "%") and re.search(
            r"\b(?:a|an|its|the)\s+[a-z-]+\s+(?:variant|version)\b", view[clause_start:number.start]):
        forms = forms_of(catalogue, reading.subject)
        if forms:       # "a lower-power variant at 350W": one of the product's other forms, perhaps
            reading.todo.append(f"subject: the clause speaks of a variant of {reading.subject}: the specs "
                                f"hold {', '.join(forms)}; {reading.subject} written: confirm or change")
        return
    if said is None or reading.subject is None or number.unit in ("x", "%"):
        return
    form = re.sub(r"[^a-z0-9]", "", said.group(1).lower())
    name = catalogue.entities[reading.subject].name
    if re.sub(r"\d+$", "", form) in re.sub(r"[^a-z0-9]", "", name.lower()):
        return          # "SXM5" of an SXM part: its own form
    forms = forms_of(catalogue, reading.subject, form)
    others = f": the specs hold {', '.join(forms)}" if forms else ""
    form_words = said.group(0).strip().rstrip(" (")
    reading.todo.append(f"subject: the clause speaks of the {form_words} of {reading.subject}{others}; "
                        f"{reading.subject} written: confirm or change")


FORM_WORD = r"(?:PCI-?E|PCIe|SXM\d?|OAM|NVL\d*)"


def forms_of(catalogue, entity: str, form: str = "") -> list[str]:
    """The specs' other forms of an entity's product: the entities whose names go on from its name
    before the form word ("NVIDIA H100" of "NVIDIA H100 SXM (80 GB)") and name a form, or the
    `form` given (letters and digits: "pcie")."""
    stem = re.sub(rf"\s+{FORM_WORD}\b.*$", "", catalogue.entities[entity].name, flags=re.IGNORECASE)

    def of_the_form(name: str) -> bool:
        if form:
            return form in re.sub(r"[^a-z0-9]", "", name.lower())
        return re.search(rf"\b{FORM_WORD}\b", name, re.IGNORECASE) is not None
    return sorted(e.id for e in catalogue.entities.values()
                  if e.id != entity and e.name.startswith(stem + " ") and of_the_form(e.name))


def set_against(view: str, number: Number, reading, inside: list[Mention], sentence_start: int) -> None:
    """"It uses 384 Ascend 910C processors versus 72 GPUs in Nvidia's GB200 NVL72, delivering
    roughly 300 PFLOPS", "about 559 kW versus 145 kW for GB200 NVL72": a sentence subject the
    sentence names only on the compared-with side of "vs." (`inside`: the sentence's names) is
    asked for an amount no words give it: the figure may be the side the sentence sets it against.
    An amount in the name's own phrase ("versus the 80 GB HBM3e of H100 SXM5 with 3.35 TB/s") is
    the name's."""
    subject = reading.subject
    own = [m for m in inside if m.entity == subject]
    if not own or number.unit in ("x", "%") or any(t.startswith("subject:") for t in reading.todo):
        return
    between = view[own[-1].end:number.start] if own[-1].end <= number.start else None
    if between is not None and (not re.search(r"[,，;；]", between) or RELATIVE.match(between)):
        return          # "than Nvidia's GB200 NVL72, which employs 72 Blackwell GPUs": the name's own clause
    if all(_versus().search(view, max(sentence_start, m.start - 40), m.start)
           or COMPARED_NAME.search(view, max(sentence_start, m.start - 48), m.start) for m in own):
        reading.todo.append(f"subject: {subject} is named as what the sentence compares with (vs.); "
                            f"{number.text} {number.unit} may be the other side's: confirm or change")


RELATIVE = re.compile(r",?\s*(?:which|that|whose)\b")       # a relative clause of the name before it
# the words right before a name the sentence compares with: "delivers up to 3x the performance of the
# A100", "30% faster than the H100", "compared to Huawei's earlier Atlas 900 A3 SuperPoD"
COMPARED_NAME = re.compile(r"(?:\d\s?(?:[x×%]|times)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}(?:of|than|over)"
                           r"|\b(?:compared (?:to|with)|than|vs\.?|versus|over))\s+(?:the\s+|an?\s+)?"
                           r"(?:[A-Z][\w-]*['’]s\s+)?(?:(?:earlier|previous|prior|older|last-generation)\s+)?$",
                           re.IGNORECASE)


@cache
def _versus() -> re.Pattern:
    """"vs.", "versus", 對標: the words before a compared-with name (compiled once, not per figure)."""
    return re.compile(rf"(?:{alternation(lexicon().words('other_side_words'))})\s", re.IGNORECASE)


SLASHED = re.compile(r"\s?/\s?(?:[A-Z][A-Za-z]*\s)?")     # `B300 / AMD MI355X 1,400W`: a maker between


def slashed_pair(view: str, inside: list[Mention], glued: Mention, reading) -> bool:
    """"H100/H200 989 TFLOPS FP16", "B300 / AMD MI355X 1,400W": a name joined by a slash to the one
    right before a figure shares it; asked between the two (True), never given to the nearer one."""
    pair = [m.entity for m in inside if m.entity and m.entity != glued.entity
            and SLASHED.fullmatch(view, m.end, glued.start)]
    if pair:
        reading.candidates = [pair[-1], glued.entity]
        reading.todo.append(f"subject: the figure follows {pair[-1]}/{glued.entity} together; pick one")
    return bool(pair)


def named_beside(reading, place, mentions: list[Mention]) -> list[str]:
    """The ids a figure's sentence names when its own clause does not name its subject ("H100s ...
    than A100s - 2.0 vs 3.35TBps": the A100, whose figure the 2.0 is; held-out round 254); none
    when the clause names it ("昇腾950PR配备144GB内存": the text's own attribution, right or wrong)."""
    clause, sentence = place.clause, place.sentence
    if any(m.entity == reading.subject and clause.start <= m.start < clause.end for m in mentions):
        return []
    return sorted({m.entity for m in mentions if m.entity and sentence.start <= m.start < sentence.end})
