"""The fixed words of the report pages in each output language (`report --lang`).

Every word a page, a figure or CHANGES.md prints that is not claim or spec text comes from
pipeline/data/labels.yaml (its `report` section and the shared verdict, severity, qualifier and
basis words), so a translator edits data, never a template. A sentence with numbers or links in
it is one label with `{placeholders}` (word order differs between languages); a label that
changes with a count is a mapping `{one: ..., other: ...}` (English) or one text (Chinese).
Templates reach `fill` and `plural` as filters (pipeline/report/filters.py).
"""

from __future__ import annotations

import functools

from claimaudit.core.words import labels


@functools.cache
def report_words(lang: str) -> dict:
    """A page's fixed words (pipeline/data/labels.yaml): headings, verdicts, qualifiers."""
    words = labels(lang)
    return {**words["report"], "lang": lang, "verdicts": words["verdict"],
            "severities": words["severity"], "qualifier_words": words["qualifier_words"],
            "basis_claimant": words["basis"]["claimant"],
            "basis_mixed": words["basis"]["mixed"], "basis_field": words["basis_field"],
            "as_published": words["as_published"], "counted": words["counted"],
            "later": words["later"], "later_index": words["later_index"]}


def fill(template: str, **values) -> str:
    """A label with its `{placeholders}` filled (values are already escaped Markdown)."""
    return template.format(**values)


def plural(forms, n: int, **values) -> str:
    """A counted label: `forms` is one text, or {one, other} chosen by `n` (English)."""
    if isinstance(forms, dict):
        forms = forms["one"] if n == 1 else forms["other"]
    return forms.format(n=n, **values)

