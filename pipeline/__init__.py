"""claimaudit: fact-check the numbers in AI-hardware announcements.

The public API is what this module exports; everything else is internal and may change.
Exports load lazily (PEP 562), so `import claimaudit`, the pytest plugin and
`claimaudit --help` stay cheap: pandas and pint load only when a checking name is used.

    import claimaudit
    run = claimaudit.check_paths([Path("claims")], Path("specs"))
    for record in claimaudit.to_records(run):      # CONTRACT section 7 result objects
        print(record["id"], record["verdict"])
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from claimaudit.core.errors import ClaimauditError, InputError, OutputError, Problem

__version__ = "0.1.0"

# name -> the module that defines it (imported on first use)
_LAZY = {
    "Run": "claimaudit.run",
    "check_paths": "claimaudit.run",
    "check_corpus": "claimaudit.run",
    "load_corpus": "claimaudit.run",
    "spec_audit": "claimaudit.run",
    "write_reports": "claimaudit.run",
    "to_records": "claimaudit.output.results",
    "SourceInfo": "claimaudit.draft.article",
    "draft_document": "claimaudit.draft.article",
    "draft_file": "claimaudit.draft.article",
    "load_catalogue": "claimaudit.draft.entities",
}

__all__ = [
    "ClaimauditError", "InputError", "OutputError", "Problem", "Run", "SourceInfo", "__version__",
    "check_corpus", "check_paths", "draft_document", "draft_file", "load_catalogue", "load_corpus",
    "spec_audit", "to_records", "write_reports",
]

if TYPE_CHECKING:
    from claimaudit.draft.article import SourceInfo, draft_document, draft_file
    from claimaudit.draft.entities import load_catalogue
    from claimaudit.output.results import to_records
    from claimaudit.run import (
        Run,
        check_corpus,
        check_paths,
        load_corpus,
        spec_audit,
        write_reports,
    )


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'claimaudit' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
