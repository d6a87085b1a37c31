"""The README cannot drift from the CLI: every command and every option is documented there."""

import argparse
from pathlib import Path

import pytest

from claimaudit.cli import _parser

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def _commands() -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


@pytest.mark.parametrize("name", sorted(_commands()))
def test_every_command_and_option_is_in_the_readme(name):
    command = _commands()[name]
    row = next((line for line in README.splitlines() if line.startswith(f"| `claimaudit {name}")),
               None)
    assert row is not None, f"README's command table has no row for `claimaudit {name}`"
    for action in command._actions:
        for option in action.option_strings:
            if option.startswith("--") and option != "--help":
                assert option in row, f"`claimaudit {name} {option}` is not in its README row"
        for choice in action.choices or ():
            if isinstance(choice, str) and action.option_strings:
                assert choice in row, f"`claimaudit {name}`: choice {choice!r} not in README"
