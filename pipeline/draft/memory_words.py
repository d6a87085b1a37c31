"""Which memory a capacity or a rate is, from the words around it (pipeline/draft/, issue 19).

A capacity is on-chip SRAM, a CPU's LPDDR/DDR, a system's fast memory, or else HBM, by the
words of its clause (a cache or a memory no metric measures decides none). A rate is the
memory's own when it is what a memory runs at or delivers ("141 GB HBM3e @ 4.8 TB/s", "HBM2
memory at 1.2 GHz delivering 1.23 TB/s", "HBM4 memory (288GB, 22 TB/s"). context.py reads the
other words of a metric.
"""

from __future__ import annotations

import re

CPU_SIDE = r"(?:内存|內存|記憶體|LPDDR\w*|(?:CPU|system|host) memory)"
GPU_SIDE = r"(?:显存|顯存|HBM\w*|GPU memory)"
COMBINED = re.compile(rf"{CPU_SIDE}\s*(?:[+＋&]|和|与|與|及|plus)\s*{GPU_SIDE}|"
                      rf"{GPU_SIDE}\s*(?:[+＋&]|和|与|與|及|plus)\s*{CPU_SIDE}|"
                      # "144TB when you add GPU + Host memory together": one noun for both sides
                      r"\b(?:GPU|CPU|host|system)\s*(?:[+＋&]|and|plus)\s*(?:GPU|CPU|host|system)\s+memory",
                      re.IGNORECASE)

# "显存和内存分别为 640GB 和 2TB": each memory its own figure, not the two together
EACH_ITS_OWN = re.compile(r"分别|分別|各自|respectively|each", re.IGNORECASE)
CAPACITY = re.compile(r"\d[\d.,]*\s?[GT]i?B(?![A-Za-z])")


def memory_metric(clause: str) -> str | None:
    """The capacity metric the words decide: on-chip SRAM, LPDDR/DDR, else HBM; a cache or
    another memory no metric measures decides none."""
    if re.search(r"cache|\bL[123]\b|緩存|缓存|快取|GDDR", clause, re.IGNORECASE):
        return None
    # a TPU core's VMEM/CMEM (vector, common memory) is on-chip SRAM (held-out round 208)
    if re.search(r"SRAM|\b[VC]MEM\b|on-chip (?:memory|storage)|in-processor[ -]memory|片上(?:存储|內存|内存)|"
                 r"晶片上|芯片(?:内存|內存)",
                 clause, re.IGNORECASE):
        return "sram_capacity"
    # "~40 TB “fast” coherent memory"
    if re.search(r"[“\"']?fast[”\"']?\s+(?:coherent\s+)?memory|快速(?:記憶體|内存|存储)", clause,
                 re.IGNORECASE):
        return "fast_memory_capacity"
    if COMBINED.search(clause) and not EACH_ITS_OWN.search(clause) and len(CAPACITY.findall(clause)) < 2:
        return None     # "内存+显存高达 624GB", "内存与显存共用 128GB": the two together, or one pool of
        # them: which of the specs' memories, the figure tells (a sum, a shared pool or the HBM)
    if re.search(r"unified(?:,?\s+[\w-]+)?\s+memory|memory pool|統一記憶體|统一内存", clause, re.IGNORECASE):
        return None         # GPU and CPU memory as one ("a unified, high-bandwidth memory pool of up to
        # 40TB per rack"): which of the specs' memories, the figure tells
    # a CPU's memory ("system memory", "系统内存", "host memory") is its LPDDR/DDR, not HBM
    cpu = r"(?:system|host|CPU) memory|(?:系[统統]|主[机機]|CPU\s?主?)(?:内存|內存|記憶體)"
    if re.search(rf"LPDDR|DDR\d|\bDDR\b|DRAM|{cpu}", clause, re.IGNORECASE) and not re.search(r"HBM", clause):
        return "lpddr_capacity"
    return "hbm_capacity"


def memory_said(text: str) -> bool:
    """Whether the words name a memory at all (HBM, memory, 显存, SRAM, GDDR ...)."""
    return bool(re.search(r"HBM|memory|SRAM|DDR|cache|記憶體|内存|內存|顯存|显存|存儲|存储|緩存|缓存|快取",
                          text, re.IGNORECASE))


MEMORY_AT = re.compile(r"\d\s?(?:GB|TB|GiB)\s*(?:of\s)?(?:HBM\w*\s*)?(?:memory|显存|顯存)?\s*"
                       r"(?:operating\s|running\s)?(?:@|at|with)\s*(?:up to\s*)?$"
                       # "The H200's HBM3 memory delivers up to 4 TB/s of bandwidth", "HBM2 memory at
                       # 1.2 GHz delivering 1.23 TB/s": the memory's own
                       r"|(?:HBM\w*|memory)\s+(?:at\s+[\d.]+\s?[GM]Hz,?\s+)?"
                       r"(?:deliver(?:s|ing)|provid(?:es|ing)|offer(?:s|ing)|reaches|achieves|runs at)\s+"
                       r"(?:up to\s+|about\s+|roughly\s+|nearly\s+)?$", re.IGNORECASE)
MEMORY_BRACKET = re.compile(r"(?:HBM\w*|memory)\s*[(（]\s*[\d.,]+\s?(?:GB|TB|GiB)\s*[,，]\s*$", re.IGNORECASE)


# "a Grace ARM 72-core CPU with 120 GB of memory", "120GB per CPU": the CPU's own memory
CPU_BEFORE = re.compile(r"\bCPUs?\s+(?:with|has|have|carries|gets)\s+(?:up to\s+|about\s+)?$", re.IGNORECASE)
PER_CPU = re.compile(r"\s?(?:of\s+(?:memory|RAM)\s+)?per\s+CPU\b", re.IGNORECASE)


def cpu_memory(view: str, start: int, end: int) -> bool:
    """Whether the capacity at start..end is a CPU's, by the words right around it, or by the label
    that starts its line, when that names a host's memory and no GPU's (`Host CPU memory (per server)
    512 GB`: a label the bracket parts from its figure, round 305)."""
    label = re.split(r"[.;|]\s|\d\s?[GT]i?B", view[view.rfind("\n", 0, start) + 1:start])[-1]
    return bool(CPU_BEFORE.search(view, max(0, start - 40), start) or PER_CPU.match(view, end)
                or HOST_LABEL.match(label) and not re.search(GPU_SIDE, label, re.I))


# a row's label of a host's memory in English right before the figure, perhaps an aside between (Chinese 内存
# and 記憶體 label a GPU's memory as often: `| GPU内存 | 64GB |`; not `(unified)`, nor a label that runs on:
# `Host memory: 16x 64G DDR5 RDIMM, GPUs: 8x H100 80GB`, the review)
HOST_LABEL = re.compile(r"\s*(?:[\w-]+\s){0,2}(?:CPU|system|host)\s(?:memory|RAM)\s*"
                        r"(?:\((?![^()]*(?:unified|shared|fast|coherent|GPU))[^()]*\))?\s*:?\s*$",
                        re.IGNORECASE)


# "128GB of 1.6 TB/s memory", "8 TB/s HBM3e memory": a rate right before the memory it is of
# (not "900 GB/s memory-coherent NVLink-C2C": an adjective of a link)
RATE_OF_MEMORY = re.compile(r"\s?(?:of\s+)?(?:HBM\w*\s+)?(?:memory|显存|顯存)(?![\w-])", re.IGNORECASE)

