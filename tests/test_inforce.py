"""Section 9.1 fields and the in-force rule (pipeline/model/inforce.py)."""

import pandas as pd
import pytest

from claimaudit.cli import main
from claimaudit.model import inforce
from conftest import DATA

EPI = DATA / "epi"


def test_new_fields_are_checked(capsys, monkeypatch):
    monkeypatch.chdir(EPI / "bad")
    assert main(["check", "claims", "--specs", "specs"]) == 2
    err = capsys.readouterr().err.splitlines()
    slug = "expected a party slug of lower-case letters, digits and -, such as aws"
    assert err == [
        f"claims/claims.yaml:1: source 'src': party: {slug}, found 'The Register'",
        f"claims/claims.yaml:3: claim 'c1': claimant: {slug}, found 'Amazon'",
        ("specs/specs.yaml:2: source 's1': kind: expected one of datasheet, documentation, "
        "press_release, keynote, blog, press, analyst, benchmark, found 'tweet'"),
        f"specs/specs.yaml:2: source 's1': party: {slug}, found 'AWS'",
        ("specs/specs.yaml:7: fact: superseded: expected true, false or a date YYYY-MM-DD, "
        "found '2025-13-01'"),
        "specs/specs.yaml:8: fact: quote_form: expected one of text, table, found 'cell'",
        ("specs/specs.yaml:8: fact: superseded: expected true, false or a date YYYY-MM-DD, "
        "found 'maybe'"),
        "claimaudit: 7 problems in the input; nothing was checked",
    ]


@pytest.mark.parametrize("text, since", [
    ("true", inforce.ALWAYS), ("yes", inforce.ALWAYS), ("false", None), (None, None),
    ("2025-06-01", "2025-06-01"),
])
def test_superseded_from(text, since):
    assert inforce.superseded_from(text) == since


SOURCES = pd.DataFrame({"id": ["old", "new", "undated"],
                        "date": ["2025-01-10", "2025-06-01", None]})


@pytest.mark.parametrize("source, since, on, expected", [
    ("old", None, "2025-01-09", False),          # published the day after
    ("old", None, "2025-01-10", True),           # published that day
    ("undated", None, "1999-01-01", True),       # undated: always published
    ("old", "2025-06-01", "2025-05-31", True),   # superseded the day after
    ("old", "2025-06-01", "2025-06-01", False),  # superseded on that day
    ("old", inforce.ALWAYS, "2030-01-01", False),  # superseded: true
    ("undated", inforce.ALWAYS, "1999-01-01", False),
    ("new", None, "2025-05-31", False),
])
def test_in_force_known_answers(source, since, on, expected):
    facts = pd.DataFrame({"source": [source], "superseded_from": pd.Series([since], dtype=object)})
    assert inforce.in_force(facts, SOURCES, on).tolist() == [expected]
