"""`claimaudit report` under kill -9, SIGTERM and SIGINT (pipeline/report/write.py, figures.py, outdir.py).

After every kill the reports directory is present and complete (byte-identical to the state
before or after the run), no process the run started survives it, and the next full run leaves
no `.reports.claimaudit-*` behind. Every process killed here was started here, by its pid.
"""

import contextlib
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from claimaudit.report import leftovers
from claimaudit.run import check_paths, write_reports

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).parent / "data" / "report"
DATES = ("2025-12-10", "2025-12-11")


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def tagged_processes(token: str) -> list[int]:
    """Live processes carrying `token` in their environment: the ones a run here started."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            if token.encode() in (entry / "environ").read_bytes() and \
                    (entry / "stat").read_text().split(") ")[1][0] != "Z":
                found.append(int(entry.name))
    return found


class Project:
    """A copy of tests/data/report in a fresh temporary directory, HOME inside it."""

    def __init__(self, root: Path) -> None:
        shutil.copytree(FIXTURE / "claims", root / "claims")
        shutil.copytree(FIXTURE / "specs", root / "specs")
        (root / "home").mkdir()
        self.root, self.out, self.token = root, root / "reports", uuid.uuid4().hex
        self.env = {**os.environ, "HOME": str(root / "home"), "PYTHONPATH": str(ROOT),
                    "MPLCONFIGDIR": str(root / "mpl"), "CLAIMAUDIT_TEST_TOKEN": self.token}

    def start(self, date: str) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "claimaudit", "report", "--out", "reports",
                                 "--date", date], cwd=self.root, env=self.env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def states(self) -> dict[str, dict[str, bytes]]:
        """The directory after a complete run with each date (a notes file of the user's in
        it, which every run keeps); the directory is left in the first state."""
        with contextlib.chdir(self.root):
            run = check_paths([Path("claims")], Path("specs"))
        write_reports(run, self.out, DATES[1])
        (self.out / "notes.txt").write_text("the user's", encoding="utf-8")
        shots = {}
        for date in reversed(DATES):
            write_reports(run, self.out, date)
            shots[date] = snapshot(self.out)
        return shots

    def assert_no_survivor(self) -> None:
        deadline = time.monotonic() + 5
        while tagged_processes(self.token) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert tagged_processes(self.token) == []


def kill_loop(tmp_path: Path, kills: int, seed: int) -> None:
    project = Project(tmp_path)
    states = project.states()
    first = project.start(DATES[1])                 # a full run: how long one takes
    started = time.monotonic()
    assert first.wait(timeout=300) == 0, first.stderr.read()
    full = time.monotonic() - started
    assert snapshot(project.out) == states[DATES[1]]
    chance = random.Random(seed)
    for n in range(kills):
        process = project.start(DATES[n % 2])
        time.sleep(chance.uniform(0, full * 1.2))
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
        process.stderr.close()
        assert snapshot(project.out) in states.values(), f"kill {n}"
        project.assert_no_survivor()
    last = project.start(DATES[0])
    assert last.wait(timeout=300) == 0, last.stderr.read()
    last.stderr.close()
    assert snapshot(project.out) == states[DATES[0]]
    assert leftovers.leftovers(project.out) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["claims", "home", "mpl", "reports",
                                                          "specs"]


def test_five_kills_during_report_lose_nothing(tmp_path):
    kill_loop(tmp_path, 5, seed=5)


@pytest.mark.slow
def test_a_hundred_kills_during_report_lose_nothing(tmp_path):
    kill_loop(tmp_path, 100, seed=100)


WORKER = """
import os, sys, time
from claimaudit.report.figures import Painter
painter = Painter().start()
print(painter._pid, flush=True)
time.sleep(60)
"""


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT])
def test_the_figure_worker_dies_with_its_parent(tmp_path, signum):
    project = Project(tmp_path)
    parent = subprocess.Popen([sys.executable, "-c", WORKER], env=project.env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    worker = int(parent.stdout.readline())
    deadline = time.monotonic() + 10                # the worker detaches just after the fork
    while time.monotonic() < deadline and "pipe" in str(
            [os.readlink(f"/proc/{worker}/fd/{fd}") for fd in (0, 1, 2)]):
        time.sleep(0.05)
    assert {os.readlink(f"/proc/{worker}/fd/{fd}") for fd in (0, 1, 2)} == {"/dev/null"}
    callers = {os.readlink(f"/proc/{parent.pid}/fd/{fd}") for fd in (1, 2)}
    held = set()
    for fd in os.listdir(f"/proc/{worker}/fd"):
        with contextlib.suppress(OSError):
            held.add(os.readlink(f"/proc/{worker}/fd/{fd}"))
    assert callers and not callers & held          # the caller's stdout and stderr are not held
    parent.send_signal(signum)
    parent.wait(timeout=30)
    parent.stdout.close()
    parent.stderr.close()
    project.assert_no_survivor()


def test_sigint_during_a_failing_report_ends_promptly_with_130(tmp_path):
    """A report whose figures fail (a full disk) interrupted at random moments: it exits at once
    with 130 (or 2 when the failure came first), one line, no traceback, no worker left."""
    project = Project(tmp_path)
    fail = ("import sys, claimaudit.report.figures as f\n"
            "def full(rows, path, words=None): raise OSError(28, 'No space left on device')\n"
            "f.draw_file = full\n"
            "from claimaudit.cli import main; sys.argv[1:] = ['report']; sys.exit(main())")
    chance = random.Random(7)
    for _ in range(3):
        process = subprocess.Popen([sys.executable, "-c", fail], cwd=project.root,
                                   env=project.env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True)
        time.sleep(chance.uniform(0.5, 2.5))
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
        assert process.returncode in (130, 2), err
        assert "Traceback" not in err and len(err.splitlines()) == 1, err
        project.assert_no_survivor()
    assert leftovers.leftovers(project.out) == []
