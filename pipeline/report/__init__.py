"""Stage 6, report: result records -> the reports folder (pages, figures, changes, the spec
audit, ClaimReview), written and swapped in safely (outdir)."""
