"""Shared fixtures (the small named data sets under tests/data/), hypothesis profiles and
the `slow` marker's switch.

Fuzz budgets live in the profiles, not in the tests: `ci` (the default, quick) and `nightly`
(big), chosen by HYPOTHESIS_PROFILE=nightly. Slow tests (`@pytest.mark.slow`: kill loops,
big fuzz, benchmarks) are skipped unless pytest is given `--run-slow`.
"""

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

# the draft tests' fixture catalogues (`base`, `extended`), shared by their modules
pytest_plugins = ["pytester", "draft_catalogues"]

settings.register_profile("ci", max_examples=50, deadline=None, print_blob=True)
settings.register_profile("nightly", max_examples=2000, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_addoption(parser):
    parser.addoption("--run-slow", action="store_true", default=False,
                     help="also run tests marked slow (kill loops, big fuzz, benchmarks)")
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite golden files (tests/data/**/golden*) from the current output")


@pytest.fixture(autouse=True, scope="session")
def private_state_directory(tmp_path_factory):
    """claimaudit's key and seals (pipeline/report/ownership.py) in a directory of the test run, not
    the tester's ~/.local/state; subprocesses inherit it."""
    state = tmp_path_factory.mktemp("state")
    old = os.environ.get("XDG_STATE_HOME")
    os.environ["XDG_STATE_HOME"] = str(state)
    yield state
    if old is None:
        os.environ.pop("XDG_STATE_HOME", None)
    else:
        os.environ["XDG_STATE_HOME"] = old


@pytest.fixture
def update_golden(request):
    """True under --update-golden: a golden test writes what it got instead of comparing."""
    return request.config.getoption("--update-golden")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--run-slow") or "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow or -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)

def records_exit_status(records: list[dict], strict: bool = False) -> int:
    """The exit-status rule over whole records: the oracle for result_table.exit_status."""
    mismatched = any(r.get("expect") and r["expect"] != r["verdict"] for r in records)
    inconsistent = strict and any(r["verdict"] == "inconsistent" for r in records)
    return 1 if mismatched or inconsistent else 0


DATA = Path(__file__).parent / "data"
MINI = DATA / "mini"
BAD = DATA / "bad"


@pytest.fixture(scope="session")
def mini_records():
    """The mini corpus checked once: {claim id: CONTRACT section 7 record}."""
    from claimaudit.output.results import to_records
    from claimaudit.run import check_paths

    records = to_records(check_paths([MINI / "claims"], MINI / "specs"))
    return {record["id"]: record for record in records}


@pytest.fixture
def mini_copy(tmp_path):
    """A writable copy of tests/data/mini (claims/ and specs/) in tmp_path."""
    shutil.copytree(MINI, tmp_path, dirs_exist_ok=True)
    return tmp_path
