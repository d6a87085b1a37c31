"""The README cannot drift from the CLI: every command and every option is documented there,
and every example output marked for checking is what the command prints."""

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys
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
        if action.help == argparse.SUPPRESS:        # a deprecated spelling, kept hidden
            continue
        if action.dest in ("color", "quiet"):       # every command's: said once under the table
            assert f"`{action.option_strings[-1]}" in README
            continue
        for option in action.option_strings:
            if option.startswith("--") and option != "--help":
                assert option in row, f"`claimaudit {name} {option}` is not in its README row"
        for choice in action.choices or ():
            if isinstance(choice, str) and action.option_strings:
                assert choice in row, f"`claimaudit {name}`: choice {choice!r} not in README"


# -- the README's example outputs are what the commands print ------------------------
#
# A block marked `<!-- example -->` on the line before its fence holds `$ claimaudit ...`
# lines, each followed by what it prints (stdout and stderr, as a terminal shows them). Options
# in the marker: `keep="REGEX"` shows only the output lines the pattern finds, each run of
# other lines as one `...`; `cwd="DIR"` runs the command there (default: the repository root).
# `pytest tests/test_readme.py --update-golden` rewrites the blocks from the real output.

EXAMPLE = re.compile(r'^<!-- example(?P<options>(?: \w+="[^"]*")*) -->\n'
                     r'```(?P<fence>\w*)\n(?P<body>.*?)^```$', re.M | re.S)
OPTION = re.compile(r'(\w+)="([^"]*)"')


def _examples(text: str) -> list[re.Match]:
    return list(EXAMPLE.finditer(text))


def _sessions(body: str) -> list[tuple[list[str], list[str]]]:
    """(command lines, output lines) per `$ ` command of a block; a command line ending in a
    backslash continues on the next."""
    sessions: list[tuple[list[str], list[str]]] = []
    continued = False
    for line in body.splitlines():
        if continued or line.startswith("$ "):
            if continued:
                sessions[-1][0].append(line)
            else:
                sessions.append(([line], []))
            continued = line.endswith("\\")
        else:
            assert sessions, f"README example output before any `$ ` command: {line!r}"
            sessions[-1][1].append(line)
    return sessions


def _run(command: list[str], cwd: Path) -> str:
    argv = shlex.split(" ".join(line.rstrip("\\") for line in command)[2:])
    assert argv[0] == "claimaudit", f"a README example runs claimaudit, not {argv[0]!r}"
    env = dict(os.environ, NO_COLOR="1", PYTHONUNBUFFERED="1", PYTHONIOENCODING="utf-8")
    done = subprocess.run([sys.executable, "-m", "claimaudit", *argv[1:]], cwd=cwd, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          encoding="utf-8", timeout=600)
    return done.stdout


def _shown(output: str, keep: str | None) -> list[str]:
    """The output's lines as the README shows them: every line, or those `keep` finds with
    `...` for each run of the others."""
    lines = [line.rstrip() for line in output.splitlines()]
    if keep is None:
        return lines
    shown: list[str] = []
    for line in lines:
        if re.search(keep, line):
            shown.append(line)
        elif not shown or shown[-1] != "...":
            shown.append("...")
    return shown


README_PATH = Path(__file__).resolve().parent.parent / "README.md"


@pytest.mark.parametrize("number", range(len(_examples(README))))
def test_readme_example_is_what_the_command_prints(number, update_golden):
    example = _examples(README)[number]
    options = dict(OPTION.findall(example["options"]))
    cwd = README_PATH.parent / options.get("cwd", ".")
    sessions = _sessions(example["body"])
    got = [(command, _shown(_run(command, cwd), options.get("keep"))) for command, _ in sessions]
    if update_golden:
        text = README_PATH.read_text(encoding="utf-8")
        current = _examples(text)[number]
        body = "".join(line + "\n" for command, output in got for line in command + output)
        README_PATH.write_text(text[:current.start("body")] + body + text[current.end("body"):],
                               encoding="utf-8")
        return
    for (command, expected), (_, output) in zip(sessions, got):
        expected = [line.rstrip() for line in expected]
        difference = "\n".join(difflib.unified_diff(expected, output, "README.md", "printed",
                                                    lineterm=""))
        assert output == expected, \
            f"README example `{command[0]}` differs from what it prints (rewrite it with " \
            f"`pytest tests/test_readme.py --update-golden`):\n{difference}"


def test_the_readme_has_checked_examples():
    commands = [s[0][0] for e in _examples(README) for s in _sessions(e["body"])]
    assert any(c.startswith("$ claimaudit check") for c in commands)
    assert any(c.startswith("$ claimaudit explain") for c in commands)
