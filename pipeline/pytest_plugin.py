"""pytest plugin: every claim in claims/*.yaml is a test item (claim regression).

`pytest claims/` collects `claims/<file>.yaml::<claim id>`. An item with a pinned
`expect` passes when the engine's verdict matches and fails with a one-line
claimed-vs-derived message otherwise; an item without `expect` is skipped.
Loading this plugin imports nothing heavy: the engine is imported when a claim
file is actually collected.
"""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_addoption(parser):
    group = parser.getgroup("claimaudit")
    group.addoption("--claimaudit-specs", metavar="DIR", default=None,
                    help="spec directory for claim items (default: specs/ beside claims/)")


def pytest_collect_file(file_path: Path, parent):
    if file_path.suffix in (".yaml", ".yml") and file_path.parent.name == "claims":
        return ClaimFile.from_parent(parent, path=file_path)
    return None


class ClaimMismatch(Exception):
    """A pinned verdict that the engine no longer gives."""


class ClaimFile(pytest.File):
    def collect(self):
        from pipeline.errors import InputError
        from pipeline.results import to_records
        from pipeline.run import check_paths

        option = self.config.getoption("--claimaudit-specs")
        specs = Path(option) if option else self.path.parent.parent / "specs"
        try:
            records = to_records(check_paths([self.path], specs))
        except InputError as exc:
            raise self.CollectError("\n".join(str(p) for p in exc.problems)) from None
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
    from pipeline.render import derived_text, region_text, verdict_label

    claimed = record.get("claimed")
    claimed_part = "nothing claimed"
    if claimed:
        claimed_part = f"claimed {claimed['text']} {region_text(claimed)}"
    return (f"{record['file']}:{record['line']}: {record['id']}: expected {record['expect']}, "
            f"got {verdict_label(record)}: {claimed_part}, derived {derived_text(record)}")
