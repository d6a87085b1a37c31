"""`claimaudit init` (pipeline/serve/starter.py): a starter project that checks as written, never
overwriting a file; its specs/ extends the bundled corpus (pipeline/input/layers.py)."""

from claimaudit.cli import main
from claimaudit.serve.starter import FILES


def test_init_writes_a_project_that_checks(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["init", "proj"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"wrote proj/{name}" for name in FILES]
    assert err == ""
    monkeypatch.chdir(tmp_path / "proj")
    assert main(["check", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert out.count('"verdict": "consistent"') == 2
    assert "extends the bundled spec corpus" in err


def test_init_never_overwrites(tmp_path, capsys):
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "example.yaml").write_text("mine", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert main(["init", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert (tmp_path / "claims" / "example.yaml").read_text(encoding="utf-8") == "mine"
    assert (tmp_path / "pyproject.toml").read_text(encoding="utf-8") == '[project]\nname = "x"\n'
    assert f"kept {tmp_path}/claims/example.yaml (it exists; left as it was)" in out
    assert f"wrote {tmp_path}/specs/newsroom.yaml" in out
    assert err.startswith(f"claimaudit: add this table to {tmp_path}/pyproject.toml:\n\n[tool.claimaudit]\n")
