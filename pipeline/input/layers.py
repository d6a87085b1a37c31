"""A project's own spec folder read over the bundled corpus (`claimaudit init`, the workspace).

A newsroom keeps its additions in its own spec files with `extend: <entity id>` (CONTRACT 9.3),
so its specs/ names entities it does not declare. Such a folder is read over the bundled
corpus (said once on stderr); a folder that declares every entity it extends is read alone,
as before, so a full corpus (this repository's specs/, a fork's) is never read twice.
"""

from __future__ import annotations

from pathlib import Path

from claimaudit.input.documents import Document, Node
from claimaudit.input.settings import bundled_specs


def extends_beyond(documents: list[Document]) -> bool:
    """Does a spec file extend an entity that no file of the folder declares?"""
    declared, extended = set(), set()
    for document in documents:
        entities = document.root.get("entities") if isinstance(document.root, Node) else None
        for entity in entities if isinstance(entities, list) else []:
            if isinstance(entity, Node):
                declared.add(entity.get("id"))
                extended.add(entity.get("extend"))
    return bool(extended - declared - {None})


def base_corpus(spec_folders: list[Path], documents: list[Document]) -> Path | None:
    """The bundled corpus to read beneath `spec_folders`, or None (it is one of them, or the
    folders extend nothing beyond themselves)."""
    bundled = bundled_specs().resolve()
    if not bundled.is_dir() or any(Path(f).resolve() == bundled for f in spec_folders):
        return None
    return bundled if extends_beyond(documents) else None


_ANNOUNCED: set[str] = set()


def first_time(folder: Path) -> bool:
    """True the first time a folder is read over the bundled corpus in this process."""
    key = str(Path(folder).resolve())
    if key in _ANNOUNCED:
        return False
    _ANNOUNCED.add(key)
    return True
