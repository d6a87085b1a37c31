"""The one escaping rule for text a terminal shows (check, explain, entities, facts, messages).

A spec or claim file may hold ESC sequences (clear-screen, OSC-8 hyperlinks), bidi overrides
(U+202E) and zero-width characters; printed raw they rewrite what the reader sees. Every such
character is written as a visible escape (`\\x1b`, `\\u202e`), once, here.
"""

from __future__ import annotations

import unicodedata

HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def terminal(text) -> str:
    """`text` with every control, format, private-use or unassigned character made visible."""
    text = "" if text is None else str(text)
    if text.isprintable():      # nearly every cell: no look-up per character
        return text
    return "".join(_shown(c) if unicodedata.category(c) in HIDDEN or c in "\t\n\r\x0b\x0c" else c
                   for c in text)


def _shown(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 \
        else f"\\U{code:08x}"
