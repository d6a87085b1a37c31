"""Which amount a bandwidth word belongs to (pipeline/draft/context.py's rate words, issue 19).

A word for a memory or a link names the rate it stands next to, not any rate of its sentence:
"5.3TB/s的带宽和896GB/s的Infinity Fabric带宽" (a word after another amount is that amount's),
"144TB内存、900GB/s的GPU带宽" (a capacity's memory noun is not a rate's that has a noun of its
own), "Inter-Chip Interconnect network" (a chips' link's name, no scale-out network).
"""

from __future__ import annotations

import re

CAPACITY_BEFORE = re.compile(r"\d\s?[KMGTP]i?B\s?$")    # "144TB内存、900GB/s的GPU带宽": 内存 is the 144TB's
OWN_NOUN = re.compile(r"[\d.,]+\s?[A-Za-z/]{1,8}(?:\s?的\s?|\s)[A-Za-z\u4e00-\u9fff-]{1,12}?\s?"
                      r"(?:带宽|帶寬|頻寬|bandwidth)")


def another_amount_between(text: str, position: int, word: re.Match) -> bool:
    """"5.3TB/s的带宽和896GB/s的Infinity Fabric带宽": a metric word after another amount is
    that amount's, not this one's (a word before both may head them all: "内存带宽: A 4.0TB/s,
    低于 B 的 8.0TB/s"); so is one after a ratio ("4,800 Gbps of bandwidth and 3x the HBM")."""
    start = re.match(r"[\d.,]+", text[position:])
    after = position + (start.end() if start else 0)
    if word.start() < after:
        return False
    between = text[after:word.start()]
    # ... or after a ratio of its own ("4,800 Gbps/chip of bandwidth and 3x the HBM")
    return bool(re.search(r"(?<![A-Za-z\d.,])\d[\d.,]*\s?(?:[KMGTP]?[Bb](?:/s|ps)|[KMGTP]B\b|"
                          r"[x×](?![A-Za-z\d])|倍)", between))


LEADS_RATE = re.compile(r"(?:\s[\w.-]{1,6})?(?:\s(?:at|of|with)|:)?\s*[~≈]?\d[\d.,]*\s?[KMGTP][Bb](?:/s|ps)")


def leads_another_amount(text: str, position: int, word: re.Match) -> bool:
    """"(up to ~8 TB/s) and NVLink 5 at ~1.8 TB/s": a link's word after this amount, past an
    "and" or a comma, that leads an amount of its own is that amount's."""
    if word.start() <= position:
        return False
    between = text[position:word.start()]
    return bool(re.search(r",|\band\b|;", between)) and bool(LEADS_RATE.match(text, word.end()))


def link_network(text: str, word: re.Match) -> bool:
    """"Inter-Chip Interconnect network", "NVLink network", "Nvlink最大总网络带宽" (held-out round 208):
    a chips' link's name, no scale-out (not "NVLink与以太网络": another network joined to it)."""
    return bool(re.search(r"(?:NVLink|ICI|Interconnect|UALink)"
                          r"(?:\s|(?:(?![与與和及或、以])[\u4e00-\u9fff]){0,6})(?:network|fabric|网络|網路|網絡)$",
                          text[:word.end()], re.IGNORECASE))


# another chip's memory reached over the link ("访问其他 GPU 的内存", "the memory of other GPUs", "peer
# memory"): the rate is the link's, not the chip's own memory's (round 291)
PEER_BEFORE = re.compile(r"(?:(?:其他|其它|其余|其餘|别的|別的|远端|遠端|对端|對端|other|peer|remote)\s*"
                         r"(?:\w{1,12}\s*)?|CPU\s*)(?:的\s*|'s\s+)?$", re.IGNORECASE)
PEER_AFTER = re.compile(r"\s+(?:of|on|in)\s+(?:the\s+|all\s+)?(?:other|peer|remote)\b", re.IGNORECASE)


def not_its_own(text: str, word: re.Match) -> bool:
    """A word for a rate that is not the figure's own: a link's network's name (`link_network`), or
    another chip's memory reached over the link."""
    peer = PEER_BEFORE.search(text, max(0, word.start() - 16), word.start()) or PEER_AFTER.match(
        text, word.end())
    return link_network(text, word) or peer is not None
