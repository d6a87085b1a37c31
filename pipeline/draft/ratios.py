"""Whose ratio it is when the sentence names neither side (pipeline/draft/, issue 19).

"That's a 33% increase in VRAM per accelerator", in an article about two products: the text
leaves the subject and the baseline open, and the drafter asks between the ids it names near
the number. When the metric is decided and exactly one ordered pair of those ids has published
figures whose ratio the written number reproduces (to the rounding of its digits), that pair
is the reading: the same evidence that settles a single figure's owner (settle.py) settles a
ratio's two sides. No pair, or more than one, leaves both asked. A ratio the words make a
decrease ("2.3 times less") is left asked (its sides are swapped later, in article.py). "The
previous generation" of a subject named with a last digit is the entity with that digit one less.
"""

from __future__ import annotations

import re
from itertools import permutations

from claimaudit.draft import context
from claimaudit.draft.claims import Reading, claimed_text, open_subject
from claimaudit.draft.entities import Catalogue
from claimaudit.draft.forms import Number

MAX_SIDES = 6           # the ids the baseline question lists (article._shape)


def claimed_ratio(number: Number, words: str) -> tuple[float, float] | None:
    """(ratio, tolerance): `2.72x` is 2.72 give or take 0.005; `33%` more is 1.33 +- 0.005."""
    digits = re.sub(r"[^\d.]", "", number.text)
    places = len(digits.split(".")[1]) if "." in digits else 0
    half = 0.5 * 10 ** -places
    if number.unit == "x" and context.direction(words) != "decrease":
        return number.value, max(half, 0.005 * number.value)
    if number.unit == "%":
        way = context.direction(words)
        if way:
            sign = 1 if way == "increase" else -1
            return 1 + sign * number.value / 100, max(half / 100, 0.005)
    return None


# "22 TB/s (2.75× HBM3e)": the ratio names its baseline, one the specs lack
NAMED_AFTER = re.compile(r"\s?[x×X倍]?\s*(?:than |vs\.? |over |of )?(?:the )?[A-Z][A-Za-z]*\d")


ROUGHLY = re.compile(r"nearly|almost|about|around|roughly|approximately|接近|將近|将近|近|約|约",
                     re.IGNORECASE)
PREVIOUS = re.compile(r"上一代|上代|前一代|前代|previous generation|prior generation|last generation|"
                      r"its predecessor|the predecessor", re.IGNORECASE)


def predecessor(catalogue: Catalogue, entity: str) -> str | None:
    """The entity whose name is this one's with its last digit one less ("AWS Trainium3" ->
    "AWS Trainium2", "Intel Gaudi 3" -> "Intel Gaudi 2"), when the specs hold exactly one."""
    name = re.sub(r"\s*\(.*$", "", catalogue.entities[entity].name)
    last = re.search(r"(\d)$", name)
    if last is None or last.group(1) == "0":
        return None
    wanted = name[:-1] + str(int(last.group(1)) - 1)
    found = [e.id for e in catalogue.entities.values() if re.sub(r"\s*\(.*$", "", e.name) == wanted]
    return found[0] if len(found) == 1 else None


def predecessors_figure(catalogue: Catalogue, view: str, number: Number, reading: Reading) -> None:
    """`doubles the FP16 hardware of its 7 nm predecessor`: an amount right before "predecessor" is
    the predecessor's, the subject's by name with its last digit one less, else asked (round 266);
    not "the 3 nm predecessor of Trainium4" nor "the 3 nm predecessor Trainium3", which name it. A
    subject that was itself asked leaves its predecessor asked too."""
    subject = reading.subject or ""
    if number.unit in ("", "x", "%") or not PREDECESSOR_AFTER.match(view, number.end) \
            or subject not in catalogue.entities:
        return
    earlier = predecessor(catalogue, subject)
    asked = any(t.startswith("subject:") for t in reading.todo)
    reading.subject = earlier
    reading.todo = [t for t in reading.todo if not t.startswith("subject:")]
    figure = claimed_text(number)
    if earlier is None:
        reading.todo.insert(0, f"subject: {figure} is its predecessor's, which the specs do not hold by "
                               "name: name it")
    elif asked:
        reading.todo.insert(0, f"subject: {figure} is its predecessor's; {earlier} written, the predecessor "
                               f"of {subject}, itself asked: confirm or change")


# "its 7 nm predecessor" (not "the predecessor of X", "the predecessor Trainium3": a name follows)
PREDECESSOR_AFTER = re.compile(r"\s+(?i:predecessor|forerunner)s?\b(?!\s+(?:of|to)\b|\s*[,(]?\s*[A-Z])")


def ratio_by_figures(catalogue: Catalogue, view: str, number: Number, reading: Reading, words: str,
                     clause=None, text_ids: tuple = ()) -> None:
    """Settle an open subject and/or baseline of a ratio by the one pair of named ids whose
    published figures reproduce it; `words` is the words around the number. With a subject and
    no other id in the sentence or just before it ("TL;DR: H200 offers 76% more memory"), the
    ids the rest of the text names (`text_ids`, in order) are the baselines tried."""
    metric_by_ratio(catalogue, number, reading, words)
    subject = reading.subject or ""
    said = PREVIOUS.search(view, clause.start, clause.end) if clause is not None else PREVIOUS.search(words)
    if subject in catalogue.entities and not reading.baseline and said and (
            earlier := predecessor(catalogue, subject)):
        reading.baseline = earlier          # "较上一代直接暴涨 4.4 倍": the subject's predecessor
        reading.todo = [t for t in reading.todo if not t.startswith("baseline:")]
    rough = number.ratio_word and ROUGHLY.search(view, max(0, number.start - 12), number.end)
    if reading.metric is None or (reading.subject and reading.baseline) or number.implied or rough:
        return          # ("nearly doubling": a ratio word said roughly is too coarse to pick a pair by)
    if reading.baseline is None and NAMED_AFTER.match(view, number.end):
        return
    if any(t.startswith("metric:") for t in reading.todo):
        return
    wanted = claimed_ratio(number, words)
    if wanted is None:
        return
    ratio, tolerance = wanted
    named = [i for i in dict.fromkeys([*reading.nearby, *reading.candidates]) if i][:MAX_SIDES]
    if reading.subject and not reading.baseline and not [i for i in named if i != reading.subject]:
        named = list(text_ids[:MAX_SIDES])
    sides = [i for i in dict.fromkeys([*([reading.subject] if reading.subject else []),
                                       *([reading.baseline] if reading.baseline else []), *named])]
    # two products compared: any of each one's published figures (a figure a vendor revised may be
    # the one the text used); more ids: only their one current figure, or a coincidence is too likely
    every = {i: [f for f in catalogue.figures.get((i, reading.metric), ()) if f] for i in sides}
    figures = every if len(sides) <= 2 else {i: f if _one_figure(f) else [] for i, f in every.items()}

    def fitting(figures: dict) -> list[tuple[str, str]]:
        return [(s, b) for s, b in permutations(sides, 2)
                if (reading.subject in (None, s)) and (reading.baseline in (None, b))
                and any(abs(fs / fb - ratio) <= tolerance for fs in figures[s] for fb in figures[b])]
    pairs = fitting(figures)
    # an id left out for its several figures may fit too ("double the memory of H100": the H200's
    # 141 GB as well as the GH200's 144 GB): then no pair is the one
    if len(pairs) != 1 or len(fitting(every)) > 1:
        return
    reading.subject, reading.baseline = pairs[0]
    also = "subject: the text around it also names"
    reading.todo = [t for t in reading.todo if not (open_subject(t) or t.startswith(("baseline:", also)))]
    reading.candidates = []


def _one_figure(values: list[float]) -> bool:
    """One published figure, though it may be held twice: "32 GiB" is listed with the "32 GB" an
    article writes for it (entities._add_figures), and a figure two documents state is listed twice."""
    distinct = set(values)
    twins = {v for v in distinct for power, decimal in ((2 ** 30, 1e9), (2 ** 40, 1e12))
             if v / power * decimal != v and v / power * decimal in distinct}
    return len(distinct - twins) == 1


OPEN_METRIC = re.compile(r"metric: the text does not say (?:bandwidth|which bandwidth|which memory|what is "
                         r"compared|what is counted)")


def metric_by_ratio(catalogue: Catalogue, number: Number, reading: Reading, words: str) -> None:
    """"H200 has 43% more bandwidth than the H100": with both sides decided and the metric asked
    (which bandwidth, which memory, what is compared), the one candidate metric whose published
    figures of the two sides reproduce the ratio (to the rounding of its digits) is the reading.
    None, or more than one, leaves it asked; precision and density questions are not settled so
    (one generation's precisions scale alike, so a ratio tells them apart by coincidence only)."""
    asked = [t for t in reading.todo if OPEN_METRIC.match(t)]
    if not asked or number.ratio_word or not reading.subject or not reading.baseline or any(
            open_subject(t) or t.startswith("baseline:") for t in reading.todo):
        return
    wanted = claimed_ratio(number, words)
    if wanted is None:
        return
    ratio, tolerance = wanted[0], min(wanted[1], 0.03 * wanted[0])     # "2x" is not 1.58x here
    unit = catalogue.metrics.get(reading.metric or "")
    candidates = {m for m in catalogue.metrics if unit and catalogue.metrics[m] == unit}
    candidates |= {m for m in re.findall(r"[a-z0-9_]+", " ".join(asked)) if m in catalogue.metrics}
    fits = [m for m in sorted(candidates) if any(
        fb and abs(fs / fb - ratio) <= tolerance for fs in catalogue.figures.get((reading.subject, m), ())
        for fb in catalogue.figures.get((reading.baseline, m), ()))]
    if len(fits) == 1:
        reading.metric = fits[0]
        reading.todo = [t for t in reading.todo if t not in asked]
