"""Every output stream through one helper (pipeline/core/streams.py): encodings, closed and broken
streams, write errors, descriptors 0-2. Real processes, in a temporary project."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from claimaudit.core import streams

REPORT = Path(__file__).parent / "data" / "report"


@pytest.fixture
def project(tmp_path):
    shutil.copytree(REPORT / "claims", tmp_path / "claims")
    shutil.copytree(REPORT / "specs", tmp_path / "specs")
    return tmp_path


def run(project, *args, env=None, **kwargs) -> subprocess.CompletedProcess:
    environment = {**os.environ, "MPLCONFIGDIR": str(project / "mpl"), **(env or {})}
    return subprocess.run([sys.executable, "-m", "claimaudit", *args], cwd=project,
                          env=environment, capture_output=True, timeout=300, **kwargs)


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"},
                                 {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}])
@pytest.mark.parametrize("command", [["check"], ["explain", "ithome-2025-12-04-trainium3/membw-nearly-4x"],
                                     ["entities"], ["facts", "trainium3"]])
def test_a_narrow_encoding_gets_backslash_escapes_not_a_traceback(project, env, command):
    done = run(project, *command, env=env)
    assert done.returncode in (0, 1) and b"Traceback" not in done.stderr
    assert done.stdout.isascii()


def test_a_closed_stdout_is_nobody_listening(project):
    done = subprocess.run([sys.executable, "-m", "claimaudit", "check"], cwd=project,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=300,
                          preexec_fn=lambda: os.close(1))
    assert done.returncode == 0 and b"Traceback" not in done.stderr


def test_a_broken_pipe_ends_quietly(project):
    shell = f"{sys.executable} -m claimaudit check --format json | head -c 10 >/dev/null"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", shell], cwd=project,
                          capture_output=True, timeout=300)
    assert done.returncode == 0 and done.stderr.count(b"\n") <= 5
    assert b"Traceback" not in done.stderr and b"Exception ignored" not in done.stderr


def test_a_full_disk_is_one_line_and_exit_2(project):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "claimaudit", "check"], cwd=project,
                              stdout=full, stderr=subprocess.PIPE, timeout=300)
    assert done.returncode == 2
    assert done.stderr.decode().splitlines()[-1] == (
        "claimaudit: standard output: cannot write: No space left on device")


def test_a_file_size_limit_is_one_line_and_exit_2(project):
    shell = f"ulimit -f 1; {sys.executable} -m claimaudit check --format json > out.json"
    done = subprocess.run(["bash", "-c", shell], cwd=project, capture_output=True, timeout=300)
    assert done.returncode == 2
    assert done.stderr.decode().splitlines()[-1] == (
        "claimaudit: standard output: cannot write: File too large")


def test_report_with_stdin_and_stdout_closed_writes_its_reports(project):
    shell = f"{sys.executable} -m claimaudit report --out r --date 2025-12-10 <&- >&-"
    done = subprocess.run(["bash", "-c", shell], cwd=project, capture_output=True, timeout=300,
                          env={**os.environ, "MPLCONFIGDIR": str(project / "mpl")})
    assert done.returncode in (0, 1), done.stderr
    assert (project / "r" / "index.md").is_file() and list((project / "r" / "figures").iterdir())


def test_a_removed_working_directory_is_one_line(project):
    gone = project / "gone"
    gone.mkdir()
    shell = f"cd {gone} && rmdir {gone} && {sys.executable} -m claimaudit report"
    done = subprocess.run(["bash", "-c", shell], capture_output=True, timeout=300)
    assert done.returncode == 2
    assert done.stderr.decode() == ("claimaudit: the working directory no longer exists (it was "
                                    "removed); cd to a directory and run again\n")


def test_escaped_writes_what_the_encoding_cannot_show():
    assert streams.escaped("一 …", "ascii") == "\\u4e00 \\u2026"
    assert streams.escaped("plain", "ascii") == "plain"
    assert streams.escaped("中", "utf-8") == "中"


def test_high_descriptor_moves_off_0_to_2():
    low = os.dup(0)
    moved = streams.high_descriptor(low) if low <= 2 else low
    assert moved > 2
    os.close(moved)
