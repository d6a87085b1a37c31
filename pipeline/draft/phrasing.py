"""Wording rules of the sixth held-out round (pipeline/draft/): how a comparative, a market,
a product name and a hyphenated compound change what a number is.

- a Chinese comparative glued before a percentage (`快40%`, `高50%`, `多了20%`) makes it a
  change, an increase (1.4), not a share (0.4): the words of `快4倍` (`times_more_before`).
  高達 (up to) stays a qualifier: the comparative must touch the number (or 了/出 between);
- a percentage `of the (total ...) market` is a market share, no hardware claim;
- a bare number glued between a Latin name and a Han noun (`Gaudi 3晶片`) is part of the
  name; a Han classifier after it keeps it a count;
- digits glued by a hyphen to an acronym (`WSE-3 engine clusters`) are a model number;
- digits after a capitalised name that itself follows a count or the article a/an
  (`twenty-four Zen 4 CPU cores`, `a CDNA 3 graphics engine`, `8 Trainium 2 chips`) are the
  name's generation: the count, if any, stands before the name (forms.name_after_count, with a card's);
- a number word joined by a hyphen to a lower-case noun (`a four-node cluster`, `eight-way instances`) is
  a count (in a hardware sentence), unless the noun measures time or a share (`not_compound_nouns`);
- prices and costs are no hardware claim (`not_hardware`), nor dates, years and ordinals.
"""

from __future__ import annotations

import re
from functools import cache

from claimaudit.draft.context import strip_qualifier
from claimaudit.draft.forms import BY_FIGURE, CHIPS_AFTER, Number, after_name, unit_at
from claimaudit.draft.lexicon import alternation, lexicon

HAN = "\u4e00-\u9fff"


def comparative_change(before: str) -> bool:
    """`方面快40%`, `能效高50%`: a comparative right before the percentage. The words are those
    that make `快4倍` an "N times more" (`times_more_before`): 快40% is that change in percent.
    A qualifier (高達, 最高: up to) is no comparative."""
    words = alternation(lexicon().words("times_more_before"), bounded=False)
    stripped = strip_qualifier(before)
    return stripped == before and bool(re.search(rf"(?:{words})(?:了|出)?\s?$", before))


def market_share(view: str, number: Number) -> bool:
    """`roughly 20% of the total semiconductor market`, `its 80% data center GPU market share`: a
    share of a market; or a figure of stocks, tariffs or rankings (`finance`)."""
    if finance(view, number):
        return True
    if number.unit != "%":
        return False
    return bool(re.match(r"\s+(?:of\s+(?:the\s+)?(?:[\w-]+\s+){0,3}market\b|"
                         r"(?:[\w-]+\s+){0,4}market\s+share\b)",
                         view[number.end:number.end + 60], re.IGNORECASE))


def finance(view: str, number: Number) -> bool:
    """`滬指漲1.65%`, `Nvidia stock has fallen 11%`, `a sweeping 25% tariff`, `30%权重`,
    `成交額2.44萬億`: a percentage or a sum beside a word of stock markets, tariffs or rankings."""
    sum_ = number.unit == "" and bool(re.search(r"[萬万億亿]", view[number.start:number.end]))
    if number.unit != "%" and not sum_:
        return False
    word_before, word_after = _finance_patterns()
    before, after = view[max(0, number.start - 18):number.start], view[number.end:number.end + 22]
    return bool(word_before.search(before) or word_after.match(after))


@cache
def _finance_patterns() -> tuple[re.Pattern, re.Pattern]:
    words = alternation(lexicon().words("finance_words"))
    return (re.compile(rf"(?:{words})[^,.;，。；]{{0,12}}$", re.IGNORECASE),
            re.compile(rf"[^,.;，。；\d]{{0,14}}?(?:{words})", re.IGNORECASE))


def name_glued(view: str, number: Number) -> bool:
    """`Gaudi 3晶片`, `Trainium 2伺服器`: digits between a Latin name and a Han noun, no
    classifier. A Han name written once (`昇腾384超节点`) is left alone: telling it from a verb
    (`支持384卡`) needs the measure-word list, and a rule that fails without its list is no
    general rule; written twice or more with no classifier after it, it is a name.
    `HVLP3/4`, `HBM3/4`: the name's other version after a slash."""
    if number.unit or number.word or not number.text.isdigit():
        return False
    before, after = view[max(0, number.start - 12):number.start], view[number.end:number.end + 2]
    if re.search(r"(?<![A-Za-z])[A-Z][A-Za-z]*\d/$", before):
        return True
    if not re.match(rf"[{HAN}]", after) or _classifier(after[0]):
        return False
    if re.search(r"(?<![A-Za-z])[A-Z][A-Za-z]+\s$", before):
        return True
    # `玄思1000智能加速器` ... `玄思1000支持`: a Han name glued to digits, written so twice or more
    # in the text, each time before a Han word that is no classifier, is a model name (a verb and
    # its count, `支持384卡`, takes its classifier)
    name = re.search(rf"[{HAN}]{{2}}$", before)
    if name is None:
        return False
    token = name.group() + number.text
    uses = [m for m in re.finditer(re.escape(token) + rf"(?=[{HAN}])", view)]
    return len(uses) >= 2 and not any(_classifier(view[m.end()]) for m in uses)


# a file's name at a path's end (`images/325x_new_workloads1.png`, a figure directive's image)
FILE_NAME = re.compile(r"\.(?:png|jpe?g|gif|svg|webp|pdf|md|rst|html?|csv|json|ya?ml|py|txt|log)$",
                       re.IGNORECASE)


SETTING = re.compile(r"(?<![\w/.=-])-{0,2}([a-z][a-z0-9_-]*)=$")
HARDWARE_KEY = re.compile(r"(?!kv[_-])(?:[a-z]+_)?(?:hbm|mem|memory|vram|tdp|power|bw|bandwidth|capacity|"
                          r"flops|tflops|(?:fp|bf|int|tf)\d+|gpus?|npus?|chips?|sram|smem|cache|l[123])(?:_[a-z]+)?")


def in_path(view: str, number: Number) -> bool:
    """`https://.../h100-80gb`, `sources/2024-06-12-meta-how-meta-trains-...`: digits inside a
    web address or a file path (a run of characters with a slash and a slug of hyphened words, or a
    file's name), or inside an identifier of hyphened lower-case parts; or a setting's value, right
    after a lower-case key and `=` (`block=1MB`, `buf=2GB/GPU`, `--buffer_size=4GB`: round 283) that
    names no hardware figure (`hbm=192GB`, `tdp=700W`, `l2_cache=50MB` in a spec line are read; a
    KV cache's is a setting)."""
    setting = SETTING.search(view, max(0, number.start - 32), number.start) if number.unit else None
    if setting and not HARDWARE_KEY.fullmatch(setting.group(1)):
        return True
    start = max((view.rfind(c, 0, number.start) for c in " \t\n(\"'（"), default=-1) + 1
    ends = [i for i in (view.find(c, number.end) for c in " \t\n)\"'）") if i >= 0]
    token = view[start:min(ends, default=len(view))]
    # `gpu-bm-a100-8x`, `bm-gpu-h100-8`: a machine type's identifier, lower-case parts joined by hyphens
    return "://" in token or "/" in token and bool(re.search(r"[a-z]{2,}-[a-z]{2,}-[a-z]{2,}", token)) \
        or "/" in token and bool(FILE_NAME.search(token)) \
        or start < number.start and bool(re.fullmatch(r"[a-z][a-z0-9]*(?:-[a-z0-9]+){2,}", token)) \
        and bool(re.search(r"(?:^|-)[a-z]+\d", token))       # a model part ("sub-4-second" is prose)


def acronym_hyphen_name(view: str, number: Number) -> bool:
    """`WSE-3 engine clusters`, `HL-388`: digits glued by a hyphen to an acronym are a model
    number, even before a count noun; so are digits hyphened between two words (`NVLink
    Chip-2-Chip`)."""
    before = view[max(0, number.start - 12):number.start]
    return not number.unit and not number.word and bool(
        re.search(r"(?<![A-Za-z0-9])[A-Z][A-Za-z]*[A-Z]-$", before)
        or re.search(r"[A-Za-z]-$", before) and re.match(r"-[A-Za-z]", view[number.end:number.end + 2]))


# `2024-04-29`, `2024/4/29`, and a day and month before the year (`04/26/2024`, `26.04.2024`)
ISO_DATE = re.compile(r"(?<!\d)(?:(?:19|20)\d\d([-/.])\d{1,2}\1\d{1,2}"
                      r"|\d{1,2}([-/.])\d{1,2}\2(?:19|20)\d\d)(?!\d)")


def iso_date(view: str, number: Number) -> bool:
    """`2024-04-29`, `2024/4/29`, `04/26/2024`: a page's date, each of its parts."""
    # (a match's positions are the view's, wherever the search starts)
    return any(m.start() <= number.start and number.end <= m.end()
               for m in ISO_DATE.finditer(view, max(0, number.start - 11), number.end + 11))


def _classifier(char: str) -> bool:
    """A one-character count noun or measure word (颗, 个, 台, 组 ...) or a listed non-count."""
    data = lexicon().data
    singles = {w for words in data["count_nouns"].values() for w in words if len(w) == 1}
    singles |= set(lexicon().words("not_measure_words")) | set(lexicon().words("date_suffixes"))
    return char in singles


def hyphen_compound(view: str, number: Number) -> bool:
    """`a four-node cluster`, `eight-way instances`: a number word, a hyphen, a noun."""
    if not number.word or number.unit:
        return False
    match = re.match(r"-([a-z]+)\s+[A-Za-z]", view[number.end:number.end + 24])
    return match is not None and match.group(1) not in lexicon().words("not_compound_nouns")


def second_side(view: str, number: Number) -> bool:
    """`21.5 cm × 21.5 cm`: the second side of a dimension is one claim with the first."""
    before = view[max(0, number.start - 16):number.start]
    return bool(number.unit) and bool(re.search(rf"\d\s?{re.escape(number.unit)}\s?[×x]\s?$", before))


def of_a_schedule(view: str, number: Number) -> bool:
    """"in half the time of comparable programs", "twice the cost": a ratio of a schedule or a
    price, no hardware figure."""
    nouns = alternation(lexicon().words("schedule_nouns"))
    after = view[number.end:number.end + 24]
    return bool(re.match(rf"\s+(?:the\s+|its\s+)?(?:{nouns})\b", after, re.IGNORECASE))


SINGLE_MODEL = re.compile(r"\s?(?:series|family|chip|GPU|NPU|accelerator|processor|card)(?![A-Za-z])",
                          re.IGNORECASE)


def name_before_noun(view: str, number: Number) -> bool:
    """昇騰960晶片, 採用950核心: digits glued to a noun Chinese counts only through a classifier
    (144顆晶片) name a product; so do digits after a name and before one chip or a series ("the
    Ascend 910 chip", "Ascend 910 series chips"; "Using 36 accelerators" counts), but not a count
    of one or two digits after a whole model code (`DGX H200 8 GPU system`)."""
    nouns = alternation(lexicon().words("classifier_nouns"), bounded=False)
    written = view[number.start:number.end]
    if number.unit or number.word or not written.replace(",", "").isdigit():
        return False
    before = view[max(0, number.start - 24):number.start]
    return bool(re.match(nouns, view[number.end:number.end + 3])          # 90 萬核心 is a count
                or SINGLE_MODEL.match(view, number.end) and after_name(before, number)
                and not (len(written) <= 2 and MODEL_CODE.search(before)))


MODEL_CODE = re.compile(r"\b[A-Za-z]+\d+[A-Za-z]*\s$")     # `DGX H200 8 GPU system`: a name is whole


def change_window(view: str, clause, number: Number) -> str:
    """The words next to a number, inside its clause (after "by", back to "outperforms"), that
    say whether it is a change."""
    by = BY_FIGURE.search(view[max(0, number.start - 24):number.start]) \
        or OF_CHANGE.search(view, max(0, number.start - 60), number.start)
    start = max(clause.start, number.start - (60 if by else 12))
    # "a 50% overall bandwidth increase": two words may stand before the change noun
    noun = CHANGE_NOUN.match(view, number.end, clause.end)
    return view[start:min(clause.end, noun.end() if noun else number.end + 16)]


# "a performance improvement of 24%", "improvements for BERT performance of 5%": the change noun before
OF_CHANGE = re.compile(r"\b(?:increase|boost|improvement|uplift|gain|speed-?up|reduction|decrease)s?"
                       r"(?:\s+(?:for|in|on)(?:\s+[\w-]+){1,3})?\s+of\s+(?:up to |about |around |~)?$")
CHANGE_NOUN = re.compile(r"\s+(?:[a-z][a-z-]*\s+){1,2}"
                         r"(?:increase|boost|improvement|uplift|gain|reduction|decrease|cut)\b")


def not_hardware(view: str, number: Number) -> bool:
    """Prices and costs are not hardware claims (`成本降低50%`, `cost per token`); performance
    per dollar is an efficiency of the hardware (`每美元效能提升30%`)."""
    words = lexicon().words("not_hardware_words")
    # a sentence's full stop ends the words too (`at lower cost. At 768 GB per card`), and so does
    # a line's end (`功耗 300W` over `参考价格 ~$6,800`)
    before = re.split(r"[,，。;；、\n]|\.\s", view[max(0, number.start - 16):number.start])[-1]
    after = re.split(r"[,，。;；、\n]", view[number.end:number.end + 8])[0]
    near = re.sub(alternation(lexicon().words("per_money_words")), " ",
                  before + view[number.start:number.end] + after, flags=re.IGNORECASE)
    # a ratio of an amount of money or of a cost ("double the previous $500 billion estimate",
    # "one-tenth the cost per million tokens")
    money = number.unit in ("x", "%") and MONEY_AFTER.match(view, number.end)
    made = number.unit == "%" and (YIELD_BEFORE.search(view, max(0, number.start - 30), number.start)
                                   or YIELD_AFTER.match(view, number.end))
    pair = number.unit == "x" and PIXELS.match(view, number.start)
    return bool(re.search(alternation(words), near, re.IGNORECASE) or money or made
                or PER_MODEL_ITEM.match(view, number.start) or pair and not unit_at(view, pair.end())[0])


# two sizes of three digits or more, no unit after them: an image's or a screen's (`1080P (1920 x 1080)`,
# `16384x 16384`: round 296), no ratio; not a count of links times their speed (`6912 x 400G`) or a count
# of threads compared (`128 × 132 > 16,000`)
PIXELS = re.compile(r"(?<![\d.,])\d{3,5}\s?[x×]\s?\d{3,5}(?![\d]|[.,]\d|[A-Za-z]|\s?>)")


# a size per parameter, token or element of a model is a number format's, no hardware's (`2 bytes per
# parameter`, `4 bytes/param`, `136 Bytes per token`: 20 in rounds 1-294, none marked)
PER_MODEL_ITEM = re.compile(r"[\d.,]+\s?(?:bytes?|B)\s?(?:/\s?|per\s)"
                            r"(?:param(?:eter)?|weight|token|element|value)s?\b", re.IGNORECASE)


def workload_time(view: str, number: Number) -> bool:
    """Milliseconds are a workload's (a step time, `~42ms per forward pass`, `sub-100ms response`: no
    spec's; 15 of 240 such figures marked in rounds 1-262), but for a link's latency named in the
    sentence (`NPU-to-NPU latency reduced to 2.1ms`, `adds just 0.5 ms of latency over NVLink`)."""
    if number.unit != "ms":
        return False
    before = re.split(r"[.!?;]\s|[。！？；;\n]", view[max(0, number.start - 60):number.start])[-1]
    after = re.split(r"[.!?,;](?:\s|$)|[。！？，；\n]", view[number.end:number.end + 40])[0]
    words = before + " " + after      # the figure's clause (`90 ms, and NVLink bandwidth is` names no link's)
    named = alternation(lexicon().words("network_words"))
    return not (LATENCY.search(words) and (re.search(named, words) or re.search(LINKS, words, re.IGNORECASE)))


LATENCY = re.compile(r"latenc(?:y|ies)|延迟|延遲|時延|时延", re.IGNORECASE)
PARTS = r"(?:chip|die|[A-Z]PU|RDU|node|rack|card|socket|host)s?"     # NPU-to-NPU, not token-to-token
LINKS = rf"\b{PARTS}-to-{PARTS}\b|NVLink|UALink|PCIe|interconnect|fabric|network|互联|互連"


# a manufacturing yield, the noun: "yields stuck around 20%", "yield rate of 60%", "a 90% yield",
# "良率約 20%" (not "yields a 40% reduction", "良率提升後性能提升30%")
YIELD_BEFORE = re.compile(r"\b(?:yields?\s+(?:(?:were|was|are|is|stuck|hit|reached|of|at|near|around|about|"
                          r"below|above|under|over|only|just|rate|rates)\b[^\d,;.]{0,16})|yield rates?\b"
                          r"[^\d,;.]{0,16})$|(?:良率|良品率|成品率)(?:[為为是約约達达僅仅只有~]|\s){0,4}$",
                          re.IGNORECASE)
YIELD_AFTER = re.compile(r"\s?(?:die\s)?yields?\b(?!\s+(?:a|an|the|\d))", re.IGNORECASE)
MONEY_AFTER = re.compile(r"\s+(?:of\s+)?the\s+(?:[\w'’]+\s+)?(?:[$€£¥₹]\s?[\d.,]+\s?"
                         r"(?:[kmb]n?|thousand|million|billion|trillion)\b|cost\b|price\b)", re.IGNORECASE)


@cache
def _page_counters() -> tuple[re.Pattern, re.Pattern]:
    lex = lexicon()
    labels = alternation(lex.words("page_counter_labels"), bounded=False)
    words = alternation(lex.words("page_counter_words"), bounded=False)
    return (re.compile(rf"(?:{labels})\s?[:：]?\s?$", re.IGNORECASE),
            re.compile(rf"\s?(?:{words})\b", re.IGNORECASE))


def date_or_ordinal(view: str, number: Number, before: str, after: str) -> bool:
    lex = lexicon()
    labels, words = _page_counters()
    if number.unit in ("", "min") and (labels.search(before) or words.match(
            after if number.unit == "" else view[number.end - 6:number.end + 12])):
        return True         # "浏览量:93", "78 Views": the page's own counters
    if re.search("(?:" + alternation(lex.words("ordinal_prefixes"), bounded=False) + r")\s?$", before):
        return True
    if number.unit in ("", "s", "min") and re.match(
            r"\s?(?:" + alternation(lex.words("date_suffixes"), bounded=False) + ")", after):
        return number.unit == "" or after.lstrip().startswith(("年", "月", "日"))
    months = alternation(lex.words("months"))
    if number.unit == "" and (re.search(rf"(?:{months})\.?\s$", before) or
                              re.match(rf"\s(?:{months})\b", after)):
        return True
    whole = number.text.replace(",", "")
    return number.unit == "" and (whole.isdigit() and 1900 <= int(whole) <= 2100 and "," not in number.text
                                  or iso_date(view, number))


VERSION_BEFORE = re.compile(r"(?:\bGen\.?|[A-Za-z][™®])\s?$")
# a figure's or a table's label (`如图 1 所示`, `图 2.HGX A100 8-GPU 物理视图`, `白皮书表3-1`: held-out
# round 206, 17 such numbers drafted in rounds 1-207, none marked); not 代表 (stands for)
LABEL_BEFORE = re.compile(r"(?<![代发發列])[图圖表]\s?(?:\d{1,2}[-.])?$"
                          r"|(?<![#\w])#$")        # `PR #47285`, `issue #12`: an identifier
# a CPU's model number, even before a count noun ("2 AMD EPYC 9334 CPUs", "Xeon Gold 8358": round 211)
CPU_MODEL = re.compile(r"(?:\b(?:EPYC|Xeon(?: (?:Platinum|Gold|Silver|Bronze|Max))?|Threadripper(?: PRO)?|"
                       r"Opteron|Platinum|Gold|Silver|Bronze)|至强|至強|金牌|铂金|白金|银牌|銀牌)[\s-]?$")
# ... or after a count and the words of a product's name ("152 RTX Pro 6000 Blackwell GPUs": round 215)
COUNTED_NAME_BEFORE = re.compile(r"(?<![\w.,])\d{1,6}\s(?:(?-i:[A-Z][A-Za-z]*|[A-Z]{2,}\d*)\s){1,3}$")
NAME_GOES_ON = re.compile(r"\s(?:[A-Z][a-z]+\b|(?:GPU|CPU|card|accelerator)s?\b)")
# ... or right before it ("2*Intel 6338 Xeon CPU": round 212)
CPU_MODEL_AFTER = re.compile(r"\s?(?:Xeon|EPYC)\b")
RATIO_WORD_NAMES = re.compile(r"\s+(?:precision|data[\s-]rate|buffer)", re.IGNORECASE)


def name_or_heading(view: str, number: Number, before: str) -> bool:
    """A number that names rather than counts: after "Gen" or a trademark sign, the name's
    generation even when a count noun follows (`PCIe Gen 5 x16 links`, `the AMD CDNA™ 3 XCD
    die`); a Markdown heading's section number (`## 3 GH200 服务器内部设计`), a figure's or table's
    (`如图 1 所示`), an identifier's (`PR #47285`); a model's number, even before a count noun: a
    CPU's (`2 AMD EPYC 9334 CPUs`, `2*Intel 6338 Xeon`) or one after a count and its name's words
    (`152 RTX Pro 6000 Blackwell GPUs`); a ratio word in a term (`double precision`, `double data
    rate`, `double buffering`)."""
    if number.ratio_word:
        return bool(RATIO_WORD_NAMES.match(view, number.end))
    cpu = CPU_MODEL.search(before) or re.search(r"\b(?:Intel|AMD)\s$", before) and CPU_MODEL_AFTER.match(
        view, number.end) or COUNTED_NAME_BEFORE.search(before) and NAME_GOES_ON.match(view, number.end)
    if not number.unit and (LABEL_BEFORE.search(before) or cpu and 100 <= number.value < 100000):
        return True
    return not number.unit and (bool(VERSION_BEFORE.search(before)) or bool(
        re.search(r"(?:^|\n)#{1,6}[ \t]*$", before)) and bool(re.match(r"[.)、]?[ \t]", view[number.end:])))


def operand(view: str, number: Number, before: str) -> bool:
    """`16:4`, `4x4`: a ratio of digits or a shape; `FP8:989 TFLOPS`, `H100:80GB`: a name, a colon,
    a figure (the number after the colon). A count times an amount (`2×96GB`, `96x400Gbps`) is both,
    and so is a card's memory times its count (`H20（96GB×8）`). A bare factor (under a million: a
    clock's `1.59e9` is read) of a product of three or more is none."""
    window = max(0, number.start - 60)
    factor = not re.search(r"[×*]", view[number.start:number.end].rstrip(" ×*x"))   # not `16 × 16 × 16`
    if number.unit in ("", "x") and number.value < 1e6 and factor and any(
            m.start() + window <= number.start and number.end <= m.end() + window
            for m in PRODUCT_CHAIN.finditer(view[window:number.end + 60])):
        return True         # `2 × 32 × 4096 × 2 = 524,288 bytes`: a factor of a formula (round 285)
    times = TIMES_AMOUNT.match(view, number.end - 1) if number.unit in ("", "x") else None
    if times and unit_at(view, times.end())[0] or \
            number.unit not in ("", "x") and re.search(r"(?<![A-Za-z\d.])\d{1,4}[x×]$", before) or \
            number.unit in ("GB", "GiB") and number.value >= 64 and CARDS_AFTER.match(view, number.end) \
            and not NOT_CARDS.search(view, max(0, number.start - 60), number.end + 30):
        return False
    variable = re.search(r"(?:^|[\s(,])[a-z] ?= ?$", before) and not (number.unit or CHIPS_AFTER.match(
        view, number.end))     # `at n=4` (round 316); not `p = 700 W`, `n = 64 H100 GPUs` (the review)
    return bool(re.match(r":\d|[x×]\d", view[number.end:number.end + 2]) or re.search(
        r"(?<![A-Za-z\d])\d+[:x×]$", before) or variable)


TIMES_AMOUNT = re.compile(r"[x×]\d+(?:\.\d+)?")
PRODUCT_CHAIN = re.compile(r"(?:[A-Za-z0-9_.,]+ ?[×*] ?){2,}[A-Za-z0-9_.,]+")      # three factors or more
CARDS_AFTER = re.compile(r"[x×]\d{1,2}(?![\d.])")      # `96GB×8`: eight cards of 96 GB
# ... not a DIMM's, a stack's, a drive's or a port's (`内存 64GB×32`, `HBM3e 24GB×8 堆栈`)
NOT_CARDS = re.compile(r"DIMM|DDR|GDDR|LPDDR|RAM\b|memory|HBM|stacks?\b|SSD|NVMe|disk|drive|NIC|port|"
                       r"[内內]存|[網网]卡|堆[栈棧]|裸片|硬[盘盤]", re.IGNORECASE)


@cache
def _kinds_pattern() -> re.Pattern:
    lex = lexicon()
    return re.compile(rf"(?:{alternation(lex.words('kind_classifiers'))})[\u4e00-\u9fff]{{0,4}}?"
                      rf"(?:{alternation(lex.words('hardware_nouns'))})", re.IGNORECASE)


def kinds_of_hardware(view: str, position: int) -> bool:
    """六款全新晶片, 六大核心晶片, 兩種硬體形態: a numeral, a classifier of kinds and, a few
    characters on, a hardware noun count kinds of hardware (三大優勢 counts no hardware). Before
    的 or 均/都 the phrase refers to products already named (两款GPU均支持, 两款芯片的区别)."""
    found = _kinds_pattern().match(view, position)
    return found is not None and not re.match(r"\s?[的均都皆]", view[found.end():found.end() + 2])
