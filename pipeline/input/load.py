"""Claim and spec files -> Documents: every YAML file (documents.py) and claim table (tables.py)
under the paths given. Which files are read, and how much of them, is files.py's rule; the
records in a Document are records.py's.
"""

from __future__ import annotations

from pathlib import Path

from claimaudit.core.errors import Collector
from claimaudit.input import tables as claim_tables
from claimaudit.input.documents import Document, read_document
from claimaudit.input.files import yaml_files


def read_documents(paths: list[Path], problems: Collector, tables: bool = False
                   ) -> list[Document]:
    """Every readable YAML file under `paths` -> Documents; the others add to `problems`.
    With `tables`, claim tables (.csv, .parquet) are read too (tables.py)."""
    suffixes = claim_tables.TABLE_SUFFIXES if tables else ()
    documents = []
    for path, display in yaml_files(paths, problems, suffixes):
        reader = claim_tables.read_table if tables and claim_tables.is_table(path) \
            else read_document
        document = reader(path, display, problems)
        if document is not None:
            documents.append(document)
    return documents


# --- records: documents -> frames --------------------------------------------------
