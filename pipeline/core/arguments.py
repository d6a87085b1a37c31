"""The command line's words: every command, option, default, example and exit status, one
spelling per concept across commands (old spellings kept hidden, with a deprecation note).

cli.py runs the commands; this module only describes them, so it imports nothing heavy.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from claimaudit.core import streams

FORMATS = ("text", "json", "markdown", "csv", "github")   # formats.FORMATS, without importing it
CLAIM_REF = re.compile(r"[a-z0-9][a-z0-9_-]{0,127}/[a-z0-9][a-z0-9_-]{0,127}")


EXIT_STATUS = """exit status:
  0  done (check: every pinned verdict held; discovery: something found)
  1  check/report: a pinned verdict not met (or --strict and a claim is inconsistent);
     entities/facts/explain: nothing found
  2  invalid input or options, every problem listed as file:line: message"""


class _HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Examples kept as written; every option's default shown after its help (none for flags,
    nor where the help already says what happens without the option)."""

    def _get_help_string(self, action):
        text = action.help or ""
        if "%(default)" in text or "default" in text or action.default in (None, False, [],
                                                                            argparse.SUPPRESS):
            return text
        return text + " (default: %(default)s)"


class _Deprecated(argparse.Action):
    """An old spelling kept for one release: works as the new one, says so on stderr."""

    def __init__(self, option_strings, dest, instead: str, **kwargs):
        self.instead = instead
        super().__init__(option_strings, dest, help=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        streams.say(f"claimaudit: {option_string} is deprecated and will be removed; "
                    f"use {self.instead}")
        if self.dest == "claims_option":
            values = (getattr(namespace, self.dest, None) or []) + [values]
        setattr(namespace, self.dest, values)


def _common() -> argparse.ArgumentParser:
    """Options every command takes: --color, --quiet."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help="colour the output: auto = on a terminal, off under NO_COLOR, on "
                             "under FORCE_COLOR")
    common.add_argument("-q", "--quiet", action="store_true",
                        help="no progress and no notes on stderr (errors and failed pins still)")
    return common


def _command(commands, name: str, help: str, example: str, parents) -> argparse.ArgumentParser:
    return commands.add_parser(name, help=help, description=help[0].upper() + help[1:] + ".",
                               epilog=f"example:\n  {example}\n\n{EXIT_STATUS}",
                               formatter_class=_HelpFormatter, parents=parents)


SPECS_HELP = ("spec folder (default: [tool.claimaudit] specs in the nearest pyproject.toml, "
              "else ./specs/, else the bundled corpus)")
PATHS_HELP = ("claim files (.yaml, .csv, .parquet) or folders (default: [tool.claimaudit] "
              "claims, else claims/)")
LANG_HELP = "language of the output (default: [tool.claimaudit] lang, else en)"


def build_parser(version: str, languages) -> argparse.ArgumentParser:
    """The whole command line; `languages` is a lazy collection (cli.LANGUAGES)."""
    parser = argparse.ArgumentParser(
        prog="claimaudit", formatter_class=_HelpFormatter,
        description="Fact-check the numbers in AI-hardware announcements against sourced specs.",
        epilog="example:\n  claimaudit check claims/\n\n" + EXIT_STATUS)
    parser.add_argument("-V", "--version", action="version", version=f"claimaudit {version}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    common = _common()
    specs = argparse.ArgumentParser(add_help=False)
    specs.add_argument("--specs", type=Path, default=None, metavar="DIR", help=SPECS_HELP)

    check = _command(commands, "check", "check claims against the specs",
                     "claimaudit check claims/ --format json > results.json", [common, specs])
    _claim_paths(check)
    check.add_argument("--format", choices=FORMATS, default=None,
                       help="output format (default: github when GITHUB_ACTIONS=true, else text)")
    check.add_argument("--strict", action="store_true", help="exit 1 when any claim is inconsistent")
    check.add_argument("--lang", choices=languages, default=None, help=LANG_HELP)
    check.add_argument("--as-of", type=_date, metavar="YYYY-MM-DD", dest="as_of",
                       help="judge every claim on the facts in force on that date (default: today)")

    report = _command(commands, "report", "write Markdown, JSON and SVG audit reports",
                      "claimaudit report claims/ --out reports --date 2025-12-02", [common, specs])
    _claim_paths(report)
    report.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="output folder (default: [tool.claimaudit] out, else reports/)")
    report.add_argument("--date", metavar="YYYY-MM-DD", type=_date,
                        help="the audit's date printed on every page (default: none printed)")
    report.add_argument("--lang", choices=languages, default=None,
                        help="language of every source page (default: [tool.claimaudit] lang, else "
                             "a source written in Chinese gets its page in its script, others English)")

    explain = _command(commands, "explain", "show one claim's whole derivation",
                       "claimaudit explain register-2025-12-02-trainium4/trn3-us-fp8-dense-363",
                       [common, specs])
    explain.add_argument("claim", metavar="SOURCE_ID/CLAIM_ID", help="the claim to explain")
    _claim_paths(explain)
    explain.add_argument("--lang", choices=languages, default=None,
                         help="language of the labels, steps and explanations (default: "
                              "[tool.claimaudit] lang, else en; claim and spec text is shown as written)")
    _discovery_parsers(commands, [common, specs])
    _draft_parser(commands, [common, specs])
    completion = _command(commands, "completion", "print a shell completion script",
                          'eval "$(claimaudit completion bash)"', [common])
    completion.add_argument("shell", choices=("bash", "zsh", "tcsh"), help="the shell")
    return parser


def _claim_paths(command: argparse.ArgumentParser) -> None:
    command.add_argument("paths", nargs="*", type=Path, metavar="PATH", help=PATHS_HELP)
    command.add_argument("--claims", type=Path, metavar="DIR", dest="claims_option",
                         action=_Deprecated, instead="PATH arguments")


def _discovery_parsers(commands, parents) -> None:
    """entities, facts, metrics (CONTRACT 9.4): what the specs hold, to write claims by."""
    entities = _command(commands, "entities", "list entities (id, name, aliases, vendor, kind, "
                        "status)", "claimaudit entities 'trainium*'", parents)
    entities.add_argument("pattern", nargs="?", metavar="PATTERN",
                          help="match id, name or alias (case-insensitive; * and ? as globs; "
                               "default: every entity)")
    facts = _command(commands, "facts", "list an entity's facts with sources and quotes",
                     "claimaudit facts trainium3 --all", parents)
    facts.add_argument("entity", metavar="ENTITY", help="an entity id, name or alias")
    facts.add_argument("--all", action="store_true", help="list superseded facts too")
    metrics = _command(commands, "metrics", "list metric ids, dimensions, units, aggregation",
                       "claimaudit metrics --format json", parents)
    for command in (entities, facts, metrics):
        command.add_argument("--format", choices=("text", "json"), default="text",
                             help="output format")


def _draft_parser(commands, parents) -> None:
    draft = _command(commands, "draft", "print a claim file drafted from an article's text",
                     "claimaudit draft article.txt --source-id my-article --published 2025-12-02 "
                     "> claims/my-article.yaml", parents)
    draft.add_argument("text_file", type=Path, metavar="TEXT_FILE", help="the article as text")
    draft.add_argument("--source-id", metavar="ID", type=_source_id,
                       help="the claim file's source id (default: from the file name)")
    draft.add_argument("--lang", metavar="TAG", type=_language,
                       help="the article's language, a BCP 47 tag: en, zh-Hant, zh-Hans ... "
                            "(default: detected)")
    draft.add_argument("--language", metavar="TAG", type=_language, dest="lang",
                       action=_Deprecated, instead="--lang")
    draft.add_argument("--title", metavar="T", help="the article's title (default: none)")
    draft.add_argument("--publisher", metavar="P", help="who published it (default: none)")
    draft.add_argument("--url", metavar="U", help="where it was published (default: none)")
    draft.add_argument("--published", metavar="YYYY-MM-DD", type=_date,
                       help="its publication date (default: none)")


def _language(text: str) -> str:
    if not re.fullmatch(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*", text):
        raise argparse.ArgumentTypeError(f"expected a BCP 47 tag (en, zh-Hant), found {text!r}")
    return text


def _source_id(text: str) -> str:
    if not CLAIM_REF.fullmatch(f"{text}/x"):
        raise argparse.ArgumentTypeError(
            f"expected an id of lower-case letters, digits, - and _, found {text!r}")
    return text


def _date(text: str) -> str:
    """A calendar date as YYYY-MM-DD (2025-13-45 has the form but is no date)."""
    from datetime import date

    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text) and date.fromisoformat(text):
            return text
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f"expected a date YYYY-MM-DD, found {text!r}")
