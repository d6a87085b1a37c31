"""What the words around a number decide: qualifier, "N times more", direction, metric
(pipeline/draft/). Each rule reads the clause first, then the sentence; none guesses.
"""

from __future__ import annotations

import re

from claimaudit.draft import rate_words
from claimaudit.draft.density_words import (
    bracketed_density,
    density,
    unsparse,
    without_others_brackets,
    without_sparsity_support,
    without_unsparse,
)
from claimaudit.draft.forms import OVER_A_NAME, Number
from claimaudit.draft.lexicon import alternation, grouped_pattern, lexicon
from claimaudit.draft.memory_words import MEMORY_AT, MEMORY_BRACKET, memory_metric, memory_said

UNIT_DIMENSION = {
    "FLOPS": "flops", "GFLOPS": "flops", "TFLOPS": "flops", "PFLOPS": "flops", "EFLOPS": "flops",
    "ZFLOPS": "flops", "YFLOPS": "flops", "TOPS": "ops", "POPS": "ops",
    "B": "bytes", "MB": "bytes", "GB": "bytes", "TB": "bytes", "PB": "bytes",
    "MiB": "bytes", "GiB": "bytes", "TiB": "bytes",     # KB: a core's memory, no metric's (unclaimable_units)
    "B/s": "rate", "MB/s": "rate", "GB/s": "rate", "TB/s": "rate", "PB/s": "rate", "GiB/s": "rate",
    "TiB/s": "rate", "Gbps": "rate", "Tbps": "rate", "Pbps": "rate",
    "ns": "time", "us": "time", "ms": "time", "s": "time", "min": "time",
    "W": "power", "kW": "power", "MW": "power", "GW": "power", "nm": "length", "mm2": "area",
    "": "count", "x": "ratio", "%": "percent",
}


def qualifier(before: str, after: str, number: Number) -> str | None:
    """The qualifier word written right before (or, in Chinese, right after) the number."""
    if number.implied:
        return number.implied
    pattern, table = grouped_pattern("qualifiers_before")
    verbs = alternation(lexicon().words("times_more_before"), bounded=False)
    tail = re.compile(rf"(?:{pattern.pattern})\s*(?:the\s+|a\s+|(?:{verbs})\s*(?:了)?\s*)?$", re.IGNORECASE)
    match = None if lexicon().ends_with("phrasal_not_qualifier", before) else tail.search(before)
    if match:
        word = re.sub(r"\s+(the|a)$", "", match.group().strip().lower())
        bare = re.sub(rf"\s*(?:{verbs})\s*(?:了)?$", "", word)
        return table.get(word) or table.get(bare) or table.get(_strip(word))
    gap_pattern, gap_table = grouped_pattern("qualifiers_before_gap")
    match = re.search(rf"({gap_pattern.pattern})[\u4e00-\u9fff]{{1,3}}\s*$", before)
    if match:
        return gap_table[match.group(1)]
    if number.unit == "x":
        ratio_pattern, ratio_table = grouped_pattern("qualifiers_before_ratio")
        match = re.search(rf"({ratio_pattern.pattern})(?:為|为|是)[^，。,;；]{{1,24}}的\s*$", before)
        if match:
            return ratio_table[match.group(1)]
    after_pattern, after_table = grouped_pattern("qualifiers_after")
    match = re.match(rf"\s?(?:的)?(?:{after_pattern.pattern})", after)
    many = re.match(r"\s?(?:的)?多(?:[個个顆颗台臺]|達|达|少)", after)
    return after_table.get(match.group().strip().lstrip("的").lower()) if match and not many else None


def _strip(word: str) -> str:
    return word.rstrip(" ~")


def strip_qualifier(before: str) -> str:
    pattern, _ = grouped_pattern("qualifiers_before")
    return re.sub(rf"(?:{pattern.pattern})\s*$", "", before, flags=re.IGNORECASE)


def times_more(before: str, after: str, number: Number) -> bool:
    """"3x more", "4 times faster", "提升 3 倍", "快4倍": N may mean N x or (N+1) x."""
    if number.unit != "x" or number.ratio_word:
        return False
    lex = lexicon()
    english = re.match(r"\s*(?:" + alternation(lex.words("times_more_after")) + ")", after, re.IGNORECASE)
    chinese = re.search(r"(?:" + alternation(lex.words("times_more_before"), bounded=False)
                        + r")\s*(?:了|達|达|至|到)?\s*$", strip_qualifier(before).rstrip())
    return bool(english) or bool(chinese)


def direction(clause: str) -> str:
    """'decrease' when the words next to the number say lower/降低, 'increase' for
    higher/提升, else '' (callers pass a window around the number, not the whole clause)."""
    lex = lexicon()
    if re.search(alternation(lex.words("decrease_words")), clause, re.IGNORECASE):
        return "decrease"
    if re.search(alternation(lex.words("increase_words")) + "|" + OVER_A_NAME, clause, re.IGNORECASE):
        return "increase"
    # Chinese builds its change words from a few morphemes (大涨, 飙升, 增强, 骤降, 缩减): read those
    if re.search(alternation(lex.words("decrease_morphemes"), bounded=False), clause):
        return "decrease"
    if re.search(alternation(lex.words("increase_morphemes"), bounded=False), clause):
        return "increase"
    return ""


def _nearest(pattern: re.Pattern, text: str, position: int, keep=None):
    """The match of `pattern` in `text` (that `keep` keeps) nearest to `position`, or None."""
    best, best_gap = None, None
    for match in filter(keep, pattern.finditer(text)):
        gap = match.start() - position if match.start() >= position else position - match.end()
        if best_gap is None or gap < best_gap:
            best, best_gap = match, gap
    return best


_UNIT_THEN_WORDS = re.compile(r"[\d.,]+\s?[A-Za-z]{1,8}(?:/s(?:ec)?)?(?:\s?的\s?|\s(?:(?:in|at|for) )?)",
                              re.IGNORECASE)


def _after_the_unit(text: str, position: int) -> int:
    """Where the words after a number and its unit begin ("18,000 TFLOPS |FP4", "9.7 TFLOPS
    的|雙精度", "19.5 TFlop/s in |FP32"), else the end."""
    glued = _UNIT_THEN_WORDS.match(text, position)   # "2.6PFLOPs的FP8"
    return glued.end() if glued else len(text)


RESPECTIVELY = re.compile(r"分别|分別|respectively", re.IGNORECASE)
RATIO_FIGURE = re.compile(r"\d+(?:\.\d+)?\s?(?:倍|x|×|%)")


def respective(text: str, position: int) -> str | None:
    """"FP64 ..., FP32 ..., FP16/BF16 ..., 对比 MI100 分别提升 3.1倍、3.1倍、2.1倍": the n-th
    ratio of a list read "respectively" is the n-th precision the sentence names before it (a
    slashed pair counts as one and decides nothing): its precision, or '' when the lists do
    not pair up, or None when no "respectively" governs the number."""
    pattern, table = grouped_pattern("precision_words")
    word = next((m for m in RESPECTIVELY.finditer(text) if m.start() < position), None) or next(
        (m for m in RESPECTIVELY.finditer(text, position)), None)
    if word is None:
        return None
    span = (word.end(), len(text)) if word.start() < position else (0, word.start())
    figures = [m.start() for m in RATIO_FIGURE.finditer(text, *span)]
    written = re.findall(rf"(?:{pattern.pattern})(?:\s?/\s?(?:{pattern.pattern}))*",
                         text[:min(word.start(), figures[0] if figures else word.start())], re.IGNORECASE)
    groups: list[tuple] = []
    for group in written:       # "FP64双精度": one precision written twice
        named = tuple(dict.fromkeys(table[p.lower()] for p in re.split(r"\s?/\s?", group)
                                    if p.lower() in table))
        if not groups or groups[-1] != named:
            groups.append(named)
    if position not in figures:
        return None         # not one of the listed ratios
    if len(groups) != len(figures) or len(figures) < 2:
        return ""
    named = groups[figures.index(position)]
    return named[0] if len(named) == 1 else ""


# a precision label glued to the figure after it, in a spec list pasted without its cell borders
GLUED_LABEL = re.compile(r"(?<![A-Za-z0-9])((?:FP|BF|TF|INT)\d{1,2})$", re.IGNORECASE)


def precision(texts: list[tuple[str, int]]) -> str | None:
    """fp8 / fp4 / bf16 ... named in the clause (nearest), else in the sentence if only one; of
    a ratio read "respectively", the precision in its place (`respective`)."""
    pattern, table = grouped_pattern("precision_words")
    if len(texts) > 1 and (paired := respective(*texts[1])) is not None:
        return paired or None
    for index, (text, position) in enumerate(texts):
        glued = GLUED_LABEL.search(text[:position]) if index == 0 else None
        if glued and glued.group(1).lower() in table:     # `FP6447.9 TFLOPS`: the cell's own label
            return table[glued.group(1).lower()]
        found = {table[m.group().lower()] for m in pattern.finditer(text)}
        written = pattern.match(text, _after_the_unit(text, position)) if index == 0 and found else None
        if index == 0 and found and not written and (bracket := OPEN_AFTER.match(text, position)):
            written = pattern.match(text, bracket.end())       # "1,836 (INT8)": the word in brackets after it
        if not written and len(found) > 1 and (own := PAREN.match(text, _after_the_unit(text, position))):
            written = pattern.fullmatch(own.group(1))   # "383 TFLOPS for half-precision format (FP16) and"
        if written:         # "9,000 TFLOPS FP8 / 18,000 TFLOPS FP4": the word after the unit
            return table[written.group().lower()]
        if index == 0 and found:    # "fp6 runs at the same 4500TFLOPS as fp8": not the compared one
            own = _nearest(pattern, text, position, _not_compared(text))
            return table[(own or _nearest(pattern, text, position)).group().lower()]
        if len(found) == 1:
            return found.pop()
        led = BRACKET_END.search(text, max(0, position - 16), position)      # "(FP16) 15832 TFLOPS ;"
        if led and (word := pattern.fullmatch(led.group(1))):
            return table[word.group().lower()]
    return None


def _not_compared(text: str):
    """A filter of a pattern's matches: those no "as", "than" or "vs" leads."""
    return lambda match: not COMPARED_WORD.search(text, 0, match.start())


OPEN_AFTER = re.compile(r"[\d.,]+\s?[(（]")
COMPARED_WORD = re.compile(r"\b(?:as|than|vs\.?|versus|compared (?:to|with))\s+$", re.IGNORECASE)
PAREN = re.compile(r"(?:(?!\b(?:while|whereas|but|versus|vs|than|and)\b)[^\d(（,;，；。|/\n]){0,50}?[(（]\s*"
                   r"([^()（）]{2,12}?)\s*[)）]")
BRACKET_END = re.compile(r"[(（]\s*([^()（）]{2,12}?)\s*[)）]\s*$")


def precision_list(clause: str) -> tuple[str, list[str]]:
    """("FP8/FP6", ["fp8", "fp6"]) when the clause gives one figure for a list of precisions
    joined by "/", else ("", [])."""
    pattern, table = grouped_pattern("precision_words")
    clause = re.sub(r"\bBF(?=\s?/\s?FP16)", "BF16", clause)       # `BF/FP16`: BF16 and FP16
    listed = rf"(?:{pattern.pattern})(?:\s?/\s?(?:{pattern.pattern}))+"
    for match in re.finditer(listed, clause, re.IGNORECASE):
        named = list(dict.fromkeys(table[p.lower()] for p in re.split(r"\s?/\s?", match.group())
                                   if p.lower() in table))
        if len(named) > 1:
            return match.group(), named
    return "", []


def said(key: str, texts: list[tuple[str, int]]) -> bool:
    pattern = lexicon().pattern(key)
    return any(pattern.search(text) for text, _ in texts)


def _one_way(text: str, position: int) -> bool:
    """A per-direction word in the text, and no word for both directions (`bidi`, `total`)
    nearer the figure."""
    def nearest(key: str) -> int | None:
        found = [abs(m.start() - position) for m in lexicon().pattern(key).finditer(text)]
        return min(found) if found else None
    one, both = nearest("per_direction_words"), nearest("bidirectional_words")
    return one is not None and (both is None or one < both)


NETWORK_UNIT = re.compile(r"[\d.,]+\s?(?:GbE|GigE|G(?:b|bit)?(?:ps|/s)?\s?(?:Ethernet|InfiniBand|IB))"
                          r"(?![A-Za-z])")
RATE_THEN_WORDS = re.compile(r"[\d.,]+\s?[A-Za-z/]{1,8}\s?(?:的|of\s)?\s?")


# words for a link that do not say which: the chips' own fabric unless the sentence says
GENERIC_LINK = re.compile(r"互連|互连|互聯|互联|interconnect|I/O", re.IGNORECASE)


def rate_metric(texts: list[tuple[str, int]]) -> str | None:
    """The bandwidth metric the words decide (memory, chip-to-chip, network, per direction);
    words right after the amount name its own ("800Gbps的网络带宽", "8 TB/s memory bandwidth")."""
    pattern, table = grouped_pattern("metric_words")
    if texts and NETWORK_UNIT.match(*texts[0]):
        return "scaleout_bandwidth"     # "2× 200 GbE", "400 Gb/s InfiniBand": a network port's rate
    if texts and MEMORY_AT.search(texts[0][0][:texts[0][1]]) or len(texts) > 1 and MEMORY_BRACKET.search(
            texts[1][0][:texts[1][1]]):
        return "hbm_bandwidth"      # "141 GB HBM3e @ 4.8 TB/s", "HBM4 memory (288GB, 22 TB/s"
    whole = texts[:1]       # the figure's clause, kept for its direction words ("... per direction")
    if texts:
        text, position = texts[0]
        after = RATE_THEN_WORDS.match(text, position)
        own = pattern.match(text, after.end()) if after else None
        if own and table[own.group().lower()] in ("hbm_bandwidth", "scaleup_bandwidth", "scaleout_bandwidth"):
            if GENERIC_LINK.fullmatch(own.group()) and len(texts) > 1 and any(
                    table[m.group().lower()] == "scaleout_bandwidth"
                    for m in pattern.finditer(texts[1][0][:texts[1][1]])):
                # "采用第四代InfiniBand技术,提供高达400Gb/s的互联带宽", "supports InfiniBand and offers
                # 900 GB/s of interconnect bandwidth": a plain interconnect after a network's name is
                # the network or the chips' link, which the figure may tell (asked, never guessed)
                return None
            texts = [(text[own.start():own.end()], 0)]
    for index, (text, position) in enumerate(texts):
        candidates = [m for m in pattern.finditer(text)
                      if table[m.group().lower()] in ("hbm_bandwidth", "scaleup_bandwidth",
                                                      "scaleout_bandwidth")
                      and not rate_words.another_amount_between(text, position, m)
                      and not rate_words.leads_another_amount(text, position, m)
                      and not rate_words.not_its_own(text, m)
                      and not (m.end() <= position and rate_words.CAPACITY_BEFORE.search(text, 0, m.start())
                               and rate_words.OWN_NOUN.match(text, position))]
        if candidates and index:    # past the clause, a word before the number heads it
            candidates = [m for m in candidates if m.end() <= position] or candidates
            if {"scaleup_bandwidth", "scaleout_bandwidth"} <= {table[m.group().lower()] for m in candidates}:
                return None         # "an Ethernet-based interconnect, supporting ... 4800 Gbps": which?
        if candidates and not index and len(texts) > 1 and all(GENERIC_LINK.fullmatch(m.group())
                                                               for m in candidates):
            # "在集群扩展(scale-out)时,互连带宽则为300GB/s": a plain "interconnect" is the
            # link the sentence named, in words, before it
            sentence, at = texts[1]
            named = [m for m in pattern.finditer(sentence[:at]) if not GENERIC_LINK.fullmatch(m.group())
                     and not rate_words.link_network(sentence, m)
                     and table[m.group().lower()] in ("scaleup_bandwidth", "scaleout_bandwidth")]
            if named:
                return table[named[-1].group().lower()]
        if candidates:
            nearest = min(candidates, key=lambda m: abs(m.start() - position))
            metric = table[nearest.group().lower()]
            # the figure's own clause, when it says either way, decides; else the words nearest it
            either = said("bidirectional_words", whole) or said("per_direction_words", whole)
            words, at = whole[0] if either else (text, position)
            if metric == "scaleup_bandwidth" and _one_way(words, at):
                return "scaleup_bandwidth_per_direction"
            return metric
    return None


def flops_metric(texts, family: str = "flops", around: str = "") -> tuple[str | None, str]:
    """(metric, what is missing): fp8_dense when FP8 and dense are said (clause, sentence, else `around`)."""
    chosen = precision(texts)
    if chosen is None and family == "flops" and said("half_precision_words", texts[:1]):
        return "bf16_dense", HALF          # the figure may tell bf16 from fp16 (settle.py)
    if chosen is None and family == "ops":      # "FP16+TF32 ... 1979 TOPS": float words, no INT8
        pattern, table = grouped_pattern("precision_words")
        named = {table[m.group().lower()] for text, _ in texts for m in pattern.finditer(text)}
        if named and "int8" not in named:
            return None, f"ops of {'/'.join(sorted(named))}"
    if chosen is None:
        return None, "precision"
    if family == "ops" and chosen != "int8":
        return None, f"ops of {chosen}"     # "FP16 ... 1979 TFLOPS (即1979 TOPS)": not the INT8 rate
    own = bracketed_density(*texts[-1])     # the sentence: a clause may end at the bracket
    if own:
        return f"{chosen}_{own}", ""    # "624 TOPS (with Sparsity) / 312 TOPS (without Sparsity)"
    texts = [(without_sparsity_support(without_others_brackets(text, position)), position)
             for text, position in texts]
    off = unsparse(texts[0][0])       # "关闭结构化稀疏" in the figure's own clause: dense
    texts = [(without_unsparse(text), position) for text, position in texts]
    sparse = said("sparse_words", texts[:1]) or (said("sparse_words", texts)
                                                and not said("dense_words", texts))
    dense = off or said("dense_words", texts[:1]) or said("dense_words", texts) and not said(
        "sparse_words", texts)     # a row saying both ("| 3958 TFLOPS | 稀疏，稠密约 1979 |") says neither
    if sparse and not said("dense_words", texts[:1]):
        return f"{chosen}_sparse", ""
    if dense or density(around) == "dense":
        return f"{chosen}_dense", ""
    return f"{chosen}_dense", "dense or sparse"


HALF = "which 16-bit format (bf16 or fp16), dense or sparse"


LARGER_THAN = re.compile(r"[\d.,]*\s*(?:times|x|×)?\s+(?:larger|bigger)\s+than\b", re.IGNORECASE)


def ratio_metric(texts) -> tuple[str | None, str]:
    """The metric a ratio compares, from the words around it."""
    clause = texts[0][0] if texts else ""
    if said("efficiency_words", texts[:1]):
        return None, "efficiency"
    lead = re.split(r"[,;，；]", texts[1][0][:texts[1][1]])[-1] if texts[1:] else ""   # "memory: 2.4x, 4.8x"
    if texts and LARGER_THAN.match(clause, texts[0][1]) and not re.search(r"cluster|pod|system|集群|叢集",
            clause[:texts[0][1]], re.I) and not re.search(r"(?i)memory|HBM|VRAM|capacity|bandwidth", lead):
        return "die_area", ""   # "57 times larger than an H100": its size (a cluster's: chips; a memory's)
    # "High Bandwidth Memory" is HBM's name, not a bandwidth
    if re.search(r"bandwidth(?! memory)|\bBW\b|頻寬|帶寬|带宽|寬頻|寬帶|宽带", clause, re.IGNORECASE):
        metric = rate_metric(texts[:1])
        sentence = texts[1][0] if texts[1:] else ""
        if metric is None and memory_said(sentence) and rate_metric(texts[1:]) in (None, "hbm_bandwidth"):
            metric = "hbm_bandwidth"    # "76% more memory and 43% higher bandwidth": the memory's
        return (metric, "") if metric else ("hbm_bandwidth", "bandwidth")
    if re.search(r"capacity|容量", clause, re.IGNORECASE) or re.search(
            r"\b(memory|HBM|SRAM|VRAM|LPDDR\w*)\b|記憶體|内存|內存|顯存|显存", clause, re.IGNORECASE):
        metric = memory_metric(clause)
        return (metric, "") if metric else (None, "which memory")
    if re.search(r"number of (?:chips|GPUs|accelerators|processors)|(?:chip|GPU) count|芯片數量|晶片數量|"
                 r"\b(?:more|as many|fewer)\s+(?:GPUs|chips|accelerators|NPUs|TPUs|processors)\b|"
                 r"芯片数量|規模|规模|(?:cluster|pod)s?\b[^.,;]{0,24}\b(?:larger|bigger)", clause,
                 re.IGNORECASE):
        return "chips", ""          # "clusters that are 35 times larger", "5x more GPUs": the chips
    if said("power_words", texts[:1]):
        return "power", ""
    if re.search(r"transistor|電晶體|晶體管|晶体管", clause, re.IGNORECASE):
        return "transistors", ""        # "電晶體數量:約 2,080 億(H100 的 2.6 倍)"
    if re.search(r"\bdie (?:size|area)|晶粒面積|晶粒面积|芯片面积|晶片面積", clause, re.IGNORECASE):
        return "die_area", ""           # "56 times the die size of the H100"
    if said("compute_words", texts[:1]) or precision(texts[:1]):
        return flops_metric(texts)
    if re.search(r"latency|延遲|延迟", clause, re.IGNORECASE):
        return "chip_to_chip_latency", ""
    return None, "what is compared"


# a link's words: they name what a rate crosses, not a memory's size ("L40S 48GB (PCIe)"); a power
# "PCIe版约350W" is a card's, a form factor the subject must tell
LINK_WORD = re.compile(r"die-to-die|D2D|NV-HBI|C2C|PCIe|晶粒[間间]", re.IGNORECASE)


def no_metric_word(clause: str, dimension: str = "") -> str | None:
    """A word saying the number measures something no metric covers (die-to-die, PCIe, L2)."""
    for match in lexicon().pattern("no_metric_words").finditer(clause):
        if not (dimension == "bytes" and LINK_WORD.fullmatch(match.group())):
            return match.group()
    return None


def names_a_metric(clause: str) -> bool:
    """Whether the clause itself holds a word that decides a metric."""
    pattern, _ = grouped_pattern("metric_words")
    precision_pattern, _ = grouped_pattern("precision_words")
    # "稀疏算力达到上一代的近 7 倍": a compute word names one too (a cache elsewhere is not its)
    compute = said("compute_words", [(clause, 0)])
    return bool(pattern.search(clause) or precision_pattern.search(clause) or compute)


# A metric's declared unit -> the dimension word UNIT_DIMENSION gives written units.
_METRIC_UNIT_DIMENSION = {"FLOPS": "flops", "OPS": "ops", "B": "bytes", "B/s": "rate", "bps": "rate",
                          "W": "power", "nm": "length", "s": "time", "": "count", "mm2": "area"}


def same_dimension(unit: str, metric_unit: str | None) -> bool:
    """Can a number written in `unit` be a value of a metric declared in `metric_unit`? Ratios
    and percentages go with any metric (a ratio claim compares two figures of it)."""
    written = UNIT_DIMENSION.get(unit)
    declared = _METRIC_UNIT_DIMENSION.get(metric_unit or "")
    return written in (None, "ratio", "percent") or declared is None or written == declared
