"""Stage 1, input: claim and spec files (YAML, CSV, Parquet) -> plain records that keep the
file:line of every field. Knows nothing of units or verdicts."""
