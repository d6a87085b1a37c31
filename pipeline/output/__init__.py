"""Stage 5, output: a Run -> result records (results), terminal and Markdown text (render), CSV
columns (result_table)."""
