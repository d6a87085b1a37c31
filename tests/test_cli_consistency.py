"""One CLI: help with defaults and an example on every command, one spelling per concept (old
spellings hidden and deprecated), -V, completion, the same status for nothing found."""

import argparse
import json

import pytest

from claimaudit.cli import NOTHING_FOUND, _parser, main
from conftest import MINI


def _commands() -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


@pytest.mark.parametrize("name", sorted(_commands()))
def test_every_option_has_help_and_every_command_an_example(name):
    command = _commands()[name]
    for action in command._actions:
        if action.help != argparse.SUPPRESS:
            assert action.help, f"{name} {action.option_strings or action.dest}: no help text"
    text = command.format_help()
    assert "example:\n  claimaudit " + name in text or "example:\n  eval" in text
    assert "exit status:" in text


def test_defaults_are_shown(capsys):
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "(default: auto)" in out and "(default: github when GITHUB_ACTIONS=true, else text)" in out
    assert "else ./specs/, else the bundled corpus)" in out


def test_dash_V_prints_the_version(capsys):
    from claimaudit import __version__

    with pytest.raises(SystemExit) as done:
        main(["-V"])
    assert done.value.code == 0 and capsys.readouterr().out == f"claimaudit {__version__}\n"


def test_old_spellings_work_and_say_they_are_deprecated(capsys, monkeypatch):
    monkeypatch.chdir(MINI)
    status = main(["explain", "mini-memory/sysj-hbm-total", "--claims", "claims"])
    err = capsys.readouterr().err
    assert status == 0
    assert "claimaudit: --claims is deprecated and will be removed; use PATH arguments\n" in err
    assert "--claims" not in _commands()["explain"].format_help()
    assert "--language" not in _commands()["draft"].format_help()


def test_nothing_found_is_exit_1_in_every_discovery_command(capsys, monkeypatch):
    monkeypatch.chdir(MINI)
    assert main(["entities", "no-such-thing"]) == NOTHING_FOUND == 1
    assert capsys.readouterr().err == "claimaudit: no entity matches 'no-such-thing'\n"
    assert main(["entities", "no-such-thing", "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out) == []
    assert main(["facts", "chipz"]) == 1
    assert capsys.readouterr().err.startswith("claimaudit: no entity 'chipz'")
    assert main(["explain", "mini-memory/nope"]) == 1
    assert main(["entities"]) == 0


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_completion_scripts_name_every_command(capsys, shell):
    assert main(["completion", shell]) == 0
    script = capsys.readouterr().out
    for name in _commands():
        assert name in script
    assert "--format" in script
