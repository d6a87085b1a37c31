"""The drafted claim file as YAML text (pipeline/draft/).

yaml.safe_dump does the escaping (a quote may hold colons, quotes, '#', leading '-' or
'@'); keys keep the contract's order; Unicode is written as is, so Chinese quotes stay
readable.
"""

from __future__ import annotations

import yaml

CLAIM_ORDER = ("id", "quote", "subject", "baseline", "metric", "kind", "claimed", "qualifier",
               "interpretations", "todo", "note")
HEADER = ("# Drafted by `claimaudit draft`: one claim per number. Read every quote, settle each\n"
          "# `todo` line (then delete it), and run `claimaudit check` on this file.\n")


class _ReviewDumper(yaml.SafeDumper):
    """safe_dump's dumper, except that text holding hidden characters (bidi overrides such as
    U+202E, zero-width and control characters) is written double-quoted with those characters
    as escapes: the reader of the draft sees them, and YAML reads them back unchanged."""

    def write_double_quoted(self, text, split=True):
        if text.isprintable():
            return super().write_double_quoted(text, split)
        self.allow_unicode = False
        try:
            return super().write_double_quoted(text, split)
        finally:
            self.allow_unicode = True


def _represent_text(dumper, text: str):
    style = None if text.isprintable() or text.strip("\n").isprintable() else '"'
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_ReviewDumper.add_representer(str, _represent_text)


def _ordered(claim: dict) -> dict:
    return {key: claim[key] for key in CLAIM_ORDER if key in claim}


# LibYAML's emitter writes the same text about 7x faster (a 2,000-word draft: 0.07 s, not
# 0.47 s); it cannot escape hidden characters, so a draft holding one takes the Python emitter.
_FAST = getattr(yaml, "CSafeDumper", None)


def _printable(value) -> bool:
    if isinstance(value, str):
        return value.isprintable()
    if isinstance(value, dict):
        return all(_printable(k) and _printable(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_printable(item) for item in value)
    return True


def dump(document: dict) -> str:
    claims = [_ordered(claim) for claim in document["claims"]]
    tree = {"source": document["source"], "claims": claims}
    dumper = _FAST if _FAST is not None and _printable(tree) else _ReviewDumper
    body = yaml.dump(tree, Dumper=dumper, allow_unicode=True, sort_keys=False, width=100,
                     default_flow_style=False)
    note = f"# Note: {document['note']}.\n" if document.get("note") else ""
    return HEADER + note + body
