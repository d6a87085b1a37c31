"""Known answers for finding numbers (pipeline/draft/numbers.py): every written form the
issue names, and the skip rules (years, dates, names, versions, ordinals, list numbers)."""

import pytest

from claimaudit.draft.claims import claimed_text
from claimaudit.draft.numbers import chinese_value, count_kind, find_numbers
from claimaudit.draft.text import digits_view


def found(text):
    return [(claimed_text(n), n.implied) for n in find_numbers(text)]


NUMBER_FORMS = [
    # digits, separators, decimals, full-width digits
    ("each chip has 144 GB of HBM3E", ["144 GB"]),
    ("between 363 and 1,452 petaFLOPS", ["363 PFLOPS", "1,452 PFLOPS"]),
    ("80 / 94 / 140 GB HBM3 variants", ["80 GB", "94 GB", "140 GB"]),   # a slashed list shares its unit
    ("delivers 4,614 TFLOPs of FP8", ["4,614 TFLOPS"]),
    ("提供１９２GB容量", ["192 GB"]),
    ("706 TB/s of memory bandwidth", ["706 TB/s"]),
    # vendor and reporter unit spellings
    ("up to 10 petaFLOPS of sparse FP4", ["10 PFLOPS"]),
    ("reach a whopping 42.5 exaflops", ["42.5 EFLOPS"]),
    ("upwards of 2 Exaflops of dense FP4", ["2 EFLOPS"]),
    ("提供高達362 FP8 PFLOPs的性能", ["362 PFLOPS"]),
    ("990 bf16 TFLOPs/s on H100 vs. 66 TFLOPs/s from CUDA cores", ["990 TFLOPS", "66 TFLOPS"]),
    ("The 350k H100 target by end of 2024", ["350e3"]),        # K before a chip's name counts it
    ("using half a million chips", ["500,000"]),               # half a million: one figure, no ratio
    ("Meta will own 350K H100s by the end of the year", ["350e3"]),
    ("and 8 TBps of memory bandwidth", ["8 TB/s"]),
    ("ICI at 9.6 Tbps", ["9.6 Tbps"]),
    ("2.8 petabytes a second of memory bandwidth", ["2.8 PB/s"]),
    ("3 petabits per second of networking", ["3 Pbps"]),
    ("900 GB/sec in each direction", ["900 GB/s"]),
    ("以及每秒 2.8 PB 的內存帶寬", ["2.8 PB/s"]),
    ("keeping the die area at 110 mm² per XCD", ["110 mm2"]),
    ("a 3nm process", ["3 nm"]),
    ("反應時間從 1.5 分鐘縮短至僅 10 秒", ["1.5 min", "10 s"]),
    ("延遲降低至不足10微秒", ["10 us"]),
    ("at 1.4 kW, you'll need a liquid-cooling loop", ["1.4 kW"]),
    ("a 1,400W TDP", ["1,400 W"]),
    # ratios, changes, shares
    ("a 4.4x uplift in compute", ["4.4x"]),
    ("3 times faster", ["3x"]),
    ("a 3.3-fold increase", ["3.3x"]),
    ("an impressive 68-fold improvement", ["68x"]),
    ("and a tenfold improvement over the fifth generation", ["10x"]),        # a fold word
    ("a five-fold increase and a ten‑fold one", ["5x", "10x"]),         # a number word and -fold
    ("a sevenfold gain, then thirtyfold", ["7x", "30x"]),
    ("注意力加速能力从5TF/s来到10.7TF/s,翻了一番还多", ["5 TFLOPS", "10.7 TFLOPS", "2x"]),
    ("还是两个Die通过NV-HBI高速界面互连", ["2"]),
    ("實現高達4.4倍的計算性能", ["4.4x"]),
    ("性能提升 4 倍", ["4x"]),
    ("up to 50 percent higher perf", ["50%"]),       # the sign comes from the words: see test_draft
    ("能效提升40%", ["40%"]),
    ("30x to 50x faster", ["30x", "50x"]),
    # number words
    ("offers twice the chip-to-chip bandwidth", ["2x"]),
    ("effectively quadruples the performance", ["4x"]),
    ("more than doubling the number of chips", ["2x"]),
    ("eight stacks of HBM3e", ["8"]),
    ("up to a million accelerators", ["1e6"]),
    ("300 PFLOPS, or 300 quadrillion calculations per second", ["300 PFLOPS", "300e15"]),  # past trillion
    ("a die of 823sqmm and a link of 260TB/second", ["823 mm2", "260 TB/s"]),     # spellings
    ("42.5 ExaFlops, capable of 42.5 quintillion operations per second", ["42.5 EFLOPS", "42.5e18"]),
    # spelled out: floating-point operations are FLOPS, integer operations OPS (plain "operations" neither)
    ("459 teraflops (459 trillion floating-point operations per second)", ["459 TFLOPS", "459e12 FLOPS"]),
    ("918 Teraops (918 trillion integer operations per second)", ["918 TOPS", "918e12 OPS"]),
    ("OpenAI's 6GW pact, the first 1 gigawatt in 2026", ["6 GW", "1 GW"]),     # a deployment's power
    ("the rack targets ~3 AI exaflops", ["3 EFLOPS"]),      # "AI" between the figure and its unit
    ("through the doubled-bandwidth NVLink-C2C interconnect", ["2x"]),   # a ratio hyphened to its amount
    ("24 GB on the RTX 4090 and 32 GB on the RTX 5090", ["24 GB", "32 GB"]),   # a model number is no range
    ("采用7nm工艺，826mm2,542亿晶体管", ["7 nm", "826 mm2", "542e8"]),   # a figure after an area's comma
    ("performing at 276 TBS for data transfer", ["276 TB/s"]),      # TBS: TB/s in capitals
    ("a whopping 146bn-transistor design", ["146e9"]),      # bn: a billion
    # cells run together
    ("Memory Bandwidth4.8TB/sec3.35TB/sec2TB/sec", ["4.8 TB/s", "3.35 TB/s", "2 TB/s"]),
    ("the DGX System (8x B300 GPUs) ships", ["8"]),       # a multiplier counting a product: chips
    ("| Compute | 8x B200 per node |", ["8"]),
    ("an 8× B200 system achieved ~3.1× higher throughput vs an 8× H200 system", ["8", "3.1x", "8"]),
    ("The B300 is 2x B200 in speed", ["2x"]),               # ... but a ratio to it stays one
    ("281 GB (fits in 2 MI300x, would require 4 H100)", ["281 GB", "2", "4"]),   # a few chips named
    ("The instance provides 8x H100 SXM GPUs with 640 GB", ["8", "640 GB"]),   # chips it provides
    ("It delivers 2x H100 performance", ["2x"]),             # no chips after the name: a ratio
    ("It packs 141 GB of HBM3e at roughly 4.8 TB/\n", ["141 GB", "4.8 TB/s"]),   # an excerpt's cut rate
    # round 148: thousands grouped by spaces in prose; a table's cells stay apart
    ("an expansive system with 166 racks, 10 624 compute blades and 9 234 nodes in all",
     ["166", "10,624", "9,234"]),
    ("the HPCG benchmark ran at 5 612 teraflops per second on the whole machine", ["5,612 TFLOPS"]),
    # a TeX tie between a figure and its unit (a paper's abstract); "~57" before a figure stays "about"
    ("Measured performance is 33.95~PFLOP/s (HPL~Rmax) over 800~GbE", ["33.95 PFLOPS", "800 Gbps"]),
    ("Tensor Core数量 640 320\nMemory容量(GB) 64 128", []),
    ("MI250 CDNA 2 383 TFLOPS 95.7 TFLOPS 128 GB HBM2e 3.2 TB/s 500 W",
     ["383 TFLOPS", "95.7 TFLOPS", "128 GB", "3.2 TB/s", "500 W"]),
    ("4.8 TB/ GPU", ["4.8 TB"]),
    # round 146: a bracket of its figures, a plus, a list dash or a Chinese clause ends the counted name
    ("| 200 | 8x NVIDIA H100 (80 GB) |", ["8", "80 GB"]),
    ("企业级配置:8x H100 80GB + 1TB RAM", ["8", "80 GB", "1 TB"]),
    ("- 官方测试配置:8x H100 - 用途:全功能推理基准", ["8"]),
    ("对于全精度推理,租用 8× H200(约 $24–48/天)。", ["8"]),
    ("| HBM capacity | 2x TPU v5e (exact GB not publicly disclosed) |", ["2x"]),   # a ratio's aside
    # round 149: the fabric joining them in a server's row ends the counted name; a machine type's
    # identifier ("gpu-bm-a100-8x") holds no figure
    ("gpu-bm-a100-8x 8 × A100 80GB NVLink 2× 6438Y 1 TB", ["8", "80 GB", "2x", "1 TB"]),
    ("bm-gpu-h100-8 8 × H100 SXM5 NVSwitch 640 GiB", ["8", "640 GiB"]),
    ("The B200 has 2x H100 NVLink bandwidth", ["2x"]),          # the fabric's figure: a ratio
    ("a sub-4-second response", ["4 s"]),                       # prose, no identifier
    ("The B200 is 30% faster than the H100, a 25% larger die", ["30%", "25%"]),
    # round 151: bytes in Chinese SI words (太字節 is a terabyte)
    ("可提供300千萬億次浮點運算能力及48太字節高帶寬內存", ["300e15 FLOPS", "48 TB"]),
    ("每颗芯片 96 吉字节 HBM，整柜 1.5 拍字节", ["96 GB", "1.5 PB"]),
    # ... a model number in the plural, a vendor's family word, chips after capitalised words
    ("while 8x MI300Xs can do more", ["8"]),
    ("a server with 8x AMD Instinct MI355X (288GB, 1400W) GPUs", ["8", "288 GB", "1400 W"]),
    ("This system will use 72x Blackwell Ultra chips", ["72"]),
    ("It offers 2x Blackwell GPUs", ["2x"]),                 # after a comparing verb: a ratio
    ("the 153 bn transistors of the MI300X", ["153e9"]),
    ("delivering five petaflops", ["5 PFLOPS"]),
    ("4 trillion transistors", ["4e12"]),           # a transistor count is a hardware count
    ("up to 4 trillion chips", ["4e12"]),
    ("這提供了兩倍的芯片間帶寬", ["2x"]),
    ("是Trillium的六倍", ["6x"]),
    ("增加十倍", ["10x"]),
    ("多達一百萬個加速器", ["1e6"]),
    ("最多可搭載100萬顆Trainium芯片", ["100e4"]),
    ("超過50萬顆Trainium2芯片", ["50e4"]),
    ("xAI Colossus (230K GPUs), CoreWeave (250K+ GPUs)", ["230e3", "250e3"]),   # K, M abbreviate a count
    ("Total deployment: 1M+ GPUs; a 100k-GPU cluster of 100K H100 GPUs", ["1e6", "100e3", "100e3"]),
    ("3.6亿亿次计算", ["3.6e16"]),
    ("延遲減半", ["0.5x"]),
    ("不是用微縮來加倍運算速度", ["2x"]),
    ("每瓦特性能达到 5.2 TFLOPS/W", ["5.2 TFLOPS/W"]),     # an efficiency: its own figure
    ("容量密度提升至24GB/mm²", ["24 GB/mm2"]),           # a density: its own figure, not a capacity
    ("2 TFLOPS per watt", ["2 TFLOPS/W"]),              # spelled out too (round 264)
    ("頻寬倍增", ["2x"]),
    ("延迟减半", ["0.5x"]),
    # counts need a count noun (after, or "number of ... from")
    ("cram 144 of these chips", ["144"]),
    ("the 500,000 Trainium2 chips found in Project Rainier", ["500,000"]),
    ("the number of chips from 64 to 144", ["64", "144"]),
    ("32 active compute units, down from 38 in the MI300X", ["32", "38"]),
    ("配備 144 個芯片", ["144"]),
    ("配备总计160个SM单元", ["160"]),                # 元 in 单元 is not a currency
    ("an 83.2 peak petaflops system", ["83.2 PFLOPS"]),
    ("hundreds of thousands of Trainium2 chips", ["100,000"]),
    ("AMD Helios: 72-GPU Rack", ["72"]),
    ("可連接數千臺UltraServer", ["1,000"]),
    # held-out round 4 (heldout2/): traps its first run missed
    ("boasts eight matrix math engines, 64 tensor cores", ["8", "64"]),
    ("Each Lark chip includes four SparseCores and two compute tiles", ["4", "2"]),   # parts of hardware
    ("The H100 comes as a chip with three layers of memory", ["3"]),   # what the "of" phrase counts
    ("the company redesigned six different types of chips", ["6"]),
    ("Each node takes a 400G OSFP module and an 800G QSFP-DD cage", ["400 Gbps", "800 Gbps"]),   # optics
    # four modifiers, a trademark sign among them, before the plural noun (rounds 114, 120)
    ("integrates eight NVIDIA A100 Tensor Core GPUs, each with 80GB", ["8", "80 GB"]),
    ("equipped with eight AMD Instinct™ MI355X accelerators", ["8"]),
    # a number word before a model number counts it; a quoted code name is a modifier (round 128)
    ("GPU nodes, each with eight Nvidia A100 (each 40 GB HBM2)", ["8", "40 GB"]),
    ("each with two AMD EPYC 7713 “Milan” processors", ["2"]),
    # 200GbE: round 4's annotator read a link type, round 12's a port speed (200 Gb/s); the
    # draft offers the speed (a claim a reader can drop) rather than lose a figure
    ("16x lanes of PCIe 5.0, and 24 200GbE links", ["16x", "24", "200 Gbps"]),
    ("Transistors: 4 trillion (more than 12× B200)", ["4e12", "12x"]),  # noun, colon, number
    ("AI-optimized cores: 900,000", ["900,000"]),
    ("電晶體達2,080億", ["2,080e8"]),                                  # noun, verb, number
    ("单卡带宽900GB/s,8卡系统总带宽6.4TB/s", ["900 GB/s", "8", "6.4 TB/s"]),
    ("Die size: 46,225 mm² (21.5 cm × 21.5 cm)", ["46,225 mm2", "21.5 cm"]),  # one dimension
    ("a two-thirds gain in energy efficiency", ["66.6667%"]),
    ("由兩顆B200 Blackwell GPU和一個基於Arm的Grace CPU組成", ["2", "1"]),  # one, joined to a count
    # kinds of hardware: a numeral, a classifier of kinds, a hardware noun a few characters on
    ("平台的核心由六款全新晶片組成", ["6"]),
    ("六大核心晶片：Vera CPU與Rubin GPU領軍", ["6"]),
    ("和名爲HL-388的PCle加速卡兩種硬體形態", ["2"]),
    # link speeds: a bare G or T before a network word
    ("採用 800G ConnectX-8 NIC,與目前的 400G ConnectX-7 相比", ["800 Gbps", "400 Gbps"]),
    ("1.6T 光模組出貨", ["1.6 Tbps"]),
    ("with 800G Ethernet ports", ["800 Gbps"]),
    ("还为每个GPU配了一个800G的网卡", ["800 Gbps"]),                    # 的 before the network word
    ("此外,光模塊也從800G升級到1.6T,帶寬翻倍。", ["800 Gbps", "1.6 Tbps", "2x"]),  # the word before
    # memory sizes: a bare G or T in a line, or under a heading, about memory and no rate
    ("显存容量排序:\nZ9 80G ≥ Q7(64G 级) > L2 48G", ["80 GB", "64 GB", "48 GB"]),
    ("显存带宽排序:\nZ9 80G", []),                                      # a rate heading: no size
    ("5G 网络", []),
    # tenths: 三成 is 30%, 成本 a cost
    ("每美元的效能比前一代多三成，", ["30%"]),
    ("能耗降低兩成。這一成果", ["20%"]),
    # a Chinese big scale after digits, then a classifier noun: a count, not a name (昇騰960晶片)
    ("WSE-9 包含 4 兆電晶體、90 萬核心。", ["4e12", "90e4"]),
    # hyphenated counts in the singular, Unicode hyphens
    ("a pair of 40-core CPUs and a standard 8-card server", ["40", "8"]),
    ("built on a 3\u2011nanometer process", ["3 nm"]),
    ("820 GiB/sec of memory bandwidth", ["820 GiB/s"]),
    ("FP4浮点性能跃升至每秒5亿亿次。", ["5e16 FLOPS"]),                 # 每秒 N 次: operations per second
    # doubling: 一倍 after an increase verb is 2x, not 1x
    ("相比頻寬增加一倍", ["2x"]),
    ("效能提升了一倍", ["2x"]),
    # a digit fraction the words make a ratio
    ("的算力仅为 NVIDIA Blackwell GPU 的约 1/3,但", ["0.3333333333x"]),
    ("it draws 1/4 the power of the old part", ["0.25x"]),
    # a name, a colon, a figure: the name's digits make no ratio of digits (16:4)
    ("FP8:989 TFLOPS", ["989 TFLOPS"]),
    ("H100:80GB HBM3,带宽 3.35 TB/s。", ["80 GB", "3.35 TB/s"]),
    # a count noun in quotes; pods and blades are counted parts of a rack
    ("Each rack will consist of four 'pods,' each of which", ["4"]),
    ("Each pod will house 18 blades", ["18"]),
    ("配備144顆晶片", ["144"]),                      # through a classifier, a count
    ("half the power of the old part", ["0.5x"]),     # a ratio of hardware, not of a schedule
    # a table pasted without its cell borders: figures glued to a label or to the unit before
    ("FP3219.5 TFLOPS51 TFLOPS2.6x", ["19.5 TFLOPS", "51 TFLOPS", "2.6x"]),
    ("FP649.7 TFLOPS26 TFLOPS2.7x", ["9.7 TFLOPS", "26 TFLOPS", "2.7x"]),   # FP64, not FP6
    ("顯存帶寬2TB/s3.35TB/s", ["2 TB/s", "3.35 TB/s"]),
    ("互聯帶寬600GB/s900GB/s", ["600 GB/s", "900 GB/s"]),
    ("VRAM80 GB HBM2e\nMem BW2,000 GB/s\nTDP400 W", ["80 GB", "2,000 GB/s", "400 W"]),   # card labels
    ("36 GB200 Superchips", ["36"]),              # a name glued to "GB" with no unit after it: no GB
    ("names 47.9 teraflop / s computing power", ["47.9 TFLOPS"]),
    ("a total of 128 GiByte capacity", ["128 GiB"]),
    # a bus's width in bits (128 bits or more), in any spelling; a cache in kilobytes
    ("a 5120-bit memory interface", ["5120 bit"]),
    ("Memory Interface | 4096 Bit |", ["4096 bit"]),
    ("HBM2e on a 6144bit bus", ["6144 bit"]),
    ("配备高带宽互联(NoC Mesh 1024 位,HBM2E", ["1024 bit"]),
    ("每个 SM 有 256KB 寄存器", ["256 KB"]),
    ("192 KB of combined L1 and shared memory per SM", ["192 KB"]),
    ("Compute Units 220 CUs (dual-die, 110 per die)", ["220", "110"]),   # a count through "per"
    ("each link at 92 GByte / s - a total of 276 GBytes/s", ["92 GB/s", "276 GB/s"]),
    ("32 GByte of HBM2", ["32 GB"]),
    ("the M2000 delivers one petaflop of computing power", ["1 PFLOPS"]),   # "one" and an amount's unit
    ("FP16 算力 1979 T、FP8 算力 3958 T,显存 141 GB", ["1979 TFLOPS", "3958 TFLOPS", "141 GB"]),  # T: tera
]


@pytest.mark.parametrize("text, expected", NUMBER_FORMS)
def test_number_forms(text, expected):
    assert [claimed for claimed, _ in found(text)] == expected


SKIPPED = [
    "At Hot Chips 2025 in April 2025",            # event name, month and year
    "on June 12, AMD said",                      # date
    "北京2025年12月4日 /美通社/",                   # Chinese date
    "the MI355X and GB300 NVL72 and H100",       # model names carry digits
    "a 4K display and 1M tokens of context",     # K and M before no chip noun
    "roughly equal to 1 A100; we tried 2 FP8 and BF16",    # one of a product, a format after a digit
    "Nvidia's fifth-gen NVLink 6 fabric",        # version after a product word
    "running Llama 3.1 405B on it",              # a model name with its parameter count
    "UltraClusters 3.0 are here",                # version number
    "第七代 TPU 是第二款",                         # ordinals
    "1. First item\n2. Second item",             # list numbering
    "16:4 structured sparsity",                  # a ratio of digits
    "a 4x4x4 3D torus topology",                 # a shape
    "each costs $30,000 per unit",               # a price
    "成本降低50%",                                 # a cost
    "one of the few chip designers",             # an article, not a count
    "形成一個靈活且高性能的平臺",                     # 一個 = a
    "相當於每秒傳輸3000部4K電影",                    # no count noun; 4K is a name
    "双方在三个维度展开交锋",                          # a small count of no hardware
    "in a single double-wide rack",                 # double-wide is not 2x
    "to keep its 80% data center GPU market share",  # a market share, its words before "share"
    "NVIDIA's stock rose 4.2% post-announcement",    # a stock price
    "Amazon doubles down on AI hardware innovation",   # an idiom, no ratio
    "rented for up to 70% cheaper",                   # a price
    "in the second half of 2026",                   # half of a year
    "使万卡级集群通信效率提升",                          # 万卡级: a class of cluster, not a count
    "and one of the GPU makers",                    # one of: an article, not a count
    "arrives four years after the x86 giant",       # a duration on the market
    "三大優勢讓它領先",                                 # kinds of no hardware
    "为您厘清两款旗舰芯片的核心区别",                     # the two named products, not a count
    "两款GPU均支持NVLink互联",
    "a 5G network in every city",                    # a mobile generation, no link speed
    "a 100G model on one chip",                      # G before no network word
    "1.8T parameters",
    "on 1/3/2025 it shipped",                        # a date, no fraction
    "the score was 2/3 in the final",                # a fraction the words make no ratio
    "2027年第4季推出昇騰960晶片",                       # digits glued to 晶片: a name
    "昇騰950PR晶片採用950核心+HiBL 1.0內存",
    "包括昇騰960和970等將陸續推出",                      # 等 (etc.) measures nothing
    "collective engines operate across hundreds of chips",   # "many", no figure
    "went to deployment in half the time of comparable programs",   # a schedule
    "at twice the price of the old part",
    "大的就是昇騰910本體",                             # a model number after a product line's name
    "麒麟990系列中的NPU單元也是此架構",
    "FP8 is an 8-bit format and FP16 a 16-bit one",   # a number format's width, not a bus's
    "each lane holds a 32-bit word",
    "公司有200位工程师",                               # 位 counts people
    "量化后权重只有 8 位,精度略降",                     # 8 bits: a number format, not a bus
    "in one second it answers",                        # "one" and a unit of no amount of hardware
    "算力集群配备 8 T 光模块",                          # a bare T with no floating-point format said
    # a number spelled in words counting no hardware, in a sentence about GPUs (round 139's tuning)
    "The two characteristics that matter most for inference are GPU memory and bandwidth",
    "AWS vs Azure vs Google Cloud for AI comes down to three trade-offs on H100 instances",
    "We ran the H100 through nine workloads",
    # round 146: a file path or web address; a count of optimisations on H100 clusters
    "(Source: sources/2024-06-12-meta-how-meta-trains-large-language-models-at-scale)",
    "specs at https://example.com/gpus/h100-sxm-80gb-hbm3 for the H100",
    "Three network optimisations were applied to the H100 GPUs",
    "The same three stack-level optimisations applied to both clusters of H100 GPUs",
    "多模态模型 每个 token 有 320 亿活跃参数,部署在 H200 上",     # a model's active parameters
    "DeepSeek-V3 has 671B total parameters and 37B active parameters on H800 GPUs",
    # round 150: a company written with a numeral (三星 is Samsung)
    "三星电子为该芯片提供高带宽内存芯片",
    "SK海力士、三星等核心供应商",
    # stock markets, tariffs and rankings beside a percentage or a sum
    "滬指漲1.65%，深成指漲3.36%，H200 概念股走強",
    "Nvidia stock has fallen 11% from its record high on H100 demand",
    "a sweeping 25% tariff on advanced chips such as the H100",
    "| 显存带宽 | 30%权重 |",
    "滬深兩市成交額2.44萬億",
    # a name's other version after a slash (round 153)
    "已确定采用 M9 树脂 + HVLP3/4 铜箔",
    "boards move from PCIe5/6 retimers",
    "| GB200 | ~$40-50k\nGB200 NVL72 pair",       # a price's k before the next line's name
    "nearly half a million of AWS' in-house Trainium2 chips",     # half a million counts, no 0.5x
]


@pytest.mark.parametrize("text", SKIPPED)
def test_not_claims(text):
    assert found(text) == []


def test_a_form_factor_may_stand_between_a_counted_name_and_its_noun():
    """"Eight NVIDIA A100 SXM4 GPUs": the count's noun after a two-word name and its form factor."""
    for view, kind in (("• Eight NVIDIA A100 SXM4 GPUs with NVLink", "chips"),
                       ("• Eight big new NVIDIA A100 GPUs", "other")):     # three words, no form factor
        [number] = find_numbers(view)
        assert count_kind(view, number) == kind, view


def test_a_number_after_a_name_and_before_one_chip_or_a_series_is_a_model():
    """"the Ascend 910 chip", "its Ascend 910 series chips", "the Kunlun 2 chip": a model's name;
    "It links 910 chips", "Using 36 accelerators": counts."""
    for text in ("the Ascend 910 chip shipped", "its first-generation Ascend 910 series chips",
                 "the Kunlun 2 chip is new", "the Ascend 910 GPU"):
        assert found(text) == [], text
    assert found("It links 910 chips.") == [("910", "")]
    assert found("called the GB200. Using 36 accelerators, it") == [("36", "")]


def test_several_thousand_is_at_least():
    assert found("可連接數千臺UltraServer") == [("1,000", "at_least")]


@pytest.mark.parametrize("word, value", [
    ("十", 10), ("兩", 2), ("二十五", 25), ("一百萬", 1e6), ("萬", 1e4), ("三億", 3e8),
    ("一千二百", 1200), ("百", 100), ("三万亿", 3e12), ("百亿亿", 1e18), ("一亿二千万", 1.2e8)])
def test_chinese_numerals(word, value):
    assert chinese_value(word) == value


def test_a_generic_classifier_before_a_chip_noun_counts_chips():
    """9,216個晶片: 個 stands between the number and the chips it counts."""
    text = "在單一叢集中擴展至9,216個晶片"
    number = find_numbers(text)[0]
    assert count_kind(digits_view(text), number) == "chips"
    assert count_kind("三個核心", find_numbers("三個核心")[0]) == "other"


# --- round 39's lessons: a page written in lower case, glued table rows, dates and prices ------

@pytest.mark.parametrize("text, expected", [
    ("互联带宽2.8tbps1.8tbps", ["2.8 Tbps", "1.8 Tbps"]),      # a lower-case b is a bit
    ("集群算力峰值300pFlops180pFlops", ["300 PFLOPS", "180 PFLOPS"]),
    ("昇腾卡功耗达450w(英伟达h100为700w)", ["450 W", "700 W"]),
    ("集群总功耗达172.8kw", ["172.8 kW"]),
    ("带宽 2.8 TBps", ["2.8 TB/s"]),
    ("12 tflops of FP16", ["12 TFLOPS"]),
])
def test_units_written_in_lower_case(text, expected):
    assert [c for c, _ in found(text)] == expected


@pytest.mark.parametrize("text", [
    "8 w/ NVLink between them",               # w/ is "with"
    "時間:2024-04-29 來源",                     # a page's date, each part
    "posted 2024/4/29 by the editor",
    # round 181: a date deep in the page (its match's positions are the view's, not the window's)
    "Samsung's HBM3e deal with AMD\n\n2024-04-26 Semiconductors editor",
    "Samsung's HBM3e deal with AMD\n\n04/26/2024 Semiconductors editor",      # the day and month first
    # a page's own counters: views, reads (Baidu mirrors' `浏览量:93简介`, a blog's `16 Minute Read`)
    "2025.09.25 17:13浏览量:7简介:本文深度解析基于H20 GPU的推理方案",
    "H100 explained\n78 Views\n16 Minute Read\n",
    "市场规模将突破200亿元",                      # a price in yuan
    "这迫使液冷渗透率从30%猛增至70%",              # a market's penetration rate
    "A language model comprising 70 billion parameters",
    "训练一个1.8万亿个参数的模型",              # a model's size, through a classifier
    "这使得H100的利润率可能高达1000%",          # a profit margin
])
def test_not_claims_of_round_39(text):
    assert found(text) == []


def test_a_chinese_count_noun_with_its_number_word_before_the_link():
    text = "Maia 200晶体管数量超1400亿颗"
    number = find_numbers(text)[-1]
    assert count_kind(digits_view(text), number) == "transistors"


def test_a_comma_count_before_a_numbered_name_leaves_the_name_alone():
    assert [c for c, _ in found("a supercluster of 15,488 Ascend 960 chips")] == ["15,488"]


@pytest.mark.parametrize("text, expected", [
    ("晶圆面积814 mm^2814 mm^2826 mm^2", ["814 mm2", "814 mm2", "826 mm2"]),   # a row without borders
    ("L2 缓存60 MB50 MB40 MB", ["60 MB", "50 MB", "40 MB"]),
    ("FP16 120 TeraFLOPS96 TeraFLOPS", ["120 TFLOPS", "96 TFLOPS"]),
    ("制程4nm4nm7nm", ["4 nm", "4 nm", "7 nm"]),
    ("a 10^12 FLOPS machine", []),                                       # an exponent is no figure
])
def test_units_of_a_row_pasted_without_borders(text, expected):
    assert [c for c, _ in found(text)] == expected


@pytest.mark.parametrize("text, expected", [
    ("TDP(OAM)400 W600W900W(Air)", ["400 W", "600 W", "900 W"]),
    ("Peak Compute(BF16)60 TFLOPs432 TFLOPs1835 TFLOPsHBM Capacity",
     ["60 TFLOPS", "432 TFLOPS", "1835 TFLOPS"]),
    ("HBM Capacity32 GB96 GB128 GBPeak HBM BW", ["32 GB", "96 GB", "128 GB"]),     # labels run into figures
    ("Bandwidth3.2TB/s", ["3.2 TB/s"]),
    ("8xH100 servers", ["8"]),                         # a count of a name's chips (round 206), no ratio
    ("Gaudi3 chips and Trainium2 servers", []),               # names with their digits
    ("an 8 exaFLOP system", ["8 EFLOPS"]),
])
def test_a_spec_list_pasted_without_borders(text, expected):
    assert [c for c, _ in found(text)] == expected


def test_a_spaced_w_that_starts_a_name_is_no_watt():
    assert [n.unit for n in find_numbers("after the 2021 WSE-2 was built")] == []    # a year: no number
    assert [n.unit for n in find_numbers("it draws 700 W TDP, 700W")] == ["W", "W"]


def test_a_bare_b_ending_a_transistor_rows_cell_is_a_billion():
    """`| Transistors | 54.2B | 208B |`: the row says what the B counts; elsewhere a bare B is
    no billion (`| Memory | 8B |`)."""
    text = "| Transistors | 54.2B | 80B | 208B |\n| Memory | 80GB | 8B |\n"
    assert [claimed for claimed, _ in found(text)] == ["54.2e9", "80e9", "208e9", "80 GB"]


def test_a_bare_g_before_a_memory_generation_is_gigabytes():
    """`| GPU Mem | 80G HBM2e |`: the memory's generation names it (no word "memory" needed)."""
    assert [claimed for claimed, _ in found("| GPU Mem | 80G HBM2e | 64G HBM2e |\n")] == ["80 GB", "64 GB"]


def test_e_notation_figures():
    text = "每颗 TPU 1.6e10 字节 / 秒, 9.0e11 bytes/s, 2e5 chips"
    found = [(n.text, n.unit, n.value) for n in find_numbers(text)]
    assert found == [("1.6e10", "B/s", 1.6e10), ("9.0e11", "B/s", 9.0e11), ("2e5", "", 2e5)]
    assert "1e12" not in [n.text for n in find_numbers("= 114×4096×1980M/1e12 TFLOPS")]   # a divisor


def test_a_formats_name_is_no_glued_figure():
    assert [(n.text, n.unit) for n in find_numbers("about 9.89e14 bfloat16 FLOPs/s")] == [("9.89e14", "")]


def test_a_bare_b_before_transistors_is_a_billion():
    assert [(n.text, n.value) for n in find_numbers("208B transistors")] == [("208e9", 208e9)]
    assert find_numbers("the 208B parameter model") == []       # a model's size: no figure


@pytest.mark.parametrize("text, claimed", [
    ("The Trainium2 delivers ~1024 BF16 TFLOPS/chip.", ["1024 TFLOPS"]),
    ("Each node holds 128GB/GPU of HBM3e.", ["128 GB"]),
    ("It reaches 5.2 TFLOPS/W.", ["5.2 TFLOPS/W"]),         # per watt: an efficiency of its own
    ("A die packs 24GB/mm² of SRAM.", ["24 GB/mm2"]),
    ("It moves 10 GB/mo of logs.", []),                     # per month: no amount of hardware
])
def test_an_amount_per_device_is_an_amount(text, claimed):
    """"| ~1024 BF16 TFLOPS/chip |": an amount per chip, GPU or node is the device's amount, not
    a density; per watt and per area stay figures of their own."""
    assert [f"{n.text} {n.unit}" for n in find_numbers(text)] == claimed


@pytest.mark.parametrize("text, kept", [
    # round 157: a ratio of money or of a cost, and a number-word compound that counts no hardware;
    # the same shapes of hardware are still read
    ("Demand is now double the previous $500 billion estimate for Blackwell and Rubin.", []),
    ("Rubin delivers one-tenth the cost per million tokens compared to Blackwell.", []),
    ("It delivers most of what teams need at 70% of the H100's cost.", []),      # round 161
    ("IPO pricing 30 million shares at $185 a share.", []),
    ("Jensen Huang revealed a two-architecture roadmap for the next decade.", []),
    ("Maia 200 introduces a two-tier scale-up network built on Ethernet.", []),
    ("Rubin delivers double the previous generation's bandwidth.", [2.0]),
    ("It is a two-node cluster of Rubin GPUs.", [2.0]),
])
def test_a_ratio_of_money_and_a_compound_of_stages_are_no_claims(text, kept):
    assert [n.value for n in find_numbers(text)] == kept, text


@pytest.mark.parametrize("text, kept", [
    # round 159: a range of money is money at both ends
    ("成交价6-9万元/卡", []),
    ("液冷集群年省电费2-3亿元。", []),
    ("HBM4 brings ~8-12 TB/s per stack", [8.0, 12.0]),
])
def test_the_first_end_of_a_range_of_money_is_money(text, kept):
    assert [n.value for n in find_numbers(text)] == kept, text



@pytest.mark.parametrize("text, kept", [
    # session 28: a number that names, not counts (after "Gen" or a trademark sign, a heading's
    # section number, a ratio word in a term); the same numbers where they count are still read
    ("The MI250 OAMs attach to the host via PCIe Gen 4 x16 links.", []),
    ("the AMD CDNA™ 3\nXCD die is a smaller building block", []),
    ("GDDR6 on AMD RDNA® 2 GPUs", []),
    ("# 3 GH200 服务器内部设计\n", []),
    ("## 5. 总结\n", []),
    ("Each H100 GPU has a peak of 26 TFlops in double precision", [26.0]),     # 26 (TFLOPS)
    ("Graphics double data rate memory; double buffering hides latency.", []),
    ("The MI250 OAMs attach to the host via 4 x16 links.", [4.0]),
    ("# GH200 服务器\n\n3 GH200 superchips share one tray.", [3.0]),
    ("Rubin delivers double the bandwidth of Blackwell.", [2.0]),
])
def test_a_number_that_names_is_no_claim(text, kept):
    assert [n.value for n in find_numbers(text)] == kept, text


@pytest.mark.parametrize("text, claimed", [
    # round 190: the first end of a change takes the second's unit across an arrow or a Chinese verb
    # of change ("从 312 涨到 989 TFLOPS" drafted 312 as a count: 涨 read as a measure word)
    ("A100 → H100 (312 → 989 TFLOPS)", ["312 TFLOPS", "989 TFLOPS"]),
    ("FP16 算力从 312 涨到 989 TFLOPS", ["312 TFLOPS", "989 TFLOPS"]),
    ("带宽从 900 提升到 1800 GB/s", ["900 GB/s", "1800 GB/s"]),
    ("芯片数量从 64 增至 144 颗", ["64", "144"]),
])
def test_the_first_end_of_a_change_takes_its_unit(text, claimed):
    assert [claimed_text(n) for n in find_numbers(text)] == claimed, text
