"""The drafted YAML (pipeline/draft/emit.py): LibYAML's fast emitter and the Python one that
escapes hidden characters write the same text, so which one ran never shows."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from claimaudit.draft import emit
from claimaudit.draft.article import SourceInfo, detect_language, draft_document, slug
from claimaudit.draft.entities import load_catalogue

ROOT = Path(__file__).resolve().parent.parent
ARTICLES = sorted((ROOT / "tests" / "data" / "draft" / "tune").glob("*.txt"))


def python_dump(document: dict) -> str:
    claims = [emit._ordered(claim) for claim in document["claims"]]
    body = yaml.dump({"source": document["source"], "claims": claims}, Dumper=emit._ReviewDumper,
                     allow_unicode=True, sort_keys=False, width=100, default_flow_style=False)
    return emit.HEADER + body


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(ROOT / "specs")


@pytest.mark.skipif(emit._FAST is None, reason="PyYAML built without LibYAML")
@pytest.mark.parametrize("path", ARTICLES, ids=lambda p: p.stem)
def test_the_fast_emitter_writes_what_the_python_one_writes(catalogue, path):
    raw = path.read_text(encoding="utf-8")
    document = draft_document(raw, SourceInfo(slug(path.stem), path.stem, detect_language(raw)), catalogue)
    assert emit.dump(document) == python_dump(document)


def test_a_hidden_character_is_escaped_whichever_emitter_is_built_in():
    document = {"source": {"id": "t"}, "claims": [{"id": "a", "quote": "4 TB/s\u202e", "claimed": "4 TB/s"}]}
    text = emit.dump(document)
    assert "\u202e" not in text and "\\u202E" in text
    assert yaml.safe_load(text)["claims"][0]["quote"] == "4 TB/s\u202e"
