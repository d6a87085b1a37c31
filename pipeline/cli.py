"""The `claimaudit` command: parse arguments, call run, render, map errors to exit codes.

Exit status (CONTRACT section 7): 0 ran and every pinned expect matched; 1 a
pinned expect did not match (or --strict and a claim is inconsistent); 2 invalid
input, every problem listed as file:line: message, no traceback.
Heavy imports (pandas, pint) happen inside the commands, so `--help` is instant.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
from pathlib import Path

from claimaudit import __version__
from claimaudit.core import streams
from claimaudit.core.errors import ClaimauditError, InputError

FORMATS = ("text", "json", "markdown", "csv", "github")   # formats.FORMATS, without importing it
CLAIM_REF = re.compile(r"[a-z0-9][a-z0-9_-]{0,127}/[a-z0-9][a-z0-9_-]{0,127}")


class _Languages:
    """The output languages as argparse choices, read from labels.yaml only when a `--lang`
    is given or a command's help lists them (so `claimaudit --help` imports no YAML)."""

    def _all(self) -> tuple[str, ...]:
        from claimaudit.core.words import languages

        return languages()

    def __contains__(self, item) -> bool:
        return item in self._all()

    def __iter__(self):
        return iter(self._all())


LANGUAGES = _Languages()


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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="claimaudit", formatter_class=_HelpFormatter,
        description="Fact-check the numbers in AI-hardware announcements against sourced specs.",
        epilog="example:\n  claimaudit check claims/\n\n" + EXIT_STATUS)
    parser.add_argument("-V", "--version", action="version", version=f"claimaudit {__version__}")
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
    check.add_argument("--lang", choices=LANGUAGES, default=None, help=LANG_HELP)
    check.add_argument("--as-of", type=_date, metavar="YYYY-MM-DD", dest="as_of",
                       help="judge every claim on the facts in force on that date (default: today)")

    report = _command(commands, "report", "write Markdown, JSON and SVG audit reports",
                      "claimaudit report claims/ --out reports --date 2025-12-02", [common, specs])
    _claim_paths(report)
    report.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="output folder (default: [tool.claimaudit] out, else reports/)")
    report.add_argument("--date", metavar="YYYY-MM-DD", type=_date,
                        help="the audit's date printed on every page (default: none printed)")
    report.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="language of every source page (default: [tool.claimaudit] lang, else "
                             "a source written in Chinese gets its page in its script, others English)")

    explain = _command(commands, "explain", "show one claim's whole derivation",
                       "claimaudit explain register-2025-12-02-trainium4/trn3-us-fp8-dense-363",
                       [common, specs])
    explain.add_argument("claim", metavar="SOURCE_ID/CLAIM_ID", help="the claim to explain")
    _claim_paths(explain)
    explain.add_argument("--lang", choices=LANGUAGES, default=None,
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


def _settings(args):
    """[tool.claimaudit] of the nearest pyproject.toml, read once per command."""
    from claimaudit.input import settings

    if not hasattr(args, "settings"):
        args.settings = settings.load()
    return args.settings


def _specs(args) -> Path:
    """The spec folder (settings.specs_dir), looked up once per command: the bundled corpus
    is said once."""
    from claimaudit.input.settings import specs_dir

    if not hasattr(args, "specs_found"):
        notes = io.StringIO() if args.quiet else streams.stderr()
        args.specs_found = specs_dir(args.specs, _settings(args), notes)
    return args.specs_found


def _claims(args) -> list[Path]:
    from claimaudit.input.settings import claim_paths

    return claim_paths((args.claims_option or []) + args.paths, _settings(args))


def _lang(args) -> str:
    """--lang, else [tool.claimaudit] lang, else English."""
    return args.lang or _settings(args).lang or "en"


def _checked(args, progress):
    """Load and check the claims asked for, saying the stage on a terminal."""
    from claimaudit.run import check_corpus, load_corpus

    paths, specs = _claims(args), _specs(args)
    progress.stage("reading claims and specs")
    corpus = load_corpus(paths, specs)
    progress.stage(f"checking {len(corpus.claims):,} claims")
    run = check_corpus(corpus, getattr(args, "as_of", None))
    progress.done()
    return run


def cmd_check(args) -> int:
    from claimaudit.core.progress import Progress
    from claimaudit.model import lint
    from claimaudit.output import formats, pins, result_table
    from claimaudit.output.fit import terminal_width
    from claimaudit.output.terminal import colour_wanted

    progress = Progress.on(sys.stderr, args.quiet)
    run = _checked(args, progress)
    lint.warn(run.corpus, streams.stderr())
    shown = formats.Shown(_lang(args), colour_wanted(args.color, sys.stdout),
                          terminal_width(sys.stdout))
    formats.write_check(run, args.format or formats.default_format(), streams.stdout(), shown,
                        progress, os.environ.get("GITHUB_STEP_SUMMARY") or None)
    streams.stdout().flush()
    pins.report(pins.failed_pins(run), pins.pinned_count(run), streams.stderr())
    return result_table.exit_status(run, args.strict)


def cmd_report(args) -> int:
    from claimaudit.core.progress import Progress
    from claimaudit.report.figures import Painter

    progress = Progress.on(sys.stderr, args.quiet)
    out = args.out or _settings(args).out or Path("reports")
    with Painter().start() as painter:      # started first: matplotlib loads meanwhile
        from claimaudit.output import pins, render, result_table
        from claimaudit.run import write_reports

        run = _checked(args, progress)
        progress.stage(f"writing reports to {out}")
        written = write_reports(run, out, args.date, painter=painter,
                                lang=args.lang or _settings(args).lang, specs_dir=_specs(args))
        progress.done()
    if not args.quiet:
        streams.stdout().write(f"wrote {len(written)} files to {render.safe(out)}\n")
    pins.report(pins.failed_pins(run), pins.pinned_count(run), streams.stderr())
    return result_table.exit_status(run)


def cmd_explain(args) -> int:
    from claimaudit.core.progress import Progress
    from claimaudit.output import render
    from claimaudit.output.results import to_records

    if not CLAIM_REF.fullmatch(args.claim):
        streams.say(f"claimaudit: expected SOURCE_ID/CLAIM_ID (lower-case letters, digits, - "
                    f"and _), found {args.claim!r}")
        return 2
    run = _checked(args, Progress.on(sys.stderr, args.quiet))
    source, claim = args.claim.split("/")
    for record in to_records(run):
        if record["source"] == source and record["id"] == claim:
            spec_sources = {row.id: {"title": row.title, "url": row.url}
                            for row in run.corpus.spec_sources.itertuples()}
            streams.stdout().write(render.explain_text(record, spec_sources, _lang(args)))
            return 0
    shown = " ".join(str(p) for p in _claims(args))
    streams.say(f"claimaudit: no claim {args.claim!r} in {shown}")
    return NOTHING_FOUND


def cmd_draft(args) -> int:
    from claimaudit.draft.article import draft_file

    streams.stdout().write(draft_file(args.text_file, _specs(args), source_id=args.source_id,
                                language=args.lang, title=args.title,
                                publisher=args.publisher, url=args.url, published=args.published))
    return 0


DISCOVERY_COLUMNS = {
    "entities": ["id", "name", "vendor", "kind", "status", "aliases"],
    "facts": ["metric", "value", "source", "quote", "superseded", "conflicting"],
    "metrics": ["id", "dimension", "unit", "aggregation", "description"],
}
NOTHING_FOUND = 1       # every discovery command's status for an empty answer (as grep's)


def cmd_discover(args) -> int:
    """entities / facts / metrics: read the specs, print a table or JSON; exit 1 when nothing
    matches (an unknown entity, a pattern no entity fits)."""
    from claimaudit.model import discover
    from claimaudit.output import render
    from claimaudit.output.fit import terminal_width
    from claimaudit.output.terminal import discovery_table
    from claimaudit.run import load_corpus

    corpus = load_corpus([], _specs(args))
    if args.command == "entities":
        records = discover.entity_records(corpus, args.pattern)
    elif args.command == "facts":
        try:
            entity = discover.resolve_entity(corpus, args.entity)
        except ClaimauditError as exc:
            streams.say(f"claimaudit: {exc}")
            return NOTHING_FOUND
        records = discover.fact_records(corpus, entity, args.all)
    else:
        records = discover.metric_records(corpus)
    if args.format == "json":
        streams.stdout().write(render.json_text(records))
    elif records:
        streams.stdout().write(discovery_table(records, DISCOVERY_COLUMNS[args.command],
                                         terminal_width(sys.stdout)))
    if not records:
        what = f"no entity matches {args.pattern!r}" if args.command == "entities" else "nothing found"
        streams.say(f"claimaudit: {what}")
        return NOTHING_FOUND
    return 0


def cmd_completion(args) -> int:
    """A completion script for the shell, generated from the parser by shtab."""
    try:
        import shtab
    except ImportError:
        streams.say("claimaudit: shell completion needs shtab (pip install shtab)")
        return 2
    streams.stdout().write(shtab.complete(_parser(), shell=args.shell))
    return 0


COMMANDS = {"check": cmd_check, "report": cmd_report, "explain": cmd_explain,
            "entities": cmd_discover, "facts": cmd_discover, "metrics": cmd_discover,
            "draft": cmd_draft, "completion": cmd_completion}


def _skip_optional_imports() -> None:
    """pandera imports hypothesis (0.2 s) for data synthesis when it is installed; the
    command never synthesises data, so a None entry in sys.modules makes that optional
    import fail fast, as it would in an install without the test extra."""
    if "hypothesis" not in sys.modules:
        sys.modules["hypothesis"] = None  # type: ignore[assignment]


def _run(args) -> int:
    """The command; `check` with the cyclic collector paused from its imports on (pandas'
    too): see load.collector_paused."""
    if args.command != "check":
        return COMMANDS[args.command](args)
    from claimaudit.core.yamlio import collector_paused

    with collector_paused():
        return COMMANDS[args.command](args)


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        streams.prepare()
    try:
        status = _main(argv)
        streams.stdout().flush()
        return status
    except streams.StreamClosed:        # the reader went away (`| head`): as Unix tools do
        streams.silence_stdout()
        return 0
    except streams.StreamError as exc:
        streams.say(f"claimaudit: {exc}")
        return 2
    finally:
        if argv is None:
            _ignore_late_interrupts()


def _main(argv: list[str] | None) -> int:
    try:
        os.getcwd()
    except OSError:
        streams.say("claimaudit: the working directory no longer exists (it was removed); "
                    "cd to a directory and run again")
        return 2
    try:
        args = _parser().parse_args(argv)
    except BrokenPipeError:
        raise streams.StreamClosed from None
    if argv is None:
        _skip_optional_imports()
    try:
        return _run(args)
    except InputError as exc:
        for problem in exc.problems:
            streams.say(str(problem))
        if exc.unlisted:
            streams.say(f"claimaudit: {exc.unlisted:,} more problems not listed")
        count = len(exc.problems) + exc.unlisted
        streams.say(f"claimaudit: {count:,} problem{'s' if count != 1 else ''} in the input; "
                    "nothing was checked")
        return 2
    except (streams.StreamClosed, streams.StreamError):
        raise
    except ClaimauditError as exc:
        streams.say(f"claimaudit: {exc}")
        return 2
    except BrokenPipeError:
        raise streams.StreamClosed from None
    except KeyboardInterrupt:
        streams.say("claimaudit: interrupted")
        return 130


def _ignore_late_interrupts() -> None:
    """The command is over and its exit status decided: a Ctrl-C from now on (while the
    interpreter shuts down, with Python's default handler back) would only turn that status
    into a kill by SIGINT, so it is ignored."""
    import signal

    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:      # not the main thread: Python's handler stays
        pass
