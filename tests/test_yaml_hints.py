"""YAML syntax errors get a hint when an unquoted colon or quote is the likely cause
(pipeline/input/yaml_hints.py, used by load.read_document)."""

from pathlib import Path

import pytest

from claimaudit.core.errors import Collector
from claimaudit.input.documents import read_document

HEAD = "source: {id: s, title: T}\nclaims:\n  - id: c\n"


@pytest.mark.parametrize("line, message", [
    ("    quote: Nvidia said: 4x faster\n",
     ("y.yaml:4: YAML syntax error: mapping values are not allowed in this context (line 4: a "
     "value containing ': ' must be quoted; write it as quote: 'Nvidia said: 4x faster')")),
    ('    quote: "he said "fast" today"\n',
     ("y.yaml:3: YAML syntax error: while parsing a block mapping, did not find expected key "
     "(line 4: the quoted text ends before the value does; write it as quote: 'he said \"fast\" "
     "today')")),
    ("    quote: 'it's fast'\n",
     ("y.yaml:3: YAML syntax error: while parsing a block mapping, did not find expected key "
     "(line 4: the quoted text ends before the value does; write it as quote: \"it's fast\")")),
    ('    quote: "4x" faster than H100\n',
     ("y.yaml:3: YAML syntax error: while parsing a block mapping, did not find expected key "
     "(line 4: the quoted text ends before the value does; write it as quote: '\"4x\" faster "
     "than H100')")),
])
def test_block_style_hints(tmp_path, line, message):
    assert _problems(tmp_path, HEAD + line + "    kind: qualitative\n") == [message]


def test_flow_style_hint(tmp_path):
    text = "source: {id: s, title: T}\nclaims:\n  - {id: c, quote: Nvidia said: 4x, kind: qualitative}\n"
    assert _problems(tmp_path, text) == [
        ("y.yaml:3: YAML syntax error: while parsing a flow mapping, did not find expected ',' or "
        "'}' (line 3: inside { }, a value containing ': ', ',' or a quote mark must be quoted, "
        "e.g. quote: 'Nvidia said: 4x faster'; or write one field a line)")]


def test_other_syntax_errors_get_no_guess(tmp_path):
    found = _problems(tmp_path, "source: {id: s\nclaims: []\n")
    assert found and "(line" not in found[0]


def test_the_hinted_fix_reads_back_as_the_text(tmp_path):
    """Writing the value as the hint says gives a file that loads, with the text intended."""
    import re

    for line, intended in (("    quote: Nvidia said: 4x faster\n", "Nvidia said: 4x faster"),
                           ('    quote: "he said "fast" today"\n', 'he said "fast" today'),
                           ("    quote: 'it's fast'\n", "it's fast")):
        hint = _problems(tmp_path, HEAD + line)[0]
        fixed = re.search(r"write it as (quote: .*)\)$", hint).group(1)
        (tmp_path / "y.yaml").write_text(HEAD + f"    {fixed}\n", encoding="utf-8")
        problems = Collector()
        document = read_document(tmp_path / "y.yaml", "y.yaml", problems)
        assert problems.problems == []
        assert document.root.get("claims")[0].get("quote") == intended


def _problems(tmp_path: Path, text: str) -> list[str]:
    (tmp_path / "y.yaml").write_text(text, encoding="utf-8")
    problems = Collector()
    read_document(tmp_path / "y.yaml", "y.yaml", problems)
    return [str(p) for p in problems.problems]
