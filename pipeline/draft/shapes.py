"""Shapes that count chips (pipeline/draft/, issue 19).

A shape of digits (`4x8`, `8x4x4`) is skipped as a number (numbers.py), unless the words around
it say it lays out chips, devices or cores: "arranged in a 4x8 mesh", "a 2x4 mesh of devices",
"an 8x10 Tensix grid", "v5p-128 (4x4x8 topology)". Then it is a count, its value the product
(`4x8 mesh`: 32), of chips or, for cores and tiles, of other things (held-out rounds 207-208:
13 such shapes readers marked, none drafted). A shape of a matrix, a systolic array, a tile or
an image counts nothing, nor does one of amounts (`8 × 700 W`, `2 x 100 Gbps`, `4 x 8-GPU servers`)
or one that restates the count right before it.
"""

from __future__ import annotations

import math
import re

from claimaudit.draft.forms import Number, unit_at

SHAPE = re.compile(r"(?<![\w.×])(\d{1,3})\s?[x×]\s?(\d{1,3})(?:\s?[x×]\s?(\d{1,3}))?(?![\w.-]|\s?[x×]\s?\d)")
CHIPS = (r"mesh|topolog(?:y|ies)|torus|slices?|pods?|Galaxy|devices?|chips?|GPUs?|TPUs?|accelerators?|"
         r"网格|拓扑|拓撲|芯片|晶片|卡")
OTHER = r"grid|Tensix|cores?|workers?"
LAYOUT_AFTER = re.compile(rf"[\s)]{{0,3}}(?:[A-Za-z-]+\s){{0,2}}?(?:(?P<chips>{CHIPS})|(?P<other>{OTHER}))\b",
                          re.IGNORECASE)
LAYOUT_BEFORE = re.compile(rf"(?:(?P<chips>{CHIPS})|(?P<other>{OTHER}))\b[^.;:。；\n\d]{{0,24}}$",
                           re.IGNORECASE)
NOT_LAYOUT = re.compile(r"[\s)]{0,3}(?:[A-Za-z-]+\s)?(?:systolic|arrays?|matri(?:x|ces)|MXUs?|tiles?|blocks?|"
                        r"pixels?|images?|GEMMs?|matmuls?|kernels?|elements?|bytes?|bits?)\b", re.IGNORECASE)


def shapes(view: str) -> list[Number]:
    """The shapes of the view that lay out chips or cores, as counts (one scan)."""
    out = []
    for match in SHAPE.finditer(view):
        dims = [int(d) for d in match.groups() if d]
        if min(dims) < 1 or NOT_LAYOUT.match(view, match.end()) or unit_at(view, match.end())[0]:
            continue
        line_start = view.rfind("\n", 0, match.start()) + 1
        before = view[max(line_start, match.start() - 40):match.start()]
        layout = LAYOUT_AFTER.match(view, match.end()) or LAYOUT_BEFORE.search(before)
        value = math.prod(dims)
        if layout is None or value < 2 or re.search(rf"(?<![\d.,]){value}\b[^\d]{{0,14}}$", before):
            continue
        noun = "chips" if layout.group("chips") else "other"
        out.append(Number(match.start(), match.end(), float(value), str(value), "", noun=noun))
    return out
