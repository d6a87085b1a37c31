"""Whether a FLOPS figure is the dense or the sparse one, by the words around it
(pipeline/draft/context.py's density words, issue 19).

A footnote marked "*" speaks of the figures it marks ("*Performance figures include sparsity");
a bracket right after a figure of its own ("624 TOPS (with Sparsity)"); a paragraph or table that
says it once says it of all its figures. Words that turn sparsity off ("关闭结构化稀疏", "without
structured sparsity") say dense; sparsity as a feature the chip supports says neither.
"""

from __future__ import annotations

import re

from claimaudit.draft.lexicon import lexicon


def footnote_density(text: str) -> str:
    """What a footnote marked "*" says of the figures it marks: "*Performance figures include
    sparsity" -> 'sparse', "* without sparsity" -> 'dense', else ''."""
    notes = " ".join(m.group(1) for m in re.finditer(r"(?m)^\s*\*+\s*(\S.*)$", text))
    return density(notes) if notes else ""


def starred(view: str, end: int) -> bool:
    """Whether the amount ending at `end` carries a "*" right after its unit ("3,958 TFLOPS*")."""
    return bool(re.match(r"\s?[A-Za-z/]{0,8}\*", view[end:end + 10]))


# a figure, its unit and a bracket right after it: "624 TOPS (with Sparsity)", "148 TFLOPS（稠密）"
OWN_BRACKET = re.compile(r"[\d.,]+\s?[A-Za-z/]{0,8}\*?\s?[(（]([^()（）\n]{1,40})[)）]")


def bracketed_density(text: str, position: int) -> str:
    """What a bracket right after the figure at `position` says of it: 'dense', 'sparse' or ''."""
    own = OWN_BRACKET.match(text, position)
    if own and re.search(r"\d", re.sub(r"[A-Za-z]+\d+|\d+\s?:\s?\d+", " ", own.group(1))):
        return ""       # "733 (1,466 sparse)": the bracket's words are its own figure's (not "(FP16 稀疏)")
    if own and lexicon().pattern("unsparse_words").search(own.group(1)):
        return "dense"          # "1979 TFLOPS(无稀疏)"
    return density(own.group(1)) if own else ""


def without_unsparse(text: str) -> str:
    """The text with its sparsity-off words blanked (positions hold): they say neither density
    outside the figure's own clause, and their 稀疏 / sparsity is no sparse word."""
    return lexicon().pattern("unsparse_words").sub(lambda m: " " * len(m.group()), text)


def unsparse(text: str) -> bool:
    return bool(lexicon().pattern("unsparse_words").search(text))


def without_others_brackets(text: str, position: int) -> str:
    """"312 TFLOPS FP16 (with sparsity: 624 TFLOPS)": a bracket with a figure of its own says its
    density of that figure, not of the one before it (blanked, so positions hold)."""
    def blank(match: re.Match) -> str:
        inside = match.start() <= position < match.end()
        return match.group() if inside or not re.search(r"\d", match.group()) else " " * len(match.group())
    return re.sub(r"[(（][^()（）\n]{1,60}[)）]", blank, text)


def without_sparsity_support(text: str) -> str:
    """"1.3 PF FP8 with support for 4:1 sparsity": sparsity as a feature the chip supports
    says nothing of whether the figure is the dense or the sparse one."""
    return re.sub(r"(?:support(?:s|ing)? for|supports?)\s+(?:\d+:\d+\s+)?(?:structured\s+)?sparsity"
                  r"|sparsity support|支持(?:\d+:\d+)?稀疏", " ", text, flags=re.IGNORECASE)


def density(text: str) -> str:
    """'dense' when the text says dense (密集, "without sparsity") and never sparse, 'sparse'
    for the reverse, else '': a paragraph or a table that says it once says it of all its
    figures ("Performance numbers without sparsity" above a table; "FP16稠密算力为148TFLOPS,
    ... FP32为44TFLOPS")."""
    dense = lexicon().pattern("dense_words")
    text = without_unsparse(text)
    sparse = lexicon().pattern("sparse_words").search(dense.sub(" ", text))
    if dense.search(text):
        return "" if sparse else "dense"
    return "sparse" if sparse else ""


def said_metrics(written: str | None, metrics: list[str]) -> list[str]:
    """The metrics the words leave open: with a precision said ("FP4 | 9 PFLOPS"), only that
    precision's dense or sparse; with nothing said, every metric of the unit."""
    if written is None or "_" not in written or not written.endswith(("_dense", "_sparse")):
        return metrics
    precision = written.split("_")[0]
    return [m for m in metrics if m.split("_")[0] == precision]
