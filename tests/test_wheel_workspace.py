"""`pip install claimaudit` from a built wheel, in a fresh virtual environment, used in an empty
folder (issue 20's last Done-when): `claimaudit check` on a hand-written claim file, with the
bundled spec corpus, and `claimaudit serve` answering on 127.0.0.1. Slow (builds and installs).
"""

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CLAIMS = """\
source:
  id: hand-written
  title: A hand-written claim file
  url: https://news.example/a
  published: 2025-12-02
claims:
  - id: trn3-hbm
    quote: "each Trainium3 carries 144 GB of HBM3E"
    subject: trainium3
    metric: hbm_capacity
    claimed: 144 GB
"""


def _run(*argv, cwd: Path, timeout=900) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in argv], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.slow
def test_installed_wheel_checks_and_serves_in_an_empty_folder(tmp_path):
    built = _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp_path / "dist",
                 ROOT, cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    wheel = next((tmp_path / "dist").glob("claimaudit-*.whl"))
    venv = tmp_path / "venv"
    assert _run(sys.executable, "-m", "venv", venv, cwd=tmp_path).returncode == 0
    installed = _run(venv / "bin" / "pip", "install", "-q", wheel, cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "article.yaml").write_text(CLAIMS, encoding="utf-8")
    command = venv / "bin" / "claimaudit"
    checked = _run(command, "check", "article.yaml", "--format", "json", cwd=empty)
    assert checked.returncode == 0, checked.stderr
    assert '"verdict": "consistent"' in checked.stdout

    port = _free_port()
    server = subprocess.Popen([str(command), "serve", "--workspace", "ws", "--port", str(port)],
                              cwd=empty, stderr=subprocess.PIPE, text=True)
    try:
        deadline, page = time.monotonic() + 120, None
        while time.monotonic() < deadline and page is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                    page = response.read().decode("utf-8")
            except OSError:
                time.sleep(0.5)
        assert page is not None and "Check an article" in page
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/workspace.js") as response:
            assert b"X-Partial" in response.read()
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert (empty / "ws").is_dir()
