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
import sys
from pathlib import Path

from claimaudit import __version__
from claimaudit.core import streams
from claimaudit.core.arguments import CLAIM_REF, build_parser
from claimaudit.core.errors import ClaimauditError, InputError


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
    return build_parser(__version__, LANGUAGES)


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
    if args.format == "html":           # one article's page (report/html_page.py)
        from claimaudit.report.html_page import article_page

        found = _settings(args)
        streams.stdout().write(article_page(run, publishing={
            "reviewer": found.reviewer, "base_url": found.base_url}, lang=args.lang))
        return result_table.exit_status(run, args.strict)
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


def cmd_init(args) -> int:
    from claimaudit.serve.starter import TABLE, init_project, missing_table

    for path, done in init_project(args.folder):
        streams.stdout().write(f"{done} {path}" + (" (it exists; left as it was)"
                                                   if done == "kept" else "") + "\n")
    if missing_table(args.folder):
        streams.stderr().write(f"claimaudit: add this table to {args.folder / 'pyproject.toml'}:\n\n{TABLE}")
    return 0


def cmd_serve(args) -> int:
    from claimaudit.serve.server import serve

    return serve(args.workspace, args.host, args.port)


COMMANDS = {"check": cmd_check, "report": cmd_report, "explain": cmd_explain,
            "entities": cmd_discover, "facts": cmd_discover, "metrics": cmd_discover,
            "draft": cmd_draft, "completion": cmd_completion, "init": cmd_init,
            "serve": cmd_serve}


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
        streams.settle_stdout()
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
