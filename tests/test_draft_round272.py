r"""Known answers for the rule from held-out round 272 (issue 19), on fictional specs:

a reST list-table row whose every cell holds the same number of parts apart by " | " (`Matrix FP16 |
FP16 Sparsity`, `2.3 PF | 4.6 PF`, `2.5 PF | 5.0 PF`) is that many rows, one per part: read as one
row of six cells under a header of three, its figures lost their columns' chips and all took the
sparse label. A bar in some cells only reads as a slash, so the cells stay under their headers."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_chips

from claimaudit.draft.markup import as_shown


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({
        "kite1": [("fp16_dense", "2.3 PFLOPS"), ("fp16_sparse", "4.6 PFLOPS")],
        "kite2": [("fp16_dense", "2.5 PFLOPS"), ("fp16_sparse", "5.0 PFLOPS")]}))


TABLE = """.. list-table:: Peak theoretical performance.
   :header-rows: 1

   * - Computation and data type
     - Kite K1 peak
     - Kite K2 peak
   * - Matrix FP16 | FP16 Sparsity
     - 2.3 PF | 4.6 PF
     - 2.5 PF | 5.0 PF
   * - Vector FP16 | note
     - 144.2 TF
     - 157.3 TF
"""


def test_a_stacked_cell_row_is_rows_of_its_own():
    assert as_shown(TABLE).splitlines()[1:6] == [
        "| Computation and data type | Kite K1 peak | Kite K2 peak |", "|---|---|---|",
        "| Matrix FP16 | 2.3 PF | 2.5 PF |", "| FP16 Sparsity | 4.6 PF | 5.0 PF |",
        "| Vector FP16 / note | 144.2 TF | 157.3 TF |"]


@pytest.mark.parametrize(("claimed", "subject", "metric"), [
    ("2.3 PFLOPS", "kite1", "fp16_dense"), ("2.5 PFLOPS", "kite2", "fp16_dense"),
    ("4.6 PFLOPS", "kite1", "fp16_sparse"), ("5.0 PFLOPS", "kite2", "fp16_sparse"),
])
def test_each_part_is_its_columns_chip_and_its_labels_metric(claimed, subject, metric, kites):
    claim = claim_of(drafted_claims(TABLE, kites), claimed)
    assert (claim.get("subject"), claim.get("metric")) == (subject, metric)
