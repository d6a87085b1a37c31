"""Vendor spellings of units and Chinese number forms -> the registry's own forms.

The table is data (pipeline/data/unit_spellings.yaml): a unit spelling is a prefix
then a unit word ("peta" + "FLOPs" -> "PFLOPS", "T" + "Bps" -> "TB/s") or a whole
spelling ("分鐘" -> "min"). Chinese numerals and the multipliers 萬/億 are rewritten
to digits before the number is read, keeping the written precision ("1.5萬" ->
"1.5e4", h = 500). Each unique string is looked up once (cached); reports keep the
text as written, only the parser sees the rewritten form.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from claimaudit.core.suggest import nearest
from claimaudit.core.yamlio import safe_loader_base


@cache
def table() -> dict:
    """The spellings table shipped in the package (trusted data, safe loading)."""
    import yaml


    text = (resources.files("claimaudit") / "data" / "unit_spellings.yaml").read_text(encoding="utf-8")
    return yaml.load(text, Loader=safe_loader_base())


@cache
def _prefixes() -> list[tuple[str, str, bool]]:
    """(written prefix, symbol, matches in any case), longest first, then the empty prefix."""
    data = table()
    found = [(w, s, True) for w, s in data["prefix_words"].items()]
    found += [(w, s, False) for w, s in data["prefix_symbols"].items()]
    return sorted(found, key=lambda item: -len(item[0])) + [("", "", False)]


@cache
def canonical_unit(written: str) -> str:
    """The registry's unit for a written unit: 'petaFLOPs' -> 'PFLOPS', '分鐘' -> 'min'.

    A spelling not in the table is returned unchanged (the registry then decides). Runs of
    spaces inside a spelling count as one ("bits  per second").
    """
    data = table()
    if " " in written or "\t" in written:
        written = " ".join(written.split())
    if written in data["whole"]:
        return data["whole"][written]
    words = data["unit_words"]
    for prefix, symbol, any_case in _prefixes():
        head = written[: len(prefix)]
        if head != prefix and not (any_case and head.lower() == prefix):
            continue
        rest = written[len(prefix):].lstrip() if any_case else written[len(prefix):]
        unit = words["exact"].get(rest) or words["any_case"].get(rest.lower())
        if unit is not None and (symbol or rest):
            return symbol + unit
    return written


@cache
def unit_phrases() -> str:
    """A regex for the unit spellings that are several words (`petabits per second`,
    `Gbits per second`, `peta FLOPs`), so that an expression can lift them whole after a
    number: a prefix word or symbol then a spelled unit with spaces in it, or a prefix word,
    a space and a one-word unit. Built from the table, so a new spelling needs no code."""
    data = table()
    spelled = [w for w in (*data["unit_words"]["any_case"], *data["whole"]) if " " in w]
    words = "|".join(map(re.escape, sorted(data["prefix_words"], key=len, reverse=True)))
    symbols = "".join(map(re.escape, data["prefix_symbols"]))
    phrases = "|".join(re.escape(w).replace("\\ ", r"[ \t]+")
                       for w in sorted(spelled, key=len, reverse=True))
    return (rf"(?:(?i:{words})[ \t]*|[{symbols}])?(?i:{phrases})"
            rf"|(?i:{words})[ \t]+[A-Za-z]+(?:/[A-Za-z]+)?")


def suggestion(unit: str) -> str:
    """' (did you mean X or Y?)' for the nearest units of CONTRACT section 6, or nothing."""
    candidates = set(table()["suggest"])
    near = nearest(unit, table()["suggest"], n=2)
    if not near:
        lowered = {c.lower(): c for c in sorted(candidates)}
        near = [lowered[unit.lower()]] if unit.lower() in lowered else []
    return f" (did you mean {' or '.join(near)}?)" if near else ""


# -- Chinese numbers ----------------------------------------------------------------

@cache
def _chinese_pattern() -> re.Pattern:
    data = table()
    numerals = "".join([*data["chinese_digits"], *data["chinese_places"],
                        *data["chinese_multipliers"]])
    multipliers = "".join(data["chinese_multipliers"])
    return re.compile(rf"^\s*(?P<sign>[+-]?)(?:(?P<digits>\d[\d,]*(?:\.\d+)?)\s*"
                      rf"(?P<mult>[{multipliers}])|(?P<numeral>[{numerals}]+))\s*(?P<rest>.*)$")


@cache
def rewrite_number(text: str) -> str:
    """Chinese forms -> digits: '兩倍' -> '2 倍', '1.5萬 個' -> '1.5e4 個', '減半' -> '0.5x'.

    Text without a Chinese form is returned unchanged.
    """
    phrase = table()["phrases"].get(text.strip())
    if phrase is not None:
        return phrase
    match = _chinese_pattern().match(text)
    if not match:
        return text
    multipliers = table()["chinese_multipliers"]
    if match["digits"]:
        number = f"{match['digits']}e{multipliers[match['mult']]}"
    else:
        number = chinese_numeral(match["numeral"])
    rest = match["rest"]
    return f"{match['sign']}{number}{' ' if rest else ''}{rest}"


def chinese_numeral(numeral: str) -> str:
    """A Chinese numeral as digits: '十' -> '10', '一百二十' -> '120', '兩萬' -> '2e4'.

    A numeral ending in 萬/億 is written with an exponent so that its resolution is
    half of that place, as for '2e4'; others are whole numbers (h = 0.5).
    """
    data = table()
    digits, places, multipliers = (data["chinese_digits"], data["chinese_places"],
                                   data["chinese_multipliers"])
    total = section = number = 0
    for char in numeral:
        if char in digits:
            number = digits[char]
        elif char in places:
            section += (number or 1) * 10 ** places[char]
            number = 0
        else:
            total += (section + number or 1) * 10 ** multipliers[char]
            section = number = 0
    value = total + section + number
    if numeral[-1] in multipliers:
        exponent = multipliers[numeral[-1]]
        return f"{value // 10 ** exponent}e{exponent}"
    return str(value)
