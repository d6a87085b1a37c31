"""A multiplier written before its figure (pipeline/draft/, issue 19): `V100 (x4)`, `GPUs [x8]`,
`Intel Xeon 6776P x2`, `x1.28 faster`; and a count glued to the amount it multiplies, `2×96GB` (a
count of links glued to their speed, `4x200G uplinks`, is the speed alone: round 255).

The number after an `x` is a count of what a bracket or a model number before it names, or a ratio
when a comparison follows it ("x2.5 speedups compared to A100"). A link's width (`PCIe Gen 5 x16`,
`one x8 lane`), a table's bare size cell (`| x4 |`), the instruction sets `x86` and `x64`, and a
capital X of a model name (`Quantum-X800`) are none; a shape (`4 x8`, `4x8`) is read by shapes.py.
Held-out rounds 135-218: 60 such figures readers marked, none drafted before (round 218's rule).
"""

from __future__ import annotations

import re

from claimaudit.draft.forms import Number, plain, read_unit
from claimaudit.draft.shorthand import memory_prefix, network_prefix

MULTIPLIER = re.compile(r"(?<![\w.×*/-])(?<!\d\s)[x×](\d{1,4}(?:\.\d{1,2})?)(?![\w.,]\d|\w)")
INSTRUCTION_SETS = {"86", "64"}
# a count needs its thing named: in brackets after it (`V100 (x4)`, `GPUs [x8]`) or a model number
# right before it (`Xeon 6776P x2`, `MI300X (x8)`); a link's width (`PCIe Gen5 x16`, `one x8 lane`)
# and a table's bare size cell (`| x4 |`) are not claims readers mark alike
BRACKETED = re.compile(r"[(\[]\s*$")
MODEL_BEFORE = re.compile(r"(?<![\w.-])(?!Gen\d|PCIe|PCI)[A-Za-z]*\d+[A-Za-z]*\s$")
LINK_AFTER = re.compile(r"[\s`*]*(?:PCIe|PCI|Gen\d|lanes?|slots?|links?|ports?|connect\w*|interfaces?|"
                        r"通道|形态|插槽)", re.IGNORECASE)
COMPARISON_AFTER = re.compile(r"\**\s*(?:faster|slower|speed-?ups?|higher|lower|more|less|better|"
                              r"improvements?|increases?|gains?|compared|than|over|vs\.?|versus)\b",
                              re.IGNORECASE)


# a count glued to the amount it multiplies: `2×96GB`, `96x400Gbps` (the count and the amount)
GLUED_TIMES = re.compile(r"(?<![\w.×*/-])(\d{1,4})( [x×] |[x×]|\*(?=\d+(?:\.\d+)?[GT]))(\d+(?:\.\d+)?)")
# spaced on both sides, only a count of cards times each one's memory (`8 x 80GB H100 GPUs`); `2 x 990
# TFLOPS` in a spec table's column of a two-card product is its cell, not a count (round 167), and `2x
# 80GB` after "is" may compare
CARD_MEMORY = {"GB", "GiB", "TB", "TiB"}


def multipliers(view: str) -> list[Number]:
    """The `xN` multipliers of the view: ratios before a comparison, counts otherwise; and the
    count and amount of `NxM<unit>`."""
    out = []
    for match in GLUED_TIMES.finditer(view):
        count, amount = float(match.group(1)), float(match.group(3))
        unit, end = read_unit(view, match.end())
        if not unit:            # `4x200G uplinks`: a bare G before a network word is a link speed
            unit, end = network_prefix(view, match.start(3), match.end(), amount) \
                or memory_prefix(view, match.start(3), match.end(), amount) or (unit, end)   # `H20（8*96G）`
        if unit not in ("", "x", "%") and (unit in CARD_MEMORY or " " not in match.group(2)):
            # `8×400 Gb/s NICs`, `3x400G uplinks`: the links' speed as written is the figure (readers
            # split between it and the sum); the count of links or ports is none (a count of chips
            # glued to each one's memory, `8x80GB A100`, is one)
            if not unit.endswith("bps"):
                out.append(Number(match.start(), match.end(2), count, plain(count), "x"))
            out.append(Number(match.start(3), end, amount, match.group(3), unit))
    for match in MULTIPLIER.finditer(view):
        written = match.group(1)
        value = float(written)
        if written in INSTRUCTION_SETS or value == 0:
            continue
        if COMPARISON_AFTER.match(view, match.end()):
            out.append(Number(match.start(), match.end(), value, plain(value), "x"))
        elif value.is_integer() and value >= 2 and not LINK_AFTER.match(view, match.end()) and (
                BRACKETED.search(view, max(0, match.start() - 2), match.start())
                or MODEL_BEFORE.search(view, max(0, match.start() - 16), match.start())):
            out.append(Number(match.start(), match.end(), value, plain(value), "", noun="other"))
    return out
