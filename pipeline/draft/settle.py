"""What the numbers and counts settle once the words are read (pipeline/draft/, issue 19): a
count of a named chip belongs to its container with that many chips; a count of chips never to a
chip (asked among chips, it is asked among their holders); an amount equal to exactly one
published figure among the candidates decides the subject, or the metric the words leave open
(figure_match.py); the new value of a change "from X to Y" is not the subject's when X is the
subject's published figure and Y is not."""

from __future__ import annotations

import math
import re

from claimaudit.draft.claims import Place, Reading, _is_counted, claimed_text, open_subject
from claimaudit.draft.context import HALF, UNIT_DIMENSION
from claimaudit.draft.density_words import said_metrics
from claimaudit.draft.directions import one_way_figure
from claimaudit.draft.entities import Catalogue, Mention, name_key, single_figure
from claimaudit.draft.figure_match import (
    AMOUNTS,
    amount,
    another_holder,
    carried_off_to_a_family,
    decide_metric,
    decide_scope,
    decide_subject,
    density_question,
    either_density,
    far_from_its_figure,
    kept_as_another_amount,
    listed_precisions,
    matching,
    metrics_of_dimension,
    one_members_figure,
    rate_without_seconds,
    unsaid_sparse,
)
from claimaudit.draft.forms import Number
from claimaudit.draft.lexicon import lexicon
from claimaudit.draft.named_counts import singular_name
from claimaudit.draft.owner import named_beside
from claimaudit.draft.precision_slip import another_precisions_figure
from claimaudit.draft.scope import CHIP_ONLY, kin_of_the_named, kind_of, one_product
from claimaudit.draft.topic import ANOTHER_PART, related


def count_owner(catalogue: Catalogue, place: Place, number: Number, mentions: list[Mention],
                reading: Reading) -> None:
    """`單機配置144顆Trainium3晶片`, `an instance with 16 Trainium2 chips`: a count of a named chip belongs
    to the one container of it with that many members; a system holding none of them is no owner."""
    kind = catalogue.entities[reading.subject].kind if reading.subject in catalogue.entities else ""
    if reading.metric != "chips":
        return
    counted = {m.entity for m in mentions if place.clause.start <= m.start < place.clause.end
               and m.entity and _is_counted(place.view, m)}
    # "on 8xA100 or 8xH100", "8x H100 servers": a multiplier counts the one name right after it; so does a
    # count whose name and noun follow it ("8 NVIDIA B300 GPUs", "8-way H100 GPUs"; not `8-way DGX H100`)
    noun, way = re.compile(r"\s?(?:GPU|chip|accelerator|card)s?\b"), place.view[number.end:number.end + 4]
    multiplied = [m.entity for m in mentions if m.entity and 0 <= m.start - number.end <= 12 and re.fullmatch(
        r"(?:-way)?\s?(?:NVIDIA |AMD )?", place.view[number.end:m.start]) and (
        way != "-way" or kind_of(catalogue, m.entity) == "chip") and (
        place.view[number.end - 1] in "xX×*" or noun.match(place.view, m.end)
        or re.search(noun.pattern + "$", m.text) or singular_name(place.view, number))]
    counted = set(multiplied[:1]) or counted
    subject = reading.subject
    if foreign := kind not in ("", "chip") and subject is not None:
        # "Helios ..., challenging NVIDIA's Vera Rubin platform with its 72 Rubin GPUs": a system
        # is not the owner of a count of another maker's chips (its own may be a variant the
        # specs hold apart: "the GB200 NVL72 integrates 72 B200 GPUs")
        vendor = catalogue.entities[subject].vendor
        if counted and all(catalogue.holds(subject, chip) for chip in counted) and number.value in \
                catalogue.figures.get((subject, "chips"), ()):     # "72 MI455X" after Helios: its own
            reading.todo = [t for t in reading.todo if not open_subject(t)]
        held = any(catalogue.holds(subject, chip) for chip in counted)
        theirs = any(number.value in catalogue.figures.get((c, "chips"), ())  # "One GB200 NVL72 replaces
                     for chip in counted for c in catalogue.containers_of_any(chip))  # 9 × 8 H100": the HGX's
        if not counted or held or not reading.from_topic and not theirs and any(
                catalogue.entities[chip].vendor == vendor for chip in counted):
            return      # (a system taken from the text before holding none of them is no owner: round 290)
    holders = sorted({c for chip in counted for c in catalogue.containers_of_any(chip)})
    owners = [c for c in holders if number.value in catalogue.figures.get((c, "chips"), ())]
    if len(owners) == 1:
        reading.subject = owners[0]
        reading.todo = [t for t in reading.todo if not open_subject(t)]
    elif subject is None and holders and counted:
        # "a cluster of 9,126 Ironwood TPUs": no holder publishes the count; it is one of theirs
        reading.todo = [t for t in reading.todo if not t.startswith("subject: the sentence names no entity")]
        reading.todo.append(f"subject: a count of {', '.join(sorted(counted))} belongs to a system of theirs "
                            f"(none publishes {claimed_text(number)}): the specs hold {', '.join(holders)}; "
                            "pick one")
        reading.candidates = holders
    elif foreign:
        reading.todo.append(f"subject: {reading.subject} holds no {', '.join(sorted(counted))}; a count of "
                            "them belongs to a system of theirs: " + (f"the specs hold {', '.join(holders)}; "
                                                                      "pick one" if holders else "name it"))
        reading.subject, reading.candidates = None, holders


def confirm_assumed(catalogue: Catalogue, number: Number, reading: Reading, named: set,
                    compared: frozenset | set = frozenset(), section: str | None = None,
                    prose_section: str | None = None) -> None:
    """"- 80 billion transistors on TSMC 4N process" under a paragraph about the H100: the
    subject assumed from an earlier name stands with no question when the number is that
    subject's published figure for the metric and no other id the text names publishes it
    (an id it names only as what it compares with, `compared`, owns no figure of it). It stands
    whatever the figure when it is the list item's `section` lead ("- TDP: Up to 700W" under
    "1. NVIDIA H100 SXM5", whatever an H200 elsewhere publishes; "• Memory Bandwidth: 1 TB/s"
    under "**1. Huawei's Ascend 910B", a figure it does not publish: the check says so). In a
    prose paragraph under such a heading (`prose_section`), the subject's own published figure
    stands whoever else publishes it ("基于6nm工藝" under a heading of the MI250X, whose MI250
    is 6 nm too); any other figure is still asked ("先前推出晶片所具有800億個電晶體")."""
    assumed = [t for t in reading.todo if t.startswith("subject: not named in this sentence; ")
               and "named earlier) assumed" in t]      # or "(chip of ironwood_pod, named earlier)"
    if (not assumed or reading.subject is None or reading.metric is None or number.unit in ("x", "%")
            or len([t for t in reading.todo if t.startswith("subject:")]) > len(assumed) + 1):
        return
    value = amount(claimed_text(number))
    if reading.subject == section and value is not None:
        # (a form the clause names, "80 GB HBM3 (PCIe)", is still asked: owner.other_form)
        reading.todo = [t for t in reading.todo
                        if not t.startswith("subject:") or "the clause speaks of" in t]
        return
    if value is None or not matching(catalogue, [reading.subject], [reading.metric], value):
        return
    asked = " ".join(reading.todo)
    others = {i for i in (*named, *reading.nearby, *reading.candidates) if i and i != reading.subject}
    others |= {i for i in re.findall(r"[a-z][a-z0-9_]+", asked)
               if i in catalogue.entities and i != reading.subject}
    others -= set(compared)
    # under a heading that names it alone, the subject's own figure is its, whoever else publishes it
    if reading.subject not in (section, prose_section) \
            and matching(catalogue, sorted(others), [reading.metric], value):
        return
    reading.todo = [t for t in reading.todo if not t.startswith("subject:")]


def referred_off_its_figure(catalogue: Catalogue, number: Number, reading: Reading) -> None:
    """"| Memory | 256GB HBM3e |" under a paragraph that names only the MI300X (192 GB): a
    subject carried over from an earlier sentence, not named here, is asked when it publishes a
    figure for the metric and the number is not it; an inference the figure contradicts is
    likelier wrong than the article."""
    if not reading.referred or reading.subject is None or reading.metric is None \
            or number.unit in ("x", "%") or any(t.startswith("subject:") for t in reading.todo):
        return
    value = amount(claimed_text(number))
    if value is None or not catalogue.figures.get((reading.subject, reading.metric)) \
            or matching(catalogue, [reading.subject], either_density(reading), value):   # either is its own
        return
    reading.todo.append(f"subject: not named in this sentence; {reading.subject} (named earlier) assumed, "
                        f"but {number.text} {number.unit} is not its published figure: confirm or change")


def not_its_own_baseline(catalogue: Catalogue, number: Number, reading: Reading) -> None:
    """"内存容量是 H100 的 2.4 倍" after a paragraph about the MI300X and the H100: a ratio
    compares its subject with another, so of the earlier names the sentence leaves open, the
    baseline is not the subject; one left over is the subject (its pod or chip may still be:
    "3x the bandwidth of Zephyr Z2" after the Zephyr Pod is asked)."""
    if number.unit not in ("x", "%") or not reading.baseline:
        return
    base = reading.baseline
    kin = {base}
    assumed = [t for t in reading.todo if t.startswith("subject: not named in this sentence; ")
               and "(named earlier) assumed" in t]
    if reading.subject == base and not assumed:
        # "3.35 TB/s memory bandwidth: 73% higher than A100": the one name is the compared-with one
        reading.subject, reading.candidates = None, [c for c in reading.nearby if c != base]
        reading.todo = [t for t in reading.todo if not open_subject(t)] + [
            f"subject: the ratio's subject and baseline were both read as {base}; name its subject"]
        return
    reset = reading.subject in kin and bool(assumed)
    if reset:
        named = re.search(r"\(the text also names ([^)]*)\)", assumed[0])
        listed = named.group(1).split(", ") if named else []
        reading.candidates = [i for i in listed if i in catalogue.entities]
        reading.subject, reading.from_topic = None, True
    if reading.subject is not None or not reading.from_topic or not reading.candidates:
        return
    left = [c for c in reading.candidates if c not in kin]
    if len(left) > 1 and one_product(catalogue, left):      # the MI300X or its platform: the
        kind = catalogue.entities[base].kind if base in catalogue.entities else ""    # baseline's scope
        left = [c for c in left if catalogue.entities[c].kind == kind] or left
    if len(left) == 1 and (reset or len(left) < len(reading.candidates)):
        reading.subject, reading.candidates = left[0], []
        reading.todo = [t for t in reading.todo if not open_subject(t)]
    elif left and (reset or len(left) < len(reading.candidates)):
        reading.candidates = left
        reading.todo = [t for t in reading.todo if not open_subject(t)] + [
            f"subject: not named in this sentence; of the ids named before it, {base} is the baseline; "
            f"pick one of {', '.join(left)}"]


def off_its_figure(catalogue: Catalogue, number: Number, reading: Reading, place: Place,
                   mentions: list[Mention]) -> None:
    """A decided subject far from the number (its kin near), or not publishing it while a family
    its sentence (or, carried over, one before it) or another id beside it names does, is asked."""
    far_from_its_figure(catalogue, number, reading, claimed_text(number), place.view)
    rate_without_seconds(catalogue, reading, claimed_text(number))
    another_precisions_figure(catalogue, reading, claimed_text(number), number.unit)
    named = [i for m in mentions if place.sentence.start <= m.start < place.sentence.end
             and not m.entity for i in m.candidates]
    another_holder(catalogue, number, reading, named)
    beside = named_beside(reading, place, mentions)      # "than A100s - 2.0 vs 3.35TBps": the A100's
    another_holder(catalogue, number, reading, beside, "named in the sentence")
    if reading.metric in AMOUNTS and place.topics is not None:
        # "2x Hopper H100 GPU with 96 GB HBM3 each" on a GH200 page: a memory is one part's exactly
        another_holder(catalogue, number, reading, sorted(place.topics.ids_and_families), "named in the text")
    carried_off_to_a_family(catalogue, number, reading, place.topics, place.sentence.start)
    referred_off_its_figure(catalogue, number, reading)
    clause = place.view[place.clause.start:place.clause.end]
    one_way_figure(catalogue, reading, amount(claimed_text(number)), clause)
    kin_of_the_named(catalogue, reading)


def figure_holders(catalogue: Catalogue, number: Number, reading: Reading, named: set,
                   with_families: set | frozenset = frozenset()) -> None:
    """An asked subject also lists the ids the text names whose published figure is this
    number ("these performance numbers of 20.8 petaflops": the instance named two paragraphs
    before publishes 20.8 PFLOPS); for a memory, the ids of the families it names too (`with_families`:
    "480 GB LPDDR5X each" on a page that names the GH200's three). Asked, never decided: the text
    did not name it here."""
    named = set(with_families) if reading.metric in AMOUNTS and with_families else named
    asked = reading.subject is None or any(open_subject(t) for t in reading.todo)
    if number.unit in ("x", "%") or not asked or not named:
        return
    value = amount(claimed_text(number))
    if value is None:
        return
    metrics = [reading.metric] if reading.metric else metrics_of_dimension(catalogue, number.unit)
    others = sorted(i for i in named if i and i != reading.subject and i not in reading.candidates)
    holders = sorted({e for e, _ in matching(catalogue, others, metrics, value)})
    if not holders and reading.metric in AMOUNTS:
        asked_ids = sorted({*others, *reading.candidates} - {reading.subject})
        kept = kept_as_another_amount(catalogue, asked_ids, reading, f"{number.text} {number.unit}", value)
        holders = [h for h in kept if h in others]
    if holders:
        reading.candidates = [*reading.candidates, *holders]
        verb = "publishes" if len(holders) == 1 else "publish"
        reading.todo.append(f"subject: {', '.join(holders)} (named in the text) {verb} "
                            + f"{number.text} {number.unit}".rstrip() + "; pick one")


def count_holders(catalogue: Catalogue, reading: Reading) -> None:
    """A count of chips asked among chips ("the sentence names tpu_v4, tpu_v5p") is asked among
    the systems and clusters that hold them: a chip holds no chips. The figure may then decide
    (settle_by_figures), among the holders only."""
    if reading.metric != "chips" or reading.subject is not None or not reading.candidates:
        return
    def kind(entity: str) -> str:
        return catalogue.entities[entity].kind if entity in catalogue.entities else ""
    holders = [h for c in reading.candidates for h in (catalogue.containers_of_any(c) if kind(c) == "chip"
                                                       else [c])]
    holders = list(dict.fromkeys(holders))
    if not holders or holders == reading.candidates:
        return
    reading.candidates = holders
    reading.todo.append("subject: a count of chips belongs to a system or cluster; the specs hold "
                        f"{', '.join(holders)} for the chips named; pick one")


def baseline_scopes(catalogue: Catalogue, reading: Reading) -> None:
    """"nearly 4x more bandwidth than the prior Trainium2-based generation", its subject open
    among a chip and its systems: the named baseline may stand for itself at the subject's
    scope, so the question lists its kin of each kind the subject may be."""
    if reading.subject is not None or not reading.baseline or not reading.candidates:
        return
    def kind(entity: str) -> str:
        return catalogue.entities[entity].kind if entity in catalogue.entities else ""
    kinds = dict.fromkeys(kind(c) for c in reading.candidates if kind(c) not in ("", kind(reading.baseline)))
    kin = [k for scope in kinds for k in related(catalogue, reading.baseline, scope) if k != reading.baseline]
    if kin:
        reading.todo.append(f"baseline: {reading.baseline} is named; at the scope of the subject it may be "
                            f"{', '.join(dict.fromkeys(kin))}: pick one or keep {reading.baseline}")


def settle_by_figures(catalogue: Catalogue, number: Number, reading: Reading, before: str = "",
                      after: str = "") -> None:
    """An amount equal to exactly one published figure among the candidates decides the
    subject; of a decided subject, it decides an open metric (figure_match.py). So for a figure
    written for a list of precisions (`BF/FP16 TFLOPS`): the one listed metric, of one density,
    whose published figure it equals; both 16-bit formats published alike (312 and 312) give the
    bf16 one, as "16-bit floating point" does (context.HALF): either reading gives one verdict.
    Two other formats alike (`FP8/FP6`) stay asked. A chip's own property (a node, a die area)
    of one product's chip and system is the chip's, unless the words `before` it in its clause
    point to another part ("16 times faster than the latest 7-nanometer graphics card"). An
    amount that sizes a card of no name (`after` it: "192GB 的卡也要 7 张", "a 192GB card") is a
    kind of card: its figure names no product."""
    if reading.subject is None and (UNIT_DIMENSION.get(number.unit) == "bytes" and A_CARD_OF.match(after)
                                    or A_PART_OF.match(after)):
        return
    _settle_by_figures(catalogue, number, reading, bool(ANOTHER_PART.search(before)))
    value = amount(claimed_text(number))
    if reading.subject and reading.metric and value is not None and not any(map(open_subject, reading.todo)):
        member = one_members_figure(catalogue, reading.subject, reading.metric, value)
        reading.subject = member or reading.subject
    if reading.subject and value is not None:
        listed_precisions(catalogue, reading, value, number.unit)


A_CARD_OF = re.compile(r"\s*的?\s*(?:卡|显卡|顯卡|cards?\b)", re.IGNORECASE)
A_PART_OF = re.compile(r"\s*(?:per|each|/)\s*(?:GCD|die|chiplet|XCD|tile)s?\b", re.I)   # "64 GB per GCD"


def _settle_by_figures(catalogue: Catalogue, number: Number, reading: Reading, compared: bool) -> None:
    open_metric = [t for t in reading.todo if t.startswith("metric: the text does not say")]
    if number.unit in ("x", "%") or not (reading.candidates if reading.subject is None
                                         else open_metric or reading.metric is None):
        return
    if reading.metric is None and any("which no metric of the specs measures" in t for t in reading.todo):
        return      # `8-layer HBM3E`: a stack's height is no chip count, whatever system has 8 chips
    value = amount(claimed_text(number))
    if value is None:
        return
    if reading.subject is None and reading.candidates and not series_asked(catalogue, reading) and (
            not reading.from_topic or reading.topic_known or one_product(catalogue, reading.candidates)):
        chosen = decide_subject(catalogue, reading.candidates, reading.metric, number.unit, value)
        chips = [c for c in reading.candidates if kind_of(catalogue, c) == "chip"]
        if chosen is None and reading.metric in CHIP_ONLY and len(chips) == 1 and not compared \
                and one_product(catalogue, reading.candidates):
            chosen = chips[0]       # "on TSMC 5 nm" after the WSE-3 and its CS-3: a node is a chip's
        sized = chosen is None and one_product(catalogue, reading.candidates)
        if sized:
            chosen = decide_scope(catalogue, reading.candidates, reading.metric, value)
        if chosen:
            reading.subject = chosen
            reading.todo = [t for t in reading.todo if not open_subject(t)]
            if sized and not matching(catalogue, [chosen], [reading.metric], value):
                # the size tells the scope, not the product: "256GB" near the MI300X's 192 GB
                reading.todo.append(f"subject: {number.text} {number.unit} is of {chosen}'s size, not its "
                                    f"published figure; {chosen} written: confirm or change")
    if reading.subject is None:
        return
    open_metric = [t for t in reading.todo if t.startswith("metric: the text does not say")]
    other_words = any(t.startswith("metric: the words say") for t in reading.todo)   # "FP16 ... TOPS"
    if (open_metric or reading.metric is None) and not other_words:
        metrics = said_metrics(reading.metric, metrics_of_dimension(catalogue, number.unit))
        if any(HALF in t for t in open_metric):       # "16-bit floating point": bf16 or fp16
            metrics += said_metrics("fp16_dense", metrics_of_dimension(catalogue, number.unit))
        metric = decide_metric(catalogue, reading.subject, metrics, value)
        if metric is None and reading.referred and not matching(catalogue, [reading.subject], metrics, value):
            # "It scales to pods of 8,192, which reach 32.8 exaflops": the pod's figure
            kin = [*catalogue.members_of(reading.subject), *catalogue.containers_of_any(reading.subject)]
            hits = matching(catalogue, kin, metrics, value)
            if len(hits) == 1:
                reading.subject, metric = hits.pop()
        if metric and unsaid_sparse(open_metric, metric):
            reading.todo = [t for t in reading.todo if t not in open_metric] + [
                density_question(reading.metric or metric, metric)]
        elif metric:
            reading.metric = metric
            reading.todo = [t for t in reading.todo if t not in open_metric]


def density_settled(catalogue: Catalogue, reading: Reading, ratio: bool = True) -> None:
    """"FP16 算力达到 256 TFLOPS" of a chip whose vendor publishes a dense FP16 figure and no
    sparse one: dense and sparse are not two readings, so the written dense one stands with
    no question. A ratio
    ("1.3 倍 of H100's FP8") is settled the same way when neither side publishes the sparse
    figure, or when both do and the two readings give the same ratio."""
    question = next((t for t in reading.todo if t.startswith("metric: the text does not say dense or sparse")
                     and "confirm or change" in t), None)
    if question is None or not reading.metric or not reading.metric.endswith("_dense") or any(
            open_subject(t) or t.startswith("baseline:") for t in reading.todo):
        return
    sparse = reading.metric.removesuffix("_dense") + "_sparse"
    # an amount is the subject's alone, whatever its sentence compares ("2,000 TFLOPS ..., triple
    # that of the A100")
    sides = [s for s in (reading.subject, reading.baseline if ratio else None) if s]
    if not sides or reading.subject is None:
        return
    if any((s, reading.metric) not in catalogue.published for s in sides):
        return              # no published figure of the precision: nothing tells the readings apart
    with_sparse = [s for s in sides if (s, sparse) in catalogue.published]
    if with_sparse and (len(sides) < 2 or len(with_sparse) < 2
                        or not _same_ratio(catalogue, sides, reading.metric, sparse)):
        return
    reading.todo.remove(question)


def _same_ratio(catalogue: Catalogue, sides: list, dense: str, sparse: str) -> bool:
    figures = [single_figure(catalogue.figures, (e, m)) for m in (dense, sparse) for e in sides]
    a, b, c, d = [f or 0.0 for f in figures]
    return 0.0 not in (a, b, c, d) and math.isclose(a / b, c / d, rel_tol=1e-6)


def series_asked(catalogue: Catalogue, reading: Reading) -> bool:
    """Whether the subject is asked among a series' members ("'Instinct MI400' may mean helios,
    mi455x") or a word's five or more products: a series may hold members the specs lack, so its
    members' figures decide none of them (the question names the ones whose figure it is:
    figure_holders)."""
    widened = any("may mean" in t or "makes this a" in t for t in reading.todo if t.startswith("subject:"))
    if widened and len(set(reading.candidates)) >= 5 and not one_product(catalogue, reading.candidates):
        return True         # "TPU v6 pod": a word for five or more products, its figure picks none
    names = re.findall(r"^subject: '([^']+)' may mean", "\n".join(reading.todo), re.M)
    shared = {name_key(word): ids for word, ids in lexicon().data["shared_names"].items()}
    if any(i not in catalogue.entities for n in names for i in shared.get(name_key(n), ())):
        return True         # "Ponte Vecchio": a line of four, of which the specs hold the Max 1550
    keys = [re.sub(r"(?:系列|series)$", "", name_key(n)) for n in names]     # "MI400 series" is "MI400"
    series = catalogue.series_keys
    # the series word itself, or after another one ("Instinct MI400"), not a product within it
    return any(key in series or any(key.endswith(s) and key[:-len(s)] in series for s in series if s)
               for key in keys)
