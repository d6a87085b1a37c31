"""The `claimaudit` command: parse arguments, call run, render, map errors to exit codes.

Exit status (CONTRACT section 7): 0 ran and every pinned expect matched; 1 a
pinned expect did not match (or --strict and a claim is inconsistent); 2 invalid
input, every problem listed as file:line: message, no traceback.
Heavy imports (pandas, pint) happen inside the commands, so `--help` is instant.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from claimaudit import __version__
from claimaudit.core import streams
from claimaudit.core.errors import ClaimauditError, InputError

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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="claimaudit",
        description="Fact-check the numbers in AI-hardware announcements against sourced specs.")
    parser.add_argument("--version", action="version", version=f"claimaudit {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    check = commands.add_parser("check", help="check claim files against the specs")
    check.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                       help="claim files or directories (default: claims/)")
    check.add_argument("--specs", type=Path, default=Path("specs"), metavar="DIR")
    check.add_argument("--format", choices=("text", "json", "markdown", "csv", "html"),
                       default="text")
    check.add_argument("--strict", action="store_true",
                       help="exit 1 when any claim is inconsistent")
    check.add_argument("--lang", choices=LANGUAGES, default="en",
                       help="language of the text and Markdown output (JSON is unchanged)")
    check.add_argument("--as-of", type=_date, metavar="YYYY-MM-DD", dest="as_of",
                       help="judge every claim on the facts in force on that date")

    report = commands.add_parser("report", help="write Markdown and JSON audit reports")
    report.add_argument("--claims", type=Path, default=Path("claims"), metavar="DIR")
    report.add_argument("--specs", type=Path, default=Path("specs"), metavar="DIR")
    report.add_argument("--out", type=Path, default=Path("reports"), metavar="DIR")
    report.add_argument("--date", metavar="YYYY-MM-DD", type=_date)
    report.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="language of every source page (default: a source written in "
                             "Chinese gets its page in its script, others English)")

    explain = commands.add_parser("explain", help="show one claim's whole derivation")
    explain.add_argument("claim", metavar="SOURCE_ID/CLAIM_ID")
    explain.add_argument("--claims", type=Path, default=Path("claims"), metavar="DIR")
    explain.add_argument("--specs", type=Path, default=Path("specs"), metavar="DIR")
    explain.add_argument("--lang", choices=LANGUAGES, default="en",
                         help="language of the labels, steps and explanations (claim and spec text is "
                              "shown as written; numbers, names and source ids are never translated)")
    _discovery_parsers(commands)
    _draft_parser(commands)
    _workspace_parsers(commands)
    return parser


def _workspace_parsers(commands) -> None:
    """init and serve (CONTRACT 10.3, 10.4)."""
    init = commands.add_parser("init", help="write a starter project (never overwrites a file)")
    init.add_argument("folder", nargs="?", type=Path, default=Path("."), metavar="DIR")
    serve = commands.add_parser("serve", help="a local web workspace: paste an article, settle "
                                              "its claims, see verdicts, save, publish")
    serve.add_argument("--workspace", type=Path, default=Path("."), metavar="DIR",
                       help="the folder it reads and writes (default: here)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: this computer only)")
    serve.add_argument("--port", type=int, default=8321)


def _discovery_parsers(commands) -> None:
    """entities, facts, metrics (CONTRACT 9.4): what the specs hold, to write claims by."""
    entities = commands.add_parser("entities", help="list entities (id, name, aliases, vendor...)")
    entities.add_argument("pattern", nargs="?", metavar="PATTERN",
                          help="match id, name or alias (case-insensitive; * and ? as globs)")
    facts = commands.add_parser("facts", help="an entity's facts with sources and quotes")
    facts.add_argument("entity", metavar="ENTITY", help="an entity id, name or alias")
    facts.add_argument("--all", action="store_true", help="list superseded facts too")
    metrics = commands.add_parser("metrics", help="metric ids, dimensions, units, aggregation")
    for command in (entities, facts, metrics):
        command.add_argument("--specs", type=Path, default=Path("specs"), metavar="DIR")
        command.add_argument("--format", choices=("text", "json"), default="text")


def _draft_parser(commands) -> None:
    draft = commands.add_parser("draft", help="print a claim file drafted from an article's text")
    draft.add_argument("text_file", type=Path, metavar="TEXT_FILE")
    draft.add_argument("--source-id", metavar="ID", type=_source_id)
    draft.add_argument("--language", metavar="TAG", type=_language,
                       help="BCP 47 tag: en, zh-Hant, zh-Hans ... (default: detected)")
    draft.add_argument("--title", metavar="T")
    draft.add_argument("--publisher", metavar="P")
    draft.add_argument("--url", metavar="U")
    draft.add_argument("--published", metavar="DATE", type=_date)
    draft.add_argument("--specs", type=Path, default=Path("specs"), metavar="DIR")


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


def cmd_check(args) -> int:
    from claimaudit.core.yamlio import collector_paused
    from claimaudit.model import lint
    from claimaudit.output import render, result_table
    from claimaudit.output.results import to_records
    from claimaudit.run import check_paths

    with collector_paused():    # checking and writing make millions of objects, ~no cycles
        run = check_paths(args.paths or [Path("claims")], args.specs, args.as_of)
        lint.warn(run.corpus, streams.stderr())
        out = streams.stdout()
        if args.format == "csv":        # a column at a time: no record per claim
            result_table.write_csv(run, out)
            return result_table.exit_status(run, args.strict)
        if args.format == "html":       # one article's page (report/html_page.py)
            from claimaudit.report.html_page import article_page

            sys.stdout.write(article_page(run, publishing=_publishing(), lang=args.lang))
            return result_table.exit_status(run, args.strict)
        records = to_records(run)
        if args.format == "json":
            out.writelines(render.json_chunks(records))
        elif args.format == "markdown":
            out.write(render.markdown_table(records, args.lang))
        else:
            out.write(render.text_table(records, colour=render.use_colour(), lang=args.lang))
    return result_table.exit_status(run, args.strict)


def _publishing() -> dict:
    """ClaimReview's reviewer and base_url from [tool.claimaudit] (input/settings.py)."""
    from claimaudit.input import settings

    found = settings.load()
    return {"reviewer": found.reviewer, "base_url": found.base_url}


def cmd_report(args) -> int:
    from claimaudit.output import render
    from claimaudit.report.figures import Painter

    with Painter().start() as painter:      # started first: matplotlib loads meanwhile
        from claimaudit.output.result_table import exit_status
        from claimaudit.run import check_paths, write_reports

        run = check_paths([args.claims], args.specs)
        written = write_reports(run, args.out, args.date, painter=painter, lang=args.lang,
                                specs_dir=args.specs)
    streams.stdout().write(f"wrote {len(written)} files to {render.safe(args.out)}\n")
    return exit_status(run)


def cmd_explain(args) -> int:
    from claimaudit.output import render
    from claimaudit.output.results import to_records
    from claimaudit.run import check_paths

    if not CLAIM_REF.fullmatch(args.claim):
        streams.say(f"claimaudit: expected SOURCE_ID/CLAIM_ID (lower-case letters, digits, - "
                    f"and _), found {args.claim!r}")
        return 2
    run = check_paths([args.claims], args.specs)
    source, claim = args.claim.split("/")
    for record in to_records(run):
        if record["source"] == source and record["id"] == claim:
            spec_sources = {row.id: {"title": row.title, "url": row.url}
                            for row in run.corpus.spec_sources.itertuples()}
            streams.stdout().write(render.explain_text(record, spec_sources, args.lang))
            return 0
    streams.say(f"claimaudit: no claim {args.claim!r} in {args.claims}")
    return 2


def cmd_draft(args) -> int:
    from claimaudit.draft.article import draft_file

    streams.stdout().write(draft_file(args.text_file, args.specs, source_id=args.source_id,
                                language=args.language, title=args.title,
                                publisher=args.publisher, url=args.url, published=args.published))
    return 0


def cmd_init(args) -> int:
    from claimaudit.serve.starter import TABLE, init_project, missing_table

    for path, done in init_project(args.folder):
        print(f"{done} {path}" + (" (it exists; left as it was)" if done == "kept" else ""))
    if missing_table(args.folder):
        print(f"claimaudit: add this table to {args.folder / 'pyproject.toml'}:\n\n{TABLE}",
              file=sys.stderr)
    return 0


def cmd_serve(args) -> int:
    from claimaudit.serve.server import serve

    return serve(args.workspace, args.host, args.port)


DISCOVERY_COLUMNS = {
    "entities": ["id", "name", "vendor", "kind", "status", "aliases"],
    "facts": ["metric", "value", "source", "quote", "superseded", "conflicting"],
    "metrics": ["id", "dimension", "unit", "aggregation", "description"],
}


def cmd_discover(args) -> int:
    """entities / facts / metrics: read the specs, print a table or JSON."""
    from claimaudit.model import discover
    from claimaudit.output import render
    from claimaudit.run import load_corpus

    corpus = load_corpus([], args.specs)
    if args.command == "entities":
        records = discover.entity_records(corpus, args.pattern)
    elif args.command == "facts":
        entity = discover.resolve_entity(corpus, args.entity)
        records = discover.fact_records(corpus, entity, args.all)
    else:
        records = discover.metric_records(corpus)
    if args.format == "json":
        streams.stdout().write(render.json_text(records))
    else:
        streams.stdout().write(discover.text_table(records, DISCOVERY_COLUMNS[args.command]))
    return 0


COMMANDS = {"check": cmd_check, "report": cmd_report, "explain": cmd_explain,
            "entities": cmd_discover, "facts": cmd_discover, "metrics": cmd_discover,
            "draft": cmd_draft, "init": cmd_init, "serve": cmd_serve}


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
