"""A change "from X to Y" (pipeline/draft/, issue 19): whose each of its values is.

The old value X is what the new product no longer has: another product's figure when the
sentence's subject publishes the new value Y and one other id the text names publishes X
("capacity from 80GB to **141GB**" in a text about the H200 and the H100: the 80 GB is the
H100's); else asked. The new value Y is not the subject's when X is the subject's published
figure and Y is not (`change_new_value`).
"""

from __future__ import annotations

import re

from claimaudit.draft.claims import Reading, claimed_text, open_subject
from claimaudit.draft.entities import Catalogue
from claimaudit.draft.figure_match import amount, matching
from claimaudit.draft.forms import RANGE_LOW, Number
from claimaudit.draft.lexicon import alternation, lexicon
from claimaudit.draft.ratios import PREVIOUS, predecessor
from claimaudit.draft.text import Span

# "从288GB HBM3e提升至432GB", "增加到了4.8TB/s", "to **141GB**": the memory's name may stand
# between the value and the verb, Markdown's emphasis around the new value
OLD_THEN_NEW = re.compile(r"\s*(?:[A-Za-z][\w-]{0,7}\s*)?"
                          r"(?:增加|提升|提高|升級|升级|上升|降低|減少|减少|躍升|跃升)?了?\s*(?:至|到|to)了?\s*[*_]{0,2}(?:[~≈]\s?)?(?P<new>[\d０-９][\d.,]*)\s?(?P<unit>[A-Za-z/]*)")


def earlier_value(catalogue: Catalogue, view: str, number: Number, reading: Reading, named: set) -> None:
    """"from 1200W to 1400W", "192GB增加到288GB", "down from 38": the first number is the old
    value, which the sentence's subject no longer has: the one other id the text names that
    publishes it, when the subject publishes the new value and not the old; else asked."""
    if previous_generations(catalogue, view, number, reading):
        return
    after = view[number.end:number.end + 24]
    before = view[max(0, number.start - 16):number.start]
    change = OLD_THEN_NEW.match(after) if re.search(r"(?:從|从|from)\s*(?:[~≈]\s?)?$", before) else None
    if not (change or re.search(r"(?:up|down) from\s*(?:[~≈]\s?)?$", before)) or not reading.subject:
        return
    subject = reading.subject
    holders = _old_holders(catalogue, number, reading, named, change)
    if holders is None:
        return              # "H100的80GB HBM3升级到了141GB": the old value is the subject's own
    if len(holders) == 1:
        reading.subject = holders[0]
        reading.todo = [t for t in reading.todo if not open_subject(t)]
        return
    ask = f"{', '.join(holders)} (named in the text) publish it; pick one" if holders else "confirm or change"
    reading.todo.append(f"subject: {number.text} is the value before the change; {subject} (the "
                        f"sentence's subject) written: {ask}")
    reading.candidates = [subject, *holders] if holders else reading.candidates


# "达到 90W(上一代只有 25W)", "while the previous generation had 25 W": the predecessor's figure
PREVIOUS_OWNS = re.compile(r"(?:^|[(（,，;；。:：]\s*|\s)(?:而|but |while |and )?(?:the |its )?"
                           rf"(?:{PREVIOUS.pattern})(?:的|'s)?\s*"
                           r"(?:只有|仅有|僅有|为|為|是|有|had|has|was|were|came with|:|：)?\s*"
                           r"(?:约|約|about|only|just)?\s*$", re.IGNORECASE)


def previous_generations(catalogue: Catalogue, view: str, number: Number, reading: Reading) -> bool:
    """A figure whose clause says it is the previous generation's is the subject's predecessor's
    (ratios.predecessor: the name with its last digit one less), or asked when the specs hold
    none. True when the rule applied."""
    if number.unit in ("x", "%") or not reading.subject or reading.subject not in catalogue.entities:
        return False
    if not PREVIOUS_OWNS.search(view[max(0, number.start - 40):number.start]):
        return False
    earlier = predecessor(catalogue, reading.subject)
    if earlier:
        reading.subject = earlier
        reading.todo = [t for t in reading.todo if not open_subject(t)]
    else:
        reading.todo.append(f"subject: {number.text} {number.unit} is the previous generation's, not "
                            f"{reading.subject}'s; name it (find one with `claimaudit entities`)")
    return True


def _old_holders(catalogue: Catalogue, number: Number, reading: Reading, named: set,
                 change) -> list[str] | None:
    """None when the subject publishes the old value and not the new one (the old value is its
    own); else the other ids the text names that publish the old value, when the subject
    publishes the new value and not the old one ([] when the figures do not tell)."""
    metric, subject = reading.metric, reading.subject
    old = amount(claimed_text(number))
    new = amount(f"{change.group('new')} {change.group('unit') or number.unit}".strip()) if change else None
    if metric is None or number.unit in ("x", "%") or old is None or new is None:
        return []
    owns_old, owns_new = (bool(matching(catalogue, [subject], [metric], v)) for v in (old, new))
    if owns_old and not owns_new:
        return None
    if owns_old or not owns_new:
        return []
    others = sorted(i for i in named if i and i != subject)
    return sorted({i for i, _ in matching(catalogue, others, [metric], old)})


CHANGE_TO = re.compile(r"(?:從|从|from)\s*(?:[^的'\d]{0,12}\S{0,6}?(?:的|'s)\s*)?~?(?P<old>\d[\d.,]*)\s*"
                       r"(?P<unit>[^\d\s]{0,8}?)\s*(?:[A-Za-z][\w-]{0,7}\s*)?"   # "从H100的80GB HBM3升级到了"
                       r"(?:[(（](?P<owner>[^()（）]{1,24})[)）]\s*)?"   # "from 64 GB (Trainium2) to"
                       r"(?:增加|提升|提高|升級|升级|上升|降低|減少|减少)?了?\s*(?:至|到|to)了?\s*~?\s*[*_]{0,2}$")


def change_new_value(catalogue: Catalogue, view: str, number: Number, reading: Reading,
                     named: set) -> None:
    """"refresh of the A, lifting memory from 192 GB to 256 GB": when the old value is the
    subject's published figure and the new one is not, the new value is another product's
    (the one the text is about): asked among the text's other ids, those with that figure first.
    So is it when the old value's owner is written in brackets after it, whatever the figures."""
    found = CHANGE_TO.search(view[max(0, number.start - 40):number.start])
    if found is None or reading.subject is None or reading.metric is None or number.unit in ("x", "%"):
        return
    old = amount(f"{found.group('old')} {number.unit}".strip())
    new = amount(claimed_text(number))
    own = [reading.subject]
    # the old value's owner in brackets ("from 64 GB (Trainium2) to 144 GB") is not the new one's
    owner = found.group("owner")
    labelled = owner and reading.subject in {m.entity for m in catalogue.find(owner)}
    if old is None or new is None or not labelled and (not matching(catalogue, own, [reading.metric], old)
                                                       or matching(catalogue, own, [reading.metric], new)):
        return
    others = sorted(i for i in named if i and i != reading.subject)
    holders = sorted({i for i, _ in matching(catalogue, others, [reading.metric], new)})
    candidates = holders + [i for i in others if i not in holders][:6]
    subject = reading.subject
    reading.subject, reading.candidates = None, candidates
    reading.todo = [t for t in reading.todo if not open_subject(t)]
    reading.todo.append(f"subject: {number.text} {number.unit} is the value after a change from {subject}'s "
                        f"published {found.group('old')}; "
                        + (f"the text names {', '.join(candidates)}; pick one" if candidates
                           else "name the entity it belongs to (find one with `claimaudit entities`)"))


def share_wording(before: str, view: str, end: int) -> bool:
    """`降低至原來的50%`, `cut to 50%`: a share of the old value, not a change (but not a range's
    "by 24 to 35%", and "translates to 68% faster generation": a comparative after the figure
    makes it one); "50% of the increase is due to clock speed": a share of a change."""
    comparative = alternation(lexicon().words("times_more_after") + ["lower", "less", "slower", "fewer"])
    after = view[end:end + 40]
    if EITHER_WAY.search(before):
        return False        # "差距仅为 3%": a difference between two, not a share of one
    if SHARE_OF_CHANGE.match(after):
        return True
    to = re.search(r"(至|到|為|为|(?<!up )to)\s*(原來的|原来的|the )?\s*$", before)
    return not re.match(rf"\s*(?:{comparative})", after, re.IGNORECASE) and bool(to) \
        and not LOWER_END.search(before)


# "by 24 to 35%", "about 10 to 15% speedup": a range (not "from 40 to 60%", "cut H100 to 60%")
LOWER_END = re.compile(rf"(?<!from )(?<![\w.,]){RANGE_LOW}$")


SHARE_OF_CHANGE = re.compile(r"\s+of\s+(?:the|this|that|its)\s+(?:[a-z]+\s+)?"
                             r"(?:increase|gain|improvement|uplift|boost|speed-?up|difference)\b",
                             re.IGNORECASE)


# "the difference between A and B is only 3%", "差距仅为 5%", "相差 6%": a change of no direction
EITHER_WAY = re.compile(r"(?:\b(?:difference|gap|delta)\b(?:\s+between\s+[^,;.]{1,80}?)?"
                        r"\s+(?:is|was|of|are|were|being)|差距|相差|差异|差異|差別|差别)\s*(?:only|just|about|around|roughly|merely|~|仅|僅|只有|约|約|为|為|在|了)?"
                        r"\s*(?:仅|僅|约|約|为|為)?\s*$", re.IGNORECASE)


def either_way(reading: Reading, before: str) -> str:
    """'either' when the words before a percentage call it a difference between two ("the
    difference ... is only 3%"): which side is the higher they do not say, so `claimed` is
    written +N% and asked; else ''."""
    if not EITHER_WAY.search(before):
        return ""
    reading.todo.append("claimed: a difference says not which side is higher: +N% as written, or -N% "
                        "(the subject the lower one); pick one")
    return "either"


# `显存容量+50%`, `+约10%`, `memory −30%`: a sign written before the figure (not a range's dash,
# `30%-50%`, nor part of a name, `Gen5+50%`)
WRITTEN_SIGN = re.compile(r"(?<![A-Za-z0-9%.])([+＋−])\s?(?:约|約|~|about\s)?$")


def written_sign(before: str) -> str:
    """'increase' or 'decrease' when a sign stands right before a percentage, else ''."""
    sign = WRITTEN_SIGN.search(before[-12:])
    return "" if sign is None else ("decrease" if sign.group(1) == "−" else "increase")


def difference_baseline(view: str, clause: Span, number: Number, reading: Reading) -> None:
    """"僅增加 200 瓦", "200 W more": an amount that is an increase is a difference from
    something, not a figure of its own; the baseline is asked (among the text's ids when its
    clause names none)."""
    if number.unit in ("x", "%") or reading.metric in (None, "chips"):
        return
    lex = lexicon()
    before = view[max(clause.start, number.start - 20):number.start]
    after = view[number.end:number.end + 12]
    if not (re.search(rf"(?:{alternation(lex.words('difference_before'))})\s*$", before)
            or re.match(rf"\s*(?:{alternation(lex.words('difference_after'))})", after, re.IGNORECASE)):
        return
    reading.difference = True
    amount_text = f"{number.text} {number.unit}".rstrip()
    what = f"baseline: {amount_text} is an increase (a difference, not a figure of its own)"
    if reading.baseline:
        reading.todo.append(f"{what} over {reading.baseline}: write it as an expr or confirm")
        return
    others = [i for i in reading.nearby if i and i != reading.subject]
    reading.todo.append(f"{what} over something its clause does not name; "
                        + (f"the text names {', '.join(others)}; pick one" if others
                           else "name the entity it is compared with"))
