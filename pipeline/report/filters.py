"""Template filters for the Markdown reports: formatting only, one escaping rule.

`cell` (output/markdown.py) is the one escape for any text that came from a claim or spec
file; the other filters format numbers and records (through fmt.number) for the templates.
"""

from __future__ import annotations

import re

from claimaudit.engine.steps import say
from claimaudit.model import fmt
from claimaudit.output.markdown import brief, cell, text
from claimaudit.output.render import later_dates
from claimaudit.report.page_words import fill, plural, report_words


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
    dates = later_dates(item)
    later = words["comma"] + cell(words["later"].format(date=dates)) if dates else ""
    return label + (words["comma"] + basis if basis and item["verdict"] not in
                    ("unverifiable", "ambiguous") else "") + later


def relative(percent, words: dict | None = None) -> str:
    """A signed percentage of the claim against the specs: `3.3% higher`, `0.14% lower`."""
    words = words or report_words("en")
    if percent is None:
        return words["not_available"]
    return f"{fmt.number(abs(percent), 2)}% {words['higher' if percent > 0 else 'lower']}"


def worded(text, lang: str = "en") -> str:
    """A derivation step or an explanation in the page's language (pipeline/engine/steps.py `say`)."""

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
