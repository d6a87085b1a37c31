"""An adversarial pass over the classes of issue 22: generated cases, each run in a fresh
temporary project, checked for a traceback, a hang (60 s), data loss and injection.

    python benchmarks/adversarial.py [--quick]

Prints one line per class (cases, failures) and every failure; exit 1 when any case fails.
Classes: ownership (forged manifests), leftovers, names (ids and paths), terminal (escape
sequences in every shown field), markdown (autolinks), csv (formulas), limits (decoded size),
drafting (pathological articles), numbers (drafts that must check), streams (encodings, closed
and full streams), tables (line ends, headers), dates (time zones), nfc (normalisation).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import traceback
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MINI = ROOT / "tests" / "data" / "mini"
HIDDEN = ("\x1b", "\x07", "\u202e", "\u2066", "\u200b", "\x9b")
CASES: dict[str, list] = defaultdict(list)


def case(kind: str):
    def register(function):
        CASES[kind].append(function)
        return function
    return register


class Project:
    """A temporary claimaudit project: mini specs and claims, run in-process."""

    def __init__(self, root: Path):
        self.root = root
        shutil.copytree(MINI / "specs", root / "specs")
        shutil.copytree(MINI / "claims", root / "claims")

    def run(self, *argv: str) -> tuple[int, str, str]:
        from claimaudit.cli import main

        out, err = io.StringIO(), io.StringIO()
        old = os.getcwd()
        os.chdir(self.root)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = main(list(argv))
        finally:
            os.chdir(old)
        text = out.getvalue() + err.getvalue()
        assert "Traceback" not in text, text[-2000:]
        assert status in (0, 1, 2), status
        return status, out.getvalue(), err.getvalue()

    def report(self, out: str = "reports") -> tuple[int, str, str]:
        return self.run("report", "--claims", "claims", "--specs", "specs", "--out", out,
                        "--date", "2025-12-10")


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# -- ownership: forged manifests ------------------------------------------------------------------

USER_FILES = {".gitkeep": b"", ".git/HEAD": b"ref: refs/heads/main\n", "notes.md": b"mine\n",
              "old-source.md": b"old\n", "figures/mine.svg": b"<svg/>", "index.md.orig": b"x",
              "claimreview/x.jsonld": b"{}", "a/b/c/d.txt": b"deep", "README": b"read me",
              "results.json.bak": b"[]"}
FORGERIES = {
    "true hashes": lambda rel, data: {rel: sha(data)},
    "dot path": lambda rel, data: {"./" + rel: sha(data)},
    "parent path": lambda rel, data: {"x/../" + rel: sha(data)},
    "absolute": lambda rel, data: {"/" + rel: sha(data)},
    "trailing newline": lambda rel, data: {rel + "\n": sha(data)},
    "upper case": lambda rel, data: {rel.upper(): sha(data)},
    "folder": lambda rel, data: {rel.split("/")[0]: sha(data)},
    "not text": lambda rel, data: {rel: [sha(data)]},
}


def _ownership_case(rel: str, data: bytes, forgery: str):
    def run(root: Path) -> None:
        project = Project(root)
        project.report()
        out = root / "reports"
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(data)
        manifest = json.loads((out / ".claimaudit-reports.json").read_text(encoding="utf-8"))
        manifest["files"].update(FORGERIES[forgery](rel, data))
        (out / ".claimaudit-reports.json").write_text(json.dumps(manifest), encoding="utf-8")
        for _ in range(2):
            project.report()
            assert (out / rel).read_bytes() == data, f"{rel} lost"
    run.__name__ = f"ownership: {forgery} of {rel}"
    return run


def _register_ownership(quick: bool) -> None:
    forgeries = list(FORGERIES)[:3] if quick else list(FORGERIES)
    for rel, data in USER_FILES.items():
        for forgery in forgeries:
            CASES["ownership"].append(_ownership_case(rel, data, forgery))


@case("ownership")
def symlink_and_hard_link_listed(root: Path) -> None:
    project = Project(root)
    project.report()
    out, precious = root / "reports", root / "precious.txt"
    precious.write_bytes(b"precious")
    (out / "link.md").symlink_to(precious)
    os.link(precious, out / "hard.md")
    manifest = json.loads((out / ".claimaudit-reports.json").read_text(encoding="utf-8"))
    manifest["files"].update({"link.md": sha(b"precious"), "hard.md": sha(b"precious")})
    (out / ".claimaudit-reports.json").write_text(json.dumps(manifest), encoding="utf-8")
    project.report()
    assert precious.read_bytes() == b"precious" and (out / "hard.md").read_bytes() == b"precious"
    assert (out / "link.md").is_symlink()


# -- leftovers ---------------------------------------------------------------------------------------

for _name in (".reports.claimaudit-backup-2025", ".reports.claimaudit-new-x",
              ".reports.claimaudit-old-0123456789abcdef-0123456789abcdef",
              ".reports.claimaudit-new-0123456789abcdef-ffffffffffffffff", ".reports.claimaudit-"):
    def _leftover(root: Path, name=_name) -> None:
        project = Project(root)
        project.report()
        shutil.copytree(root / "reports", root / name, symlinks=True)
        before = sorted(os.listdir(root / name))
        for _ in range(2):
            project.report()
        assert sorted(os.listdir(root / name)) == before, f"{name} changed"
    _leftover.__name__ = f"leftovers: {_name}"
    CASES["leftovers"].append(_leftover)


for _mode in (0o700, 0o750, 0o755, 0o2770, 0o1777):
    def _mode_case(root: Path, mode=_mode) -> None:
        project = Project(root)
        project.report()
        os.chmod(root / "reports", mode)
        project.report()
        assert (root / "reports").stat().st_mode & 0o7777 == mode
    _mode_case.__name__ = f"leftovers: folder mode {oct(_mode)} kept"
    CASES["leftovers"].append(_mode_case)


# -- names -----------------------------------------------------------------------------------------

BAD_IDS = ["evil\\n", "evil\\r", "a/b", "../x", "x\\u0000", "Evil", "e vil", "-x", "x" * 200,
           "évil", "evil\\u2028", "index", "a.b", "\\u202eevil", "con", ""]
for _field in ("source", "claim", "subject"):
    for _bad in BAD_IDS:
        def _name_case(root: Path, field=_field, bad=_bad) -> None:
            project = Project(root)
            source, claim, subject = "s", "a", "chipa"
            if field == "source":
                source = bad
            elif field == "claim":
                claim = bad
            else:
                subject = bad
            (root / "claims" / "z.yaml").write_text(
                f'source: {{id: "{source}", title: T}}\nclaims:\n'
                f'  - {{id: "{claim}", subject: "{subject}", metric: power, claimed: "1,000 W", '
                'quote: q}\n', encoding="utf-8")
            status, _, _ = project.run("check", "claims", "--specs", "specs")
            project.report()
            for path in (root / "reports").rglob("*") if (root / "reports").exists() else []:
                assert "\n" not in path.name and "\r" not in path.name, path
            assert not (root / "x").exists() and not (root.parent / "x.md").exists()
        _name_case.__name__ = f"names: {_field} id {_bad[:20]!r}"
        CASES["names"].append(_name_case)


# -- terminal ---------------------------------------------------------------------------------------

ESCAPES = ["\\e]8;;https://evil\\a", "\\e[2J", "\\e[31m", "\\u202e", "\\u2066", "\\u200b",
           "\\a", "\\x9b2J"]
for _where in ("name", "alias", "quote", "title", "note"):
    for _escape in ESCAPES:
        def _terminal_case(root: Path, where=_where, escape=_escape) -> None:
            project = Project(root)
            text = f"X{escape}Y"
            with open(root / "specs" / "mini.yaml", "a", encoding="utf-8") as spec:
                spec.write(f'  - id: evil\n    name: "{text if where == "name" else "Evil"}"\n'
                           f'    kind: chip\n    aliases: ["{text if where == "alias" else "EvilA"}"]\n'
                           f'    facts:\n      - {{metric: power, value: 1 W, source: src-a, '
                           f'quote: "{text}"}}\n')
            (root / "claims" / "z.yaml").write_text(
                f'source: {{id: s, title: "{text if where == "title" else "T"}"}}\nclaims:\n'
                f'  - {{id: a, subject: evil, metric: power, claimed: 1 W, quote: "{text}", '
                f'note: "{text}"}}\n', encoding="utf-8")
            outputs = [project.run("check", "claims", "--specs", "specs")[1],
                       project.run("explain", "s/a", "--claims", "claims", "--specs", "specs")[1],
                       project.run("entities", "--specs", "specs")[1],
                       project.run("facts", "evil", "--specs", "specs")[1]]
            for output in outputs:
                assert not any(c in output for c in HIDDEN), repr(output[:300])
        _terminal_case.__name__ = f"terminal: {_escape} in {_where}"
        CASES["terminal"].append(_terminal_case)


# -- markdown ---------------------------------------------------------------------------------------

LINKY = ["me@example.com", "mailto:me@example.com", "xmpp:me@example.com", "http://x.org",
         "https://x.org/a?b", "ftp://x.org", "www.example.com", "WWW.EXAMPLE.COM", "@user",
         "a.b@c.d.ef", "x+tag@mail.example.org", "me@example.com.", "<https://x.org>",
         "[t](https://x.org)", "![i](https://x.org/i.png)", "javascript:alert(1)",
         "<a href='https://x.org'>x</a>", "https\\://x.org", "me\\@example.com", "irc://x.org"]
for _text in LINKY:
    def _markdown_case(root: Path, text=_text) -> None:
        import cmarkgfm

        from claimaudit.output.markdown import cell
        from claimaudit.output.markdown import text as prose

        for rendered in (cell(text), prose(text)):
            html = cmarkgfm.github_flavored_markdown_to_html(f"| a |\n|---|\n| {rendered} |\n\n"
                                                             f"{rendered}\n")
            assert "<a " not in html and "<img" not in html, (text, html)
    _markdown_case.__name__ = f"markdown: {_text}"
    CASES["markdown"].append(_markdown_case)


# -- csv --------------------------------------------------------------------------------------------

FORMULAS = ["+40%", "-40%", "=1+1", "@SUM(A1)", "=HYPERLINK(\"http://x\")", "\t=1", "+1 TB",
            "-1x", "＝1", "＋1"]
for _claimed in FORMULAS:
    def _csv_case(root: Path, claimed=_claimed) -> None:
        import csv

        project = Project(root)
        (root / "claims" / (claimed.replace("/", "_") + ".yaml")).write_text(
            f'source: {{id: s, title: T}}\nclaims:\n  - {{id: a, subject: chipa, baseline: chipb, '
            f'metric: fp8_dense, claimed: "{claimed}", quote: q}}\n', encoding="utf-8")
        status, out, _ = project.run("check", "claims", "--specs", "specs", "--format", "csv")
        for row in csv.reader(io.StringIO(out)):
            for value in row:
                assert not value.startswith(("=", "+", "-", "@", "\t", "\r", "＝", "＋")), value
    _csv_case.__name__ = f"csv: claimed {_claimed!r}"
    CASES["csv"].append(_csv_case)


# -- limits -----------------------------------------------------------------------------------------

def _table(root: Path, name: str, content: bytes) -> None:
    (root / "claims" / name).write_bytes(content)


LIMIT_TABLES = {
    "200k columns": lambda: (",".join(f"c{i}" for i in range(200_000)) + "\n").encode(),
    "160k repeated columns": lambda: (",".join(["a"] * 160_000) + "\n").encode(),
    "30k-character cell": lambda: b"source,source_title,id,quote\ns,T,a,\"" + b"q" * 30_000 + b"\"\n",
    "100k unknown columns": lambda: (",".join(["source", "id", "quote"] +
                                              [f"u{i}" for i in range(100_000)]) + "\n").encode(),
    "CR only": lambda: b"source,source_title,id,quote,subject,metric,claimed\rs,T,a,q,chipa,power,1 kW\r",
    "CR LF": lambda: b"source,source_title,id,quote,subject,metric,claimed\r\ns,T,a,q,chipa,power,1 kW\r\n",
    "lone CR in a cell": lambda: b"source,source_title,id,quote\ns,T,a,\"x\ry\"\n",
    "NUL bytes": lambda: b"source,id,quote\x00\ns,a,q\n",
    "BOM only": lambda: b"\xef\xbb\xbf",
    "unbalanced quote": lambda: b"source,source_title,id,quote\ns,T,a,\"never closed\n",
}
for _label, _make in LIMIT_TABLES.items():
    def _limit_case(root: Path, make=_make) -> None:
        project = Project(root)
        _table(root, "t.csv", make())
        status, _, err = project.run("check", "claims", "--specs", "specs")
        assert len(err) < 200_000, len(err)
    _limit_case.__name__ = f"limits: {_label}"
    CASES["limits"].append(_limit_case)

for _rows in (1_000_001, 3_000_000):
    def _parquet_case(root: Path, rows=_rows) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        project = Project(root)
        pq.write_table(pa.table({n: pa.array(["x"] * rows) for n in ("source", "id", "quote")}),
                       root / "claims" / "bomb.parquet", compression="zstd")
        status, _, err = project.run("check", "claims", "--specs", "specs")
        assert status == 2 and ":0: table too large" in err, err[:300]
    _parquet_case.__name__ = f"limits: Parquet of {_rows:,} rows"
    CASES["limits"].append(_parquet_case)


# -- drafting ---------------------------------------------------------------------------------------

ARTICLES = {
    "+40% x 1,600": "+40% " * 1600, "unclosed <": "x < y " * 40_000,
    "unclosed lb-trans": '<div class="lb-trans">' * 10_000, "1 TB sentences": "It has 1 TB. " * 20_000,
    "一 x 128,000": "一" * 128_000, "Arabic": "يبلغ الأداء ٤٠ بالمئة " * 1500,
    "comments": "<!-- 1 TB " * 20_000, "scripts": "<script>4 TB</script>" * 5000,
    "nested divs": "<div>" * 20_000 + "4 TB" + "</div>" * 20_000,
    "stray closers": "</span>" * 20_000 + "4 TB", "分之 runs": ("一" * 50 + "分之") * 3000,
    "翻 runs": ("翻" + "一" * 50) * 3000, "long word": "A" * 300_000 + " 4 TB",
    "one huge sentence of numbers": ", ".join(f"{i} GB" for i in range(20_000)),
}
for _label, _text in ARTICLES.items():
    def _draft_case(root: Path, text=_text) -> None:
        project = Project(root)
        (root / "a.txt").write_text(text, encoding="utf-8")
        status, out, _ = project.run("draft", "a.txt", "--specs", "specs")
        assert status == 0 and len(out) < 5_000_000, len(out)
    _draft_case.__name__ = f"drafting: {_label}"
    CASES["drafting"].append(_draft_case)


# -- numbers: a draft must always check -----------------------------------------------------------

NUMERALS = ["一" + "億" * n + "顆" for n in (10, 30, 37, 38, 39, 80)] + [
    "9" * 400 + " TB", "1e308 TB", "1" + "0" * 45 + " GB", "0.000000000000001 TB",
    "999,999,999,999,999,999,999 GB", "Chip A has 4 TB/s and 1e999 TFLOPS",
    "１２３４５６７８９０１２３４５６７８９０１２３ TB", "三万亿亿亿 TB", "two hundred million billion TB",
    "50x" * 100, "٤٠٠٠٠٠٠٠٠٠٠٠٠٠٠٠٠٠٠٠٠٠ TB", "Chip A 10^400 TB"]
for _text in NUMERALS:
    def _number_case(root: Path, text=_text) -> None:
        project = Project(root)
        shutil.rmtree(root / "claims")
        (root / "claims").mkdir()
        (root / "a.txt").write_text(text, encoding="utf-8")
        status, out, _ = project.run("draft", "a.txt", "--specs", "specs")
        assert status == 0
        (root / "claims" / "d.yaml").write_text(out, encoding="utf-8")
        status, _, err = project.run("check", "claims", "--specs", "specs")
        assert status == 0, err[:500]
    _number_case.__name__ = f"numbers: {_text[:24]!r}"
    CASES["numbers"].append(_number_case)


# -- streams (real processes) -------------------------------------------------------------------------

def _process(root: Path, shell: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", shell], cwd=root, capture_output=True, timeout=120,
                          env={**os.environ, "MPLCONFIGDIR": str(root / "mpl"), **(env or {})})


STREAMS = {
    "ascii check": ("{py} -m claimaudit check", {"PYTHONIOENCODING": "ascii"}, (0, 1)),
    "latin-1 entities": ("{py} -m claimaudit entities", {"PYTHONIOENCODING": "latin-1"}, (0,)),
    "C locale draft": ("printf '一百萬個晶片，4 TB…' > a.txt; {py} -m claimaudit draft a.txt",
                       {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}, (0,)),
    "closed stdout": ("{py} -m claimaudit check >&-", {}, (0, 1)),
    "closed stderr": ("{py} -m claimaudit check 2>&-", {}, (0, 1)),
    "closed stdin": ("{py} -m claimaudit check <&-", {}, (0, 1)),
    "all closed report": ("{py} -m claimaudit report --out r <&- >&- 2>&-", {}, (0, 1)),
    "full disk": ("{py} -m claimaudit check > /dev/full", {}, (2,)),
    "file size limit": ("ulimit -f 1; {py} -m claimaudit check --format json > o", {}, (2,)),
    "broken pipe json": ("{py} -m claimaudit check --format json | head -c 1", {}, (0,)),
    "broken pipe help": ("{py} -m claimaudit --help | head -c 1", {}, (0,)),
    "broken pipe entities": ("{py} -m claimaudit entities | head -c 1", {}, (0,)),
    "removed cwd": ("mkdir g && cd g && rmdir ../g && {py} -m claimaudit check", {}, (2,)),
    "stdout is a directory": ("{py} -m claimaudit check > /dev/null 1<&-", {}, (0, 1)),
    "explain to full": ("{py} -m claimaudit explain mini-direct/chipa-fp8 > /dev/full", {}, (2,)),
}
for _label, (_shell, _env, _codes) in STREAMS.items():
    def _stream_case(root: Path, shell=_shell, env=_env, codes=_codes) -> None:
        Project(root)
        done = _process(root, "set -o pipefail; " + shell.format(py=sys.executable), env)
        assert done.returncode in codes, (done.returncode, done.stderr[-500:])
        assert b"Traceback" not in done.stderr and b"Exception ignored" not in done.stderr
        assert done.stderr.count(b"\n") < 40
    _stream_case.__name__ = f"streams: {_label}"
    CASES["streams"].append(_stream_case)


# -- dates and nfc --------------------------------------------------------------------------------------

for _zone in ("Pacific/Kiritimati", "Etc/GMT+12", "Asia/Kolkata", "America/St_Johns", "UTC"):
    def _zone_case(root: Path, zone=_zone) -> None:
        Project(root)
        done = _process(root, f"{sys.executable} -m claimaudit check --format json > out.json",
                        {"TZ": zone})
        base = _process(root, f"{sys.executable} -m claimaudit check --format json > base.json",
                        {"TZ": "UTC"})
        assert done.returncode == base.returncode
        assert (root / "out.json").read_bytes() == (root / "base.json").read_bytes()
    _zone_case.__name__ = f"dates: TZ={_zone}"
    CASES["dates"].append(_zone_case)

for _pair in (("Caf\u00e9", "Cafe\u0301"), ("\u00c5", "A\u030a"), ("\u1e9b\u0323", "\u017f\u0323\u0307"),
              ("\uac00", "\u1100\u1161"), ("ｶ", "ｶ")):
    def _nfc_case(root: Path, pair=_pair) -> None:
        project = Project(root)
        with open(root / "specs" / "mini.yaml", "a", encoding="utf-8") as spec:
            spec.write(f'  - id: n1\n    name: N1\n    kind: chip\n    aliases: ["{pair[0]} X"]\n'
                       f'  - id: n2\n    name: N2\n    kind: chip\n    aliases: ["{pair[1]} X"]\n')
        status, _, err = project.run("check", "claims", "--specs", "specs")
        assert status == 2 and "also names entity" in err, err[:300]
    _nfc_case.__name__ = f"nfc: {_pair[0]!a} vs {_pair[1]!a}"
    CASES["nfc"].append(_nfc_case)


# -- the runner ------------------------------------------------------------------------------------------

def _alarm(signum, frame):
    raise TimeoutError("hang: over 60 s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer forged-manifest variants")
    parser.add_argument("--only", help="run one class")
    args = parser.parse_args()
    _register_ownership(args.quick)
    os.environ.setdefault("XDG_STATE_HOME", tempfile.mkdtemp(prefix="claimaudit-state-"))
    signal.signal(signal.SIGALRM, _alarm)
    failures, total = [], 0
    for kind, cases in sorted(CASES.items()):
        if args.only and kind != args.only:
            continue
        failed = 0
        for run in cases:
            total += 1
            with tempfile.TemporaryDirectory(prefix="adversarial-") as folder:
                signal.alarm(60)
                try:
                    run(Path(folder))
                except BaseException as exc:            # noqa: BLE001 - every failure is a finding
                    failed += 1
                    detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
                    failures.append(f"{run.__name__}: {detail[:400]}")
                finally:
                    signal.alarm(0)
        print(f"{kind:10} {len(cases):4} cases  {failed} failed", flush=True)
    print(f"total      {total:4} cases  {len(failures)} failed")
    for failure in failures:
        print("  " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
