"""The number itself as evidence (pipeline/draft/, issue 19): a figure that equals exactly
one published figure among the candidates (each of which publishes one) decides the
subject, or the metric of a decided subject ("4,614 TFLOPS" of Ironwood is its fp8_dense).
Equal means within 1% (an article rounds 7.37 TB/s to 7.4), within the rounding its written
digits allow (up to 10%: "1.8 PFLOPS" is the 1,835 TFLOPS it rounds), or the GB/GiB
convention (CONTRACT 10.2). Two matches decide nothing; no match decides nothing.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from functools import lru_cache

from claimaudit.draft.context import UNIT_DIMENSION
from claimaudit.draft.defined_metrics import figures_of
from claimaudit.draft.score import base_value
from claimaudit.model.units import UnitError, decimal_reading, parse_quantity, unit_info

SAME = 0.01         # an amount within 1% of a figure is that figure, however it is written
ROUNDED = 0.10      # the most its written digits may widen that ("5 nm": 4.5 to 5.5)


class Amount(float):
    """An amount in base units that knows how far from a figure its written digits allow."""
    rel: float = SAME


@lru_cache(maxsize=4096)
def amount(claimed: str) -> Amount | None:
    """A `claimed` text as an Amount ("1.8 PFLOPS": 1.8e15, give or take 2.8%), parsed once for all rules."""
    value = base_value(claimed)
    if value is None:
        return None
    found = Amount(value)
    try:
        written = parse_quantity(claimed)
        if written.base:
            found.rel = min(ROUNDED, max(SAME, written.base_h / abs(written.base)))
    except UnitError:
        pass
    return found

METRIC_DIMENSION = {"FLOPS": "flops", "OPS": "ops", "B": "bytes", "B/s": "rate", "bps": "rate",
                    "": "count", "W": "power", "s": "time", "nm": "length", "mm2": "area"}


def same_figure(claimed: float, published: float) -> bool:
    return math.isclose(claimed, published, rel_tol=getattr(claimed, "rel", SAME))


def readings(value: float, unit: str) -> list[float]:   # "94 GiB" is the vendor's "94 GB" (CONTRACT 10.2)
    twin = decimal_reading(unit)
    return [value, *([value * unit_info(twin).factor / unit_info(unit).factor] if twin else [])]


def metrics_of_dimension(catalogue, unit: str) -> list[str]:
    dimension = UNIT_DIMENSION.get(unit)
    return sorted(m for m, u in catalogue.metrics.items() if METRIC_DIMENSION.get(u or "") == dimension)


def matching(catalogue, entities, metrics, value: float) -> set[tuple[str, str]]:
    """(entity, metric) pairs whose published figure equals `value`."""
    return {(e, m) for e in entities for m in metrics
            if any(same_figure(value, f) for f in catalogue.figures.get((e, m), ()))}


def decide_subject(catalogue, candidates, metric, unit: str, value: float) -> str | None:
    """The one candidate with a published figure equal to the number (for the metric, or for
    any metric of the unit's dimension when the metric is open)."""
    metrics = [metric] if metric else metrics_of_dimension(catalogue, unit)
    if not all(any((e, m) in catalogue.figures for m in metrics) for e in candidates):
        return None         # a candidate that publishes no such figure is not ruled out
    hits = {e for e, _ in matching(catalogue, candidates, metrics, value)}
    return hits.pop() if len(hits) == 1 else None


NEAR, FAR = 2.0, 4.0     # within 2x of one scope's figure, 4x or more from every other's


def decide_scope(catalogue, candidates, metric, value: float) -> str | None:
    """Of one product at several scopes ("GB300": the GPU or its 72-GPU rack), the one whose
    published figure for the metric the number is near (within 2x) while it is far (4x or
    more) from every other's: "192GB" is no rack's memory, "GB200 达到 130kW" no GPU's power. Each
    candidate must publish one, or have one worked out from its members (`scaled`, roughly)."""
    if not metric or value <= 0 or len(set(candidates)) < 2:
        return None         # one candidate is no choice of scope: its figure decides nothing
    spread = {}
    for entity in candidates:
        figures = [f for f in catalogue.figures.get((entity, metric), ())
                   or scaled(catalogue, entity, metric, rough=True) if f > 0]
        if not figures:
            return None
        spread[entity] = min(max(value / f, f / value) for f in figures)
    near = [e for e, ratio in spread.items() if ratio < NEAR]
    if len(near) == 1 and all(ratio >= FAR for e, ratio in spread.items() if e != near[0]):
        return near[0]
    return None


def scaled(catalogue, entity: str, metric: str, rough: bool = False) -> list[float]:
    """A figure the specs do not publish, worked out for its order of size only: a system of
    N chips has N times a chip's summed figure (72 x 19.6 TB/s), a chip 1/N of its system's;
    `rough`, for telling scopes apart only, a system's power too (it draws at least its chips')."""
    if metric not in catalogue.summed and not (rough and metric == "power"):
        return []
    members = catalogue.members_of(entity)
    if len(members) == 1:
        (member, count), = members.items()
        if str(count).isdigit() and int(count) > 0:
            return [int(count) * f for f in catalogue.figures.get((member, metric), ())]
    out = []
    for holder in catalogue.containers_of_any(entity):
        count = catalogue.members_of(holder).get(entity)
        if len(catalogue.members_of(holder)) == 1 and str(count).isdigit() and int(count) > 0:
            out += [f / int(count) for f in catalogue.figures.get((holder, metric), ())]
    return out


def decide_metric(catalogue, subject: str, metrics, value: float) -> str | None:
    """The one metric among `metrics` whose published figure for the subject is the number."""
    hits = {m for _, m in matching(catalogue, [subject], metrics, value)}
    return hits.pop() if len(hits) == 1 else None


def one_members_figure(catalogue, entity: str, metric: str, value: float) -> str | None:
    """The member of a system of one chip (`CS-3`: one WSE-3) that publishes this figure when the
    system publishes none for the metric: a process node, a die's SRAM in the system's column."""
    members = catalogue.members_of(entity)
    if (entity, metric) in catalogue.published or [str(n) for n in members.values()] != ["1"]:
        return None
    return next(iter(members)) if matching(catalogue, list(members), [metric], value) else None


def listed_precisions(catalogue, reading, value, unit: str) -> None:
    """A figure written for a list of precisions (`BF/FP16 TFLOPS`, settle.settle_by_figures): the
    one listed metric, of one density, whose published figure it equals; both 16-bit formats
    published alike give the bf16 one. A sparse figure the text does not call sparse stays asked,
    and a listed metric the written unit cannot measure (`fp8/int8` in FLOPS: int8's are OPS) is
    none of its (round 187: "6.2e14" FLOPS of the A100 equals its INT8 624 TOPS)."""
    question = next((t for t in reading.todo if t.startswith("metric: the figure is given for ")), None)
    if question is None:
        return
    listed = re.match(r"metric: the figure is given for [^:]*: ([\w ]+?);", question)
    measured = set(metrics_of_dimension(catalogue, unit))
    ids = [m for m in (listed.group(1).split(" or ") if listed else []) if m in measured]
    hits = [m for m in ids if matching(catalogue, [reading.subject], [m], value)]
    if len({m.split("_")[1] for m in hits}) != 1 or not (
            len(hits) == 1 or {m.split("_")[0] for m in hits} == {"bf16", "fp16"}):
        return
    density = "metric: the text does not say dense or sparse; "
    if hits[0].endswith("_sparse") and any(t.startswith(density) for t in reading.todo):
        return              # a sparse figure the text does not call sparse stays asked (unsaid_sparse)
    reading.metric = next((m for m in hits if m.startswith("bf16")), hits[0])
    reading.todo = [t for t in reading.todo if t != question and not t.startswith(density)]


def another_holder(catalogue, number, reading, named: list[str],
                   whose: str = "a family the sentence names") -> None:
    """"GH200 - (1) H100 w/ 96GB HBM3": a decided subject that publishes a figure for the
    metric, but not this one, while ids of a family its sentence names (`named`: left out as
    subjects for being several; or, `whose` says, other ids) publish exactly this number, is asked
    among them. Asked, never moved: the article may simply be wrong about its subject."""
    subject, metric = reading.subject, reading.metric
    if subject is None or metric is None or number.unit in ("x", "%") or any(
            t.startswith("subject:") for t in reading.todo):
        return
    value = amount(f"{number.text} {number.unit}".rstrip())
    own = catalogue.figures.get((subject, metric), ())
    if value is None or not own:
        return
    both = readings(value, number.unit)
    if any(matching(catalogue, [subject], [metric], v) for v in both):
        return
    others = sorted({i for i in named if i and i != subject and i in catalogue.entities})
    holders = sorted({e for v in both for e, _ in matching(catalogue, others, [metric], v)})
    if holders:
        reading.candidates = [subject, *holders]
        reading.todo.append(f"subject: {number.text} {number.unit} is not {subject}'s published figure; "
                            f"{', '.join(holders)} ({whose}) {('publishes', 'publish')[len(holders) > 1]}"
                            " it; pick one")


def kept_as_another_amount(catalogue, named, reading, claimed: str, value: float) -> list[str]:
    """"Total GPU Memory: 144TB" of a text naming a system that publishes 144 TB as its HBM and
    LPDDR together: the ids the text names that publish the number as another memory amount.
    Their metric is asked beside the written one (the words say which memory; the vendor may
    count more)."""
    found = matching(catalogue, named, [m for m in AMOUNTS if m != reading.metric], value)
    kinds = sorted({m for _, m in found})
    if kinds:
        reading.todo.append(f"metric: {', '.join(sorted({e for e, _ in found}))} (named in the text) "
                            f"publish{'es' * (len(found) == 1)} {claimed} as {' or '.join(kinds)}; "
                            f"pick {reading.metric} or {' or '.join(kinds)}")
    return sorted({e for e, _ in found})


def carried_off_to_a_family(catalogue, number, reading, topics, sentence_start: int) -> None:
    """"這顆擁有1460億個電晶體的晶片" after "代號為Instinct MI300的晶片" and a sentence on the H100's 80
    billion: a subject carried over from an earlier sentence, whose published figure for the
    metric is not the number, while one id of a family named in the three family mentions before
    the sentence publishes exactly it, is asked between the two, that id named too."""
    carried = [t for t in reading.todo if t.startswith("subject:")]
    if topics is None or len(carried) != 1 or "(named earlier) assumed: confirm or change" not in carried[0]:
        return
    last = bisect_left(topics.family_starts, sentence_start)
    earlier = [i for m in topics.families[max(0, last - 3):last] for i in m.candidates]
    kept, reading.todo = reading.todo, [t for t in reading.todo if t != carried[0]]
    another_holder(catalogue, number, reading, earlier, "of a family named earlier")
    reading.todo = kept + reading.todo[len(kept) - 1:]      # the carried question, and this one


def variant_holder(catalogue, number, reading, named, names_of) -> None:
    """"Each H100 GPU has a peak performance of 26 TFlops in double precision" in a text that
    also names the H100 PCIe: a variant of the decided subject that the text names (its name and
    one more word: "H100 PCIe", "H100 NVL") publishing exactly this number, while the subject's
    own figure differs, asks between them (another_holder). `names_of(entity)` gives an
    entity's spellings."""
    if reading.subject not in catalogue.entities:
        return
    bases = {f"{name.lower()} " for name in names_of(catalogue.entities[reading.subject])}
    variants = [i for i in named if i != reading.subject and i in catalogue.entities and any(
        re.fullmatch(r"\S+", name.lower()[len(base):]) for name in names_of(catalogue.entities[i])
        for base in bases if name.lower().startswith(base))]
    another_holder(catalogue, number, reading, variants, whose="a variant the text names")


def variants(catalogue, number, reading, named, names_of, view: str, clause, mentions) -> None:
    """A variant of the subject the text names (variant_holder) or writes (labelled_variant)."""
    variant_holder(catalogue, number, reading, named, names_of)
    labelled_variant(catalogue, view, clause, reading, mentions, named)


# "1x NVIDIA H100 96GB with 900 GB/s NVLink-C2C", "A100 40GB", "A100 40G": a capacity written as part of
# a name
NAMES_BEFORE = 600  # characters before the clause where a family's name may say the variant
CAPACITY_LABEL = re.compile(r"[ -]?(\d{2,3})\s?G(?:B\b(?!/)|(?![A-Za-z0-9/.]))")


def labelled_variant(catalogue, view: str, clause, reading, mentions, named) -> None:
    """A subject named in the clause with a memory size its specs contradict ("H100 96GB": the
    specs' H100 has 80 GB) is a variant the specs do not hold (GH200's H100): asked, with the
    ids the text names that publish that size. The specs' own size ("H100 80GB") settles
    nothing, nor a subject already asked."""
    subject = reading.subject
    if subject is None or any(t.startswith("subject:") for t in reading.todo):
        return
    own = catalogue.figures.get((subject, "hbm_capacity"), ())
    for mention in mentions:
        if mention.entity != subject or not clause.start <= mention.start < clause.end:
            continue
        label = CAPACITY_LABEL.match(view, mention.end)
        size = float(label.group(1)) * 1e9 if label else 0.0
        if label is None or not own or any(same_figure(size, f) for f in own):
            continue
        # a family's ids named near count ("Grace Hopper Superchip (GH200 480GB)"); looked up only here
        near = catalogue.find(view[max(0, clause.start - NAMES_BEFORE):clause.end])
        ids = {*named, *(i for m in near for i in (m.candidates or (m.entity,)))}
        others = sorted({i for i in ids if i and i != subject and i in catalogue.entities})
        holders = sorted({e for e, _ in matching(catalogue, others, ["hbm_capacity"], size)})
        reading.candidates = [subject, *holders]
        also = f"; {', '.join(holders)} (named in the text) publish{'es' if len(holders) == 1 else ''} " \
               f"{label.group(1)} GB" if holders else ""
        reading.todo.append(f"subject: '{mention.text}{label.group(0)}' is no part the specs hold ({subject} "
                            f"publishes {_gigabytes(own)}){also}: pick one or confirm {subject}")
        return


def _gigabytes(figures) -> str:
    return " or ".join(f"{f / 1e9:g} GB" for f in sorted(set(figures)))


def far_from_its_figure(catalogue, number, reading, claimed: str, view: str = "") -> None:
    """"Instinct MI355X, 2.3TB HBM3E": a decided subject whose published figure the number is 4x or
    more from, while one of its chip or system kin has a figure (published, or its members' sum)
    within 2x of it, is asked between the two (the article may simply be wrong), unless the text says
    whose: per system, or per chip (`| 128 GB/芯片 |` in a rack's column, round 283). A memory or a
    bandwidth 4x or more above a chip's own, no kin near, is asked between the chip and the systems
    holding it ("8 × H100 SXM5 ... 2 TiB" in a server's row), unless said per chip."""
    if reading.subject is None or reading.metric is None or number.unit in ("x", "%") or any(
            t.startswith("subject:") for t in reading.todo):
        return
    value = amount(claimed)
    metrics = either_density(reading)      # a rack's "20 PFLOPS" FP4: its GPU's sparse figure, maybe
    # a system that publishes none for the metric: its members' sum (a pod's HBM bandwidth)
    own = [f for m in metrics for f in figures_of(catalogue, reading.subject, m) if f > 0]
    whose = "published figure" if own else "figure (its members' sum)"
    own = own or [f for m in metrics for f in scaled(catalogue, reading.subject, m) if f > 0]
    if not value or not own:
        return
    members = catalogue.members_of(reading.subject)
    # its chip's other systems too ("the platform ... 80.5 petaflop FP8" after a rack of its chips)
    siblings = [s for m in members for s in catalogue.containers_of_any(m) if s != reading.subject]
    kin = list(dict.fromkeys([*members, *catalogue.containers_of_any(reading.subject), *siblings]))
    near = [k for k in kin if k in catalogue.entities and any(
        max(value / f, f / value) < NEAR for m in metrics
        for f in (figures_of(catalogue, k, m) or scaled(catalogue, k, m)) if f > 0)]
    if min(max(value / f, f / value) for f in own) < FAR:
        # nearer than 4x, but exactly one kin's figure and none of its own ("算力：7.9 PFLOPS (FP16)"
        # of an 8-GPU H200 server: eight times the H200's 989 TFLOPS, four times its sparse figure)
        near = [k for k in near if any(same_figure(value, f) for m in metrics for f in (
            figures_of(catalogue, k, m) or scaled(catalogue, k, m)))]
        if any(same_figure(value, f) for f in own) or not near or reading.metric == "chips":
            return              # (a count a sibling publishes: scope.check_chip_count asks it)
        if near[1:]:            # the HGX and the DGX of eight H200s alike
            reading.candidates = [reading.subject, *near]
            reading.todo.append(f"subject: {claimed} is not {reading.subject}'s {whose} but that of "
                                f"{', '.join(near)}; pick one")
            return
    said = near[0] if len(near) == 1 and any(
        same_figure(value, f) for m in metrics for f in catalogue.figures.get((near[0], m), ())) and (
        catalogue.entities[near[0]].kind == "system" and PER_SYSTEM.match(view, number.end)
        or near[0] in members and PER_CHIP.match(view, number.end)) else None
    if said:        # "141 GB per GPU (1.1 TB per 8-GPU node)": said and published; `| 128 GB/芯片 |`
        reading.subject = said
        return
    if len(near) == 1:
        # a configuration of that kin whose published figure it is ("from 96GB ... to 144GB" of
        # the GH200's two memory configurations, in a DGX GH200 article)
        variants = [v for v in _variants(catalogue, near[0]) if any(
            abs(f / value - 1) < 0.01 for m in metrics for f in catalogue.figures.get((v, m), ()) if f > 0)]
        reading.candidates = [reading.subject, near[0], *variants]
        publish = f"; {', '.join(variants)} publish{'es' * (len(variants) == 1)} it" if variants else ""
        reading.todo.append(f"subject: {claimed} is far from {reading.subject}'s {whose} "
                            f"and near {near[0]}'s{publish}; pick one")
    elif not near and reading.metric in (*AMOUNTS, *SUMMED_RATES) and value >= FAR * max(own) \
            and holders_of(catalogue, reading) and not PER_CHIP.match(view, number.end):
        # "8 × H100 SXM5 ... 2 TiB" in a server's row: a memory far above the chip's own, a system's;
        # so a bandwidth ("DGX-H100 ... 在 H100 架构中 ... 72 个 NVLink 提供 3.6 TB/s", round 230)
        reading.candidates = [reading.subject, *holders_of(catalogue, reading)]
        reading.todo.append(f"subject: {claimed} is far above {reading.subject}'s {whose}: the "
                            f"text may mean a system of it ({', '.join(reading.candidates[1:])}); pick one")
    elif reading.metric == "chips" and value > FAR * max(own):      # "instances ... up to 100,000 chips"
        reading.todo.append(f"subject: {number.text} chips is far more than {reading.subject} holds: the "
                            "text may mean a larger system or cluster; name it")


def rate_without_seconds(catalogue, reading, claimed: str) -> None:
    """"| HBM | ... | 1.6 TB / 128GB |": a capacity that is not the subject's published one but
    its memory bandwidth's very number (a chip of 128 GB at 1.6 TB/s) may be that bandwidth with
    its "/s" left out. The metric is asked, never changed: the text says bytes."""
    rate = RATE_OF.get(reading.metric or "")
    value = amount(claimed)
    if rate is None or value is None or any(t.startswith("metric:") for t in reading.todo):
        return
    own = [f for f in catalogue.figures.get((reading.subject, reading.metric), ()) if f > 0]
    rates = [f for f in catalogue.figures.get((reading.subject, rate), ()) if f > 0]
    if own and not any(same_figure(value, f) for f in own) and any(same_figure(value, f) for f in rates):
        reading.todo.append(f"metric: {claimed} is not {reading.subject}'s published capacity "
                            f"({_gigabytes(own)}) but the number of its {rate} ({claimed}/s): a "
                            f"bandwidth with its \"/s\" left out? pick {rate} or {reading.metric}")


RATE_OF = {"hbm_capacity": "hbm_bandwidth"}
AMOUNTS = ("hbm_capacity", "lpddr_capacity", "fast_memory_capacity")
SUMMED_RATES = ("hbm_bandwidth", "scaleup_bandwidth")     # a system's is its chips' sum, as its memory is
PER_SYSTEM = re.compile(r"\s*(?:/|per\s+|each\s+|in\s+(?:an?|each)\s+)(?:\d+-(?:GPU|chip|way)\s+)?"
                        r"(?:node|server|system|box|machine|baseboard)\b|\s*(?:每|单|單)(?:台|臺|節點|节点|机|機)",
                        re.IGNORECASE)
PER_CHIP = re.compile(r"\s*(?:[A-Za-z0-9]+\s*)?(?:/|per\s+|each\s+)(?:chip|GPU|card|accelerator|device)\b|"
                      r"\s*(?:[A-Za-z0-9]+\s*)?(?:每|单|/)(?:卡|颗|張|张|顆|芯片|晶片)", re.IGNORECASE)


def either_density(reading) -> list[str]:
    """The reading's metric, or both densities of it while the draft still asks which."""
    metric = reading.metric
    if any("dense or sparse" in t for t in reading.todo) and metric.endswith(("_dense", "_sparse")):
        base = metric.rsplit("_", 1)[0]
        return [f"{base}_dense", f"{base}_sparse"]
    return [metric]


def holders_of(catalogue, reading) -> list[str]:
    """The systems that hold a chip subject (none for a subject that is no chip)."""
    subject = reading.subject
    if subject is None or subject not in catalogue.entities or catalogue.entities[subject].kind != "chip":
        return []
    return [c for c in catalogue.containers_of_any(subject) if c in catalogue.entities]


def _variants(catalogue, entity: str) -> list[str]:
    """The other entities of the same name but for its bracketed detail (a product's memory
    configurations: "GH200 Grace Hopper Superchip (96 GB HBM3)" and "(144 GB HBM3e)")."""
    def bare(ident: str) -> str:
        return re.sub(r"\s*\(.*$", "", catalogue.entities[ident].name)
    return [e for e in catalogue.entities if e != entity and bare(e) == bare(entity)]


def unsaid_sparse(open_metric: list[str], metric: str) -> bool:
    """A figure equal to the subject's published sparse figure where the text says neither
    dense nor sparse: read as dense it is twice the chip's rate, read as sparse it is right;
    which the writer meant is the reader's question, never the drafter's guess."""
    return metric.endswith("_sparse") and any("dense or sparse" in t for t in open_metric)


def density_question(written: str, sparse: str) -> str:
    dense = sparse.removesuffix("_sparse") + "_dense"
    return (f"metric: the text does not say dense or sparse; {written} written, and the figure "
            f"equals the published {sparse}: keep {dense} or change to {sparse}")
