"""A project's own spec folder read over the bundled corpus (`claimaudit init`, the workspace).

A newsroom keeps its additions in its own spec files with `extend: <entity id>` (CONTRACT 9.3),
so its specs/ names entities it does not declare. Such a folder is read over the bundled
corpus (said once on stderr); a folder that declares every entity it extends is read alone,
as before, so a full corpus (this repository's specs/, a fork's) is never read twice.
"""

from __future__ import annotations

from pathlib import Path

from claimaudit.core.errors import Collector
from claimaudit.input.documents import Document, Node
from claimaudit.input.load import read_documents
from claimaudit.input.settings import bundled_specs


def _entity_ids(documents: list[Document], key: str) -> set:
    found = set()
    for document in documents:
        entities = document.root.get("entities") if isinstance(document.root, Node) else None
        for entity in entities if isinstance(entities, list) else []:
            if isinstance(entity, Node) and isinstance(entity.get(key), str):
                found.add(entity.get(key))
    return found


def extends_beyond(documents: list[Document]) -> set:
    """The entities a spec folder extends without declaring them."""
    return _entity_ids(documents, "extend") - _entity_ids(documents, "id")


def base_corpus(spec_folders: list[Path], documents: list[Document]) -> Path | None:
    """The bundled corpus to read beneath `spec_folders`, or None: it is one of them, or the
    folders extend nothing beyond themselves, or nothing they extend is in it (a typo stays
    the folder's own error, `extend: unknown entity`)."""
    bundled = bundled_specs().resolve()
    if not bundled.is_dir() or any(Path(f).resolve() == bundled for f in spec_folders):
        return None
    wanted = extends_beyond(documents)
    if not wanted:
        return None
    declared = _entity_ids(read_documents([bundled], Collector()), "id")
    return bundled if wanted & declared else None


_ANNOUNCED: set[str] = set()


def first_time(folder: Path) -> bool:
    """True the first time a folder is read over the bundled corpus in this process."""
    key = str(Path(folder).resolve())
    if key in _ANNOUNCED:
        return False
    _ANNOUNCED.add(key)
    return True
