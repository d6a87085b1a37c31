"""Stage 4, forensics: why a number is off. The slip catalogue (catalogue), what a slip does
to a figure (transforms), the places slips are looked for (places/), which slips fit which
claims (match), their words (words), and the entry point (explain)."""
