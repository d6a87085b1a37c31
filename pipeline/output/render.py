"""Terminal and Markdown renderings of result records for `check` and `explain`.

Formatting only: every number shown here was computed in results.py.
"""

from __future__ import annotations

import json
import math
import os
import sys
import unicodedata

from claimaudit.core.escape import terminal
from claimaudit.core.words import labels
from claimaudit.engine.steps import Worded, say
from claimaudit.forensics.explain import hint
from claimaudit.forensics.words import cause_name
from claimaudit.model import fmt
from claimaudit.output.markdown import cell

VERDICT_ORDER = ("inconsistent", "ambiguous", "within_rounding", "unverifiable", "consistent")
_COLOURS = {"consistent": "32", "within_rounding": "36", "inconsistent": "31",
            "ambiguous": "33", "unverifiable": "90"}


def use_colour(stream=None) -> bool:
    """Colour only on a terminal, never when NO_COLOR is set (no-color.org)."""
    stream = sys.stdout if stream is None else stream
    return stream.isatty() and not os.environ.get("NO_COLOR")


def verdict_label(record: dict, words: dict | None = None) -> str:
    """`inconsistent (major)`; `consistent, on the claimant's own figures` when the facts
    behind it are all (or partly) the claimant's own statements (section 9.1 basis)."""
    words = words or labels()
    verdict = words["verdict"][record["verdict"]]
    severity = record.get("severity")
    label = f"{verdict} ({words['severity'][severity]})" if severity else verdict
    return label + basis_mark(record, words) + later_mark(record, words)


def later_mark(record: dict, words: dict) -> str:
    """`, checked against figures published after the article (DATE)` (CONTRACT 10.2)."""
    dates = later_dates(record)
    if not dates:
        return ""
    return (", " if words["separator"] == ", " else "，") + words["later"].format(date=dates)


def later_dates(record: dict) -> str:
    """The dates of the later figures a verdict rests on, each once, oldest first."""
    return ", ".join(dict.fromkeys(item["date"] for item in record.get("later") or []))


def basis_mark(record: dict, words: dict) -> str:
    """`, on the claimant's own figures` (or partly): never for an independent basis."""
    basis = record.get("basis")
    if basis not in ("claimant", "mixed") or record["verdict"] in ("unverifiable", "ambiguous"):
        return ""
    return (", " if words["separator"] == ", " else "，") + words["basis"][basis]


def claimed_text(record: dict, lang: str = "en") -> str:
    """`up to 362 PFLOPS`: the qualifier in the output language (最高 362 PFLOPS), the claimed
    figure as written; the claim's own words stay in its quote."""
    claimed = record.get("claimed")
    if not claimed:
        return "-"
    qualifier = record.get("qualifier") or "about"
    words = qualifier.replace("_", " ") if lang == "en" else \
        labels(lang)["qualifier_words"].get(qualifier, qualifier.replace("_", " "))
    return claimed["text"] if qualifier == "about" else f"{words} {claimed['text']}"


def derived_text(record: dict, words: dict | None = None) -> str:
    words = words or labels()
    derived = record.get("derived")
    if derived:
        unit = derived["unit"]
        return fmt.number(derived["value"]) + (unit if unit == "x" else f" {unit}".rstrip())
    if record["verdict"] == "ambiguous":
        return words["alternatives"].format(n=len(record["alternatives"]))
    if record.get("missing"):
        names = ", ".join(record["missing"][:2]) + ("..." if len(record["missing"]) > 2 else "")
        return words["missing_facts"].format(names=names)
    return "-"


def safe(text) -> str:
    """Claim text for a terminal: pipeline/core/escape.py's one rule."""
    return terminal(text)


def _width(text: str) -> int:
    """Terminal columns of `text`: wide (East Asian) characters take two; ASCII text, nearly
    every cell, is measured by its length without a look-up per character."""
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


def text_table(records: list[dict], colour: bool = False, lang: str = "en") -> str:
    """The aligned verdict table a person reads in a terminal (a cause column when any
    claim has an explanation)."""
    words = labels(lang)
    causes = any(r.get("explanations") for r in records)
    header = tuple(words["columns"][c] for c in ("claim", "claimed", "derived", "verdict")) + \
        ((words["explanations"]["column"],) if causes else ())
    rows = [tuple(safe(cell) for cell in (f"{r['source']}/{r['id']}", claimed_text(r, lang),
                                          derived_text(r, words), verdict_label(r, words))
                  + ((top_cause(r, words),) if causes else ()))
            for r in records]
    widths = [max([_width(h)] + [_width(row[i]) for row in rows]) for i, h in enumerate(header)]
    lines = ["  ".join(_pad(h, w) for h, w in zip(header, widths)).rstrip(),
             "  ".join("-" * w for w in widths)]
    for record, row in zip(records, rows):
        cells = [_pad(cell, w) for cell, w in zip(row, widths)]
        if colour:
            cells[3] = f"\033[{_COLOURS[record['verdict']]}m{cells[3]}\033[0m"
        expect = record.get("expect")
        mark = "" if not expect or expect == record["verdict"] \
            else "  " + words["expected"].format(expect=words["verdict"][expect])
        lines.append(("  ".join(cells)).rstrip() + mark)
    lines.append("")
    lines.append(summary_line(records, words))
    return "\n".join(lines) + "\n"


def top_cause(record: dict, words: dict | None = None) -> str:
    """The most plausible explanation's cause (`binary_decimal`), marked when first-equal."""
    words = words or labels()
    items = record.get("explanations") or []
    if not items:
        return ""
    tie = f" ({words['explanations']['tie']})" if items[0].get("tie") else ""
    return items[0]["cause"] + tie


def summary_line(records: list[dict], words: dict | None = None) -> str:
    words = words or labels()
    counts = {name: 0 for name in VERDICT_ORDER}
    for record in records:
        counts[record["verdict"]] += 1
    parts = [words["part"].format(count=counts[name], verdict=words["counted"][name])
             for name in VERDICT_ORDER if counts[name]]
    mismatched = sum(1 for r in records if r.get("expect") and r["expect"] != r["verdict"])
    text = words["summary"].format(n=len(records), parts=words["separator"].join(parts))
    return text + (words["not_met"].format(n=mismatched) if mismatched else "")


def markdown_table(records: list[dict], lang: str = "en") -> str:
    words = labels(lang)
    return markdown_header(lang) + "".join(markdown_rows(records, lang)) + "\n" + \
        cell(summary_line(records, words)) + "\n"


MARKDOWN_COLUMNS = ("claim", "quote", "claimed", "derived", "verdict")


def markdown_header(lang: str = "en") -> str:
    words = labels(lang)
    return ("| " + " | ".join(words["columns"][c] for c in MARKDOWN_COLUMNS) + " |\n"
            + "|" + "---|" * len(MARKDOWN_COLUMNS) + "\n")


def markdown_rows(records: list[dict], lang: str = "en") -> list[str]:
    """One Markdown table row (and its newline) per record."""
    words = labels(lang)
    return ["| " + " | ".join(cell(c) for c in (
        f"{r['source']}/{r['id']}", r.get("quote"), claimed_text(r, lang), derived_text(r, words),
        verdict_label(r, words))) + " |\n" for r in records]


def region_text(claimed: dict) -> str:
    """`[20.65, 20.75]`, `[2, ∞)`, `(-∞, 10]`: the claimed region as a reader writes it."""
    low = "(-∞" if claimed["low"] is None else f"[{fmt.number(claimed['low'])}"
    high = "∞)" if claimed["high"] is None else f"{fmt.number(claimed['high'])}]"
    return f"{low}, {high}"


CSV_COLUMNS = ("source", "id", "file", "line", "verdict", "severity", "claimed", "claimed_low",
               "claimed_high", "derived_value", "derived_unit", "derived_low", "derived_high",
               "basis", "explanation")


def csv_row(record: dict) -> tuple:
    """One claim as a CSV row (CSV_COLUMNS); an absent value is an empty cell. `basis` and the
    top explanation's cause are read with .get: they fill once a record carries them."""
    claimed = record.get("claimed") or {}
    derived = record.get("derived") or {}
    explanations = record.get("explanations") or [{}]
    return (record["source"], record["id"], record["file"], record["line"], record["verdict"],
            record.get("severity"), claimed.get("text"), claimed.get("low"), claimed.get("high"),
            derived.get("value"), derived.get("unit"), derived.get("low"), derived.get("high"),
            record.get("basis"), explanations[0].get("cause"))


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
SHEET_MARK = "'"       # spreadsheets show a cell that starts with it as text
CSV_TEXT_COLUMNS = ("file", "claimed")     # the user-written text cells (ids cannot start so)


def sheet_cell(value):
    """OWASP's CSV-injection rule: a text cell a spreadsheet would read as a formula (or turn
    into a number: `+40%`) gets a leading `'`, which spreadsheets show as text."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return SHEET_MARK + value
    return value


def sheet_safe(row: tuple) -> tuple:
    return tuple(sheet_cell(v) if name in CSV_TEXT_COLUMNS else v
                 for name, v in zip(CSV_COLUMNS, row))


def csv_text(records: list[dict]) -> str:
    """`check --format csv`: one row per claim, numbers in full (repr), for spreadsheets."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(sheet_safe(csv_row(record)) for record in records)
    return out.getvalue()


def explanation_hints(record: dict) -> list[str]:
    """The hints that render explanations (the rest are readings and notes)."""

    return [hint(item) for item in record.get("explanations") or []]


def json_text(records: list[dict]) -> str:
    """`json.dumps(records, ensure_ascii=False, indent=2)` and a newline, byte for byte."""
    return "".join(json_chunks(records))


def json_chunks(records: list):
    """json_text in pieces, one per record, so a big run is written without one huge string.
    A record is encoded by `_indented`, several times faster than json's pure-Python indenting
    encoder; anything it does not know is left to json.dumps (same text, same errors)."""
    if not isinstance(records, list) or not records:
        yield json.dumps(records, ensure_ascii=False, indent=2) + "\n"
        return
    for number, record in enumerate(records):
        yield ("[\n  " if number == 0 else ",\n  ") + _record_json(record)
    yield "\n]\n"


def json_stream(chunks):
    """json_chunks over record chunks (results.record_chunks): the same text as json_text of
    all the records, without a list of them all."""
    first = True
    for records in chunks:
        for record in records:
            yield ("[\n  " if first else ",\n  ") + _record_json(record)
            first = False
    yield "[]\n" if first else "\n]\n"


def _record_json(record) -> str:
    """One item of a top-level list, as json.dumps(indent=2) writes it."""
    try:
        return _indented(record, "  ")
    except _NotPlain:
        return json.dumps(record, ensure_ascii=False, indent=2).replace("\n", "\n  ")


class _NotPlain(Exception):
    """A value _indented leaves to json.dumps (a non-text key, a type json would reject)."""


_encode_text = json.encoder.encode_basestring    # libjson's C function where available


def _indented(value, indent: str) -> str:
    """One JSON value as json.dumps(indent=2) writes it at `indent` (strings hold no raw line
    breaks, so nested values are the same text with every line further indented)."""
    kind = type(value)
    if kind is str or kind is Worded:       # Worded: English text that carries its data
        return _encode_text(value)
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return int.__repr__(value)
    if kind is float:
        if value != value or value in (math.inf, -math.inf):
            return "NaN" if value != value else "Infinity" if value > 0 else "-Infinity"
        return float.__repr__(value)
    inner = indent + "  "
    if kind is dict:
        if not value:
            return "{}"
        parts = []
        for key, item in value.items():     # text and null, most values, without a call
            if type(key) is not str:
                raise _NotPlain
            text = _encode_text(item) if type(item) is str else \
                "null" if item is None else _indented(item, inner)
            parts.append(f"{inner}{_encode_text(key)}: {text}")
        return "{\n" + ",\n".join(parts) + f"\n{indent}}}"
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        return "[\n" + ",\n".join([inner + (_encode_text(item) if type(item) is str else
                                             _indented(item, inner)) for item in value]) \
            + f"\n{indent}]"
    raise _NotPlain


def explain_text(record: dict, spec_sources: dict, lang: str = "en") -> str:
    """The whole derivation of one claim, every input with its source."""
    words = labels(lang)
    field = words["fields"]

    def line(name: str, value: str) -> str:
        label = f"{field[name]}:"
        return f"  {_pad(label, max(10, _width(label)))} {value}".rstrip()

    out = [f"{record['source']}/{record['id']}  ({record['file']}:{record['line']})",
           line("quote", record.get("quote") or "-")]
    if record.get("translation"):
        out.append(line("translation", record["translation"]))
    claimed = record.get("claimed")
    if claimed:
        out.append(line("claimed", f"{claimed_text(record, lang)} -> {field['region']} "
                                   f"{region_text(claimed)} {claimed['unit']}"))
    target = record.get("expr") or " vs ".join(
        x for x in (record.get("subject"), record.get("baseline")) if x)
    if target:
        out.append(line("computes", target + (f" ({record['metric']})" if record.get("metric")
                                              else "")))
    out.append(f"  {field['steps']}:")
    out.extend(f"    {i}. {say(step, lang)}" for i, step in enumerate(record["steps"], 1))
    if not record["steps"]:
        out.append(f"    {field['none']}")
    derived = record.get("derived")
    if derived:
        out.append(line("derived", f"{fmt.number(derived['value'])} {derived['unit']} "
                                   f"({field['interval']} [{fmt.number(derived['low'])}, "
                                   f"{fmt.number(derived['high'])}])"))
    for alt in record["alternatives"]:
        shown = derived_text({"derived": alt["derived"], "verdict": alt["verdict"],
                              "missing": alt.get("missing"), "alternatives": []}, words)
        out.append(f"  {field['alternative']}: {alt['label']}: {shown} -> "
                   f"{verdict_label(alt, words)}")
    if record["missing"]:
        out.append(line("missing", ", ".join(record["missing"])))
    pinned = record.get("expect")
    out.append(line("verdict", verdict_label(record, words) + (
        f" ({field['pinned']}: {words['verdict'][pinned]})" if pinned else "")))
    out.extend(_epistemic_lines(record, words))
    explained = set(explanation_hints(record))
    out.extend(line("hint", say(hint, lang)) for hint in record["hints"] if hint not in explained)
    for number, item in enumerate(record.get("explanations") or [], 1):
        tie = f" ({words['explanations']['tie']})" if item.get("tie") else ""
        label = f"{words['explanations']['field']}:"
        out.append(f"  {_pad(label, max(10, _width(label)))} {number}. "
                   f"{cause_name(item['cause'], lang)}{tie}: {say(item['reading'], lang)}")
    if record.get("note"):
        out.append(line("note", record["note"]))
    if record["sources"]:
        out.append(f"  {field['sources']}:")
        for source in record["sources"]:
            meta = spec_sources.get(source, {})
            out.append(f"    [{source}] {meta.get('title') or ''} {meta.get('url') or ''}".rstrip())
    return "\n".join(safe(text) for text in out) + "\n"


def _epistemic_lines(record: dict, words: dict) -> list[str]:
    """Basis, and the verdict as published when it differs from today's (section 9.1)."""
    def aligned(label: str, value: str) -> str:
        return f"  {_pad(label + ':', max(10, _width(label) + 1))} {value}".rstrip()

    out = []
    if record.get("basis"):
        out.append(aligned(words["basis_field"], words["basis"][record["basis"]]))
    then = record.get("as_published")
    if then:
        shown = derived_text({**then, "alternatives": [], "missing": []}, words)
        sources = ", ".join(f"[{s}]" for s in then.get("sources") or [])
        out.append(aligned(words["as_published"].format(date=then["date"]),
                           f"{verdict_label(then, words)}, {shown} {sources}"))
    return out
