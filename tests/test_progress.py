"""Progress on stderr only on a terminal and never under --quiet (pipeline/core/progress.py)."""

import io
import subprocess
import sys

from claimaudit.core.progress import Progress


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_silent_off_a_terminal_and_under_quiet():
    for stream, quiet in ((io.StringIO(), False), (Terminal(), True)):
        progress = Progress.on(stream, quiet)
        progress.stage("checking 5 claims")
        with progress.bar(5, "writing") as advance:
            advance(5)
        progress.done()
        assert stream.getvalue() == ""


def test_stages_replace_each_other_and_the_bar_counts_on_a_terminal():
    stream = Terminal()
    progress = Progress.on(stream)
    progress.stage("reading claims and specs")
    progress.stage("checking 5 claims")
    with progress.bar(5, "writing") as advance:
        advance(2)
        advance(3)
    text = stream.getvalue()
    assert text.startswith("\r\033[Kclaimaudit: reading claims and specs…"
                           "\r\033[Kclaimaudit: checking 5 claims…")
    assert "claimaudit: writing" in text and "/5" in text      # tqdm's count of 5 claims


def test_help_and_the_plugin_never_import_tqdm():
    script = ("import sys\nfrom claimaudit.cli import main\ntry:\n    main(['check', '--help'])\n"
              "except SystemExit:\n    pass\nimport claimaudit.pytest_plugin\n"
              "assert 'tqdm' not in sys.modules and 'pandas' not in sys.modules, sorted(sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
