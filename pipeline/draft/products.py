"""Product-like names the specs may lack (pipeline/draft/, issue 19): a capital, letters and
digits ("QX9000", "MI325X"), "TPU v5p", "X Ultra", "X NVL144"; precisions (BlockFP8), memory
types, form factors, architectures (CDNA3), links (NVLink4), CPU cores (Zen4), bare numbers,
a table's label glued to its figure ("TDP700W") and a name glued to its version ("Tensor Core3.0")
are no products."""

from __future__ import annotations

import re

from claimaudit.draft.defined_metrics import figures_of
from claimaudit.draft.figure_match import same_figure

# ("The Ultra", "Its Ultra": a determiner before Ultra names no product)
# (`32 GB96 GB128 GB`: a unit right after a figure, glued to the next cell's figure, names nothing)
PRODUCT = re.compile(r"(?<![A-Za-z0-9])(?!(?<=\d )[KMGT]B\d)"
                     r"(?:[A-Z][A-Za-z]*\d+[A-Za-z0-9]*|[A-Z]{2,} v\d+\w*|"
                     r"(?!(?:The|This|That|These|Its|Their|Our|An?|Each|Every)\b)[A-Z][a-z]+ Ultra|"
                     r"[A-Z][a-z]+ (?:NVL\d+))(?![A-Za-z0-9])(?!\.\d)")      # `Tensor Core3.0`: a version
NOT_PRODUCTS = re.compile(r"^(?:FP\d+|NVFP4|MXFP\d|BF16|TF32|INT\d+|Int\d+|Fp\d+|Bf16|[Bb][Ff]loat\d+|"
                          r"HBM\d\w*|LPDDR\d\w*|GDDR\d\w*|"
                          r"PCIe\d*|Gen\d+|SXM\d*|OAM\d*|DDR\d|[A-Z]?\d+[A-Z]?|CPU\d*|GPU\d*|"
                          r"BLOCKFP\d+|BlockFP\d+|BFP\d+|E\dM\d|CDNA\s?\d*|RDNA\s?\d*|"   # formats, archs
                          r"EFA v\d+|EFAv\d+|RoCEv\d+|SHARP v\d+|NVLink\d+|CX\d+|"    # networks, links
                          r"Zen\s?\d+\w*|FMA\d+|EC2|S3|L[1-3][di]?|"   # CPU cores, instructions, clouds, L2
                          r"(?:Gemini|GPT|Llama|LLaMA|Qwen|Claude|DeepSeek|Mixtral|Grok)[\w.]*|"  # AI models
                          r"[TPEG]?FLOPS\d[\d,.]*|[TP]?OPS\d[\d,.]*|"       # a unit glued to a figure
                          r"(?:BF16|TF32|TDP|TGP|VRAM|BW|Memory)\d[\d,.]*\w*|"  # a label glued to one
                          r"Transistors\d+)$")                  # an infobox's numbered label


def unknown_product(text: str, start: int, end: int, covered: list[tuple[int, int]]) -> str | None:
    """The first product-like name in text[start:end] outside the `covered` spans (the names
    the specs know), else None."""
    for match in PRODUCT.finditer(text, start, end):
        if not NOT_PRODUCTS.match(match.group()) and not any(a <= match.start() < b for a, b in covered):
            return match.group()
    return None


FORM_FACTOR = r"PCIe|SXM\d?|NVL|OAM"      # a card's form factor, the last word of a variant's name
# a memory size, then a form factor after a name ("H100 80GB PCIe", "A100 80G SXM4")
SIZED_FORM = re.compile(rf"\s*(?:\d+\s?GB?\s+)?({FORM_FACTOR})(?![A-Za-z0-9])", re.IGNORECASE)
SIZE_END = re.compile(r"\s*\d+\s?GB?$", re.IGNORECASE)


def form_factor_names(view: str, mentions: list, names: dict, key, mention_type) -> list:
    """"H100 80GB PCIe": a name (found as the memory size's "H100 80GB") followed by a form factor
    is the variant the specs name so ("H100 PCIe"), when exactly one entity has that name.
    `names` maps a name's key (`key(name)`) to its entity ids."""
    out = []
    for mention in mentions:
        form = SIZED_FORM.match(view, mention.end) if mention.entity else None
        base = SIZE_END.sub("", mention.text)
        ids = names.get(key(f"{base} {form.group(1)}"), set()) if form else set()
        if form and len(ids) == 1 and mention.entity not in ids:
            mention = mention_type(mention.start, form.end(), next(iter(ids)), view[mention.start:form.end()])
        out.append(mention)
    return out


# a name of capitalised words ending in a letter and digits, then a bracket: "Atlas 800 A3 (", "Radeon PRO
# W7900 (" (not "Figure 3 (", "Llama 3 70B (", "NVLink 5 (")
NAMED_BRACKET = re.compile(r"(?:(?:The|An?|Each|Our|Its|Their)\s)?([A-Z][\w-]*\s(?:[A-Z0-9][\w-]*\s){0,2}"
                           r"([A-Z][A-Za-z]*\d+[A-Za-z0-9]*))\s?[(（]\s*$")


def bracketed(view: str, number, reading, mentions) -> None:
    """A figure opening a bracket right after a name the specs lack is that product's ("2 Atlas
    800 A3 (64GB x 16) nodes"): asked, not given by its figure to an id named elsewhere (the 910B,
    which publishes 64 GB); a name the specs hold there ("Ascend 950DT(96GB") is their own."""
    named = NAMED_BRACKET.search(view, max(0, number.start - 48), number.start)
    if reading.subject is not None or named is None or any(
            m.start <= named.start(2) < m.end for m in mentions):
        return          # (a subject the words decide stays, and so does one carried from before)
    model = named.group(2)      # not a memory, a link or a process (`TB HBM3e (`, `TSMC N4 (`)
    if NOT_PRODUCTS.match(model) and not re.fullmatch(r"[A-Z]\d+[A-Z]?", model) or re.match(
            r"N\d", model) or re.search(r"\b(?:TSMC|Samsung|SMIC|Intel)\b", named.group()):
        return
    reading.candidates = []
    reading.todo = [t for t in reading.todo if not t.startswith("subject:")] + [
        f"subject: the figure is {named.group(1)}'s, which the specs lack: add it "
        "(a spec file with `extend:`) or name the part of it the figure is of"]


def spans(mentions) -> list[tuple[int, int]]:
    return [(m.start, m.end) for m in mentions]


def unknown_before(place, mentions) -> bool:
    """Whether the paragraph, before the sentence, names a product the specs lack."""
    start = max(place.paragraph.start, place.sentence.start - 600)
    return unknown_product(place.view, start, place.sentence.start, spans(mentions)) is not None


def names_no_one(place, mentions) -> bool:
    """Whether the sentence names no one (no entity, family or name the specs lack), nor its
    paragraph, before it, a name the specs lack."""
    sentence = place.sentence
    return not unknown_before(place, mentions) and not any(sentence.start <= m.start < sentence.end
                                                           for m in mentions) \
        and unknown_product(place.text, sentence.start, sentence.end, []) is None


# "needs 2 × 80GB GPUs", "on a single 80GB GPU": a memory size naming a class of card, no product
SIZED_CLASS = re.compile(r"[ -]?(?:GPUs?|cards?|accelerators?)\b")
SIZING = re.compile(r"\b(?:needs?|requires?|required|minimum|at least|fits?|single)\b", re.IGNORECASE)


def sized_class(view: str, number, reading, sentence, mentions) -> None:
    """A byte amount glued to a generic card noun in a sizing rule ("needs 2 × 80GB GPUs", "TP=1 for
    70B on single 80GB GPU") speaks of any card of that size: a subject carried from earlier text,
    not named in the sentence, is asked, though the figure is its own (a fact-checker would not
    pin a sizing rule on one product). "4x 128GB GPUs per node" describes the machine: it stands."""
    if number.unit not in ("GB", "GiB", "TB") or reading.subject is None or any(
            t.startswith("subject:") for t in reading.todo):
        return
    noun = SIZED_CLASS.match(view, number.end)
    if noun is None or not SIZING.search(view, sentence.start, number.start) or any(
            m.entity == reading.subject and sentence.start <= m.start < sentence.end for m in mentions):
        return
    reading.candidates = [reading.subject]
    reading.todo.append(f"subject: '{view[number.start:noun.end()]}' is a size of card, not one product; "
                        f"{reading.subject} (named earlier) assumed: confirm or change")


# "4x NVIDIA custom A100 with 64 GB HBM2", "a cut-down version of the H100": a part made apart
CUSTOM = re.compile(r"\b(?:custom(?:-built|ized|ised)?|bespoke|modified|cut-down)\s+(?:version\s+of\s+"
                    r"(?:the\s+)?)?(?:[A-Z][\w-]*\s+)?$", re.IGNORECASE)


# "Microsoft's custom Maia 100", "its own custom chip": a maker's own silicon, the product itself
OWN_SILICON = re.compile(r"(?:['’]s|\bits|\btheir|\bour|\bown|\bin-house)\s+$", re.IGNORECASE)


def custom_part(catalogue, view: str, reading, sentence, mentions, claimed) -> None:
    """A subject named as a custom part ("Leonardo uses a custom A100 with 64 GB HBM2") whose figure
    its published ones contradict is a part the specs do not hold: asked, never judged against the
    product (its 40 or 80 GB would call the page wrong). A figure the specs publish stands ("AWS's
    custom Trainium2 chips, 96 GB each": custom silicon, the product itself)."""
    if reading.subject is None or reading.metric is None or claimed is None or any(
            t.startswith("subject:") for t in reading.todo):
        return
    own = figures_of(catalogue, reading.subject, reading.metric)
    if not own or any(same_figure(claimed, f) for f in own):
        return
    for mention in mentions:
        custom = CUSTOM.search(view, max(sentence.start, mention.start - 40), mention.start) \
            if mention.entity == reading.subject and sentence.start <= mention.start < sentence.end else None
        if custom is not None and not OWN_SILICON.search(view, max(0, custom.start() - 24), custom.start()):
            reading.candidates = [reading.subject]
            subject = reading.subject
            reading.todo.append(f"subject: '{view[custom.start():mention.end]}' is a part of its own, not "
                                f"{subject} as the specs hold it: confirm {subject} or name the part")
            return
