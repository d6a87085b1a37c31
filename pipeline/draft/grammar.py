"""Number forms read by grammar, not by word lists (pipeline/draft/).

Every held-out round brought a form the lists lacked (`83.2 peak petaflops`, `two-thirds`,
`翻了一番`, `5TF/s`). These rules read the pattern the form belongs to, so a new member of
the pattern needs no new entry:

- an adjective between a number and a unit of an amount of hardware (`83.2 peak petaflops`,
  `3 usable terabytes`): any one lower-case word, not a function word;
- fractions: a number word and a denominator (`two-thirds`, `three fifths`, `one quarter`),
  Chinese X分之Y (Y of X parts; 百分之30 and 百分之一百五十 are percentages); a percentage
  whose sign the words give;
- Chinese doublings: 翻一番 / 翻了两番 (doubled N times: 2^N x), 翻了一倍 (2x), and 一倍
  after an increase verb or a comparative (頻寬增加一倍, 提升了一倍, 尺寸大一倍: grew by its own size, 2x);
- a digit fraction as a ratio where the words make it one: `是 B 的约 1/3`, `1/3 the power of`
  (a proper fraction, denominator 2 to 12; `1/3` alone may be a date or a score);
- English cardinals composed from their words (`twenty-four`, `three hundred`,
  `two million`, `a hundred thousand`), not only the single words of `english_numbers`.

The unit grammar (SI prefix x base spelling) lives with the unit patterns in lexicon.py.
"""

from __future__ import annotations

import re

from claimaudit.draft.forms import CHINESE_CHARS, Number, chinese_value, plain
from claimaudit.draft.lexicon import alternation, lexicon


def fractions(view: str) -> list[Number]:
    """`two-thirds`, `three fifths`, `one quarter`, 五分之二: shares as percentages."""
    numerators = {k: v for k, v in lexicon().data["english_numbers"].items() if 1 <= v <= 9}
    denominators = lexicon().data.get("fraction_denominators") or {}
    english = rf"({alternation(numerators)})[- ]({alternation(denominators)})(?![A-Za-z-])"
    out = []
    for m in re.finditer(english, view, re.IGNORECASE):
        top, bottom = numerators[m.group(1).lower()], denominators[m.group(2).lower()]
        plural = m.group(2).lower().endswith("s")
        if top < bottom and (top == 1) != plural:      # one third, two thirds; not "two third"
            out.append(_percent(m, round(100 * top / bottom, 4)))
    # bounded runs: an unbounded one backtracks over every start in 128,000 一 (quadratic)
    fraction = rf"([{CHINESE_CHARS}]{{1,12}})分之([{CHINESE_CHARS}]{{1,12}}|\d{{1,40}}(?:\.\d{{1,40}})?)"
    for m in re.finditer(fraction, view):
        bottom = chinese_value(m.group(1))
        top = float(m.group(2)) if m.group(2)[0].isdigit() else chinese_value(m.group(2))
        if bottom and top and (top < bottom or bottom == 100):     # 百分之一百五十: 150%
            out.append(_percent(m, round(100 * top / bottom, 4)))
    return out


def _percent(match: re.Match, value: float) -> Number:
    return Number(match.start(), match.end(), value, plain(value), "%", word=True)


def doublings(view: str) -> list[Number]:
    """翻一番 / 翻了两番: doubled N times (2^N x); 翻了一倍, 增加一倍: doubled."""
    out = []
    for m in re.finditer(rf"翻了?([{CHINESE_CHARS}]{{1,12}})(番|倍)", view):
        times = chinese_value(m.group(1))
        if times and (m.group(2) == "番" or times == 1):
            value = 2.0 ** times
            out.append(Number(m.start(), m.end(), value, plain(value), "x", word=True,
                              ratio_word=True))
    verbs = alternation(lexicon().words("increase_by_verbs") + lexicon().words("increase_by_adjectives"),
                        bounded=False)
    for m in re.finditer(rf"(?:{verbs})了?\s?一倍", view):     # the verb in the span: 一倍 alone is 1x
        out.append(Number(m.start(), m.end(), 2.0, "2", "x", word=True, ratio_word=True))
    return out


DIGIT_FRACTION = re.compile(r"(?<![\d/])(?<!\d[.,])([1-9]|1[01])\s?/\s?([2-9]|1[0-2])(?![\d/]|[.,]\d)")


def digit_fractions(view: str) -> list[Number]:
    """`是 Blackwell GPU 的约 1/3`, `1/3 the power of`: a proper digit fraction the words make a
    ratio (after 的 and an optional qualifier, or before "the ... of")."""
    out = []
    for m in DIGIT_FRACTION.finditer(view):
        top, bottom = int(m.group(1)), int(m.group(2))
        before = view[max(0, m.start() - 6):m.start()]
        after = view[m.end():m.end() + 6]
        if top < bottom and (re.search(r"的\s?(?:約|约|大約|大约|僅|仅|只有)?\s?$", before)
                             or re.match(r"\s(?:the|of the)\s", after)):
            value = top / bottom
            out.append(Number(m.start(), m.end(), value, f"{value:.10g}", "x", ratio_word=True))
    return out


def english_cardinals(view: str) -> list[tuple[int, int, float]]:
    """(start, end, value) of each run of English number words, composed: `twenty-four` 24,
    `three hundred` 300, `two million` 2e6, `a hundred thousand` 1e5. Words join by a space
    or a hyphen only (`two to four`, `one, two` are separate numbers). Words are looked up,
    not matched by one large case-blind pattern (whose compiling cost start-up time)."""
    words = _cardinal_words()
    out: list[tuple[int, int, float]] = []
    run: list[tuple[int, int, float]] = []
    joined = -1         # where an `and` after a scale ends (`one hundred and forty`: 140, round 297)
    for match in re.finditer(r"[A-Za-z]+", view):
        word, start = match.group().lower(), match.start()
        if word == "and" and run and run[-1][2] in (100.0, 1000.0) and view[run[-1][1]:start] == " " \
                and _joins(view, match.end(), words, run[-1][2]):
            joined = match.end()
            continue
        if word == "a" and run and run[-1][2] == 0.5 and view[run[-1][1]:start] == " ":
            run[-1] = (run[-1][0], match.end(), 0.5)      # half a million: the "a" joins the half
            continue
        if word == "half" and _next_word(view, match.end()) == "a" \
                and _next_word(view, match.end() + 2) in SCALE_WORDS - {"hundred"}:
            value = 0.5                     # half a million, half a billion
        elif word == "a" and _next_word(view, match.end()) in SCALE_WORDS:
            value = 1.0                     # a hundred, a million
        elif word in words:
            value = words[word]
        elif word in MULTIPLES and (MULTIPLE_OF.match(view, match.end()) or CORES.match(view, match.end())):
            value = MULTIPLES[word]         # `Dual Intel Xeon Platinum 8468 CPUs`, `quad Nvidia A100 GPUs`
        else:
            out += _runs(run)
            run = []
            continue
        if run and view[run[-1][1]:start] not in (" ", "-") and joined != start - 1:
            out += _runs(run)
            run = []
        run.append((start, match.end(), value))
    return out + _runs(run)


SCALE_WORDS = {"hundred", "thousand", "million", "billion", "trillion"}


# `dual` and `quad` count only before what they count, five words on at most: CPUs, processors, GPUs or
# dies (not `dual-die design`, `dual socket`, `dual channel`; held-out rounds 1-295: 18 readers marked,
# 10 not)
MULTIPLES = {"dual": 2, "quad": 4}
MULTIPLE_OF = re.compile(r"\s+(?!socket)(?:[\w®™+.\"-]+\s+){0,5}?(?i:CPUs|GPUs|processors|dies)\b")
CORES = re.compile(r"-core\b", re.IGNORECASE)       # `2 quad-core 2.4 GHz Opteron processors` (round 303)


def _cardinal_words() -> dict[str, float]:
    words = {k.lower(): float(v) for k, v in lexicon().data["english_numbers"].items() if " " not in k}
    words.update({k.lower(): 10.0 ** v for k, v in lexicon().data["english_scales"].items()})
    return words


def _joins(view: str, position: int, words: dict[str, float], scale: float) -> bool:
    """Whether the `and` ending at `position` joins the scale before it to the words after it: a number
    below a hundred (`and forty`, `two hundred and eight billion`, `one thousand and two hundred`), not
    before the same scale again (`one hundred and two hundred` is two numbers)."""
    following = _next_word(view, position)
    after = re.compile(r"(?:-[A-Za-z]+)? ([A-Za-z]+)").match(view, position + 1 + len(following))
    return words.get(following, 100.0) < 100 and (after is None or words.get(after.group(1).lower()) != scale)


def _next_word(view: str, position: int) -> str:
    match = re.compile(r" ([A-Za-z]+)").match(view, position)
    return match.group(1).lower() if match else ""


def _runs(run: list[tuple[int, int, float]]) -> list[tuple[int, int, float]]:
    """One number for a run that composes (`twenty-four`), else each word alone; a lone
    `a` is no number."""
    if not run:
        return []
    value = _compose([v for _, _, v in run])
    if value is not None:
        return [(run[0][0], run[-1][1], value)]
    return [piece for piece in run if piece[2] != 1.0 or len(run) == 1]


def _compose(values: list[float]) -> float | None:
    """20, 4 -> 24; 3, 100 -> 300; 2, 1e6 -> 2e6; 100, 1000 -> 1e5; 1, 2 -> None."""
    total, current = 0.0, 0.0
    for value in values:
        rest = current % 100
        if value == 100:
            current = (current or 1) * 100
        elif value >= 1000:
            total, current = total + (current or 1) * value, 0.0
        elif rest == 0 or (rest >= 20 and rest % 10 == 0 and value < 10):
            current += value                # three hundred, twenty-four
        else:
            return None
    return total + current
