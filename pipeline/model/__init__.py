"""Stage 2, model: records -> a checked, typed Corpus (schemas, validation, units,
quantities, expressions, the in-force rule, the spec lint, discovery over the specs)."""
