"""What every stage shares: the error root, YAML reading of the package's own data, and the
words of each output language. Imports nothing else of claimaudit."""
