"""Markdown text that is safe wherever it is placed: one escaping rule for any text that came
from a claim or spec file (`cell`), its prose form (`text`), and hidden characters made
visible (`visible`). The report templates reach them as filters (report/filters.py); the
terminal's Markdown output (output/render.py) uses them directly."""

from __future__ import annotations

import functools
import re
import unicodedata

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
BRIEF_CHARS = 300      # a title or quote in a table of many rows (index, specs, CHANGES)


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
