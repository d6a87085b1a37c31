"""Counts written glued to what they count, and counts of a CPU line's processors (pipeline/draft/,
issue 19, held-out rounds 305-306 and their review).

- a chip's noun glued to its count (`8GPUs`, `384NPUs`) counts chips, and a CPU's cores glued to theirs
  where a bracket or a cell ends (`(64Core)`, `| 2.6GHz 18Core |`) count cores; a name's number glued to
  a noun (`4090GPUs`) counts nothing, nor does any other noun glued so (`8ports`, `72cores each`: their
  counts had gone to a system's chips when they matched it);
- cores and threads written `2C/4T` or `32C 64T` count cores and threads, whatever comes before (rounds
  310 and 314);
- a C glued to a number right after a CPU's model number, with a clock, a thread count, a comma and a
  figure, or the CPU's noun after it, counts its cores (`AMD EPYC 9654 96C 2.4GHz`, `96C/192T`, `EPYC
  9534 64C CPUs`); not a temperature (`EPYC 9654 85C reading`, `EPYC 9654 72C, H100 GPU 65C`) nor a
  model's own letter (`CPU Max 9470C`, `EPYC 24C "Genoa"`: no model number before);
- a count right before a CPU line's name and its model number or processors (`2 AMD EPYC 9654 96C
  2.4GHz Processor`, `two AMD EPYC 7742 64-core`) counts CPUs, the model's words too many for the count
  noun's reach; not `Two Xeon options`, `three EPYC processor generations`.
"""

from __future__ import annotations

import re
from functools import cache

from claimaudit.draft.forms import Number
from claimaudit.draft.lexicon import lexicon

CPU_LINES = r"(?:EPYC|Xeon|Opteron|Threadripper|Altra|Graviton|Kunpeng)\b"
# a CPU line's name right after a count, its model number or its processors after it
CPU_LINE_AFTER = re.compile(rf"\s(?:AMD\s|Intel\s)?{CPU_LINES}"
                            r"(?:[\s®™]+(?:Platinum|Gold|Silver|Bronze|Max|CPU)?\s?[A-Za-z]?\d{3,5}[A-Za-z]{0,2}"
                            r"\b|\s(?:processors?|CPUs?)\b(?!\s(?:generations?|options?|families|roadmaps?)\b))",
                            re.IGNORECASE)


# glued to a count: a chip's noun, or a CPU's cores ending a bracket or a cell
GLUED_CHIPS = re.compile(r"(?:GPUs?|chips?|NPUs?|TPUs?|accelerators?|cards?)(?![A-Za-z0-9])", re.IGNORECASE)
GLUED_CORES = re.compile(r"Cores?(?=\s*(?:[|)）]|$))", re.IGNORECASE | re.MULTILINE)


# a core count's C, a clock, a thread count, a comma and a figure, or the CPU's noun after it (`8480C
# 56C，2T内存`, `EPYC 9534 64C CPUs`; not a temperature, `85C reading`), its CPU's model number before
CORES_C = re.compile(r"C(?=\s?\d[\d.]*\s?GHz|/\d{1,3}T\b|\s?[,，]\s?\d"
                     r"|\s(?:and|with|CPUs?|processors?|parts?)\b)")
CPU_MODEL_BEFORE = re.compile(rf"{CPU_LINES}[\w®™ -]{{0,24}}\s"
                              r"[A-Za-z]?\d{3,5}[A-Za-z]?\s$", re.IGNORECASE)


# cores and threads as CPU tables write them, whatever comes before (`i3-6100 (2C/4T @ 3.7 GHz`: round 310;
# `EPYC 7542 (32C 64T, 225W TDP`: round 314)
# (spaced, only where a comma or a bracket ends the threads: not `at 45C 20T of storage`)
CORES_THREADS = re.compile(r"C(?:/\d{1,3}T\b|\s\d{1,3}T(?=[,)\]]))")
THREADS_AFTER_CORES = re.compile(r"(?<![\w.])\d{1,3}C(/|\s)$")


def glued_kind(view: str, number: Number) -> str | None:
    """The kind of a count noun glued to the number (`8GPUs`, `(64Core)`: round 305), or cores for a
    C glued to one right after a CPU's model number."""
    named = number.value >= 1000 and "," not in number.text       # a name's number (`4090GPUs`)
    if not named and GLUED_CHIPS.match(view, number.end):
        return "chips"
    if not named and GLUED_CORES.match(view, number.end):
        return "other"
    cores = THREADS_AFTER_CORES.search(view, max(0, number.start - 5), number.start)
    if CORES_THREADS.match(view, number.end) or cores and re.match(
            r"T\b" if cores.group(1) == "/" else r"T[,)\]]", view[number.end:number.end + 2]):
        return "other"
    if CORES_C.match(view, number.end) and CPU_MODEL_BEFORE.search(view, max(0, number.start - 40),
                                                                    number.start):
        return "other"
    return None


@cache
def _uncounted() -> re.Pattern:
    # up to two words (`8 ConnectX-7 NICs`, `8 NVIDIA H100 servers`) or a classifier (`8 个网卡`) between
    return re.compile(rf"[\s-](?:[个個台]\s?)?(?:[A-Za-z][\w.-]*\s){{0,2}}?"
                      rf"({lexicon().pattern('uncounted_things').pattern})(?![\w-])", re.IGNORECASE)


HYPHENED_MACHINES = re.compile(r"-(node|server|rack|socket)s?\b")


def uncounted_thing(view: str, number: Number) -> str | None:
    """The thing a count counts when it is no chip (`uncounted_things`): `8 NICs`, `8 个网卡`, `8 cores`;
    so cores or threads glued to it (`8C/16T`, `(64Core)`: the review of session 50's rules, where the
    count of a host's cores took a system's chips that matched it, with no question)."""
    if glued_kind(view, number) == "other":
        return "cores or threads"
    if machines := HYPHENED_MACHINES.match(view, number.end):
        return f"{machines.group(1)}s"      # `an 8-node H100 cluster`: nodes, not an HGX's 8 chips (review)
    thing = _uncounted().match(view[number.end:number.end + 48])
    if thing and thing.group(1).lower() == "cores" and re.search(r"\bAI\s", thing.group()):
        return None     # `8,960 AI cores per pod`: a page's name for its chips (test_draft_uncounted.py)
    return thing.group(1) if thing else None
