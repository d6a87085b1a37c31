"""Hints for YAML syntax errors whose likely cause is an unquoted colon or quote.

Claim files hold quotes from articles, and articles are full of `: ` and quote
marks. libyaml's messages ("mapping values are not allowed here", "did not find
expected key") do not say that; this module looks at the offending line and, when
one of those two causes fits, says how to write the value instead.
"""

from __future__ import annotations


def syntax_hint(problem: str | None, line_number: int | None, text: str) -> str:
    """'' or '; ...' naming the likely fix for the YAML error found on `line_number` (0-based)."""
    if line_number is None:
        return ""
    lines = text.splitlines()
    if not 0 <= line_number < len(lines):
        return ""
    where = f"line {line_number + 1}"
    if "expected ',' or" in (problem or "") and "{" in lines[line_number]:
        return (f" ({where}: inside {{ }}, a value containing ': ', ',' or a quote mark must be "
                "quoted, e.g. quote: 'Nvidia said: 4x faster'; or write one field a line)")
    key, sep, value = lines[line_number].strip().removeprefix("- ").partition(": ")
    value = value.strip()
    if not sep or not key or any(c in key for c in "{}[],\"'"):
        return ""
    if "mapping values are not allowed" in (problem or "") and ": " in value:
        return (f" ({where}: a value containing ': ' must be quoted; write it as "
                f"{key}: {_quoted(value)})")
    if value[:1] in "\"'" and _closes_early(value):
        inner = value[1:-1] if len(value) > 1 and value[-1] == value[0] else value
        return (f" ({where}: the quoted text ends before the value does; write it as "
                f"{key}: {_quoted(inner)})")
    return ""


def _closes_early(value: str) -> bool:
    """Does a value opened by a quote close it before its last character?"""
    quote = value[0]
    rest = value[1:].replace("\\\\", "").replace('\\"', "") if quote == '"' \
        else value[1:].replace("''", "")
    closing = rest.find(quote)
    return 0 <= closing < len(rest) - 1


def _quoted(text: str) -> str:
    """Text as a YAML scalar that reads back as it is: single quotes when it has none."""
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
