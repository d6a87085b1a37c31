"""Shared fixtures: the small named data sets under tests/data/."""

import shutil
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]


def pytest_addoption(parser):
    parser.addoption("--run-slow", action="store_true", help="also run tests marked slow")


def pytest_collection_modifyitems(config, items):
    """Slow tests (kill loops, big fuzz) run only with --run-slow or -m slow (the nightly run)."""
    if config.getoption("--run-slow") or "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow or -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)

DATA = Path(__file__).parent / "data"
MINI = DATA / "mini"
BAD = DATA / "bad"


@pytest.fixture(scope="session")
def mini_records():
    """The mini corpus checked once: {claim id: CONTRACT section 7 record}."""
    from pipeline.results import to_records
    from pipeline.run import check_paths

    records = to_records(check_paths([MINI / "claims"], MINI / "specs"))
    return {record["id"]: record for record in records}


@pytest.fixture
def mini_copy(tmp_path):
    """A writable copy of tests/data/mini (claims/ and specs/) in tmp_path."""
    shutil.copytree(MINI, tmp_path, dirs_exist_ok=True)
    return tmp_path
