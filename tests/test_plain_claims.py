"""Plain claims found over columns (pipeline/model/plain_claims.py): a row is plain only when the row
rules of validate.py would pass it silently, and skipping the row rules for plain rows changes
neither the checked claims nor any message."""

import numpy as np
import pandas as pd
import pytest
from test_result_table import CORPORA, ROOT, generated_table

from claimaudit.core.errors import InputError
from claimaudit.model import claim_checks
from claimaudit.model.plain_claims import plain_claims
from claimaudit.model.quantities import parse_quantities
from claimaudit.run import load_corpus
from conftest import BAD, DATA, MINI

PLAIN = {"subject": "chipa", "baseline": None, "metric": "fp8_dense", "claimed": "1,000 TFLOPS",
         "qualifier": None, "kind": None, "interpretations": None, "expr": None, "todo": None,
         "tolerance": None}
NOT_PLAIN = [
    {"subject": "chipz"}, {"subject": None}, {"baseline": "chipz"}, {"metric": "fp9"},
    {"metric": None}, {"claimed": "1,000 TFLOPZ"}, {"claimed": None}, {"claimed": "1 TB"},
    {"baseline": "chipb"}, {"qualifier": "circa"}, {"tolerance": "5%"}, {"expr": "chipa.power"},
    {"kind": "qualitative"}, {"interpretations": []}, {"todo": ["check"]},
]


def mask_of(rows: list[dict]) -> list[bool]:
    claims = pd.DataFrame([PLAIN | row for row in rows], dtype=object)
    corpus = load_corpus([], MINI / "specs")
    metrics = {row.id: row for row in corpus.metrics.itertuples()}
    return plain_claims(claims, parse_quantities(claims["claimed"]), set(corpus.entities["id"]),
                        metrics, corpus.qualifiers).tolist()


def test_plain_rows_and_each_reason_a_row_is_not():
    plain = [{}, {"baseline": "chipb", "claimed": "2x"}, {"baseline": "chipb", "claimed": "+40%"},
             {"qualifier": "up_to"}, {"claimed": "1.00 PFLOPS"}, {"kind": "numeric"}]
    assert mask_of(plain) == [True] * len(plain)
    assert mask_of(NOT_PLAIN) == [False] * len(NOT_PLAIN)


def checked(paths, specs, monkeypatch, columns_first: bool):
    """(claim columns validate adds, problems) with or without the column pass."""
    if not columns_first:
        monkeypatch.setattr(claim_checks, "plain_claims",
                            lambda claims, *args: np.zeros(len(claims), dtype=bool))
    try:
        claims = load_corpus(paths, specs).claims
    except InputError as exc:
        return None, [str(p) for p in exc.problems]
    finally:
        monkeypatch.undo()
    return claims[["shape", "quantity", "region", "tolerance_rule"]], []


@pytest.mark.parametrize("paths, specs", [
    *(([claims], specs) for claims, specs in CORPORA),
    (sorted(BAD.glob("*.yaml")), ROOT / "specs"),
    ([DATA / "report" / "claims", BAD / "wrong-dimension.yaml"], DATA / "report" / "specs"),
], ids=lambda p: str(p[0].relative_to(ROOT)) if isinstance(p, list) else p.name)
def test_skipping_the_row_rules_for_plain_rows_changes_nothing(paths, specs, monkeypatch):
    with_columns = checked(paths, specs, monkeypatch, True)
    rows_only = checked(paths, specs, monkeypatch, False)
    assert with_columns[1] == rows_only[1]
    if with_columns[0] is not None:
        pd.testing.assert_frame_equal(with_columns[0], rows_only[0])


def test_a_generated_table_checks_the_same_either_way(tmp_path, monkeypatch):
    path = generated_table(tmp_path / "t.csv", 300, 3)
    with_columns = checked([path], MINI / "specs", monkeypatch, True)
    rows_only = checked([path], MINI / "specs", monkeypatch, False)
    assert with_columns[1] == rows_only[1] == []
    pd.testing.assert_frame_equal(with_columns[0], rows_only[0])
