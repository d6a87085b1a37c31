"""Stage 3, engine: a Corpus -> verdicts. Derivation over the spec graph, readings, the judge,
folding rows into one result per claim, and the epistemics of whose figures and when.
Only claimaudit.run drives it."""
