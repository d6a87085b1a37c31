"""pytest plugin: every claim in claims/*.yaml is a test item (claim regression).

`pytest claims/` collects `claims/<file>.yaml::<claim id>`. An item with a pinned
`expect` passes when the engine's verdict matches and fails with a one-line
claimed-vs-derived message otherwise; an item without `expect` is skipped.

Activation: a `claims/` folder is claimaudit's only in a claimaudit project, that is when
`specs/` sits next to it, or the rootdir's pyproject.toml has a `[tool.claimaudit]` table, or
`--claimaudit-specs` is given. Elsewhere (any repository that happens to have a claims/
folder) nothing is collected.

The claim files that share a specs directory are checked together, once per session, as
`claimaudit check` checks them (clashing source ids across files are rejected), and each
file is handed its records. Bad input is a collection error listing `file:line:` problems,
never a traceback. Loading this plugin imports nothing heavy: the engine is imported when a
claim file is actually collected.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def pytest_addoption(parser):
    group = parser.getgroup("claimaudit")
    group.addoption("--claimaudit-specs", metavar="DIR", default=None,
                    help="spec directory for claim items (default: specs/ beside claims/)")


def pytest_collect_file(file_path: Path, parent):
    if file_path.suffix not in (".yaml", ".yml") or file_path.parent.name != "claims":
        return None
    specs = _specs_dir(parent.config, file_path)
    if specs is None:
        return None
    batch = _batches(parent.config).setdefault(specs, Batch(specs))
    return ClaimFile.from_parent(parent, path=file_path, batch=batch)


def _specs_dir(config, claim_file: Path) -> Path | None:
    """The specs directory for a claim file, or None when this is not a claimaudit project."""
    option = config.getoption("--claimaudit-specs")
    if option:
        return Path(option)
    beside = claim_file.parent.parent / "specs"
    if beside.is_dir() or _declared_in_pyproject(config):
        return beside
    return None


def _declared_in_pyproject(config) -> bool:
    """Does the rootdir's pyproject.toml have a [tool.claimaudit] table? (read once)"""
    cache = config.stash.setdefault(_DECLARED, [])
    if not cache:
        import tomllib

        try:
            with open(Path(config.rootpath) / "pyproject.toml", "rb") as handle:
                cache.append("claimaudit" in tomllib.load(handle).get("tool", {}))
        except (OSError, ValueError):
            cache.append(False)
    return cache[0]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Under GitHub Actions, a failing claim item is kept for an annotation at its claim."""
    outcome = yield
    report = outcome.get_result()
    if report.failed and isinstance(item, ClaimItem) and os.environ.get("GITHUB_ACTIONS") == "true":
        item.config.stash.setdefault(_ANNOTATED, []).append(item.record)


def pytest_terminal_summary(terminalreporter):
    """`::error file=F,line=L::...` per failing claim item (annotations.pin_annotation), the
    same lines `claimaudit check --format github` writes for a failed pin."""
    records = terminalreporter.config.stash.get(_ANNOTATED, [])
    if not records:
        return
    from claimaudit.output.annotations import pin_annotation

    for record in records:
        terminalreporter.write_line(pin_annotation(record))


_ANNOTATED = pytest.StashKey[list]()
_DECLARED = pytest.StashKey[list]()
_BATCHES = pytest.StashKey[dict]()


def _batches(config) -> dict:
    return config.stash.setdefault(_BATCHES, {})


class Batch:
    """The claim files of one specs directory, checked together once: per file, its records
    or its problems."""

    def __init__(self, specs: Path):
        self.specs = specs
        self.pending: list[Path] = []
        self.records: dict[Path, list[dict]] = {}
        self.errors: dict[Path, str] = {}

    def outcome(self, path: Path) -> tuple[list[dict], str | None]:
        """This file's records, or its problems; the first call checks every file pending."""
        if path not in self.records and path not in self.errors:
            files, self.pending = list(dict.fromkeys(self.pending + [path])), []
            self._check(files)
        return self.records.get(path, []), self.errors.get(path)

    def _check(self, files: list[Path]) -> None:
        """Check the files together; a file with problems gets them, the others are checked
        again without it (so one bad file does not hide the results of the rest)."""
        from claimaudit.core.errors import ClaimauditError
        from claimaudit.core.yamlio import collector_paused
        from claimaudit.input.files import display_name
        from claimaudit.output.results import to_records
        from claimaudit.run import check_paths

        shown = {display_name(path): path for path in files}
        while files:
            try:
                with collector_paused():     # as `check` runs (cli._run): see load.py
                    records = to_records(check_paths(files, self.specs))
            except ClaimauditError as exc:
                files = self._blame(exc, files, shown)
                continue
            for record in records:
                self.records.setdefault(shown.get(record["file"], Path(record["file"])), []).append(record)
            for path in files:
                self.records.setdefault(path, [])
            return

    def _blame(self, exc, files: list[Path], shown: dict) -> list[Path]:
        """Problems go to their claim files; anything else (a spec problem) to every file,
        listed in full once and referred to by the rest. Returns the files left to check."""
        problems = getattr(exc, "problems", None) or []
        by_file: dict[Path, list[str]] = {}
        other = [str(p) for p in problems if p.file not in shown] or ([] if problems else [str(exc)])
        for problem in problems:
            if problem.file in shown:
                by_file.setdefault(shown[problem.file], []).append(str(problem))
        if other or not by_file:
            first, *rest = files
            self.errors[first] = "\n".join(other + by_file.get(first, []))
            named = {path: name for name, path in shown.items()}
            for path in rest:
                self.errors[path] = "\n".join(by_file.get(path, [])) or \
                    f"not checked: the specs have problems (listed at {named[first]})"
            return []
        for path, lines in by_file.items():
            self.errors[path] = "\n".join(lines)
        return [path for path in files if path not in by_file]


class ClaimMismatch(Exception):
    """A pinned verdict that the engine no longer gives."""


class ClaimFile(pytest.File):
    def __init__(self, *, batch: Batch, **kwargs):
        super().__init__(**kwargs)
        self.batch = batch
        batch.pending.append(self.path)

    def collect(self):
        records, error = self.batch.outcome(self.path)
        if error is not None:
            raise self.CollectError(error)
        for record in records:
            yield ClaimItem.from_parent(self, name=record["id"], record=record)


class ClaimItem(pytest.Item):
    def __init__(self, *, record: dict, **kwargs):
        super().__init__(**kwargs)
        self.record = record

    def runtest(self):
        if not self.record.get("expect"):
            raise _skip_at_claim("no pinned expect")
        if self.record["expect"] != self.record["verdict"]:
            raise ClaimMismatch(mismatch_message(self.record))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ClaimMismatch):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, self.record["line"] - 1, f"{self.record['source']}/{self.name}"


def _skip_at_claim(reason: str) -> BaseException:
    """A skip reported at the claim's file:line (as pytest does for skip marks), not here."""
    try:
        return pytest.skip.Exception(reason, _use_item_location=True)
    except TypeError:  # a pytest without the option: the skip is still a skip
        return pytest.skip.Exception(reason)


def mismatch_message(record: dict) -> str:
    """`claims/x.yaml:42: id: expected consistent, got inconsistent (major): claimed ..., derived ...`"""
    from claimaudit.output.render import derived_text, region_text, verdict_label

    claimed = record.get("claimed")
    claimed_part = "nothing claimed"
    if claimed:
        claimed_part = f"claimed {claimed['text']} {region_text(claimed)}"
    return (f"{record['file']}:{record['line']}: {record['id']}: expected {record['expect']}, "
            f"got {verdict_label(record)}: {claimed_part}, derived {derived_text(record)}")
