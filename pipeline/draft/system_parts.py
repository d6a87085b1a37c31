"""Figures that may be a system's though given to a chip, or a chip's though given to a system
(pipeline/draft/, issue 19): a chip's network or DDR figure its server's, a system's link rate
each chip's, more power or compute than a chip has a system's (figure_match.py decides by
published figures; this by what the subject lacks or could not have).
"""

from __future__ import annotations

import math
import re

from claimaudit.draft.figure_match import amount
from claimaudit.draft.phrasing import NOT_CARDS

# "totaling 7.2 TB/s of aggregate interconnect", "網絡互聯總帶寬達269TB/s": a sum over the chips
TOTAL = re.compile(r"\b(?:total(?:s|ing|ling)?|aggregate[ds]?|combined|altogether|overall|bisection|across|"
                   r"(?:per|each) node)\b|总|總|合计|合計|累计|累計", re.IGNORECASE)
# "Each SN30 RDU is backed by 1 TB of DDR", "per RDU": the chip's own memory (not "per node")
EACH_ONE = re.compile(r"\b(?:each|per|every)\s+(?!(?:\S+\s+){0,2}?(?:node|server|system|rack|instance|box|"
                      r"tray|host|machine|pod)s?\b)|\bdirectly\b|每[个個颗顆张張]?(?![台节節机機柜櫃])",
                      re.IGNORECASE)


def network_of_a_system(catalogue, reading, clause: str, says_scope, value: float | None = None) -> None:
    """"8x H100 SXM GPUs with 640 GB total HBM3, 3.2 Tbps of EFA": a network figure given to a chip
    that publishes none, no "per GPU" in its clause, may be its instance's or node's: asked among the
    chip's systems. So may a host's DDR ("8x A100 GPUs and 1TB of DDR4") given to a chip publishing
    no such memory, asked even when the specs hold no system of it (`24*64GB` DDR4 beside a 910B; a
    chip's own LPDDR is its own). The other way round, a link rate given to a system that publishes
    none while its chips do ("DGX H200 ...: NVLink 4.0, delivering up to 1.8 TB/s GPU-to-GPU
    bandwidth") may be each chip's: asked, unless the clause says a system's or a total, or the
    figure is the sum over its chips (8 x 900 GB/s = 7.2 TB/s)."""
    subject = reading.subject
    if subject not in catalogue.entities or (subject, reading.metric) in catalogue.figures \
            or any(t.startswith("subject:") for t in reading.todo):
        return
    kind = catalogue.entities[subject].kind
    per_chip = says_scope(clause, "chip") or (reading.metric == "lpddr_capacity"
                                              and bool(EACH_ONE.search(clause)))
    per_system = says_scope(clause, "system") or says_scope(clause, "cluster")
    if reading.metric in ("scaleout_bandwidth", "lpddr_capacity") and kind == "chip" and not per_chip:
        systems = sorted(catalogue.containers_of_any(subject))
        what = "network figure" if reading.metric == "scaleout_bandwidth" else "DDR or LPDDR memory"
        if systems:
            reading.candidates = [subject, *systems]
            reading.todo.append(f"subject: {subject} publishes no {what}, and the clause says no \"per "
                                f"GPU\": the text may mean a system of it ({', '.join(systems)}); pick one "
                                f"({subject} written: confirm or change)")
        elif reading.metric == "lpddr_capacity" and re.search(r"(?<!LP)(?<!G)DDR\d?\b", clause):
            reading.todo.append(f"subject: {subject} publishes no {what}: the text may mean the server that "
                                f"holds it, which the specs lack ({subject} written: confirm or change)")
    elif reading.metric in ("scaleup_bandwidth", "scaleup_bandwidth_per_direction") and kind != "chip" \
            and not per_system and not TOTAL.search(clause):
        members = catalogue.members_of(subject)
        chips = sorted(m for m in members if (m, reading.metric) in catalogue.figures)
        summed = [float(members[m]) * f / half for m in chips for f in catalogue.figures[(m, reading.metric)]
                  for half in (1, 2) if re.fullmatch(r"\d+", str(members[m]))]
        if chips and not (value and any(math.isclose(value, f, rel_tol=0.05) for f in summed)):
            reading.candidates = [subject, *chips]
            reading.todo.append(f"subject: {subject} publishes no chip-to-chip figure, and the clause says "
                                "no \"per system\" or total: the text may mean each of its chips "
                                f"({', '.join(chips)}); pick one ({subject} written: confirm or change)")


CHIP_POWER_MAX = 50e3       # W: more than any chip draws (a wafer-scale engine's whole system is ~23 kW)
CHIP_FLOPS_MAX = 1e18       # FLOP/s: an exaflop is more than any chip computes (a wafer-scale one ~1.25e17)


def system_sized_power(catalogue, number, reading) -> None:
    """"... networking spanning nearly 10MW" after a chip: more power than any chip draws is a
    system's or a cluster's; asked among the chip's systems, never left as the chip's. So is an
    exaflop ("H100架构服务器 ... FP8算力突破1.5EFLOPS")."""
    subject = reading.subject
    if subject not in catalogue.entities or catalogue.entities[subject].kind != "chip" or any(
            t.startswith("subject:") for t in reading.todo):
        return
    value = amount(f"{number.text} {number.unit}".rstrip())
    flops = reading.metric is not None and catalogue.metrics.get(reading.metric) == "FLOPS"
    if value is None or not (reading.metric == "power" and value > CHIP_POWER_MAX
                             or flops and value >= CHIP_FLOPS_MAX):
        return
    systems = sorted(catalogue.containers_of_any(subject))
    reading.candidates = [subject, *systems]
    whose = f"{', '.join(systems)}; pick one" if systems else "a system or cluster; name it"
    what = "power than a chip draws" if reading.metric == "power" else "compute than a chip has"
    reading.todo.append(f"subject: {number.text} {number.unit} is more {what}: the text may mean {whose}")


# `32 x 400 Gb/s`, `256 x 96GB = 24.5 TB`: a count, a times sign, and the figure of each of them
EACH_OF_A_COUNT = re.compile(r"(?<![\d.,])(\d{1,5})\s?[x×*]\s?$")


def each_of_a_count(catalogue, view: str, number, reading) -> None:
    """`| IB 带宽 | 32 x 400 Gb/s |` in a rack's column: the figure after a count and a times sign
    is each part's, not the system's. It goes to the system's chip when the count is the number
    of them it holds (a member is part of the system's definition; of a name two systems share,
    `GH200 SuperPod`, the one holding that many decides it); otherwise it is asked among the
    systems and their chips (round 280: given to the rack, silently)."""
    found = EACH_OF_A_COUNT.search(view, max(0, number.start - 8), number.start)
    if found is None or reading.metric in (None, "chips") or number.unit in ("", "x", "%") \
            or NOT_CARDS.search(view, number.end, number.end + 24):      # `8 x 64GB DDR5 RDIMMs`
        return
    systems = [reading.subject] if reading.subject else list(reading.candidates)
    kinds = {catalogue.entities[s].kind if s in catalogue.entities else "" for s in systems}
    if not systems or kinds & {"chip", ""}:
        return
    chips = {(m, str(n)) for s in systems for m, n in catalogue.members_of(s).items()
             if m in catalogue.entities and catalogue.entities[m].kind == "chip"}
    exact = sorted({m for m, n in chips if n == found.group(1)})
    others = [t for t in reading.todo if not t.startswith("subject:")]
    if len(exact) == 1:
        reading.subject, reading.candidates, reading.todo = exact[0], [], others
    elif chips:
        reading.subject, reading.candidates = None, sorted({*systems, *(m for m, _ in chips)})
        reading.todo = others + [f"subject: '{found.group().strip()}' makes the figure each part's: pick one "
                                 f"of {', '.join(reading.candidates)}"]
