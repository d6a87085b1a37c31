"""Template filters for the Markdown reports: formatting only, one escaping rule.

`cell` is the one escape for any text that came from a claim or spec file; the
other filters format numbers and records (through fmt.number) for the templates.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from pipeline import fmt
from pipeline.page_words import fill, plural, report_words

_ESCAPES = str.maketrans({"\\": "\\\\", "|": "\\|", "`": "\\`", "*": "\\*", "_": "\\_",
                          "[": "\\[", "]": "\\]", "~": "\\~", "$": "\\$",
                          "&": "&amp;", "<": "&lt;", ">": "&gt;"})
_LINE_BREAKS = re.compile(r"[ \t]*[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]+[ \t]*")
_BLOCK_MARKER = re.compile(r"^(?:[#+=-]+(?=\s|$)|\d{1,9}(?=[.)](?:\s|$)))")
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co"})      # controls, bidi overrides, zero-width, private
_PRE_ESCAPED_PIPE = re.compile(r"\\+\|")           # `\|` copied from a Markdown source
_SCHEME = re.compile(r"(?<=[A-Za-z0-9])://")       # http://, https://, ftp:// autolinks
_WWW = re.compile(r"(?i)(www)\.")                   # www. autolinks
# e-mail, mailto: and xmpp: autolinks (and @mentions) need an `@` followed by a name: a word
# joiner (U+2060, as the entity, so the source stays readable) after it breaks every one of
# them; a backslash escape does not (GitHub links `me\@example.com`).
_AT = re.compile(r"@(?=\S)")
WORD_JOINER = "&#8288;"


def visible(text: str) -> str:
    """Control and format characters (ESC, U+202E and the other bidi overrides, zero-width
    joiners and spaces) written out as `\x1b`, `\u202e`, so nothing hides or reorders text."""
    if text.isprintable():
        return text
    return "".join(_shown(c) if unicodedata.category(c) in _HIDDEN else c for c in text)


def _shown(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 \
        else f"\\U{code:08x}"


def cell(value) -> str:
    """The one escaping rule: any text -> one line with no live Markdown or HTML (no raw `<`),
    safe inside a table cell (`|` escaped, so column counts hold), hidden characters shown,
    and no bare URL or `www.` that GitHub would turn into a link. A pipe already escaped in
    the source text (`\\|`, copied from Markdown) is taken as a plain pipe, so it is not shown
    as `\\|`."""
    if value is None:
        return ""
    return _cell_text(str(value))


@functools.lru_cache(maxsize=1 << 16)
def _cell_text(value: str) -> str:
    """`cell` of one text (cached: a report escapes the same units, labels and steps again and
    again; 2,000 claims of one expression made 435,000 calls)."""
    line = _LINE_BREAKS.sub(" ", value).strip(" \t").replace("\t", " ")
    escaped = visible(_PRE_ESCAPED_PIPE.sub("|", line)).translate(_ESCAPES)
    unlinked = _WWW.sub(r"\1\\.", _SCHEME.sub(r"\\://", escaped))
    return _AT.sub("@" + WORD_JOINER, unlinked) if "@" in unlinked else unlinked


BRIEF_CHARS = 300      # a title or quote in a table of many rows (index, specs, CHANGES)


def brief(value, limit: int = BRIEF_CHARS) -> str:
    """`cell` of a text cut to `limit` characters (with "…"): the whole text is on its own
    page, and a table of 1,000 rows of 20,000-character titles must stay under the page limit."""
    if value is None:
        return ""
    value = str(value)
    return cell(value if len(value) <= limit else value[:limit - 1] + "…")


def text(value) -> str:
    """`cell` for prose: also defuses a leading `# `, `- `, `+ `, `---` or `1. ` that would start a
    heading, list or rule where the text is placed at the start of a line."""
    return _BLOCK_MARKER.sub(lambda m: m.group() + "\\" if m.group().isdigit()
                             else "\\" + m.group(), cell(value), count=1)


def _with_unit(number: str, unit: str | None) -> str:
    if not unit:
        return number
    return number + "x" if unit == "x" else f"{number} {cell(unit)}"


def qty(measure, words: dict | None = None) -> str:
    """A {value, unit} record: `20.25 TiB`, `4.35635x`, `144`; none -> an em dash; an
    alternative whose facts are missing -> `missing facts` (in the language of `words`)."""
    if measure and measure.get("missing"):
        return (words or report_words("en"))["missing_values"]
    return "—" if not measure else _with_unit(fmt.number(measure["value"]), measure["unit"])


def span(measure, words: dict | None = None) -> str:
    """A {low, high, unit} record: `20.18 to 20.32 TiB`, `4.35 to 4.45x`, `144`."""
    low, high, unit = measure["low"], measure["high"], measure["unit"]
    if fmt.number(low) == fmt.number(high):
        return _with_unit(fmt.number(low), unit)
    return fmt.number(low) + (words or report_words("en"))["to"] + _with_unit(fmt.number(high), unit)


def verdict(item, words: dict | None = None) -> str:
    """A verdict name, or a record's verdict with severity: `inconsistent (major)`; in the
    language of `words` (a page's report words) when given."""
    if isinstance(item, str):
        item = {"verdict": item}
    label, severity = cell(str(item["verdict"]).replace("_", " ")), item.get("severity")
    if words and words.get("lang") != "en":
        label = words["verdicts"].get(item["verdict"], label)
        severity = severity and words["severities"].get(severity, severity)
    label = f"{label} ({cell(severity)})" if severity else label
    words = words or report_words("en")
    basis = words.get(f"basis_{item.get('basis')}")    # claimant or mixed; independent: no mark
    return label + (words["comma"] + basis if basis and item["verdict"] not in
                    ("unverifiable", "ambiguous") else "")


def relative(percent, words: dict | None = None) -> str:
    """A signed percentage of the claim against the specs: `3.3% higher`, `0.14% lower`."""
    words = words or report_words("en")
    if percent is None:
        return words["not_available"]
    return f"{fmt.number(abs(percent), 2)}% {words['higher' if percent > 0 else 'lower']}"


def worded(text, lang: str = "en") -> str:
    """A derivation step or an explanation in the page's language (pipeline/steps.py `say`)."""
    from pipeline.steps import say

    return say(text, lang)


def change(percent) -> str:
    return "" if percent is None else f"{'+' if percent > 0 else '-'}{fmt.number(abs(percent), 3)}%"


def anchor(heading) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces -> `-`."""
    return re.sub(r"[^\w\- ]", "", str(heading).lower()).replace(" ", "-")


FILTERS = {"worded": worded, "cell": cell, "brief": brief, "text": text, "num": fmt.number,
           "qty": qty, "span": span, "verdict": verdict, "relative": relative, "change": change,
           "anchor": anchor,
           "fill": fill, "plural": plural}
