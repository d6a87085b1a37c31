"""Counts written as a multiplier and a product's name (pipeline/draft/, issue 19).

"8x B200 per node", "16xH100 GPUs", "| H100 x 16 |", "8x80GB A100 GPUs": the multiplier counts the
chips it names; no ratio is written so. "is 2x B200" stays a ratio: a comparing word before it (`is`, `than`,
`delivers`) makes it one, as a bracket of the product's figures does ("2x TPU v5e (exact GB not
disclosed)"). A counted number keeps no unit and takes the noun `chips` (count_kind in numbers.py).
"""

from __future__ import annotations

import re
from dataclasses import replace

from claimaudit.draft.forms import CARD_LINES, Number
from claimaudit.draft.products import FORM_FACTOR
from claimaudit.draft.shorthand import LINK_SPEEDS

# "(8x B300 GPUs", "| 8x B200 per node", "2x NVIDIA H100 PCIE 80GB |", "an 8× B200 system ... vs an 8× H200
# system", "8x NVIDIA H100 (80 GB)", "租用 8× H200(约": a multiplier right before a product's model number,
# and then a count noun, a system's noun (after a platform's acronym: "(8x H100 HGX node)"), "per", "with",
# "vs", the end of its cell, clause, sentence, bracket or bold ("set for 8 x A100 80GB.", round 279; "on 8×
# B300**", round 284), a bracket of its figures or precision ("8 x A100 (bf16)";
# "2x TPU v5e (exact GB not disclosed)" stays a ratio), or the fabric that joins them in a server's row
# ("8 × A100 80GB NVLink 2× 6438Y 1 TB"); its memory and power may come between ("8x AMD MI300X 192GB
# HBM3 750W \", round 236), or glued to it by a hyphen ("8x NVIDIA A100-80G |", round 301)
COUNTED_NAME = re.compile(r"\s*(?:NVIDIA\s|AMD\s|Intel\s)?(?:[A-Z][a-z]{4,9}[™®]?\s(?=[A-Z]{1,3}\d))?"
                          r"[A-Z][A-Za-z]{0,7}(?:[ -]?\d{2,4}[A-Za-z]{0,3}|-\d\b|\s[A-Z]?\d{1,4}[A-Za-z]?)"
                          rf"(?:\s(?:{FORM_FACTOR}|\d+\s?GB|HBM\d?e?|\d+\s?W)|-\d{{2,3}}G(?:i?B)?\b)*\s*"
                          r"(?=(?:(?:(?-i:[A-Z]{2,5})\s)?(?:GPUs?|chips?|accelerators?|cards?|systems?|servers?|nodes?)|per|with|"
                          r"box(?:es)?|platforms?|baseboards?|vs|versus)\b|[,;)|\n，。、；+\\]|\*{1,2}(?=[\s|]|$)|"
                          r"\.(?=\s|$)|[-–]\s|(?<!\s)[(（]|[(（]\s*(?:\d|(?:bf|fp|int)\d+[)）,，])|$|"
                          r"(?:NVSwitch|NVLink)\b(?!\s*(?:\d[\d.]*\s*)?(?:bandwidth|speed|links?|connections?)\b))",
                          re.IGNORECASE)
# a count's noun (numbers._count_noun_after): `8 B300s`, `350,000 H100s` count chips
# (a card's line before it: `four RTX A6000`, `two RTX 3090s`: held-out round 310)
NAME_AS_NOUN = rf"|(?-i:(?:{CARD_LINES}\s[A-Z]{{0,3}}|[A-Z]{{1,3}})\d{{2,4}}[A-Z]{{0,2}}s\b)"
# so does a model number in the singular right after a whole count, when it ends a cell or a
# clause (`| 2 × 8 H200 |`, `8 H100 and 4 NICs`; not `8 H100 nodes`: nodes, nor a precision's `2300 BF16`),
# or after a hyphen before a system's noun (`2-node × 8-H200 clusters`: held-out round 293)
# (what ends the name: a cell, a line, a clause, a sentence, or a word after it)
NAME_END = r"(?=[ \t]*(?:\||\n|$)|[,;)]|\.(?:\s|$)|\s(?:per|each|and|with|in|on|for)\b)"
# or a maker's name and a card's longer one (`runs 8 NVidia GeForce GTX 1080`, `6 NVIDIA Titan Xp`: held-out
# round 309), a card line's word or a model number first (not `8 NVIDIA ConnectX-7 NICs`, `2 NVIDIA DGX H100`,
# `4 NVIDIA NVLink Switches`, `2 AMD EPYC 7742`: the review), its noun may follow
BRANDED_CARD = (rf"\s(?i:NVIDIA|AMD)\s(?:{CARD_LINES}|"
                r"[A-Z]{1,2}\d{2,4}[A-Za-z]{0,2}\b)(?:\s[A-Z0-9][\w-]*){0,3}?(?:\s\d{2,3}\s?GB)?"
                rf"(?:{NAME_END}|(?=\s(?:GPUs?|cards?)\b))")
SINGULAR_NAME = re.compile(r"(?:\s(?:NVIDIA\s|AMD\s)?(?!(?:FP|BF|TF|INT|FY|SM|GTC)\d)"
                           rf"(?:{CARD_LINES}\s[A-Z]{{0,3}}|[A-Z]{{1,3}})\d{{2,4}}[A-Z]{{0,2}}{NAME_END}|"
                           r"-[A-Z]{1,3}\d{2,4}[A-Z]{0,2}(?=\s(?:clusters?|nodes?|servers?|systems?|machines?)\b)|"
                           rf"{BRANDED_CARD})")


# a card's classifier and a model number after a count: cards of it, each a chip (`四张A100`, `8块H100`,
# `四张P104-100`: held-out round 314), not the classifier's other things
# (a whole model number, not a drive's, a NIC's or a board's: `两块PM1733 SSD`, `两张X710网卡`,
# `两块B650主板`: the review)
CARD_OF_A_MODEL = re.compile(r"\s?[张張块塊]\s?(?:NVIDIA\s?|AMD\s?|英伟达|英偉達)?"
                             r"[A-Z]{1,3}\d{2,4}[A-Za-z]{0,2}(?:-\d{2,3})?(?![A-Za-z0-9-])"
                             r"(?!\s?(?:SSDs?|NVMe|硬盘|硬碟|网卡|網卡|主板|主機板|板卡|内存|內存|记忆体|記憶體|NICs?)\b)")


def singular_name(view: str, number: Number) -> bool:
    """`| 2 × 8 H200 |`: a whole count (of two or more: `equal to 1 A100` compares) before a model
    number it counts (SINGULAR_NAME), after words that lead to a count (not a label's `Figure 8 H100`,
    `Node 8 H100`, `CUDA 12 H100`: the review)."""
    return not number.unit and number.value >= 2 and number.value == int(number.value) and bool(
        SINGULAR_NAME.match(view, number.end)) and bool(COUNT_LEAD.search(view, max(0, number.start - 24),
                                                                          number.start))


# what may come before a count of chips written with their model number alone: a cell's, a line's or a
# bracket's start, a product sign, a Han character, or a lower-case verb or preposition
COUNT_LEAD = re.compile(r"(?:^|[|(\[*\-–]|(?<![A-Za-z])[x×]|[\u4e00-\u9fff]|\b(?:on|with|using|uses?|used|"
                        r"across|of|ha[sd]|have|having|requires?|required|needs?|needed|to|into|onto|over|from|and|or|"
                        r"vs\.?|than|per|by|at|in|for|all|just|only|about|around|rent(?:s|ed|ing)?|runs?|ran|"
                        r"running|deploy(?:s|ed|ing)?|train(?:s|ed|ing)?|serve[sd]?|serving|fits?|takes?|took|holds?|"
                        r"holding|contains?|houses?|packs?|includes?|hosts?|features?|carr(?:y|ies)|"
                        r"spans?|spanning|between|like|among|totals?|totalling|are|is|was|were))\s*$",
                        re.MULTILINE)


# a chip's noun in the plural, then each or per and a server's noun: `(8x GPUs each`, `4xGPUs per node`
# (held-out round 308)
# (the multiplier opening a bracket, a cell or a line, or after `with` or `has`, the words closing a clause:
# not `needs 2x GPUs per node compared to`, `fits 2x GPUs per server.`, `3x GPUs each year`: the review)
CHIPS_EACH = (r"(?i:GPUs|NPUs|TPUs|chips|accelerators|cards)"
              r"\s(?:each|per\s(?:node|server|host|machine|system|box))(?=\s?[,;)|]|\s?$|\.(?:\s|$))")
GLUED_CHIPS_EACH = re.compile(r"[xX×]" + CHIPS_EACH, re.MULTILINE)
EACH_LEAD = re.compile(r"(?:^|[(\[|,:]|\b(?:with|has|have))\s*$", re.MULTILINE)


# "8x MI300Xs can do": a model number in the plural counts; "72x Blackwell Ultra chips": so does a
# chip noun after one to three capitalised words
COUNTED_PLURAL = re.compile(r"\s*(?:NVIDIA\s|AMD\s)?(?:[A-Z]{1,3}\d{2,4}[A-Z]{0,2}s\b|"
                            r"(?:[A-Z][\w-]*\s){1,3}(?:GPUs|chips|accelerators)\b)|" + r"\s?" + CHIPS_EACH)
COMPARING = re.compile(r"\b(?:is|are|was|were|be|offers?|delivers?|provides?|than|of|by|to)"
                       r"\s*(?:\*{1,2}|_)?$",
                       re.IGNORECASE)


def counted_names(view: str, numbers: list[Number]) -> list[Number]:
    """A multiplier before a product's name that it counts ("8x B200 per node") is a count of
    chips, not a ratio to the product ("is 2x B200" stays a ratio)."""
    def counted(n: Number) -> bool:
        name = COUNTED_NAME.match(view, n.end)
        if name and view.startswith(".", name.end()) and not SPACED_TIMES.search(view, n.start, n.end):
            name = None         # "reaches 15x H100.": a ratio; "set for 8 x A100 80GB.": a count
        comparing = COMPARING.search(view, max(0, n.start - 16), n.start)
        if name is None:
            each = re.match(r"\s?" + CHIPS_EACH, view[n.end:n.end + 40])
            return not comparing and bool(COUNTED_PLURAL.match(view, n.end)) and (
                not each or bool(EACH_LEAD.search(view, max(0, n.start - 8), n.start)))
        # "provides 8x H100 SXM GPUs": a plural chip noun after the name counts them all the same
        return not comparing or bool(PLURAL_CHIPS.match(view, name.end()))
    def glued(n: Number) -> bool:     # "on 8xA100 or 8xH100", "16xH100 GPUs" (held-out round 206)
        lead = EACH_LEAD.search(view, max(0, n.start - 8), n.start)
        each = bool(GLUED_CHIPS_EACH.match(view, n.end) and lead)
        return not n.unit and (bool(GLUED_NAME.match(view, n.end)) or each) and not n.word and n.value >= 2 \
            and n.value == int(n.value) and not COMPARING.search(view, max(0, n.start - 16), n.start) \
            and not RATIO_BEFORE.search(view, max(0, n.start - 4), n.start)
    def name_times(n: Number) -> bool:      # "| H100 x 16 |", "H20 (96GiB) x 128" (held-out round 237)
        return not n.unit and not n.word and n.value == int(n.value) and n.value >= 1 and bool(
            NAME_TIMES.search(view, max(0, n.start - 32), n.start)) and bool(CELL_END.match(view, n.end))
    def name_colon(n: Number) -> bool:      # "| p5.48xlarge | H100:8 |", "gpu: MI300X:8" (round 287)
        if n.unit or n.word or n.value != int(n.value) or not 1 <= n.value <= 1024 or not NAME_COLON.search(
                view, max(0, n.start - 16), n.start) or not COLON_COUNT_END.match(view, n.end):
            return False
        end = view.find("\n", n.end)
        line = view[view.rfind("\n", 0, n.start) + 1:end if end >= 0 else len(view)]
        return len({m.group(1) for m in COLON_PAIR.finditer(line)}) == 1
    def of_memory(n: Number) -> bool:       # "is 8x80GB A100 GPUs", "4x80GB A100:" (held-out round 251)
        return bool(MEMORY_NAME.match(view, n.end))
    def in_a_models_bracket(n: Number) -> bool:     # "H20（8*96G）", "MI355X GPU (8x 288 GB memory,"
        return n.value <= 16 and bool(MODEL_BRACKET.search(view, max(0, n.start - 32), n.start)
                    and MEMORY_CLOSE.match(view, n.end))
    def of_a_total(n: Number) -> bool:      # "| 32 x 144GB = 4.6 TB |" (held-out round 280)
        return bool(CELL_START.search(view, max(0, n.start - 4), n.start)
                    and EACH_TIMES_TOTAL.match(view, n.end))
    def of_servers(n: Number) -> bool:      # "| 2 × 8 H200 |": two servers of eight (held-out round 293)
        return n.value <= 1024 and bool(SERVERS_OF.match(view, n.end)) and not COMPARING.search(
            view, max(0, n.start - 16), n.start)        # "It is 2x 8 H100": a ratio (the review)
    return [replace(n, unit="", noun="chips") if n.unit == "x" and n.value >= 2 and n.value == int(n.value)
            and not n.word and (counted(n) or of_memory(n) or of_a_total(n) or in_a_models_bracket(n))
            else replace(n, unit="", noun="other") if n.unit == "x" and n.value == int(n.value) and not n.word
            and of_servers(n)
            else replace(n, end=n.end + 1, noun="chips") if glued(n)
            else replace(n, noun="chips") if name_times(n) or name_colon(n) else n for n in numbers]


# a multiplier glued to a model number ("8xMI300x", "16×H100", "8*H20"): no ratio is written so; a count
# ("16xRx16" is a shape)
MODEL_NUMBER = r"[A-Z][A-Za-z]{0,7}-?\d{2,4}[A-Za-z]{0,3}"       # "H100", "MI300X", "B-200"
# (`8XH100`: round 289; not a ratio's `30XH100 inference performance`, `≈ 2XH100`: the review)
GLUED_NAME = re.compile(rf"[xX×*](?:NVIDIA\s|AMD\s)?{MODEL_NUMBER}\b(?!\s?[x×]\s?\d)"
                        r"(?!\s+(?:the\s+)?(?:inference|training|performance|perf|speed|throughput|faster|slower|"
                        r"compute|bandwidth|efficiency)\b)")
RATIO_BEFORE = re.compile(r"[≈~∼]\s*$")      # (`= 72×B200` counts: round 194)
# a multiplier glued to each chip's memory and then its model number or the word GPU: "8x80GB A100"
# (glued, even after "is": "2x 80GB" may compare)
MEMORY_NAME = re.compile(rf"\d{{2,3}}GB\s(?:NVIDIA\s|AMD\s)?(?:{MODEL_NUMBER}s?|GPUs?)\b")
SPACED_TIMES = re.compile(r"\s[x×]$")
# a multiplier, then a count of chips named by their model number: the multiplier counts their servers
SERVERS_OF = re.compile(rf"\s?\d{{1,2}}[\s-](?:NVIDIA\s|AMD\s)?{MODEL_NUMBER}s?(?:\s(?:GPUs?|NPUs?|chips?))?"
                        r"(?=[ \t]*(?:\||\n|$)|[,;)]|\.(?:\s|$)|\s(?:nodes?|servers?|clusters?|systems?)\b)")
PLURAL_CHIPS = re.compile(r"(?:GPUs|chips|accelerators|cards)\b", re.IGNORECASE)
# a model number, its memory in brackets, "x" and the count, which ends a cell, a line or a clause
NAME_TIMES = re.compile(rf"(?:(?<![\w-])[A-Z][A-Za-z]{{0,7}}-?\d{{2,4}}[A-Za-z]{{0,3}}"
                        rf"|{CARD_LINES}\s(?:PRO\s)?\d{{4}})"         # (`RTX PRO 6000 × 8`: round 316)
                        rf"(?:\s(?:{FORM_FACTOR}))?(?:\s?\(\d+\s?GiB?\))?\s?[x×]\s?$")
# a model number, a colon and a count, as cloud schedulers write a request for chips: `H100:8`, `2xA100:8`
# (not a precision's, a version's or a year's: `FP16:989`, `CUDA12:4`, `FY2024:12`; the count ends a cell, a
# line, a bracket or a list item, or a chip's noun follows it: `MI300X:8 XCDs` counts no chips: the review)
NAME_COLON = re.compile(rf"(?:(?<![\w-])|(?<=\d[x×]))(?!(?:FP|BF|TF|INT|FY|SM|CUDA|GTC|ResNet|Version|v)\d)"
                        rf"{MODEL_NUMBER}:$", re.IGNORECASE)
COLON_COUNT_END = re.compile(r"(?![\d.:])[ \t]*(?:$|\||[`'\",;)\]}]|\.(?:\s|$)|"
                             r"(?:GPUs?|chips?|accelerators?|cards?|NPUs?)\b)", re.IGNORECASE | re.MULTILINE)
# `H100:80, H200:141, B200:192`: a line of names given different figures is a spec list, not requests
COLON_PAIR = re.compile(rf"(?:(?<![\w-])|(?<=\d[x×])){MODEL_NUMBER}:(\d+)\b")
# (`B200 × 8 (NVLink):`, not `H100 × 4 (training)`: round 316 and the review)
CELL_END = re.compile(r"\s*(?:\||$|\n|[,;)]|GPUs?\b|chips?\b|cards?\b)"
                      r"|\s\((?:NVLink|NVSwitch|SXM|PCIe|OAM|HGX|InfiniBand|Infinity Fabric)")
# a table cell that is a count times each chip's memory, compute, power or bandwidth, and their total: the
# count is of chips (`| 32 x 144GB = 4.6 TB |`, `| 36 x 2.7 kW = 97.2 kW |` in a rack's column). Not in
# prose, where the count may be of power supplies, HBM stacks, DIMMs or nodes (`4 × 3.3 kW = 13.2 kW of
# PSUs`, `8 × 24 GB = 192 GB across eight stacks`: the review), nor of links (`12*50GB/s=600GB/s`)
CELL_START = re.compile(r"\|[ \t*]*$")
EACH_TIMES_TOTAL = re.compile(r"\s?(?:[x×*]\s?)?\d[\d.,]*\s?"
                              r"(?:[GT]i?B|(?:[TP]|Peta|Tera)(?:FLOPS|OPS)|k?W|TB/s)\s?=\s?~?\d[\d.,]*\s?"
                              r"[A-Za-z/]*[ \t*]*(?:\||$)", re.IGNORECASE | re.MULTILINE)
# a count of cards times each one's memory in a bracket after their model number: `H20（8*96G）`, `(8x80GB)`
MODEL_BRACKET = re.compile(rf"(?<![\w-]){MODEL_NUMBER}(?:\s(?:GPUs?|accelerators?|OAMs?))?\s?[(（]\s?$")
# (a server's cards, 16 at most; not a link speed, `A100 (8x200G)`)
MEMORY_CLOSE = re.compile(rf"\s?[x×*]?\s?(?!(?:{'|'.join(map(str, LINK_SPEEDS))})\s?G)\d{{2,3}}\s?"
                          r"(?:GB|G|GiB)(?:\s(?:HBM\w*|memory))?\s?[)）,，]")
