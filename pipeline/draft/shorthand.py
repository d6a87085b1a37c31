"""Shorthand writers use for scales and units, and the company a number keeps when it is no
hardware claim (pipeline/draft/).

Read by rule, not by listing each article's wording:

- stacked Chinese scales after digits: a small scale (十/百/千) before one or more big ones
  (萬/万, 億/亿, 兆) multiplies them all (30 千萬億 = 3e16, 5 百萬 = 5e6, 2 兆 = 2e12);
  兆 before a unit character it prefixes (兆瓦, 兆赫) is the unit's mega, not a scale;
- a rate written `每秒 N unit` takes the unit per second (`per_second_units`: 每秒 2.8 PB,
  每秒 1.7 千萬億位元組, 每秒 500 tokens);
- a unit glued to the name of the memory it measures (`230MBSRAM`, `128GBHBM3e`) is still
  a unit (`unit_glued_words`);
- a bare SI prefix letter glued to a number (`1P`, `2E`) is that prefix of FLOPS when its
  clause speaks of compute (算力, compute, performance) and names no integer format (INT8,
  TOPS: then the prefix may mean operations): `bare_prefix_units`. T is left out: `1T`
  is as often a trillion parameters or TOPS;
- a bare G or T glued to a number and followed by a network word, up to two words on (`800G
  ConnectX-8 NIC`, `1.6T 光模組`, `400G NVIDIA Quantum-2 InfiniBand`, `100G TCP`) is a link speed
  in bits per second: `network_prefix_units`; below 10 G it is a mobile generation (5G network), no speed;
- a vague quantity (數百萬, thousands of) counts hardware only when a hardware word follows
  it (數千台 UltraServers), not when a generic classifier counts something else (數百萬個
  token);
- a share or count in a clause whose doer is a person (`20% of the work was his`, 由他完成)
  is about people, not hardware (`person_words`).
"""

from __future__ import annotations

import re
from functools import cache

from claimaudit.draft.forms import CARD_LINES, CHINESE_CHARS, CHIPS_AFTER, unit_at
from claimaudit.draft.lexicon import alternation, grouped_pattern, lexicon

CLAUSE_BREAK = re.compile(r"[,，。;；:：!?！？\n]")


@cache
def stacked_scale() -> re.Pattern:
    """Digits' scale word: an English scale, a stacked Chinese scale (千萬億) or a lone 千."""
    data = lexicon().data
    small = alternation(data["chinese_small_scales"], bounded=False)
    big = alternation(data["chinese_big_scales"], bounded=False)
    # "208B transistors", "a 77B transistor chip": a bare B before a transistor word is a billion
    bare_b = r"B(?=\s?(?:transistors?\b|晶体管|晶體管|電晶體))"
    english = alternation(data["english_scales"])
    # "230K GPUs", "1M+ GPUs", "a 100k-GPU cluster", "the 350k H100 target": K and M abbreviate a
    # count of chips (or of a chip the name after them names)
    chips = alternation(data["count_nouns"]["chips"])
    count_km = (rf"(?-i:[Kk]|M)(?=\+?(?:[ -](?-i:[A-Z][\w-]*\d[\w-]*)(?:s?\b|\s(?-i:{chips}))"
                rf"|[\s-](?-i:{chips})))")
    # "the 153bn-transistor MI300X": bn abbreviates a billion
    return re.compile(rf"\s?({english}|bn(?![A-Za-z])|(?:{small})?(?:{big})+|千|{bare_b}|{count_km})",
                      re.IGNORECASE)


# a power of ten after a figure: `2.5 × 10^21 FLOPs`, `8 × 10²⁰` (held-out round 319; not code's `1830*10**6`)
POWER_OF_TEN = re.compile(r"(\s?[×x·]\s?10(?:([⁰¹²³⁴⁵⁶⁷⁸⁹]{1,2})|\^(\d{1,2})))(?![\d.])")
SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
TRANSISTORS_AFTER = re.compile(r"\s?(?:transistors|晶体管|電晶體)", re.IGNORECASE)


def scale_power(word: str) -> int:
    """The power of ten of a scale word: thousand -> 3, 千萬億 -> 15, 百万 -> 6, `× 10^21` -> 21."""
    if power := POWER_OF_TEN.fullmatch(word):
        return int((power.group(2) or power.group(3)).translate(SUPERSCRIPTS))
    data = lexicon().data
    if word.lower() in ("b", "bn"):
        return 9                # a bare B before transistors, bn (stacked_scale)
    if word in ("K", "k", "M"):
        return {"M": 6}.get(word, 3)        # 230K GPUs, 1M+ GPUs (stacked_scale)
    english = data["english_scales"].get(word.lower())
    if english:
        return english
    tables = (data["chinese_small_scales"], data["chinese_big_scales"])
    return sum(table.get(char, 0) for table in tables for char in word)


CELL_B = re.compile(r"(B)(?=[ \t]*(?:\||$|\())", re.MULTILINE)
# a transistor row of a table, or a spec list's line (`- Transistors1: 5.7B (Polaris10) 14 nm`: round 299)
TRANSISTOR_ROW = re.compile(r"[ \t]*(?:[|*-][ \t]*)?(?:transistors?\d*|晶体管|晶體管|電晶體)\b",
                            re.IGNORECASE)


def scale_at(view: str, position: int) -> re.Match | None:
    """The scale word at `position`, without a final 兆 that prefixes a unit (10兆瓦 is 10 MW);
    a bare B ending a cell of a transistor row, or before a bracket there, is a billion (`| Transistors |
    54.2B | 208B |`, `- Transistors1: 5.7B (Polaris10)`)."""
    cell = CELL_B.match(view, position)
    if cell and TRANSISTOR_ROW.match(view, view.rfind("\n", 0, position) + 1):
        return cell
    power = POWER_OF_TEN.match(view, position)
    if power and (unit_at(view, power.end())[0] or TRANSISTORS_AFTER.match(view, power.end())):
        return power            # with a unit or transistors after it (a bare `2 x 10^11` may count anything)
    match = stacked_scale().match(view, position)
    while match and match.group(1).endswith("兆") and unit_at(view, match.end() - 1)[0]:
        if len(match.group(1)) == 1:
            return None
        match = stacked_scale().match(view[:match.end() - 1], position)
    return match


def per_second(view: str, start: int, end: int, unit: str) -> tuple[str, int] | None:
    """`每秒 N unit`: (the unit per second, end) for a listed unit or a rate word after N."""
    if not re.search(r"每秒\s*$", view[max(0, start - 4):start]):
        return None
    table = lexicon().data["per_second_units"]
    if unit in table:
        return table[unit], end
    words = alternation(table, bounded=False)
    word = re.compile(rf"\s?(?:{words})(?![A-Za-z])", re.IGNORECASE).match(view, end)
    if not unit and word:
        return table[word.group().strip().lower()], word.end()
    return None


def cut_rate(view: str, number) -> tuple[str, int] | None:
    """`at roughly 4.8 TB/` where an excerpt ends: a byte unit and a slash with nothing after it
    is a rate cut short, not an amount."""
    table = lexicon().data["per_second_units"]
    if number.unit in table and re.match(r"/[ \t]*(?:\n|$)", view[number.end:number.end + 4]):
        return table[number.unit], number.end + 1
    return None


def bare_prefix(view: str, start: int, end: int) -> tuple[str, int] | None:
    """`算力分别达到1P和2P`: (PFLOPS, end) for a bare prefix letter in a compute clause; `FP16 算力
    1979 T`: a T (tera), glued or after a space, when the clause also says a floating-point format."""
    table = lexicon().data["bare_prefix_units"]
    spaced = re.match(r" ?([A-Z])(?![A-Za-z0-9\-])", view[end:end + 3])
    if spaced is None or spaced.group(1) not in table:
        return None
    letter = spaced.group(1)
    if letter not in FLOAT_ONLY and spaced.group().startswith(" "):
        return None
    clause = CLAUSE_BREAK.split(view[max(0, start - 40):start])[-1]
    compute = alternation(lexicon().words("compute_words"))
    integer = alternation(lexicon().words("integer_format_words"))
    if not re.search(compute, clause, re.IGNORECASE) or re.search(integer, clause, re.IGNORECASE):
        return None
    if letter in FLOAT_ONLY and not grouped_pattern("precision_words")[0].search(clause):
        return None
    return table[letter], end + spaced.end()


FLOAT_ONLY = {"T"}     # T may be TFLOPS or TOPS: a floating-point format in the clause says which


def network_prefix(view: str, start: int, end: int, value: float) -> tuple[str, int] | None:
    """`800G ConnectX-8 NIC`: (Gbps, end) for a bare G or T before a network word; so for an
    amount of bits there (`200Gb inter-node fabric`, `2x25 Gb Ethernet`: held-out round 214)."""
    table = lexicon().data["network_prefix_units"]
    spelled = SPELLED_BIT.match(view, end)
    if spelled:     # `102.4-terabit-per-second`, `a 100-terabit switch`, `512 200-gigabit SerDes`
        letter = "T" if (spelled.group(1) or "").lower() == "tera" else "G"
        if spelled.group(3):
            return table[letter], spelled.end()
        end = spelled.end() - 1
        after = CLAUSE_BREAK.split(view[end + 1:end + 40])[0]
        before = CLAUSE_BREAK.split(view[max(0, start - 16):start])[-1]
        memory = alternation(lexicon().words("bit_memory_words"))
        if re.match(rf"\s?(?:of\s)?(?:[\w-]+\s)?(?:{memory})\b", after, re.IGNORECASE):
            return None     # `16-gigabit DRAM`, `16 gig of RAM`: a memory's size
        return (table[letter], end + 1) if _network_word_near(after, before) else None
    bits = re.match(r"\s?([GT])b(?![A-Za-z0-9\-/])", view[end:end + 4])
    letter = bits.group(1) if bits else view[end:end + 1]
    spaced = not bits and re.match(r" G(?![A-Za-z0-9\-/])", view[end:end + 3])
    links = spaced and alternation([*lexicon().words("network_words"), *lexicon().words("link_words_after")])
    if spaced and not re.match(rf"\s(?:{links})", view[end + 2:end + 40], re.IGNORECASE):
        return None         # (not `96 G memory over RoCE`: the review; a spaced T may be TFLOPS)
    if spaced:
        end, letter = end + 1, "G"      # `400 G QSFP-DD switch`, `200 G DACs` (held-out round 314)
    if letter not in table or not bits and re.match(r"[A-Za-z0-9\-]", view[end + 1:end + 2]):
        return None
    if letter == "G" and value < 10 and not bits:          # 5G: a mobile generation
        return None
    network = alternation(lexicon().words("network_words"))
    named = GPU_MODEL_BEFORE.search(view, max(0, start - 12), start) and not re.match(
        rf"\s?(?:{network})", view[end + 1:end + 24], re.IGNORECASE)
    if named or GPU_MODEL_AFTER.match(view, end + 1):
        return None     # `A100 80G with RDMA`, `8x80G A100 InfiniBand nodes`: a GPU's memory
    end = end + bits.end() - 1 if bits else end
    after = CLAUSE_BREAK.split(view[end + 1:end + 40])[0]
    before = CLAUSE_BREAK.split(view[max(0, start - 16):start])[-1]
    return (table[letter], end + 1) if _network_word_near(after, before) else None


# a rate's prefix spelled out in the singular, `-terabit` or ` gigabit` (or `gig`), its `per second` hyphened
# or not: a speed (held-out round 258); the plural `terabits per second` is a unit of its own
SPELLED_BIT = re.compile(r"[\s-]?(?i:(giga|tera)bit(?!s)|(?<=\s)(gig)\b)((?:-per-|\s(?:per|a)\s)second)?")


# a GPU's model number right before the figure (`A100 80G`, `A100-80G`) or right after it (`80G A100`); not
# an optics part (`SFP28`)
GPU_MODEL_BEFORE = re.compile(r"(?<![A-Za-z])(?!(?:Q|O)?SFP)[A-Z]{1,3}\d{2,4}[A-Za-z]{0,2}[\s-]$")
GPU_MODEL_AFTER = re.compile(r"\s(?:NVIDIA\s|AMD\s)?(?!(?:Q|O)?SFP)[A-Z]{1,3}\d{2,4}[A-Za-z]{0,2}\b")


def _network_word_near(after: str, before: str) -> bool:
    """`800G ConnectX-8 NIC`, `800G的网卡`, `800G高速網路`, `光模塊也從800G升級到1.6T` (the clause's
    network word), after words or Han characters that name no memory ("80G显存与网络": a memory's size);
    a link word only after the figure (`400G NVIDIA Quantum-2 InfiniBand fabric`, `100G TCP`)."""
    words = alternation(lexicon().words("network_words"))
    after_words = alternation(lexicon().words("network_words") + lexicon().words("link_words_after"))
    lead = r"(?:[\w-]+\s|(?:(?![显顯記记内內存])[\u4e00-\u9fff]){1,2}?(?=[\u4e00-\u9fff]))"
    return bool(re.match(rf"\s?(?:的\s?)?{lead}{{0,2}}?(?:{after_words})", after, re.IGNORECASE)
                or re.search(words, before, re.IGNORECASE))


# "2xA100-" (not an optics part, `SFP28-25G`)
MODEL_HYPHEN = re.compile(r"(?:(?<=\d[x×])|(?<![\w-]))(?!(?:Q|O)?SFP)[A-Z]{1,3}\d{2,4}[A-Za-z]?"
                          r"(?:-| |\s?[(（]\s?\d{1,2}\s?[x×*]\s?)$")  # `A100-80G`, `A100 80G`, `H20（8*96G）`
LINK_SPEEDS = (100, 200, 400, 800)      # `A100 (8x200G)`: a bare G of these after a count is a link's


CAPACITY = re.compile(r"大小|容量|capacity|size", re.IGNORECASE)
# a bare G right before a host memory's words, its speed between (rounds 301 and 303)
HOST_MEMORY_AFTER = re.compile(r"\s(?:\d{4}\s?MT/s\s)?(?:RAM|DDR\d?|memory)\b(?!\s?bandwidth)"
                               r"|\s?(?:内存|內存|記憶體)(?!带宽|帶寬|頻寬|频宽)")
# ... or a drive's words (`416G SSD`, `100G系统盘`, `3.2T NVMe`: held-out rounds 214 and 306; `2T of local
# SSD`: round 309)
# (not `200G NVMe over Fabrics`, `100G NVMe/TCP`, nor `10G drives the network`: the review)
DRIVE_AFTER = re.compile(r"\s?(?:of\s(?:local\s|fast\s|scratch\s|boot\s)?)?"
                         r"(?:SSDs?|NVMe(?!\s?(?:over|oF|-oF|/))|HDDs?|disks?)\b"
                         r"|系统盘|系統盤|数据盘|數據盤|硬盘|硬碟", re.IGNORECASE)
# after a space, a model's G may be a port's, a link's, a drive's or host memory (`A100 10G uplink`,
# `H100 900G NVLink`, `P5510 960G SSD`: the review of round 292's rule): a memory the size of a chip's
SPACED_LINKS = (10, 25, 50, 56, 300, 450)    # (`V100 300G NVLink`; `V100 32G NVLink 2.0`: its memory)
NOT_MEMORY_AFTER = re.compile(r"\s*(?:uplinks?|ports?|BMC|network|NICs?|[FEHNX]DR|Ethernet|RoCE|InfiniBand|"
                              r"IB|links?|SSDs?|NVMe|RAM|DDR\d?|DIMMs?|disks?|drives?|storage|optics|"
                              r"Q?SFP\w*|modem)\b", re.IGNORECASE)


# a Gb before a memory's or a module's word is its gigabytes, as people write it (`80 Gb of memory each`,
# `256Gb of RAM`, `a 32Gb DIMM`); not a DRAM die's gigabits (`32Gb DRAM devices`) nor a link's
# (`16Gb memory dies`: a die's gigabits, the review)
GB_OF_MEMORY = re.compile(r"(\s?Gb)\s?(?:of\s)?(?:(?:GPU|system|host)\s)?(?:memory|RAM|VRAM|DIMMs?)\b"
                          r"(?!\s(?:dies?|chips?|density|densities|devices?|packages?|ICs?|cells?)\b)")


def memory_prefix(view: str, start: int, end: int, value: float) -> tuple[str, int] | None:
    """`显存容量排序: A100 80G ≥ 910B(64G 级)`: (GB, end) for a bare G or T in a line (or under
    a heading line) that speaks of memory and of no bandwidth or network, unless its clause says
    capacity (`…带宽等问题。… HBM 的大小是 80G`); so for a G after a model number and a hyphen
    (`A100-80G`: held-out round 255), a space (`| 4480 张 A100 80G |`: round 292), or a bracket
    and a count of cards (`H20（8*96G）`: round 285)."""
    cache = CACHE_SIZE.match(view, end)
    if cache and (cache.group(2) or CACHE_LEVEL.search(view, max(0, start - 8), start)):
        return cache.group(1) + "B", end + 1      # `L2(512K)`, `30M Cache`: a CPU cache's size (round 295)
    if gigabytes := GB_OF_MEMORY.match(view, end):
        return "GB", gigabytes.end(1)       # `80 Gb of memory`, `32Gb DIMM`: gigabytes (rounds 311, 313)
    table = lexicon().data["memory_prefix_units"]
    letter = view[end:end + 1]
    model = MODEL_HYPHEN.search(view, max(0, start - 12), start)
    if letter in ("G", "g") and value >= 8 and value not in LINK_SPEEDS and model and \
            not re.match(r"[A-Za-z0-9]", view[end + 1:end + 2]) and (not model.group().endswith(" ") or (
                value <= 512 and value not in SPACED_LINKS and not NOT_MEMORY_AFTER.match(view, end + 1))):
        return "GB", end + 1        # "A100-80G", "2xA100-80g": a model's memory written in its name
    if letter in ("G", "g") and value >= 8 and not model and HOST_MEMORY_AFTER.match(view, end + 1):
        return "GB", end + 1        # `256G RAM`, `512G 3200MT/s RAM`: host memory, whatever the line's links
        # (not after a model number, `KT100 2048G RAM`, which would give it to the chip)
    # (not after a model number, nor counted: `8x3.84T NVMe` made an HBM ratio of the `8x`: the review)
    drive = not model and DRIVE_AFTER.match(view, end + 1) and not re.search(
        r"\d\s?[x×*]\s?$", view[max(0, start - 4):start])
    if drive and (letter in ("G", "g") and value >= 8 or letter == "T"):
        return letter.upper() + "B", end + 1        # `416G SSD`, `3.2T NVMe`: a drive's (not after a model)
    spaced = letter == " " and view[end + 1:end + 2] in table
    if spaced:              # `最大内存是 80 G，`: the letter a space after the figure
        end += 1
        letter = view[end]
    if letter not in table or value < 8 or re.match(r"[A-Za-z0-9\-/]", view[end + 1:end + 2]):
        return None
    line_start = view.rfind("\n", 0, start) + 1
    heading = view[view.rfind("\n", 0, max(0, line_start - 1)) + 1:line_start]
    line = view[line_start:view.find("\n", end) % (len(view) + 1)]
    rates = alternation([*lexicon().words("network_words"), *lexicon().words("rate_words")])
    memory = alternation(lexicon().words("memory_words"))
    # with a rate on the line ("显存带宽惊人。全机柜达到 576T"), only a clause that says capacity
    # ("…内存的带宽等问题。… HBM 的大小是 80G") makes the G a memory's
    clause = re.split(r"[,，。;；!?！？]", line[:start - line_start])[-1]
    if re.search(rates, heading + line, re.IGNORECASE) and not CAPACITY.search(clause) or not re.search(
            memory, heading[-80:] + line, re.IGNORECASE):
        return None
    # "显存 80G，算力 320T": a T in a clause on compute is its TOPS, a figure in one on a link its rate
    # (not "serving performance ... on two A100 GPUs-80G"); a spaced letter needs the memory said in
    # its own clause ("HBM 显存共 13.5 T；NVLink 130 T")
    if letter == "T" and COMPUTE.search(clause) or LINK.search(clause) or spaced and not re.search(
            memory, clause, re.IGNORECASE):
        return None
    return table[letter], end + 1


# a cache's size in lscpu's shorthand (`L1d(32K), L3(32768K)`) or before the word (`2.00 GHz, 30M Cache`)
CACHE_SIZE = re.compile(r"([KM])(?![A-Za-z0-9])(\s?(?i:cache)\b)?")
CACHE_LEVEL = re.compile(r"\bL[1-3][di]?\s?\($")


COMPUTE = re.compile(r"算力|運算|运算|計算|计算|性能|效能|compute|performance|FLOPS|OPS", re.IGNORECASE)
LINK = re.compile(r"NVLink|互[联連聯]|interconnect", re.IGNORECASE)


# a page's time stamp ("4 小时前", "3 hours ago") is no hardware; nor is a model's size
# ("trillion-parameter models", "comprising 70 billion parameters", "320 亿活跃参数", "37B active
# parameters"), unless the hardware
# holds it ("trains models of up to 24 trillion parameters", "支持 5 万亿参数")
AGO = re.compile(r"\s?(?:(?:小時|小时|分鐘|分钟|天|秒)前|(?:hours?|minutes?|days?|weeks?) ago\b)",
                 re.IGNORECASE)
PARAMETERS = re.compile(r"[\s-]?(?:个|個)?(?:(?:active|activated|total|trainable)[\s-]|活跃|活躍|激活|总|總)?"
                        r"(?:parameters?\b|params\b|參數|参数)", re.IGNORECASE)
HOLDS = re.compile(r"up to|support|handle|capacity|as large as|支持|支援|高达|高達|可训练|可訓練|容纳|容納",
                   re.IGNORECASE)


def vague_non_hardware(view: str, number) -> bool:
    """`數百萬個知識 token`: a vague quantity of no hardware (a generic classifier, then no
    hardware word); a model's parameter count; a page's "4 小时前"."""
    if number.unit in ("", "h", "min", "s") and AGO.match(view, number.end) or (
            number.unit in ("h", "min", "s") and view.startswith("前", number.end)):
        return True
    if not number.unit and PARAMETERS.match(view, number.end):
        clause = CLAUSE_BREAK.split(view[max(0, number.start - 80):number.start])[-1]
        return not view[number.start].isdigit() or not HOLDS.search(clause)
    if number.implied != "at_least" or not number.word or number.unit:
        return False
    after = CLAUSE_BREAK.split(view[number.end:number.end + 20])[0]
    data = lexicon().data
    generic = set(lexicon().words("generic_classifiers"))
    words = [w for ws in data["count_nouns"].values() for w in ws if w not in generic]
    words += lexicon().words("hardware_nouns") + lexicon().words("system_suffixes")
    return not re.search(alternation(words), after, re.IGNORECASE)


def person_clause(view: str, number) -> bool:
    """`TPU的研发工作中有20%都由他完成`: a share or count whose clause's doer is a person; not a count of
    the cards a person has (`He has two RTX 3090s`: held-out round 316)."""
    if number.unit not in ("", "%") or number.unit == "" and OWNED_CARDS.match(view, number.end):
        return False
    before = CLAUSE_BREAK.split(view[max(0, number.start - 30):number.start])[-1]
    after = CLAUSE_BREAK.split(view[number.end:number.end + 30])[0]
    # the windows may cut a word ("the" -> "he"): drop a cut word at either edge
    before = before if number.start <= 30 else re.sub(r"^[A-Za-z]+", "", before)
    after = re.sub(r"[A-Za-z]+$", "", after) if number.end + 30 < len(view) else after
    clause = before + " " + after
    for word in lexicon().words("not_person_words"):
        clause = clause.replace(word, " ")
    return bool(re.search(alternation(lexicon().words("person_words")), clause, re.IGNORECASE))


OWNED_CARDS = re.compile(rf"\s(?:(?:NVIDIA|Nvidia|AMD)\s)?(?:{CARD_LINES}\s[A-Z]{{0,2}}\d{{3,4}}|"
                         r"[A-Z]{1,3}\d{2,4}[A-Z]?(?:s\b|\s(?:GPUs?|cards?|chips?|accelerators?)\b))")


BATCH_BEFORE = re.compile(r"\bbatch(?:[ -]sizes?(?: of| from| to|=| =|:| ?[为為是])?|\s?=) ?$", re.IGNORECASE)
PER_DOLLAR = re.compile(r" ?(?:per|/) ?(?:dollar|\$|USD)\b", re.IGNORECASE)


def workload_setting(view: str, number) -> bool:
    """`at batch size 32`, `a batch size of 8`, `16.6 gigaflops per dollar`: a run's setting or a price's
    ratio, no hardware's figure (held-out rounds 316-317); `a batch of 13,000 GPUs` counts them."""
    if number.unit:
        return bool(PER_DOLLAR.match(view, number.end))
    return bool(BATCH_BEFORE.search(view, max(0, number.start - 20), number.start)) and not CHIPS_AFTER.match(
        view, number.end)       # (`batch = 8 GPUs per node` counts them: the review)


def unit_definition(view: str, number) -> bool:
    """`• 1 kW = 1 thousand W`, `1 GW = 1 billion W`: a line that defines a unit states no hardware's figure
    (held-out round 316); `32 x 1 kW = 32 kW` does."""
    start = max(0, number.start - 16)
    before, after = view[start:number.start], view[number.end:number.end + 5]
    line_start = r"(?:^|\n)[ \t•*-]*"
    if number.value == 1 and re.match(r" ?= ?1\b", after):
        return bool(number.unit) and bool(re.search(line_start + "$", before))
    left = re.search(line_start + r"1 ?([A-Za-z]{1,4}) ?= ?$", before)    # a unit, not `• 1 GPU = 700 W`
    return bool(number.unit) and left is not None and bool(unit_at(view, start + left.start(1))[0])


def names_listed(view: str, number) -> bool:
    """`三个系列:Ascend 950、Ascend 960和Ascend 970`: a count whose noun a colon spells out as
    product names counts those products."""
    return bool(re.match(rf"[{CHINESE_CHARS}]?[\u4e00-\u9fff]{{0,3}}\s?[:：]\s?[A-Z][A-Za-z]*[\s-]?\d",
                         view[number.end:number.end + 24]))


HAN_BITS = re.compile(r"\s?位(?=[宽寬]|[^\u4e00-\u9fff]|$)")


def han_bits(view: str, end: int) -> tuple[str, int] | None:
    """`NoC Mesh 1024 位,`, `128位SVE2引擎`: (bit, end) for 位 after a number, not before a noun
    (`200位工程师`: people); a width below a bus's (`8位`, a format) is skipped with every unit
    of bits (forms.WIDEST_WORD)."""
    found = HAN_BITS.match(view, end)
    return ("bit", found.end()) if found else None
