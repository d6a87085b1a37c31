"""[tool.claimaudit] from the nearest pyproject.toml, the spec lookup order and the bundled
corpus (pipeline/input/settings.py; CONTRACT 10.3)."""

import io
import shutil
from pathlib import Path

import pytest

from claimaudit.cli import main
from claimaudit.core.errors import InputError
from claimaudit.input.settings import bundled_specs, load, specs_dir
from conftest import MINI

ROOT = Path(__file__).resolve().parent.parent


def test_no_pyproject_gives_empty_settings(tmp_path):
    settings = load(tmp_path)
    assert settings.file is None and settings.specs is None and settings.claims == []


def test_keys_are_read_relative_to_the_nearest_pyproject(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.claimaudit]\nspecs = "data/specs"\nclaims = ["a", "b.csv"]\n'
        'out = "site"\nlang = "zh-Hant"\nbase_url = "https://example.org/audit/"\n'
        'reviewer = {name = "Desk", url = "https://example.org"}\n')
    (tmp_path / "deep" / "er").mkdir(parents=True)
    settings = load(tmp_path / "deep" / "er")
    assert settings.file == tmp_path / "pyproject.toml"
    assert settings.specs == tmp_path / "data" / "specs"
    assert settings.claims == [tmp_path / "a", tmp_path / "b.csv"]
    assert settings.out == tmp_path / "site" and settings.lang == "zh-Hant"
    assert settings.reviewer == {"name": "Desk", "url": "https://example.org"}
    assert settings.base_url == "https://example.org/audit/"


def test_a_wrong_key_or_value_names_its_line(tmp_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.claimaudit]\nspecs = "s"\nlang = "fr"\nspec = "x"\nbase_url = "example.org"\n')
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError) as caught:
        load()
    assert [str(p) for p in caught.value.problems] == [
        "pyproject.toml:3: [tool.claimaudit] lang: expected one of en, zh-Hant, zh-Hans, found 'fr'",
        "pyproject.toml:4: [tool.claimaudit] spec: unknown key; expected one of specs, claims, out, "
        "lang, reviewer, base_url",
        "pyproject.toml:5: [tool.claimaudit] base_url: expected an absolute http(s) URL, "
        "found 'example.org'",
    ]
    assert main(["check"]) == 2


def test_spec_lookup_order(tmp_path, monkeypatch):
    from claimaudit.input.settings import Settings

    monkeypatch.chdir(tmp_path)
    err = io.StringIO()
    assert specs_dir(Path("mine"), Settings(specs=Path("table")), err) == Path("mine")
    assert specs_dir(None, Settings(specs=Path("table")), err) == Path("table")
    assert specs_dir(None, Settings(), err) == bundled_specs() and "bundled spec corpus" in \
        err.getvalue()
    (tmp_path / "specs").mkdir()
    assert specs_dir(None, Settings(), err) == Path("specs")


def test_check_in_an_empty_folder_uses_the_bundled_corpus_and_says_so_once(tmp_path, monkeypatch,
                                                                            capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.yaml").write_text(
        "source: {id: mine, title: Mine}\nclaims:\n  - id: c\n    quote: q\n    subject: trainium3\n"
        "    metric: hbm_capacity\n    claimed: 144 GiB\n")
    assert main(["check", "a.yaml"]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("using the bundled spec corpus") == 1
    assert "mine/c" in captured.out
    assert main(["check", "a.yaml", "--quiet"]) == 0
    assert "bundled" not in capsys.readouterr().err


def test_check_reads_claims_and_specs_from_the_table(tmp_path, monkeypatch, capsys):
    shutil.copytree(MINI, tmp_path / "project" / "data")
    (tmp_path / "project" / "pyproject.toml").write_text(
        '[tool.claimaudit]\nspecs = "data/specs"\nclaims = "data/claims/memory.yaml"\n')
    monkeypatch.chdir(tmp_path / "project")
    assert main(["check", "--format", "json"]) == 0
    assert '"source": "mini-memory"' in capsys.readouterr().out


def test_bundled_specs_are_the_repository_corpus():
    assert sorted(p.name for p in bundled_specs().glob("*.yaml")) == \
        sorted(p.name for p in (ROOT / "specs").glob("*.yaml"))
