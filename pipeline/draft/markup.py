"""Markup as a reader of the page sees it (pipeline/draft/, issue 19): text kept in a repository
as Markdown or reStructuredText (held-out round 184: vendors' docs and blogs from GitHub) reads
as its rendered page does. A block of code or a command's output is not the article's words; a
link is its words; an image and a link's definition line are none; a reST `list-table` is a table
of one row per line, as text.py's other tables are. Each step is one left-to-right scan.
"""

from __future__ import annotations

import re

from claimaudit.draft.rest_tables import rest_tables


def as_shown(raw: str) -> str:
    if "```" in raw or "~~~" in raw:
        raw = _drop_code_blocks(raw)
    if ".. code" in raw or ".. sourcecode" in raw:
        raw = _drop_rest_code(raw)
    if "<pre" in raw:
        raw = PRE.sub(lambda block: "" if _is_code("", [line for line in block.group(1).splitlines()
                                                        if line.strip()]) else block.group(), raw)
    if "[[" in raw or "[^" in raw:      # a wiki's notes: `8 [[GPU terminology decoder ring|GPC]]s`
        raw = FOOTNOTE_REFERENCE.sub("", WIKI_LINK.sub(r"\1", raw))
    if "](" in raw or "]:" in raw:
        raw = _markdown_links(raw)
    if "list-table" in raw:
        raw = _list_tables(raw)
    if "-+" in raw or "= =" in raw or "=  =" in raw:     # reST grid and simple tables
        raw = rest_tables(raw)
    if "<br" in raw or "**" in raw:     # `| H200<br>TFLOPS |`, `| **Memory Bandwidth (TB/s)** |`
        raw = PIPE_ROW.sub(lambda row: LINE_BREAK.sub(" ", row.group()).replace("**", ""), raw)
    raw = FOOTNOTE_DIGIT.sub(r"\1", raw)     # `| Peak FP641 | 9.7 TFOPS |`: FP64, note 1
    if "\ufe0f" in raw:     # an emoji variation selector (`EPYC™️ 7763`) shows as nothing
        raw = raw.replace("\ufe0f", "")
    if "{:" in raw or "{." in raw or "{#" in raw:   # kramdown's and pandoc's attribute lists
        raw = KRAMDOWN_ATTRIBUTES.sub("", raw)
    if "`" in raw:         # "up to `1.38` and `1.75` times faster": a figure set in code reads as itself
        raw = INLINE_NUMBER.sub(r"\2", raw)
    if "\\" in raw:        # TeX: `$3.35 \text{TB/s}$`, `$\sim 1{,}000 \text{TFLOP/s}$`
        raw = tex_as_shown(raw)
    return raw


def tex_as_shown(raw: str) -> str:
    """TeX math as its rendered page reads: `$$T = \\frac{M}{900 \\text{ GB/s}}$$` is "T = M / 900
    GB/s", `989 \\times 10^{12}` the "989e12" the reader sees as 989 x 10^12 (held-out round 193:
    a book's worked figures, each a claim its reader marked). A single `$` with no command in it
    stays: "It costs $2 per hour". The annotated number of a claim is read the same way
    (score.py), so a quote of the page as shown holds it."""
    raw = TEX_RATIO.sub(r"\1×", raw)
    raw = TEX_MATH.sub(r"\1", TEX_DISPLAY.sub(r"\1", raw))
    raw = TEX_POWER.sub(lambda m: f"{m.group(1)}e{m.group(2) or m.group(3)}", raw)
    raw = TEX_SYMBOL.sub(lambda m: TEX_SYMBOLS[m.group(1).rstrip()], raw)     # `8\mu\text{s}`: 8µs
    raw = TEX_WORDS.sub(lambda m: m.group(1).strip(), raw)
    return TEX_FRAC.sub(r"\1 / \2", raw)


# kramdown's attribute list: `{:style="width:100%"}`, `{: .center width="100%"}`, `{:#id}` (not `{: 80 GB}`)
# ... and pandoc's, opening with a class or an id (`{.column width="30%"}`, `{#fig:a .center width=60%}`)
KRAMDOWN_ATTRIBUTES = re.compile(r"\{(?::|(?=[.#][A-Za-z]))(?:\s*(?:[.#][\w:-]++|[\w-]++="
                                 r"(?:\"[^\"\n]{0,300}\"|'[^'\n]{0,300}'|[^\s}]+)))+\s*\}")
INLINE_NUMBER = re.compile(r"(?<![`\w])(`{1,2})([~≈]?\d[\d.,]*)\1(?![`\w])")     # reST: ``288``
PIPE_ROW = re.compile(r"^[ \t]*\|.*$", re.MULTILINE)
LINE_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
TEX_MATH = re.compile(r"\$([^$\n]{0,80}?\\[^$\n]{0,80}?)\$")     # `$...$` with a command in it: its words
# `$\times$` after a figure, `$3\times$`: the ratio sign, no product ("2.7 $\times$ improvement")
TEX_RATIO = re.compile(r"\$\s*(\d[\d.,]*\s*)?\\times\s*\$")
TEX_WORDS = re.compile(r"\\(?:text|mathrm|textrm|rm|mbox)\s?\{([^{}\n]{0,40})\}")
TEX_DISPLAY = re.compile(r"\$\$([^$\n]{1,400}?\\[^$\n]{0,400}?)\$\$")     # `$$...$$` on one line
TEX_POWER = re.compile(r"(\d(?:[\d.,]*\d)?)\s*\\times\s*10\^(?:\{(-?\d{1,2})\}|(\d{1,2})(?!\d))")
TEX_FRAC = re.compile(r"\\[dt]?frac\s?\{([^{}\n]{1,40})\}\s?\{([^{}\n]{1,40})\}")
TEX_SYMBOLS = {"{,}": ",", "\\sim": "~", "\\mu": "µ", "\\approx": "≈", "\\times": "·", "\\cdot": "·",
               "\\,": " ", "\\%": "%"}
# `\sim` and `\mu` bind to what follows (`\sim 1{,}000` is "~1,000", `1\mu s` "1µs"); the others keep
# their spaces
TEX_SYMBOL = re.compile(r"(\{,\}|\\,|\\%|\\(?:approx|times|cdot)(?![A-Za-z])|\\(?:sim|mu)(?![A-Za-z])\s*)")


# a fenced block's info string naming a program's or a shell's language: the block is code or a
# command's output (`nvidia-smi`'s table of 72W / 500W), not the article's words; a block with no
# language, `text`, a diagram (`mermaid`) or a directive (`{note}`) is kept. The info string is one
# word and perhaps attributes: "```bash pip install vllm```" (a backtick in it) and a decorative
# "~~~ Python 性能测试记录 ~~~" open nothing.
FENCE = re.compile(r"^[ \t]{0,12}(`{3,}|~{3,})[ \t]*([\w+#.-]*)[ \t]*(?:\{[^}`\n]*\})?[ \t]*$", re.MULTILINE)
CODE_LANGUAGES = frozenset(
    "bash sh shell zsh console shell-session powershell ps1 bat cmd python py python3 ipython pycon c "
    "cpp c++ cc cxx h hpp cuda cu java javascript js typescript ts go rust rs ruby rb perl php scala "
    "kotlin swift r julia lua json jsonc yaml yml toml ini cfg conf dockerfile docker makefile make cmake "
    "html xml sql diff patch log asm nasm llvm ptx fortran".split())
OUTPUT = frozenset({"", "output"})     # a block that may be a command's output: `_output` says
# a line of prose: Chinese or Japanese words, or six words and none of code's signs
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
CODE_SIGNS = frozenset("=(){};$<>|\\`")
WORD = re.compile(r"\b[A-Za-z][a-z]+\b")       # "memory", "The"; not "GPU0", "NV18", "PIX"


def _prose(line: str) -> bool:
    return bool(CJK.search(line)) or (not CODE_SIGNS & set(line)
                                      and len(WORD.findall(line)) >= 6)


# Markdown as the page shows it: `[4.8TB/s](https://...)` is "4.8TB/s", an image `![...](...)` and a
# link's definition line (`[figure]: /assets/figure.png`) are not words of the text, nor is a link
# of a footnote's number (`141GB[1](#fn1)`: "141GB", not "141GB1")
MD_IMAGE = re.compile(r"!\[[^\[\]\n]{0,300}\]\([^()\s]*(?:\s+\"[^\"\n]*\")?\)")
MD_LINK = re.compile(r"\[([^\[\]\n]{1,300})\]\((?:https?://|/|\.{0,2}/|#|mailto:)[^()\s]*(?:\s+\"[^\"\n]*\")?\)")
MD_DEFINITION = re.compile(r"^[ \t]{0,3}\[[^\[\]\n]{1,100}\]:[ \t]*<?(?:https?://|\.{0,2}/|#)\S*"
                           r"(?:[ \t]+\"[^\"\n]*\")?[ \t]*$", re.MULTILINE)


# a wiki link (Obsidian, Quartz) shows its label or its target: `[[custom A100]]`, `[[page|SM]]`; a
# footnote's reference (`fat tree with:[^14090]`) is a superscript, no word of the sentence
# (not `[[5]](#cite_note-5)`: a citation's link, Markdown's)
WIKI_LINK = re.compile(r"\[\[(?:[^\[\]|\n]{1,200}\|)?([^\[\]|\n]{1,200})\]\](?!\()")
FOOTNOTE_REFERENCE = re.compile(r"\[\^[^\[\]\s]{1,80}\](?!:)")
# a datasheet's superscript flattened into its row (`| Peak FP641 |`, `| Peak TF32 Tensor Core1 |`,
# `| 312 TFOPS2 |`, `800 TFLOPS at FP163, with`): a precision name, "Tensor Core" or a rate's unit with
# one more digit before the cell's end, a comma or a bracket. Not before a figure (`FP649.7 TFLOPS`,
# `FP168 TFLOPS`, `Tensor Core1,979 TFLOPS` run together)
FOOTNOTE_DIGIT = re.compile(r"\b((?:FP64|FP32|FP16|BF16|TF32|INT8|INT4|Tensor Core|[TP]F?L?OPS))[1-9]"
                            r"(?=[ \t]*(?:\||$)|,(?!\d)|\))",
                            re.MULTILINE)


def _markdown_links(raw: str) -> str:
    def words(link: re.Match) -> str:
        return "" if re.fullmatch(r"\s*\d{1,3}\s*", link.group(1)) else link.group(1)
    return MD_DEFINITION.sub("", MD_LINK.sub(words, MD_IMAGE.sub("", raw)))


# a tool's banner (`=== ROCm System Management Interface ===`, nvidia-smi's `|=====|`) or a shell
# prompt opening the block: a command's output, whatever language the fence names
BANNER = re.compile(r"^\s*[|+]?={8,}|={8,}[|+]?\s*$")
PROMPT = re.compile(r"^\s*(?:\$|[\w@.-]+(?::[\w~/.-]*)?[$#])\s+\w")     # `$ ls`, `jdh4@della-gh:~$ lscpu`


def _output(lines: list[str]) -> bool:
    return bool(lines) and (PROMPT.match(lines[0]) is not None or any(BANNER.search(line) for line in lines))


# an HTML block of preformatted text in a Markdown page: a command's session when it opens with a
# prompt or holds a banner (held-out round 202: `$ lscpu` and its CPU(s), MHz and cache lines)
PRE = re.compile(r"<pre\b[^>]*>(.{0,20000}?)</pre>", re.IGNORECASE | re.DOTALL)


def _is_code(language: str, lines: list[str]) -> bool:
    """A block (fence, reST directive, `<pre>`) is code: it names a program's or a shell's language,
    or names none (or `output`) and holds a command's output, and its lines are not mostly prose."""
    return (language in CODE_LANGUAGES or language in OUTPUT and _output(lines)) \
        and sum(_prose(line) for line in lines) * 2 < len(lines)


def _drop_code_blocks(raw: str) -> str:
    """Remove each fenced block (```lang ... ```) whose language is one of CODE_LANGUAGES, or that
    names none and holds a command's output (`_output`), from its opening fence to the closing
    one (the same character, at least as long). A block never
    closed, or whose lines are mostly prose (a page that wraps its spec sentences in ```python),
    is kept: losing an article's words costs more than reading a command's."""
    kept, cursor, at = [], 0, 0
    while (opening := FENCE.search(raw, at)) is not None:
        fence = opening.group(1)
        if _underline(raw, opening):
            at = opening.end()
            continue
        closing = re.compile(rf"^[ \t]{{0,12}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$", re.MULTILINE)
        found = closing.search(raw, opening.end())
        if found is None:
            break
        lines = [line for line in raw[opening.end():found.start()].splitlines() if line.strip()]
        if _is_code(opening.group(2).lower(), lines):
            kept.append(raw[cursor:opening.start()])
            cursor = found.end()
        at = found.end()
    kept.append(raw[cursor:])
    return "".join(kept)


def _underline(raw: str, opening: re.Match) -> bool:
    """A reST section title's underline of tildes (`Title` over `~~~~~`, as long as the title or
    longer), no fence (held-out round 209: a node table between two such lines was dropped)."""
    fence = opening.group(1)
    title = raw[raw.rfind("\n", 0, max(0, opening.start() - 1)) + 1:max(0, opening.start() - 1)].strip()
    return fence[0] == "~" and not opening.group(2) and bool(title) and not FENCE.fullmatch(title) \
        and len(fence) >= len(title) > 0


# reST: `.. code-block:: console` (or `.. code::`, `.. sourcecode::`), its options, then its body: the
# lines indented further than the directive, up to the first line that is not
REST_CODE = re.compile(r"^([ \t]*)\.\. (?:code-block|code|sourcecode)::[ \t]*([\w+#.-]*)[ \t]*\r?$",
                       re.MULTILINE)


def _drop_rest_code(raw: str) -> str:
    """Remove each reST code directive as `_drop_code_blocks` removes a fence: one naming a
    program's or a shell's language, or none and holding a command's output, unless its lines are
    mostly prose (held-out round 200: `nvidia-smi` tables of 71W / 700W under `.. code-block::
    console` read as claims)."""
    kept, cursor = [], 0
    for directive in REST_CODE.finditer(raw):
        if directive.start() < cursor:
            continue
        indent, end, body = len(directive.group(1).expandtabs()), directive.end(), []
        for line in raw[directive.end():].splitlines(keepends=True):
            if line.strip() and len(line) - len(line.lstrip()) <= indent:
                break
            end += len(line)
            if line.strip() and not OPTION.fullmatch(line.rstrip("\r\n")):
                body.append(line.strip())
        if _is_code(directive.group(2).lower(), body):
            kept.append(raw[cursor:directive.start()])
            cursor = end
    kept.append(raw[cursor:])
    return "".join(kept)


# `.. list-table:: Title` (reST) or a MyST fence ```` ```{list-table} Title ```` with its options,
# then rows `*   - cell` / `    - cell`, or `*` alone over its `  - cell` lines (a row's star, its
# cells' dashes further in, each at one column)
LIST_TABLE = re.compile(r"^([ \t]*)(?:\.\. list-table::|(`{3,}|:{3,})\{list-table\})[ \t]*(.*?)\r?$",
                        re.MULTILINE)
OPTION = re.compile(r"[ \t]*:[\w-]+:.*")
ROW_START = re.compile(r"([ \t]*)\*(?:([ \t]+)-(?:[ \t]+(.*))?)?[ \t]*")
CELL = re.compile(r"([ \t]*)-(?:[ \t]+(.*?))?[ \t]*")


def _list_tables(raw: str) -> str:
    """Each list-table whose cells are one line each as pipe rows (its title, then `| a | b |` a
    row, a rule under its header row); one with a cell of many lines or a nested list (a
    `Compute` cell listing four rates) is left as written: its lines read as prose."""
    kept, cursor = [], 0
    for directive in LIST_TABLE.finditer(raw):
        if directive.start() < cursor:
            continue
        indent, fence = len(directive.group(1).expandtabs()), directive.group(2)
        end, lines = directive.end(), []
        for line in raw[directive.end():].split("\n")[1:]:
            end += len(line) + 1
            if fence and line.strip().startswith(fence):
                break           # a MyST fence's body ends at its closing fence, taken with it
            if not fence and line.strip() and len(line) - len(line.lstrip()) <= indent:
                end -= len(line) + 1
                break
            lines.append(line.rstrip("\r"))
        rows = _rows(lines)
        if rows is None:
            continue
        header = 1 if re.search(r":header-rows:[ \t]*1\b", "\n".join(lines)) else 0
        table = [directive.group(3).strip()] if directive.group(3).strip() else []
        for n, row in enumerate(rows):
            for stacked in _stacked(row) if n >= header else [[c.replace(" | ", " / ") for c in row]]:
                table.append("| " + " | ".join(stacked) + " |")
            if n + 1 == header:
                table.append("|" + "---|" * len(row))
        kept += [raw[cursor:directive.start()], "\n".join(table) + "\n"]
        cursor = min(end, len(raw))
    return "".join(kept) + raw[cursor:]


def _stacked(row: list[str]) -> list[list[str]]:
    """A row whose every cell holds the same number of parts apart by " | " (`Matrix FP16 | FP16
    Sparsity`, `2.3 PF | 4.6 PF`, `2.5 PF | 5.0 PF`: held-out round 272) as that many rows, one per
    part; any other bar inside a cell reads as a slash, so the cells stay under their headers."""
    parts = [cell.split(" | ") for cell in row]
    if len({len(p) for p in parts}) == 1 and len(parts[0]) > 1:
        return [[p[i] for p in parts] for i in range(len(parts[0]))]
    return [[cell.replace(" | ", " / ") for cell in row]]


def _rows(lines: list[str]) -> list[list[str]] | None:
    """The cells of a list-table's body, or None when a cell runs over a line (or the body is
    no list of rows)."""
    rows: list[list[str]] = []
    star, dash = -1, -1
    for line in lines:
        if not line.strip() or (not rows and OPTION.fullmatch(line)):
            continue
        start = ROW_START.fullmatch(line)
        if start and star in (-1, len(start.group(1))):
            star = len(start.group(1))
            if start.group(2) is not None:
                at = len(start.group(1)) + 1 + len(start.group(2))
                if dash not in (-1, at):
                    return None
                dash = at
            rows.append([(start.group(3) or "").strip()] if start.group(2) is not None else [])
            continue
        cell = CELL.fullmatch(line)
        if not rows or cell is None or dash not in (-1, len(cell.group(1))):
            return None
        dash = len(cell.group(1))
        rows[-1].append((cell.group(2) or "").strip())
    return rows if rows and len({len(r) for r in rows}) == 1 and rows[0] else None
