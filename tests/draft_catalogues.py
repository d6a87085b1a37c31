"""The draft tests' fixture catalogues (tests/data/draft-specs/): `base` alone, and `extended`
(base + more: new entities that must never turn an asked field into a wrong one). Imported by
the test modules that draft over them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from claimaudit.draft.entities import load_catalogue

SPECS = Path(__file__).resolve().parent / "data" / "draft-specs"


@pytest.fixture(scope="module")
def base():
    return load_catalogue(SPECS / "base")


@pytest.fixture(scope="module")
def extended(tmp_path_factory):
    folder = tmp_path_factory.mktemp("specs")
    for part in ("base", "more"):
        for path in (SPECS / part).glob("*.yaml"):
            shutil.copy(path, folder / path.name)
    return load_catalogue(folder)
