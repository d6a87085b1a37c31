"""What every drafting rule shares: the `Number` found in a text, the number forms (digits,
Chinese numerals), the unit written after a number, and the names a number belongs to (`name_after_count`,
`after_name`: `RTX 6000`, `NVLink 6`) (pipeline/draft/).

The rules that find numbers (numbers.py, grammar.py, shorthand.py, counts.py) and those that
read the words around them (context.py, phrasing.py, claims.py) import this module; it
imports none of them.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import cache

from claimaudit.draft.lexicon import alternation, lexicon

# ... with an exponent in e-notation (`9.0e11`, `2.75e14`: a reference table's figures; not a
# formula's divisor, `/1e12`)
# (`826mm2,542亿`: after an area unit's 2 and a comma, a figure starts; so a figure of one or two digits
# after a name's last digit (`HBM3,80GB`; not `SXM1,128 GB`), any after a version's (`NVSwitch v3，256 GPU`):
# held-out round 257)
ARABIC = re.compile(r"(?<![A-Za-z0-9_.^])"
                    r"(?:(?<!\d,)|(?<=mm2,)|(?<=[A-Za-z]\d,)(?<!Gen\d,)(?!\d{3})|(?<=\b[vV]\d,))"
                    r"(?!(?<=[/×*])\d+(?:\.\d+)?[eE]\+?\d)"
                    r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:[eE]\+?\d{1,2}(?![\w.]))?(?![\d])")
# a figure glued to the unit or the precision label before it, in a table pasted without its
# cell borders (`FP3219.5 TFLOPS51 TFLOPS2.6x`, `2TB/s3.35TB/s`): kept only with a unit after it
GLUED_AFTER = ("FLOPS", "FLOPs", "Flops", "flops", "TOPS", "GB", "TB", "MB", "/s", "bps", "nm", "^2", "²",
               "W", "FP32", "FP64", "FP16", "FP8", "BF16", "INT8", "TF32",
               "VRAM", "TDP", "TGP", "BW")      # card labels: `VRAM80 GB`, `TDP400 W`, `Mem BW2,000 GB/s`
# ... or to a spec label in lower case before it (`Capacity128 GB`, `Transistors58.2B`)
LABEL_BEFORE = r"|(?<=[a-z]{3})(?<!float)"          # not `bfloat16 FLOPs` (a format's name)
GLUED = re.compile("(?:" + "|".join(f"(?<={re.escape(word)})" for word in GLUED_AFTER) + LABEL_BEFORE + ")"
                   r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\d])")
# the lines of cards whose names a count or a model number may follow (`four RTX A6000`, `RTX 6000 Pro`,
# `8 NVidia GeForce GTX 1080`: held-out rounds 309-311)
CARD_LINES = r"(?:GeForce|RTX|GTX|Tesla|Quadro|Radeon|Instinct|TITAN|Titan)"
# a card tier after its model number (`5070 Ti`, `4080 SUPER`, `7900 XTX`)
CARD_TIER = re.compile(r"\s?(?:Ti|SUPER|Super|XTX|XT|GRE)\b")
CHINESE_CHARS = "零〇○一二兩两三四五六七八九十百千萬万億亿兆"
# ... with a decimal mark between digits: 三．六倍 (3.6), 一點七萬瓩 (17,000 kW)
CHINESE = re.compile(rf"[{CHINESE_CHARS}]+(?:[．.點点][零〇○一二三四五六七八九]+[萬万億亿]*)?")
SEVERAL = re.compile(r"(?:數|数|幾|几)([十百千萬万億亿]+)"
                     r"|\b((?:hundreds|tens) of (?:thousands|millions)|thousands|millions|hundreds) of\b")


@dataclass(frozen=True)
class Number:
    """A number found in the text, with its unit (`''` for a count, `x` for a ratio)."""

    start: int
    end: int            # end of the number and its unit
    value: float        # in the written unit
    text: str           # the number as `claimed` writes it
    unit: str           # canonical unit ('' count, 'x' ratio, '%' percent)
    implied: str = ""   # 'at_least' for 數千 / thousands of
    word: bool = False  # a ratio word (twice, 翻倍) or number word carried it
    noun: str = ""      # count kind taken from a neighbour ("32 compute units, down from 38")
    ratio_word: bool = False  # the word itself is the ratio (twice, quadruples, 減半)


# a range's lower end ("24–", "24% to"; up to three digits, not a year: "by 2026 to 60%"), and
# "by" or "by" and a range's lower end ("outperforms V100 by 24–35%")
RANGE_LOW = r"\d{1,3}(?:\.\d+)?\s?(?:%|percent)?\s?(?:[-–—]|to)\s?"
BY_FIGURE = re.compile(rf"\bby\s*~?\s*(?:{RANGE_LOW})?$")
PRECISION = r"(?:FP\d+|NVFP4|MXFP\d|BF16|TF32|INT8|fp\d+|bf16|tf32|int8)"    # ("990 bf16 TFLOPs/s")
# one precision or a list of them (`2,563 FP8/FP16/BF16/TF32 sparse TFLOPS`)
PRECISION_BEFORE_UNIT = re.compile(rf"[ \u00a0]?{PRECISION}(?:/{PRECISION})*(?= ?[A-Za-z])")


def read_unit(view: str, position: int) -> tuple[str, int]:
    """The canonical unit written at `position` (after one optional space, or after a
    precision: `362 FP8 PFLOPs`), or ('', position)."""
    unit, end = _unit_before_figure(view, position)
    if unit:
        return unit, end
    unit, end = unit_at(view, position)
    between = PRECISION_BEFORE_UNIT.match(view, position) or _adjective_at(view, position)
    if not unit and between:
        unit, end = unit_at(view, between.end())
        if not unit:                                 # 2,563 FP8 sparse TFLOPS
            unit, end = unit_after_adjective(view, between.end())
        precision = None if unit else PRECISION_BEFORE_UNIT.match(view, between.end())
        if precision:                                # 1466 peak FP8 TFLOPS
            unit, end = unit_at(view, precision.end())
        return (unit, end) if unit not in ("", "x", "%") else ("", position)
    if not unit:
        return unit_after_adjective(view, position)  # 83.2 peak petaflops, 3 usable terabytes
    return unit, end


GLUED_UNIT = re.compile(r" ?(TFLOPS|PFLOPS|TFLOPs|PFLOPs|TeraFLOPS|TOPS|GB/sec|TB/sec|GB/s|TB/s|GB|TB|MB|nm|"
                        r"mm\^2|mm²|W|[TP]Flops|[tp]Flops|[GT]bps|[gt]bps)(?=\d)")


def _unit_before_figure(view: str, position: int) -> tuple[str, int]:
    """`19.5 TFLOPS51 TFLOPS`: a unit glued to the next cell's figure, which has a unit of its
    own (so `36 GB200 Superchips` stays a count)."""
    unit = GLUED_UNIT.match(view, position)
    following = GLUED.match(view, unit.end()) if unit else None
    if unit and following and (unit_at(view, following.end())[0]
                                   or _unit_before_figure(view, following.end())[0]):
        return spelled_unit(unit.group(1)), unit.end()
    return "", position


def _adjective_at(view: str, position: int):
    words = lexicon().words("unit_adjectives")
    return re.compile(r"[ \u00a0]?(?:" + alternation(words) + r")(?= )", re.IGNORECASE).match(view, position)


def unit_at(view: str, position: int) -> tuple[str, int]:
    lex = lexicon()
    match = lex.unit_pattern.match(view, position)
    if match:
        spelling = match.group().lstrip(" \u00a0-")
        if spelling in ("w", "kw") and (match.group() != spelling or view.startswith("/", match.end())):
            return "", position      # `450w`, `172.8kw`; not `8 w/ NVLink` (with)
        if spelling == "W" and match.group() != spelling and view[match.end():match.end() + 1].isupper():
            return "", position      # `the 2021 WSE-2`: a spaced letter that starts a name is no unit
        return lex.unit_of[spelling], match.end()
    match = lex.unit_pattern_i.match(view, position)
    unit = spelled_unit(match.group().lstrip(" \u00a0-")) if match else ""
    if match and unit:
        return unit, match.end()
    return glued_unit(view, position)                # 230MBSRAM


@cache
def spelled_unit(written: str) -> str:
    """The canonical unit of a spelling as written, else of one in another case (4 characters
    or more): `2.8tbps` is the spelling whose b (bit) or B (byte) is as written, Tbps (each
    spelling looked up once)."""
    lex = lexicon()
    if written in lex.unit_of:
        return lex.unit_of[written]
    known = [(k, unit) for k, unit in lex.unit_of.items() if len(k) >= 4 and k.lower() == written.lower()]
    same_b = [unit for k, unit in known if [c for c in k if c in "bB"] == [c for c in written if c in "bB"]]
    bits = re.fullmatch(r"[A-Za-z]b(?:ps|/s|it/s)", written)     # `Mbps`: bits, never MBps's other case
    return (same_b or ([] if bits else [unit for _, unit in known]) or [""])[0]


# Below these, a figure in the unit is no accelerator's: "8-bit" and "64-bit" are formats (a
# 5120-bit interface is a bus's width), 3,000 MB/s is a drive's (an H100's 3,065,453 MB/s
# measured in a STREAM table is its memory's).
WIDEST_WORD = 128
LEAST = {"bit": WIDEST_WORD, "MB/s": 10_000}


def below_least(number: Number) -> bool:
    return number.unit in LEAST and number.value < LEAST[number.unit]


# Units of an amount of hardware (compute, memory, bandwidth, power): a word between the
# number and one of these is an adjective of the amount, whatever the word.
AMOUNT_UNITS = {"FLOPS", "GFLOPS", "TFLOPS", "PFLOPS", "EFLOPS", "ZFLOPS", "YFLOPS", "TOPS", "POPS",
                "KB", "MB", "GB", "TB", "PB", "GiB", "TiB", "GB/s", "TB/s", "PB/s", "GiB/s", "TiB/s", "Mbps",
                "Gbps", "Tbps", "Pbps", "W", "kW", "MW", "GW"}
# a percentage over a name is an increase (`delivers 29% over NVIDIA Blackwell GPUs`: held-out round 308), not
# one over a span of time (`90% over the last month`): context.direction
OVER_A_NAME = r"%\s+over\s+(?:the\s+|its\s+)?(?-i:[A-Z])"
ADJECTIVE = re.compile(r" ([a-z][a-z-]{2,14})(?= )")


def unit_after_adjective(view: str, position: int) -> tuple[str, int]:
    """(unit, end) when one adjective stands between the number and an amount unit, else
    ('', position)."""
    match = ADJECTIVE.match(view, position)
    if not match or match.group(1) in lexicon().words("not_modifiers"):
        return "", position
    unit, end = unit_at(view, match.end())
    return (unit, end) if unit in AMOUNT_UNITS else ("", position)


@cache
def _glued_unit() -> re.Pattern:
    lex = lexicon()
    body = alternation(lex.unit_of, bounded=False)
    glued = alternation(lex.words("unit_glued_words"), bounded=False)
    return re.compile(rf"(?:{body})(?={glued})")


def glued_unit(view: str, position: int) -> tuple[str, int]:
    """`230MBSRAM`: the unit run into the memory it measures; else ('', position)."""
    match = _glued_unit().match(view, position)
    if not match:
        return "", position
    return lexicon().unit_of[match.group()], match.end()


def chinese_value(word: str) -> float | None:
    """一百萬 -> 1e6, 十 -> 10, 兩 -> 2, 二十五 -> 25, 三万亿 -> 3e12; digit by digit, as Taiwanese
    print writes figures, 三八四 -> 384, 一二○ -> 120; with a decimal mark 三．六 -> 3.6, 一點七萬 ->
    17,000; None when not a number."""
    data = lexicon().data
    digits, small, big = data["chinese_digits"], data["chinese_small_scales"], data["chinese_big_scales"]
    point = re.fullmatch(r"(.+?)[．.點点](.+?)([萬万億亿]*)", word)
    if point:
        whole, tenths = chinese_value(point.group(1)), [digits.get(c) for c in point.group(2)]
        if whole is None or None in tenths:
            return None
        fraction = float("0." + "".join(str(d) for d in tenths))
        return (whole + fraction) * 10 ** sum(big[c] for c in point.group(3))
    if (len(word) > 2 or set(word) & {"○", "〇", "零"}) and all(c in digits for c in word) \
            and not set(word) & {"兩", "两"}:   # (两三倍, 七八个: "two or three", not 23)
        return float("".join(str(digits[c]) for c in word))      # 三八四: 384, digit by digit
    total, section, digit, last = 0.0, 0.0, None, ""
    for char in word:
        if char in digits:
            digit = digits[char]
        elif char in small:
            section += (1 if digit is None else digit) * 10 ** small[char]
            digit = None
        elif char in big and last in big and total:
            total = min(total * 10 ** big[char], math.inf)   # 萬億 stack (三万亿 = 3e12)
        elif char in big:
            section += digit or 0
            total += (section or 1) * 10 ** big[char]
            section, digit = 0.0, None
        else:
            return None
        last = char
    return total + section + (digit or 0)


LARGEST = 1e21      # a figure a draft writes; check reads at most 40 digits (units.MAX_DIGITS)


def plain(value: float) -> str:
    if not math.isfinite(value) or abs(value) >= LARGEST:
        return "0"                      # dropped by find_numbers: no figure is this large
    if value >= 1e6 and value == int(value):
        mantissa, power = value, 0
        while mantissa % 10 == 0:
            mantissa, power = mantissa / 10, power + 1
        return f"{int(mantissa)}e{power}"
    return f"{value:,.0f}" if value == int(value) else f"{value:g}"


# a chip's or a machine's noun after a number, a model number between (`64 H100 GPUs`, `8 GPUs`, `4 nodes`)
CHIPS_AFTER = re.compile(r"\s+(?:[A-Z]{1,3}\d{2,4}\w*\s)?(?:GPUs?|chips?|accelerators?|cards?|nodes?|"
                         r"servers?)\b")
# what makes a number before it a count: a hyphened noun, a Chinese classifier, a plural count noun
COUNTED_AFTER = re.compile(r"-[A-Za-z]|\s?[张張块塊颗顆台个個]"
                           r"|\s(?:[A-Z][\w-]*\s)?(?:GPUs|chips|accelerators|units|servers|nodes)\b")


def name_after_count(view: str, number: Number) -> bool:
    """`twenty-four Zen 4 CPU cores`, `a CDNA 3 graphics engine`, `RTX 6000 Pro`: the name's own number."""
    before = view[max(0, number.start - 40):number.start]     # a card's number: `two Nvidia RTX 6000 Pro
    if number.unit == "x" and re.fullmatch(r"\d{4}X", view[number.start:number.end]) and number.value % 1000 \
            and re.search(r"\b[A-Z][A-Za-z]+ (?:\d )?$", before):
        return True         # `Ryzen 9 5950X`, `EPYC 9384X`: a model, not a ratio (round 318; not `a 1500X`)
    if number.word or number.unit and (number.unit != "x" or not before.endswith("PRO ")):
        return False                                            # (`RTX PRO 6000 × 8`: not 6000x)
    model = re.fullmatch(r"\d{3,4}", number.text) and not COUNTED_AFTER.match(view, number.end)
    if re.search(rf"\b{CARD_LINES}\s(?:PRO\s|Pro\s)?$", before) or model and (  # 600W cards`, `The 16GB cards
            CARD_TIER.match(view, number.end) and number.value % 1000 or re.search(  # (5070 Ti, 5060 Ti)`;
                rf"\b{CARD_LINES}\s(?:PRO\s|RX\s)?{number.text}\b", view)):  # `the 5090` of an RTX 5090
        return True         # (held-out rounds 311, 315, 316; not `5000 SUPER cards shipped`, `4000 GPUs`)
    found = re.search(r"(?:^|\s)([\w,-]+)\s+[A-Z][A-Za-z]+\s$", before)
    if found is None:
        return False
    word = found.group(1).lower()       # `15,488 Ascend 960 chips`
    numbers = lexicon().data["english_numbers"]
    return word in ("a", "an") or word.replace(",", "").isdigit() or word.split("-")[-1] in numbers


def after_name(before: str, number: Number) -> bool:
    """`NVLink 6`, `Llama 3.1`, `GPT-5`, `UltraClusters 3.0`: a version, not an amount."""
    if number.word:
        return False
    words = lexicon().words("name_words")
    if re.search(r"(?:" + alternation(words) + r")[\s-]?$", before):
        return True
    return bool(re.search(r"[A-Za-z]*[A-Z][A-Za-z0-9]*[\s-]$", before)) and not re.search(
        r"\b(?:[A-Z][a-z]+(?<![aisu])s|The|A|An|To|From|Of|With|And|In|On|At|By|For)\s$", before)


PER_UNIT = re.compile(r"(?:/| per )(W|[Ww]att|mm²|mm2)(?![A-Za-z0-9-])")     # 5.2 TFLOPS/W, 2 TOPS per watt


def per_unit(view: str, number: Number) -> Number:
    """"5.2 TFLOPS/W", "24GB/mm²": an amount per watt or per area is a figure of its own (an
    efficiency, a density), its unit the quotient."""
    per = PER_UNIT.match(view, number.end) if number.unit in AMOUNT_UNITS else None
    if per is None:
        return number
    unit = re.sub("[Ww]att", "W", per.group(1).replace("²", "2"))
    return replace(number, unit=f"{number.unit}/{unit}", end=per.end())
