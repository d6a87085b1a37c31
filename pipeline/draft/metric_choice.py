"""The metric a number measures, from its unit's dimension and the words near it
(pipeline/draft/, issue 19): precision and density words for FLOPS, memory words for bytes,
bandwidth words for rates, count nouns for counts; what the words leave open becomes a todo
that lists the metrics the unit can measure."""

from __future__ import annotations

import re
from functools import cache

from claimaudit.draft import context, density_words
from claimaudit.draft.claims import Place, Reading, claimed_text
from claimaudit.draft.compared import compared_metric, spoken_metrics
from claimaudit.draft.counts import stack_height
from claimaudit.draft.entities import Catalogue
from claimaudit.draft.figure_match import (
    amount,
    matching,
    metrics_of_dimension,
    readings,
    same_figure,
    scaled,
)
from claimaudit.draft.forms import Number
from claimaudit.draft.glued_counts import uncounted_thing
from claimaudit.draft.lexicon import grouped_pattern, lexicon
from claimaudit.draft.memory_words import RATE_OF_MEMORY, cpu_memory, memory_metric, memory_said
from claimaudit.draft.named_counts import MEMORY_NAME
from claimaudit.draft.numbers import count_kind

# the memory named right after an amount is its own ("480GB LPDDR5X + 144GB HBM3e")
MEMORY_AFTER = re.compile(r"\s?(?:of\s+)?(?:LPDDR|DDR|HBM|SRAM|GDDR|high[- ]bandwidth memory)\w*",
                          re.IGNORECASE)


# "(40MB on an A100, compared to 40-80GB of RAM)": a memory set against the sentence's other one
CONTRASTED = re.compile(r"\s*(?:compared (?:to|with)|versus|vs\.?|than|相比|相較|相较|对比|對比)\s",
                        re.IGNORECASE)


# an amount of bytes the words call a bandwidth ("1.4 PB of bandwidth", "19.6 TB of bandwidth")
BYTES_OF_BANDWIDTH = re.compile(r"\s?of\s+(?:(?!(?:and|or|with|to|at|in|while|but|which|that)\s)"
                                r"[\w-]+\s+){0,3}bandwidth(?!\s*memory)", re.IGNORECASE)
# a ratio and "the memory" right after it: the memory's size, whatever the clause says after
THE_MEMORY = re.compile(r"\S+\s+the\s+(?:HBM\s+|GPU\s+)?(?:memory|memory capacity|HBM)"
                        r"(?!\s*(?:bandwidth|BW))\b", re.IGNORECASE)


def choose_metric(catalogue: Catalogue, place: Place, number: Number, reading: Reading) -> None:
    """The metric from the unit's dimension and the words near the number."""
    clause = place.view[place.clause.start:place.clause.end]
    sentence = place.view[place.sentence.start:place.sentence.end]
    texts = [(clause, number.start - place.clause.start),
             (sentence, number.start - place.sentence.start)]
    dimension = context.UNIT_DIMENSION.get(number.unit, "")
    missing = ""
    offered = metrics_of_dimension(catalogue, number.unit)
    other = context.no_metric_word(clause, dimension) or (
        context.no_metric_word(sentence, dimension) if not context.names_a_metric(clause) else None)
    if other and dimension == "count" and number.noun == "chips":
        other = None        # "a KV-cache ... on 8x NVIDIA H200 GPUs": the count names what it counts
    if other:
        metric, missing = None, f"a metric for {other!r} (none of the specs' metrics measures it)"
    elif dimension in ("flops", "ops"):
        paragraph = place.view[place.paragraph.start:place.paragraph.end]
        around = place.lead if place.lead is not None else paragraph
        metric, missing = context.flops_metric(texts, dimension, around)
        unmetered = _unmetered_precision(clause, number.start - place.clause.start)
        if unmetered:       # `INT4 | 1,248 TOPS`, "1,248 TOPS of dense INT4": not the equal INT8 rate
            metric, missing = None, f"a rate of {unmetered}{NO_METRIC}"
        # "3,958 TFLOPS*"; so "156/312*" under TF32, whose star says sparse though no TF32 is
        if metric and place.star and density_words.starred(place.view, number.end) and (
                missing == "dense or sparse" or place.star == "sparse" and metric.endswith("_dense")):
            metric, missing = f"{metric.rsplit('_', 1)[0]}_{place.star}", ""
        if metric in ("fp32_dense", "fp64_dense") and missing == "dense or sparse":
            missing = ""            # no vendor gives a sparse FP32 or FP64 figure to read it as
        listed, precisions = context.precision_list(clause)
        if metric and metric.split("_")[0] in precisions:     # "FP8/FP6 | 4.5 PFLOPS": which?
            densities = ("dense", "sparse") if missing == "dense or sparse" else (metric.split("_", 1)[1],)
            ids = [m for p in precisions for d in densities if (m := f"{p}_{d}") in catalogue.metrics]
            reading.todo.append(f"metric: the figure is given for {listed}: {' or '.join(ids)}; "
                                f"{metric} written: confirm or change")
    elif dimension == "bytes":
        own = MEMORY_AFTER.match(place.view, number.end)       # "480GB LPDDR5X + 144GB HBM3e"
        if own is None and re.match(r"[x×]", place.view[number.start - 1:number.start]):
            # "8x80GB A100 node w/ 512GB of CPU memory": a counted GPU's memory, whatever comes after
            own = MEMORY_NAME.match(place.view, number.start)
        if not own and place.view[place.clause.start - 1:place.clause.start] in ("(", "（"):
            # "LPDDR5也提高到了128GB(MTIA v1 為 64GB)": a figure in brackets after another is of its memory
            lead = re.split(r"[,，;；。]", place.view[place.sentence.start:place.clause.start])[-1]
            sentence = clause = lead + clause
        metric = memory_metric(own.group() if own else clause)
        if not own and cpu_memory(place.view, number.start, number.end):
            metric = "lpddr_capacity"       # "a 72-core CPU with 120 GB of memory", "120GB per CPU"
        if metric == "hbm_capacity" and not own and not re.search("HBM", sentence) and memory_metric(
                sentence) == "sram_capacity" and not CONTRASTED.match(clause):
            # "通过片上SRAM设计，让44GB内存…": the sentence's memory ("on-chip SRAM and four HBM2E chips,
            # offering 1.8TB/s bandwidth and 64GB memory" names both: the figure tells)
            metric = "sram_capacity"
        if metric == "lpddr_capacity" and not own and re.search("HBM", sentence) and not re.search(
                r"LPDDR|DDR\d|\bDDR\b|system|host|CPU|[系主]", clause):
            metric = "hbm_capacity"     # "eight HBM3 stacks, ... and 192 GB of DRAM capacity": HBM is DRAM
        missing = "" if metric else "which memory"
        if metric == "sram_capacity" and _beyond_any_sram(catalogue, amount(claimed_text(number)),
                                                          reading.subject):
            metric, missing = "hbm_capacity", "which memory"     # "on-chip memory ... 288 GB": no SRAM
        if metric == "hbm_capacity" and not own and (not memory_said(sentence)
                                                     or HIGH_SPEED_MEMORY.search(clause)):
            missing = "which memory"        # "with 28GB", "100TB 的高速記憶體": the figure may tell
        named = {word for word in ("HBM", "DDR", "SRAM") if word in sentence}
        if metric and not own and not memory_said(clause) and len(named) > 1:
            missing = "which memory"        # "20TB HBM3e ..., 17TB LPDDR5X ..., total 37TB": which?
        # a device's memory ("160GB of VRAM") is HBM, unless the device publishes none (an LPDDR card)
        entity = catalogue.entities.get(reading.subject or "")
        lpddr_chip = entity is not None and entity.kind == "chip" and \
            (reading.subject, "hbm_capacity") not in catalogue.figures
        device = "" if lpddr_chip else r"|GPU memory|VRAM|显存|顯存"
        unnegated = NO_HBM.sub("", clause)      # "480GB Without HBM" names no HBM
        if metric == "hbm_capacity" and not own and not re.search(rf"HBM|DDR{device}", unnegated):
            metric, missing = _unnamed_memory(catalogue, reading.subject, number, metric, missing,
                                              bool(HIGH_SPEED_MEMORY.search(clause)), lpddr_chip)
            systems = [] if reading.subject else [c for c in reading.candidates if catalogue.members_of(c)]
            for system in systems[:1]:      # no subject yet: a system named beside its chips (round 304)
                missing = missing or _unnamed_memory(catalogue, system, number, metric, "")[1]
        lpddr = catalogue.figures.get((reading.subject, "lpddr_capacity"), ())
        if metric == "hbm_capacity" and lpddr_chip and not own and not missing and any(
                same_figure(v, f) for v in readings(amount(claimed_text(number)) or 0, number.unit)
                for f in lpddr):
            missing = "which memory"    # "sidesteps HBM shortage with 160GB of cheaper memory": its LPDDR's
        if BYTES_OF_BANDWIDTH.match(place.view, number.end):     # "1.4 PB of bandwidth": a slip
            metric, missing = None, ""
            rates = ", ".join(metrics_of_dimension(catalogue, "TB/s"))
            reading.todo.append(f"metric: the words say bandwidth, but {number.unit} is an amount, not a "
                                f"rate (perhaps {number.unit}/s: {rates}); pick what the figure measures")
    elif dimension == "area":           # "421mm2": a die's area, unless the words say a package's
        metric = None if re.search(r"package|substrate|interposer|封裝|封装|基板|中介層|中介层", sentence,
                                   re.IGNORECASE) else "die_area"
        value = amount(claimed_text(number))
        if metric is None and value and any(same_figure(value, f) for f in catalogue.figures.get(
                (reading.subject, "die_area"), ())):
            metric = "die_area"     # "~820mm2 ... N5 process with COWOS-S interposer": the die's own figure
        missing = "" if metric else f"an area that is no die's{NO_METRIC}"
    elif dimension == "rate":
        # "128GB of 1.6 TB/s memory": a rate right before the word memory is the memory's
        own_memory = RATE_OF_MEMORY.match(place.view, number.end)
        metric = "hbm_bandwidth" if own_memory else context.rate_metric(texts) or (
            "hbm_bandwidth" if _hbm_row(place, number) else None)
        missing = "" if metric else "which bandwidth"
        _unsaid_link(catalogue, reading, number, metric, sentence)
        _another_rates_figure(catalogue, reading, number, metric)
    elif dimension == "count":
        kind = count_kind(place.view, number)
        metric = {"chips": "chips", "transistors": "transistors"}.get(kind or "")
        thing = uncounted_thing(place.view, number) if metric is None else None
        if thing:       # `8 NICs`, `8 个网卡`: no chips, whatever has 8 (not `8-GPU servers`)
            metric, missing = None, f"a count of {thing}{NO_METRIC}"
        elif metric == "chips" and HOST_CPUS.match(place.view, number.end):
            metric, missing = None, f"a count of host CPUs{NO_METRIC}"      # `two Intel Xeon processors`
        if metric == "chips" and number.value >= 1e9 and TRANSISTORS.search(sentence):
            metric = "transistors"  # "晶体管数量为2080亿颗,比前代H100多了1280亿颗": no billion chips
        missing = missing or ("" if metric else "what is counted")
        if stack_height(place.view, number):     # `8-layer HBM3E`: no count of chips, whatever it equals
            metric, missing = None, f"a memory stack's height{NO_METRIC}"
    elif dimension == "time":
        metric = "chip_to_chip_latency" if re.search(r"latency|延遲|延迟", sentence, re.IGNORECASE) else None
        missing = "" if metric else "which time"
    elif dimension in ("power", "length"):
        metric = {"power": "power", "length": "process_node"}[dimension]
    elif dimension in ("ratio", "percent") and context.respective(sentence, texts[1][1]):
        metric, missing = context.flops_metric(texts)       # "FP64 ..., FP32 ... 分别提升 3.1倍、3.1倍"
    elif dimension in ("ratio", "percent"):
        metric, missing = context.ratio_metric(texts)
        if THE_MEMORY.match(clause, number.start - place.clause.start):
            metric, missing = "hbm_capacity", ""    # "double the memory of the H100 with 1.4X the bandwidth"
        if metric in ("fp16_dense", "fp16_sparse") and set(context.precision_list(clause)[1]) == {"fp16",
                                                                                                "bf16"}:
            metric = "bf16_" + metric.split("_")[1]     # "double the FP16/BF16 compute": bf16, as a table's
        if metric is None and missing == "what is compared":
            metric, missing = compared_metric(place.view, place.sentence, place.clause, number.start)
            if metric is None:
                spoken = spoken_metrics(place.view, place.sentence, number.end)
                offered = [m for m in spoken if m in catalogue.metrics]
    elif number.unit.endswith(("/W", "/mm2")):       # 5.2 TFLOPS/W, 24 GB/mm2 (numbers.py)
        metric, missing = None, ("efficiency" if number.unit.endswith("/W")
                                 else "a density per area (no metric measures it)")
    else:
        metric, missing = None, lexicon().data["unclaimable_units"].get(number.unit, {}).get(
            "words", "no metric for this unit")
    dense = metric.removesuffix("_sparse") + "_dense" if metric and metric.endswith("_sparse") else None
    if dense and metric not in catalogue.metrics and dense in catalogue.metrics:
        metric = dense      # "19.5 TFLOPS FP32 (312 TFLOPS with sparsity)": no FP32 is sparse
        reading.todo.append(f"metric: the words say sparse, but the specs hold no sparse figure of "
                            f"{dense.split('_')[0].upper()}; {dense} written: confirm, or drop the claim")
    if metric and metric not in catalogue.metrics:
        reading.todo.append(f"metric: {metric} is not a metric of the specs")
        metric = None
    if metric and not context.same_dimension(number.unit, catalogue.metrics.get(metric)):
        # "296 TFLOPS" of INT8: the words name a metric the written unit cannot measure; a
        # draft must always check (CONTRACT 9.4), so the metric is asked, not written
        reading.todo.append(f"metric: the words say {metric}, but {number.unit} cannot measure it; "
                            "pick the metric the figure measures")
        metric = None
    reading.metric = metric
    if missing:
        reading.todo.append(_missing_words(missing, metric, offered, catalogue.metrics))


def _unmetered_precision(clause: str, position: int) -> str | None:
    """A precision no metric measures (INT4) named nearer the figure than any the metrics hold."""
    def gap(match: re.Match) -> int:
        return match.start() - position if match.start() >= position else position - match.end()
    unmetered = min(lexicon().pattern("unmetered_precision_words").finditer(clause), key=gap, default=None)
    metered = min(_precisions().finditer(clause), key=gap, default=None)
    return unmetered.group() if unmetered and (metered is None or gap(unmetered) < gap(metered)) else None


@cache
def _precisions() -> re.Pattern:
    return grouped_pattern("precision_words")[0]


LINKS = ("scaleup_bandwidth", "scaleout_bandwidth")
TRANSISTORS = re.compile(r"transistors?|晶体管|晶體管|電晶體|电晶体", re.IGNORECASE)
HBM_TYPE = re.compile(r"\bHBM\d?[eE]?\b")


def _hbm_row(place: Place, number: Number) -> bool:
    """A table row that names an HBM (a capacity cell `16 GB HBM`, a type cell `| HBM3 |`), no link
    or network and one rate: its bare bandwidth is the HBM's (`| TPU v5e | 16 GB HBM | ~600 GB/s |`)."""
    start, end = place.view.rfind("\n", 0, number.start) + 1, place.view.find("\n", number.end)
    row = place.row or place.view[start:end if end >= 0 else len(place.view)]
    rates = re.findall(r"\d\s?[KMGTP]i?B(?:/s|ps)\b", row, re.IGNORECASE)
    label = place.view[:number.start] if place.row else ""       # a cell's column header and row label
    return row.lstrip().startswith("|") and bool(HBM_TYPE.search(row)) and not NAMED_LINK.search(row) \
        and len(rates) <= 1 and not OTHER_RATE.search(label) \
        and not lexicon().pattern("network_words").search(row)


OTHER_RATE = re.compile(r"host|interface|fabric|interconnect|\bI/O\b|PCIe|link|network|scale|互[联連]|接口",
                        re.IGNORECASE)


NAMED_LINK = re.compile(r"scale[- ]?(?:up|out)|NVLink|\bICI\b|Infinity Fabric|\bEFA\b|InfiniBand|\bNICs?\b|"
                        r"ConnectX|UALink|chip-to-chip|inter-chip|晶片間|芯片间|芯片間", re.IGNORECASE)


def _unsaid_link(catalogue: Catalogue, reading: Reading, number: Number, metric: str | None,
                 sentence: str) -> None:
    """"1.2 TB/s bi-directional communications" with "networking" around it, of a chip that
    publishes a scale-up and a scale-out figure and neither of them: a general network word does
    not say which link (or the sum of both) the figure is, so the written one is asked."""
    subject = reading.subject
    value = amount(claimed_text(number))
    if metric not in LINKS or subject is None or value is None or NAMED_LINK.search(sentence):
        return
    published = all((subject, m) in catalogue.published for m in LINKS)
    if not published or matching(catalogue, [subject], LINKS, value):
        return
    reading.todo.append(f"metric: the words do not say which link, and {number.text} {number.unit} is "
                        f"neither of {subject}'s published link figures; {metric} written: confirm or "
                        "change (scaleup_bandwidth or scaleout_bandwidth)")


# "100 TB 的高速內存" (NVIDIA's Chinese for "fast memory"), "192GB 高速記憶體" (a chip's HBM): the
# figure tells which
NO_HBM = re.compile(r"\b(?:without|no|non-)\s?HBM|不用\s?HBM|无\s?HBM|無\s?HBM", re.IGNORECASE)
HIGH_SPEED_MEMORY = re.compile(r"高速(?:記憶體|内存|內存|存储|存儲)")


def _another_rates_figure(catalogue: Catalogue, reading: Reading, number: Number, metric: str | None) -> None:
    """"80 GB HBM3 3.35 TB/s NVLink 4.0" (a table's cells run into one line): a bandwidth the words
    give to a link while the subject publishes another figure for it and exactly this one for
    another bandwidth is asked between them (an article may also be wrong: never moved silently)."""
    value = amount(claimed_text(number))
    subject = reading.subject
    if metric is None or subject is None or value is None or any(
            t.startswith("metric:") for t in reading.todo):
        return
    own = catalogue.figures.get((subject, metric), ())
    if not own or any(same_figure(value, f) for f in own):
        return
    rates = metrics_of_dimension(catalogue, number.unit)
    others = sorted(m for _, m in matching(catalogue, [subject], rates, value) if m != metric)
    if len(others) == 1:
        reading.todo.append(f"metric: {number.text} {number.unit} is {subject}'s published {others[0]}, "
                            f"not its {metric}; {metric} written: confirm or change")


def _beyond_any_sram(catalogue: Catalogue, value: float | None, subject: str | None = None) -> bool:
    """Whether a capacity is more than twice the largest SRAM the specs publish (a wafer's 44 GB),
    or, of a subject, more than ten times its own SRAM, or a gigabyte or more of one that publishes
    HBM and no SRAM ("on-chip memory from 64 GB (Trainium2)": its HBM, misnamed)."""
    if value is None:
        return False
    srams = [v for (_, metric), values in catalogue.figures.items() if metric == "sram_capacity"
             for v in values]
    own = catalogue.figures.get((subject, "sram_capacity"), ())
    its = value > 10 * max(own) if own else value >= 1e9 and (subject, "hbm_capacity") in catalogue.figures
    return bool(srams) and value > 2 * max(srams) or its


def _unnamed_memory(catalogue: Catalogue, subject: str | None, number: Number, metric: str,
                    missing: str, high_speed: bool = False, lpddr_chip: bool = False) -> tuple[str, str]:
    """A memory the words do not name: under a gigabyte it is on-chip SRAM ("内存增加到了 244MB":
    no HBM is that small); of a chip whose only published memory is LPDDR, LPDDR ("Crescent Island
    ... 480GB"); of a subject that publishes it as exactly one other memory ("DGX GH200 ...
    144TB内存": its fast memory, far from its chips' HBM), that memory; asked when no HBM figure
    of the subject tells. A system with no CPU memory has HBM alone as fast memory."""
    value = amount(claimed_text(number))
    if value is not None and value < 1e9 and "sram_capacity" in catalogue.metrics:
        return "sram_capacity", missing
    if lpddr_chip:      # a chip that publishes no HBM: its LPDDR, or no figure tells which memory
        return ("lpddr_capacity", missing) if (subject, "lpddr_capacity") in catalogue.figures \
            else (metric, "which memory")
    memories = [m for m in ("sram_capacity", "lpddr_capacity", "fast_memory_capacity")
                if m in catalogue.metrics]
    if not subject or value is None:
        return metric, missing
    hits = {m for _, m in matching(catalogue, [subject], memories, value)}
    own = [*catalogue.figures.get((subject, metric), ()), *scaled(catalogue, subject, metric)]
    if len(hits) == 1 and own and not any(same_figure(value, f) for f in own):
        return hits.pop(), ""       # the HBM reading is contradicted by the subject's own figure
    cpu_memory = any((e, "lpddr_capacity") in catalogue.figures
                     for e in [subject, *catalogue.members_of(subject)])
    if hits == {"fast_memory_capacity"} and high_speed and not own:
        return hits.pop(), ""       # "high-speed memory" its fast memory's figure, no HBM figure to say else
    if hits == {"fast_memory_capacity"} and not cpu_memory and not missing:
        return metric, ""           # "Up to 1.5TB" of a board of GPUs alone: its fast memory is HBM
    if len(hits) == 1 and not own:  # a figure only another memory of the subject gives: which?
        return metric, "which memory"
    # "the 100-terabyte barrier" of a system of 256 superchips (HBM about 25 TB, fast memory
    # 144 TB): far from its HBM and no other memory of it, the figure does not tell which
    others = [m for m in memories if m != "sram_capacity" and (subject, m) in catalogue.figures]
    near = [*own, *(f for m in catalogue.members_of(subject) for f in catalogue.figures.get((m, metric), ()))]
    if own and not hits and (others or catalogue.members_of(subject)) and not any(  # nor a member's ("the
            0.8 <= value / f <= 1.25 for f in near if f):   # rack's 192GB per GPU"), nor a system's chips'
        return metric, "which memory"       # sum ("four DGX A100 servers with ..., 1TB of memory": round 304)
    # a system's published figure, or its chips' sum (`| B200 | 1,440 |` per node: 8 x 180 GB)
    held = [f for system in catalogue.containers_of_any(subject)
            for f in [*catalogue.figures.get((system, metric), ()),
                      *(float(catalogue.members_of(system).get(subject, 0)) * g for g in own)]]
    if own and not hits and value > 2 * max(own) and \
            not any(0.8 <= value / f <= 1.25 for f in [*near, *held] if f):
        # "| H200 GPU | ... | Memory per Node (GB) | 2,048 |": far above the chip's HBM and any system's
        # of it, a host's memory as likely: which? (held-out round 256)
        return metric, "which memory"
    if own and not hits and any(same_figure(v, f) for v in readings(value, number.unit) for f in own):
        return metric, ""       # "L40S 48GB", "H20 (96GiB)": the subject's published memory, no other of its
    return metric, missing


NO_METRIC = " (no metric measures it)"


# a count of a CPU line's processors is the host's CPUs, no accelerator's chips (`dual Intel Xeon
# Platinum 8468 processors`, `2x AMD EPYC 7742 (64 cores)`: the review of round 295's `dual`); not past an
# accelerator's name or another count (`8x MI300X with 2x EPYC 9654`, `8 GPUs and two Xeon CPUs`)
HOST_CPUS = re.compile(r"[\s-]*(?:[x×]\s*)?(?:(?!(?:and|with|plus|or|GPUs?|chips?|accelerators?)\b)"
                       r"[A-Za-z®™+.-]+\s+){0,3}?(?:Xeon|EPYC|Opteron|Altra|Graviton|Kunpeng)\b",
                       re.IGNORECASE)


def _missing_words(missing: str, metric: str | None, offered: list[str], known=()) -> str:
    """The todo of an open metric; it lists the metrics the unit can measure, and for an unsaid
    density the other reading's id ("fp4_sparse if the figure is sparse")."""
    if missing.endswith(NO_METRIC):       # "a memory stack's height": nothing to choose from
        return (f"metric: the figure is {missing.removesuffix(NO_METRIC)}, which no metric of the specs "
                "measures: keep it qualitative (the check reports it unverifiable) or delete the claim")
    if missing == "efficiency":
        return ("metric: efficiency is a ratio of two metrics; write an expr such as "
                "`(a.fp8_dense / a.power) / (b.fp8_dense / b.power)` in place of kind")
    if missing.startswith("ops of "):       # the words' precision, never the figure's INT8 match
        return (f"metric: the words say {missing[7:].upper()}, but the figure is written in OPS (operations "
                "per second): pick the metric it measures (`claimaudit metrics` lists them)")
    other = metric.removesuffix("_dense") + "_sparse" if metric else ""
    if metric and missing == "dense or sparse" and metric.endswith("_dense") and other in known:
        return (f"metric: the text does not say dense or sparse; {metric} written, {other} if the "
                "figure is sparse: confirm or change (`claimaudit metrics` lists them)")
    others = [m for m in offered if m != metric]
    if metric and others and missing == "which memory":     # the memories it may be, each named
        return (f"metric: the text does not say {missing}; {metric} written: confirm or change to one of "
                f"{', '.join(others)}")
    if metric:
        return (f"metric: the text does not say {missing}; {metric} written: confirm or change "
                "(`claimaudit metrics` lists them)")
    if offered:
        return f"metric: the text does not say {missing}; choose one of {', '.join(offered)}"
    return f"metric: the text does not say {missing}; choose one with `claimaudit metrics`"
