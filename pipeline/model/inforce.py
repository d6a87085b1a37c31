"""Which facts are in force at a date (CONTRACT section 9.1).

A fact is in force at date D when its source's date is on or before D (or the source is
undated) and it is not superseded on or before D; `superseded: true` is never in force.
Dates are ISO text (YYYY-MM-DD), so they compare as strings. Pure: frames in, masks out.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pandas as pd

ALWAYS = "0001-01-01"  # `superseded: true`: superseded since before any date
YES = ("true", "True", "yes")


def today() -> str:
    """Today in UTC, never the local zone: the same sources and `--date` give the same verdicts
    in Auckland and in Honolulu."""
    return datetime.now(timezone.utc).date().isoformat()


def superseded_from(text) -> str | None:
    """A fact's `superseded` field -> the first day it is no longer in force (None: never)."""
    if text in YES:
        return ALWAYS
    if isinstance(text, str) and len(text) == 10 and text[4] == "-":
        return text
    return None


def in_force(facts: pd.DataFrame, spec_sources: pd.DataFrame, on: str) -> pd.Series:
    """Boolean mask over `facts`: in force on the date `on`."""
    dates = spec_sources.drop_duplicates("id").set_index("id")["date"]
    source_date = facts["source"].map(dates)
    published = source_date.isna() | (source_date.fillna("") <= on)
    since = facts["superseded_from"]
    standing = since.isna() | (since.fillna("9999-12-31") > on)
    return (published & standing).astype(bool)
