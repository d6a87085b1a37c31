"""The spec lint (pipeline/model/lint.py): known answers, and its place in `check` and specs.md."""

import pytest

from claimaudit.cli import main
from claimaudit.model.lint import accepted_findings, findings, quote_supports
from claimaudit.model.units import parse_quantity
from claimaudit.run import load_corpus
from conftest import DATA

LINT = DATA / "epi-lint"
F = "specs/lint.yaml"


def test_known_findings(monkeypatch):
    monkeypatch.chdir(LINT)
    found = [f"{p.file}:{p.line}: {p.message}" for p in findings(load_corpus([], LINT / "specs"))
             if p.file == F]
    assert found == [
        (f"{F}:12: chip_a.fp16_dense = 1307.4 TFLOPS [doc]: the quote does not contain its number "
        "and unit (1307.4 TFLOPS)"),
        (f"{F}:14: chip_a.hbm_capacity = 144 GiB [doc]: the quote does not contain its number and "
        "unit (144 GiB)"),
        (f"{F}:15: chip_a.scaleup_bandwidth = 1024 GB/s [doc]: the quote does not contain its "
        "number and unit (1024 GB/s)"),
        f"{F}:16: chip_a.power = 1 kW [doc]: no quote; quote the words that state it",
        (f"{F}:19: chip_a.hbm_bandwidth = 4.9 TB/s [news]: a press source where the vendor's own "
        "document exists (doc); cite that or mark this fact superseded"),
        f"{F}:25: chip_b.bf16_dense = 4 * chip_a.bf16_dense [doc]: the quote does not state 4",
        (f"{F}:26: chip_b.fp16_dense = 2 * chip_a.fp16_dense [doc]: an expression fact cites no "
        "quote for its inputs; quote the statement it is built on"),
    ]


@pytest.mark.parametrize("value, quote, table, supported", [
    ("2517 TFLOPS", "2,517 MXFP8/MXFP4 TFLOPS", False, True),     # a word between
    ("2517 TFLOPS", "2.517 PFLOPS", False, True),                 # another prefix, same value
    ("2.5 PFLOPS", "2.5 petaflops", False, True),                 # spelled prefix
    ("2.5 PFLOPS", "2.5 petaFLOPs", False, True),
    ("4.9 TB/s", "4.9 TBps", False, True),
    ("4.9 TB/s", "4.9 terabytes per second", False, True),
    ("900 GB/s", "900 GB/sec", False, True),
    ("12,000 GB/s", "12\u202f000 GB/s", False, True),             # thin-space separator
    ("144 GiB", "144 GB", False, False),                          # binary is not decimal
    ("3.2 Tbps", "3.2 TB/s", False, False),                       # bits are not bytes
    ("1307.4 TFLOPS", "BF16 - 1307.4", True, True),               # a table cell
    ("1307.4 TFLOPS", "BF16 - 1307.5", True, False),
    ("144 GiB", "１４４ GiB", False, True),                        # full-width digits
    ("720 PFLOPS", "Total FP8/FP6 Tensor Core | 2 720 PFLOPS", False, True),  # footnote mark
    ("1452 PFLOPS", "1 452 PFLOPS", False, True),                 # a plain-space group
])
def test_quote_supports(value, quote, table, supported):
    assert quote_supports(parse_quantity(value), quote, table) is supported


def test_check_prints_the_warnings_on_stderr(capsys, monkeypatch):
    monkeypatch.chdir(LINT)
    assert main(["check", "claims", "--specs", "specs"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 10 and all(": warning: " in line for line in err)
    assert err[0].startswith(f"{F}:12: warning: chip_a.fp16_dense")


def test_the_vendors_own_document_is_its_partys(monkeypatch):
    """A blog of another party is second-hand where the vendor's own document exists; a blog
    of the vendor's party is not, nor the vendor's own benchmark submission; the vendor's
    datasheet read through a relay (`via`) is second-hand; findings answered by
    `lint_accepted` are listed apart."""
    monkeypatch.chdir(LINT)
    corpus = load_corpus([], LINT / "specs")
    vendor = "specs/vendor.yaml"
    found = [f"{p.line}: {p.message}" for p in findings(corpus) if p.file == vendor]
    assert found == [
        "14: chip_v.fp8_dense = 100 TFLOPS [reseller-blog]: a blog of reseller source where the "
        "vendor's own document exists (acme-doc); cite that or mark this fact superseded",
        # rule 4 (CONTRACT 10.2): the reseller relays Acme's figure under its own party
        "14: chip_v.fp8_dense = 100 TFLOPS [reseller-blog]: a relay of whose figure? source "
        "'reseller-blog' (blog, party reseller) states acme-chips's figure; set `party: "
        "acme-chips` and `via: reseller`",
        "21: chip_v.fp16_dense = 50 TFLOPS [relayed-sheet]: a datasheet of acme-chips relayed by "
        "a forum source where the vendor's own document exists (own-benchmark); cite that or "
        "mark this fact superseded"]
    accepted = [(p.line, reason) for p, reason in accepted_findings(corpus) if p.file == vendor]
    assert accepted == [(18, "the vendor's figure, repeated"),
                        (19, "the document spells the number out")]
