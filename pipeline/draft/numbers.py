"""Find the numbers in an article: digits, Chinese and English number words, ratio words,
with the unit written after them, and skip what is not a claim (pipeline/draft/).

`find_numbers(text)`: each `Number` keeps its span, value, the number as `claimed` writes it (written
precision kept: 100萬 -> 100e4, a million -> 1e6) and the canonical unit; a range's ends are bounds
(bounds.py). Decisions (README): a number glued to letters on its left (MI355X, GB300, NVL72, v7) is a
name; a number after a product word with no unit (NVLink 6, Llama 3.1) is a version; a model's parameter
count (Llama 3.1 405B) is part of the name; years, dates, ordinals (第七代), page counters (浏览量:93), list
numbers, prices, a workload's milliseconds, ratios of digits (16:4) and shapes (4x4x4) are skipped, unless
they lay out chips or cores (shapes.py); a bare number, no unit nor count noun near, is not drafted."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from functools import cache, lru_cache

from claimaudit.draft.bounds import joined, range_bounds, scaled
from claimaudit.draft.counts import gapped_kind, general_count, one_counted, stack_height, workload_count
from claimaudit.draft.forms import (
    AMOUNT_UNITS,
    ARABIC,
    CHINESE,
    CHINESE_CHARS,
    GLUED,
    LARGEST,
    SEVERAL,
    Number,
    after_name,
    below_least,
    chinese_value,
    name_after_count,
    per_unit,
    plain,
    read_unit,
    unit_at,
)
from claimaudit.draft.glued_counts import glued_kind
from claimaudit.draft.grammar import digit_fractions, doublings, english_cardinals, fractions
from claimaudit.draft.lexicon import alternation, lexicon
from claimaudit.draft.multipliers import multipliers
from claimaudit.draft.named_counts import CARD_OF_A_MODEL, NAME_AS_NOUN, counted_names, singular_name
from claimaudit.draft.phrasing import (
    acronym_hyphen_name,
    date_or_ordinal,
    in_path,
    kinds_of_hardware,
    market_share,
    name_before_noun,
    name_glued,
    name_or_heading,
    not_hardware,
    of_a_schedule,
    operand,
    second_side,
    workload_time,
)
from claimaudit.draft.shapes import shapes
from claimaudit.draft.shorthand import (
    bare_prefix,
    cut_rate,
    han_bits,
    memory_prefix,
    names_listed,
    network_prefix,
    per_second,
    person_clause,
    scale_at,
    scale_power,
    unit_definition,
    vague_non_hardware,
    workload_setting,
)
from claimaudit.draft.text import digits_view, spaced_thousands


def find_numbers(text: str) -> list[Number]:
    """Every number in `text` that may be a claim, in order of position."""
    view = spaced_thousands(digits_view(text))
    found = (_arabic(view) + _chinese(view) + _english(view) + _ratio_words(view) + _several(view)
             + _parity(view) + _fractions(view) + shapes(view) + multipliers(view))
    found.sort(key=lambda n: (n.start, -(n.end - n.start)))
    kept, last_end = [], -1
    for number in found:
        if number.start >= last_end:
            kept.append(number)
            last_end = number.end
    kept = counted_names(view, _ranges(view, kept))
    drafted = []
    for number in kept:
        if not skipped(view, number) and math.isfinite(number.value) and abs(number.value) < LARGEST:
            drafted.append(number)
            if len(drafted) > CANDIDATE_LIMIT:      # article.MAX_DRAFTED is far below this
                break
    return range_bounds(view, drafted)


CANDIDATE_LIMIT = 5000


def _arabic(view: str) -> list[Number]:
    out = []
    for match in sorted([*ARABIC.finditer(view), *GLUED.finditer(view)], key=lambda m: m.start()):
        written = match.group(0)
        value = float(written.replace(",", ""))
        end, text = match.end(), written
        scale = scale_at(view, end)
        if scale:
            power = scale_power(scale.group(1)) or 3
            text = f"{written}e{power}"
            value *= 10 ** power
            end = scale.end()
        plus = view[end:end + 1] == "+" and not view[end + 1:end + 2].isdigit()   # 100+ GPUs
        number = _with_unit(view, match.start(), end + plus, value, text)
        if match.re is GLUED and not number.unit:
            continue            # `GB200`: a glued figure needs a unit after it
        if plus:
            number = replace(number, implied="at_least")
        rate = per_second(view, match.start(), number.end, number.unit) or cut_rate(view, number)
        prefix = None if number.unit else (bare_prefix(view, match.start(), end)   # 算力达到1P
                                           or network_prefix(view, match.start(), end, value)   # 800G NIC
                                           or memory_prefix(view, match.start(), end, value)    # 显存: 80G
                                           or han_bits(view, end))                       # 1024 位
        found = rate or prefix
        if found is not None:
            number = replace(number, unit=found[0], end=found[1])
        out.append(per_unit(view, number))
    return out


# an aside between a figure and its unit: "61.3 (vector) ... TFLOPS", "512 (8x64) GB" (round 298)
ASIDE = re.compile(r"\s?\((?:[A-Za-z]{3,10}|\d{1,3}\s?[x×]\s?\d{1,4})\)")


def _with_unit(view: str, start: int, end: int, value: float, text: str, word=False) -> Number:
    unit, unit_end = read_unit(view, end)
    if not unit and (aside := ASIDE.match(view, end)) and read_unit(view, aside.end())[0]:
        unit, unit_end = read_unit(view, aside.end())
    return Number(start, unit_end, value, text, unit, word=word)


# 成 after a numeral is tenths (三成 = 30%) unless it starts a word (成本, 成為, 成長)
TENTHS = re.compile(r"成(?![本為为功長长熟員员果績绩效品型立交像就份分])")


def _chinese(view: str) -> list[Number]:
    """Chinese numerals count only when a unit follows (四倍, 一百萬個, 兩倍, 三成)."""
    out = []
    for match in CHINESE.finditer(view):
        word, word_end = match.group(), match.end()
        if view.startswith(tuple(lexicon().words("numeral_names")), match.start()):
            continue        # 三星 (Samsung) counts nothing
        if word.endswith("兆") and unit_at(view, word_end - 1)[0]:
            word, word_end = word[:-1], word_end - 1         # 十兆瓦: 兆 is the unit's mega
        value = chinese_value(word) if word else None
        if value is None or value == 0:
            continue
        if value < 10 and TENTHS.match(view, word_end):          # 多三成: 30% more
            out.append(Number(match.start(), word_end + 1, value * 10, plain(value * 10), "%", word=True))
            continue
        unit, end = read_unit(view, word_end)
        number = Number(match.start(), end, value, plain(value), unit, word=True)
        if not unit and kinds_of_hardware(view, word_end):
            number = Number(match.start(), word_end + 1, value, plain(value), "", word=True, noun="other")
        if unit or _count_noun_at(view, word_end) or count_kind(view, number):
            out.append(number)
    return out


def _english(view: str) -> list[Number]:
    """`eight stacks`, `a million accelerators`, `five petaflops`: only with a unit or count noun."""
    words = lexicon().data["english_numbers"]
    out = []
    for start, word_end, value in english_cardinals(view):
        unit, end = read_unit(view, word_end)
        written = view[word_end:end].strip().lower()
        if unit == "x" and not re.fullmatch(r"times|[-\u2010\u2011]?fold", written):
            unit, end = "", word_end         # "one X" is not a ratio; "ten-fold" is
        number = Number(start, end, value, plain(value), unit, word=True)
        if unit or _count_noun_at(view, word_end) or count_kind(view, number) or \
                re.match(r"\s+to\s+(?:" + alternation(words) + ")", view[word_end:], re.IGNORECASE):
            out.append(number)
    return out


def _ratio_words(view: str) -> list[Number]:
    table = lexicon().data["ratio_words"]
    listed = [Number(m.start(), m.end(), (value := float(table.get(m.group().lower()) or table[m.group()])),
                     plain(value), "x", word=True, ratio_word=True)
              for m in re.finditer(alternation(table), view, re.IGNORECASE)]
    return doublings(view) + listed


def _parity(view: str) -> list[Number]:
    """`roughly on par with`: the ratio 1.0x, on_par (written 1.0 so the tolerance sets the region)."""
    words = lexicon().words("parity_words")
    return [Number(m.start(), m.end(), 1.0, "1.0", "x", implied="on_par", word=True, ratio_word=True)
            for m in re.finditer(alternation(words), view, re.IGNORECASE)]


def _fractions(view: str) -> list[Number]:
    """`a two-thirds gain`, 三分之一: a share in words, a percentage (its sign from the words);
    listed words, then the fraction grammar (grammar.py)."""
    table = lexicon().data["fraction_words"]
    return [Number(m.start(), m.end(), float(table[m.group().lower()]),
                   plain(float(table[m.group().lower()])), "%", word=True)
            for m in re.finditer(alternation(table), view, re.IGNORECASE)] + fractions(view) \
        + digit_fractions(view)


def _several(view: str) -> list[Number]:
    """數千 / thousands of: at least one of that scale. A bare "hundreds of" (no larger scale
    after it) says "many", no figure: "collective engines operate across hundreds of chips"."""
    scale = {"hundreds": 100, "thousands": 1000, "millions": 1e6, "hundreds of thousands": 1e5,
             "tens of thousands": 1e4, "hundreds of millions": 1e8, "tens of millions": 1e7}
    out = []
    for match in SEVERAL.finditer(view):
        value = chinese_value(match.group(1)) if match.group(1) else scale[match.group(2).lower()]
        if value is None or (match.group(2) or "").lower() == "hundreds":  # not a numeral; "many"
            continue
        unit, end = read_unit(view, match.end())
        out.append(Number(match.start(), max(end, match.end()), value, plain(value), unit,
                          implied="at_least", word=True))
    return out


@cache
def _count_noun_after(kind: str | None, through: bool = False) -> re.Pattern:
    """A count noun after a number (`144 of these chips`, `500,000 Trainium2 chips`, `72-GPU`, `Eight
    NVIDIA A100 SXM4 GPUs`: two words and a form factor, `8-way NVIDIA H100 GPU`; `8 B300s`), in
    quotes (four 'pods,') or after a generic classifier (9,216個晶片) and two Han characters; kind
    None: any. Through a preposition (`through`: "over 140 billion on this chip") the noun is what
    the count is of or on, not what it counts."""
    nouns = [w for k, words in lexicon().data["count_nouns"].items() if kind in (None, k) for w in words]
    generic = alternation(lexicon().words("generic_classifiers"), bounded=False)
    preposition = "" if through else r"(?!(?:on|in|inside|per|across|for)\s)"
    return re.compile(rf"(?:-way)?[\s-]?(?:of (?:these |the |its )?)?(?:{preposition}[A-Za-z0-9-]+\s){{0,2}}?"
                      r"(?:(?:SXM\d?|PCIe|OAM)\s)?['‘“\"]?"
                      rf"(?:(?:{generic})\s?(?:[\u4e00-\u9fff]{{1,2}}(?=芯片|晶片|GPU))?)?"
                      "(?:" + alternation(nouns) + (NAME_AS_NOUN if kind in (None, "chips") else "") + ")"
                      r"(?!\s+generations?\b)", re.IGNORECASE)      # `four MTIA chip generations`: of time


@cache
def _count_noun_before(kind: str) -> re.Pattern:
    """`number of chips from 64 to 144`, `Transistors: 4 trillion`, `晶体管数量超1400亿颗`."""
    words = alternation(lexicon().data["count_nouns"][kind])
    links = alternation(lexicon().words("count_noun_links"), bounded=False)
    return re.compile(rf"number of (?:\S+ )?(?:{words})(?: \S+){{0,3}}\s*$|"
                      rf"(?:{words})\s*(?:數量|数量)?(?:{links})\s*$", re.IGNORECASE)


def _count_noun_glued(view: str, number: Number) -> bool:
    """`8GPUs`: a count noun glued to the number (not `200GbE links`); `12H HBM3E`: a stack's height."""
    return glued_kind(view, number) is not None or stack_height(view, number)


def _count_noun_at(view: str, position: int) -> bool:
    return bool(_count_noun_after(None).match(view, position))


@lru_cache(maxsize=4096)
def count_kind(view: str, number: Number) -> str | None:
    """'chips', 'transistors' or 'other' (the groups of `count_nouns`) when a count noun
    follows the number (or precedes: number of chips); none for a workload's (32 个并发请求)."""
    if number.noun or workload_count(view, number):
        return number.noun or None
    if glued := glued_kind(view, number) or CARD_OF_A_MODEL.match(view, number.end) and "chips":
        return glued                # `8GPUs`, `(64Core)`, `EPYC 9654 96C`, `四张A100`
    # transistors first: 2,080億顆電晶體 counts transistors through a chip's classifier
    for kind in sorted(lexicon().data["count_nouns"], key=lambda k: k != "transistors"):
        if _count_noun_after(kind).match(view, number.end) or _count_noun_before(kind).search(
                view, max(0, number.start - 60), number.start):
            return kind
    if singular_name(view, number):
        return "chips"
    if _count_noun_after(None, through=True).match(view, number.end):
        return "other"
    gapped = None if number.unit else gapped_kind(view, number)    # "4,096 chips, TPU v5p up to 8,960"
    return gapped or ("other" if not number.unit and general_count(view, number) else None)


FORWARD = re.compile(rf"(?:{ASIDE.pattern})?" r"\s*(?:to|and|or|vs\.?|versus|-|–|~|/|→|->|"
                     r"[涨漲增升提降减減跌高低长長加少]{0,2}[到至]|±|\+/-)\s*(?:[~≈]\s?)?", re.IGNORECASE)
BACKWARD = re.compile(r"[^.;。；]{0,40}?\b(?:from|vs\.?|versus|compared (?:to|with)|to|than)\s*$"
                      r"|\s*(?:到|至)\s*$", re.IGNORECASE)
PRECISION_SLASH = re.compile(r"\s*\([A-Za-z]+\d*\)\s*/\s*")


def _ranges(view: str, numbers: list[Number]) -> list[Number]:
    """`363 and 1,452 petaFLOPS`, `64 to 144 chips`, `80 / 94 / 140 GB`: the first takes the
    second's unit (from the last on); `32 compute units, down from 38`, `from 4,096 FLOPS to
    8,192`: the second the first's."""
    out = list(numbers)
    for i in reversed(range(len(out) - 1)):
        first, second = out[i], out[i + 1]
        if _bare(view, first, second) and not _bare(view, second) and FORWARD.fullmatch(
                view, first.end, second.start) and not after_name(view[max(0, first.start - 24):first.start],
                                                                  first):    # "the RTX 4090 and 32 GB"
            out[i] = _inherit(view, first, second)
        elif _bare(view, second) and not _bare(view, first) and BACKWARD.fullmatch(
                view, first.end, second.start):
            out[i + 1] = _inherit(view, second, first)
        elif first.unit and not second.unit and not second.noun and PRECISION_SLASH.fullmatch(
                view, first.end, second.start):
            out[i + 1] = _inherit(view, second, first)      # "918 TFLOPS (BF16) / 1,836 (INT8)"
    return out


def _bare(view: str, number: Number, donor: Number | None = None) -> bool:
    """No unit and no count noun (in a range's join, `1,200-1,400 W`, a separator makes no count)."""
    kind = count_kind(view, number) if not number.unit and not number.noun else "unit"
    return kind is None or kind == "other" and "," in number.text and joined(view, number, donor)


def _inherit(view: str, bare: Number, donor: Number) -> Number:
    if donor.unit == "%" or (bare.word and not donor.word):
        return bare
    noun = "" if donor.unit else (donor.noun or count_kind(view, donor) or "")
    return scaled(view, Number(bare.start, bare.end, bare.value, bare.text, donor.unit, bare.implied,
                               bare.word, noun, bare.ratio_word), donor)


PER_DEVICE = re.compile(r"/(?:chip|GPU|card|device|accelerator|socket|package|node|server|[NTX]PU|"
                        r"(?-i:[A-Z]{1,3}\d{2,4}[A-Za-z]{0,3}))s?\b", re.IGNORECASE)     # `TFLOP/s/A100`


def skipped(view: str, number: Number) -> bool:
    """True when the number is a year, date, name, version, ordinal, list number or price."""
    lex, before = lexicon(), view[max(0, number.start - 24):number.start]
    after = view[number.end:number.end + 12]
    if number.unit == "" and number.end < len(view):
        tail = view[number.end]
        if tail.isascii() and tail.isalpha() and not _count_noun_glued(view, number) \
                and not (number.noun and view[number.end - 1] in "xX×*"):    # 8xH100 (counts.py)
            return True                      # 4K, 3D, 405B: part of a name
    checks = (
        date_or_ordinal(view, number, before, after),
        bool(re.search(r"(?:^|\n)\s*$", before)) and bool(re.match(r"[.)、]\s", view[number.end:])),
        # a price, or a percentage in brackets after one, its change (`$0.88 (-86 %)`: held-out round 307)
        bool(re.search("(?:" + alternation(lex.words("currency"), bounded=False) + r")\s?"
                       + (r"(?:\d[\d.,]*\s?[(（]\s?[-+−]?\s?)?$" if number.unit == "%" else "$"), before)),
        bool(re.match(r"(?:[-–~]\d+[万亿億]?)?\s?(?:美元|美金|dollars|USD|元(?![件素器]))", after)),  # 2-3亿
        # 16:4, 4x4: a ratio of digits or a shape; FP8:989 TFLOPS, H100:80GB: a name, a colon, a figure
        operand(view, number, before),
        number.unit == "" and after_name(before, number) and not count_kind(view, number),
        name_or_heading(view, number, before),     # PCIe Gen 5 x16, CDNA™ 3, `## 3 GH200`, double precision
        number.unit == "" and count_kind(view, number) is None,
        number.unit == "" and "." in number.text and "e" not in number.text,  # PCIe 6.0 lanes
        below_least(number),        # 8-bit, 64-bit: a format, not a bus; 3,000 MB/s: a drive's
        number.word and number.value == 1 and number.unit not in AMOUNT_UNITS | {"x"}    # "one petaflop"
        and not _coordinated_count(view, number) and not one_counted(view, number),
        number.ratio_word and (bool(re.match(r"\s+(?:of\s+)?(?:the\s+)?(?:year|20\d\d|decade)|\s+down\b|"
                                             r" a (?:[mbtr]+illion|thousand)", after))  # doubles down, half a
                               or of_a_schedule(view, number)
                               or bool(re.search(r"(?:first|second|latter|back|other)[\s-]$", before))
                               or before[-1:] + after[:1] == "()"),      # "FP64 (double)": a precision's name
        not_hardware(view, number),
        # double-wide, triple fan; but "the doubled-bandwidth NVLink-C2C" doubles the bandwidth
        number.ratio_word and bool(re.match(r"-[A-Za-z]|\s(?:fans?|slots?)\b", after)) and not re.match(
            "-(?:" + alternation(lex.words("ratio_hyphen_nouns")) + ")", after, re.IGNORECASE),
        bool(number.unit) and bool(re.match(r"/[A-Za-z\u00b2]", after)) and not PER_DEVICE.match(after),
        # 24GB/mm²: a density; "1024 TFLOPS/chip", "128GB/GPU": an amount per device is an amount
        second_side(view, number),
        number.unit == "" and bool(re.match(r"[\u4e00-\u9fff]?[級级]|-[QK]\b", after)),  # 万卡级, 10-Q
        _small_chinese_count(view, number),
        name_before_noun(view, number),
        vague_non_hardware(view, number),
        person_clause(view, number), unit_definition(view, number), workload_setting(view, number),
        market_share(view, number),
        name_glued(view, number), acronym_hyphen_name(view, number), name_after_count(view, number),
        in_path(view, number), workload_time(view, number),
    )
    return any(checks)


def _coordinated_count(view: str, number: Number) -> bool:
    """`兩顆 GPU 和一個 Grace CPU`, `two GPUs and one CPU`: one, joined to another count and
    followed by a hardware noun, is a count, not an article."""
    before = view[max(0, number.start - 6):number.start]
    joined = re.search(r"(?:和|與|与|及|以及|加上|\band|\bplus)\s*$", before, re.IGNORECASE)
    after = view[number.end:number.end + 24]
    nouns = alternation(lexicon().words("hardware_nouns"))
    return bool(joined) and not re.match(r"\s+of\b", after) and bool(re.search(nouns, after, re.IGNORECASE))


def _small_chinese_count(view: str, number: Number) -> bool:
    """三个维度 is not a hardware count; 四個 GPU, 兩顆 Rubin GPU and 三个系列: A 1、A 2 are."""
    if not (number.word and not number.unit and number.value < 10 and
            re.match(rf"[{CHINESE_CHARS}]", view[number.start])):
        return False
    nouns = alternation(lexicon().words("hardware_nouns"))
    # the noun may follow a maker's name (兩個英特爾Xeon中央處理器): read to the clause's end
    after = re.split(r"[,，。;；、:：]", view[number.end:number.end + 20])[0]
    # a hardware noun, a count noun or a Latin name (兩個 Die, 四個 GPU) makes it a hardware count
    return not re.search(nouns, after, re.IGNORECASE) and not _count_noun_after("chips").match(
        view, number.end) \
        and not re.match(rf"\s?[{CHINESE_CHARS}]?[\u4e00-\u9fff]?\s?(?:[A-Za-z]{{2,}}|[A-Z]\d\d)", after) \
        and not _coordinated_count(view, number) and not names_listed(view, number)
