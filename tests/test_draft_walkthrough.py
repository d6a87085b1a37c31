"""The README walk-through ("From a pasted article to a report"), run in a temporary directory: a pasted
article to a report in five commands: draft, edit the todo, look entities and facts up,
check, report."""

import shutil
from pathlib import Path

import yaml

from claimaudit.cli import _parser, main

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "README.md"
ARTICLE = """\
AWS says each Trainium3 chip carries 144 GB of HBM3E and up to 4.9 TB/s of memory bandwidth.
The new chips deliver 3x more dense FP8 performance than Trainium2.
"""


def commands_available() -> set:
    parser = _parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    return set(sub.choices)


def settle_todo(path: Path) -> None:
    """What the journalist does in step 2: name the subject the text left open and delete
    the todo lines (here: "The new chips" are Trainium3 chips)."""
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    for claim in document["claims"]:
        if claim.get("kind") == "qualitative" and "claimed" in claim:
            claim.pop("kind")
            claim.update(subject="trainium3", baseline="trainium2", metric="fp8_dense")
        claim.pop("todo", None)
        for reading in claim.get("interpretations") or []:
            reading.update(subject="trainium3")
    path.write_text(yaml.safe_dump(document, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_walkthrough_from_article_to_report(tmp_path, monkeypatch, capsys):
    shutil.copytree(ROOT / "specs", tmp_path / "specs")
    (tmp_path / "claims").mkdir()
    (tmp_path / "article.txt").write_text(ARTICLE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))

    # 1. draft
    assert main(["draft", "article.txt", "--source-id", "my-article", "--title", "Trainium3 arrives",
                 "--published", "2025-12-02"]) == 0
    drafted = capsys.readouterr().out
    (tmp_path / "claims" / "my-article.yaml").write_text(drafted, encoding="utf-8")
    assert "todo:" in drafted
    # 2. edit the todo
    settle_todo(tmp_path / "claims" / "my-article.yaml")
    # 3. look entities and facts up (the commands of CONTRACT 9.4, where installed)
    if {"entities", "facts"} <= commands_available():
        assert main(["entities", "trainium"]) == 0
        assert main(["facts", "trainium3"]) == 0
    capsys.readouterr()
    # 4. check
    assert main(["check", "claims/my-article.yaml"]) == 0
    table = capsys.readouterr().out
    assert "my-article/trainium3-144-gb" in table and "unverifiable" not in table
    # 5. report
    assert main(["report", "claims", "--out", "out", "--date", "2025-12-03"]) == 0
    assert (tmp_path / "out").is_dir() and any((tmp_path / "out").rglob("*.md"))


def test_the_readme_shows_the_walkthrough_commands():
    text = DOC.read_text(encoding="utf-8")
    for command in ("claimaudit draft article.txt", "claimaudit entities", "claimaudit facts",
                    "claimaudit check claims/my-article.yaml", "claimaudit report"):
        assert command in text
    assert ARTICLE.splitlines()[0] in text
