"""Vendor unit spellings and Chinese number forms (pipeline/spellings.py, data/unit_spellings.yaml)."""

import math

import pytest

from pipeline.spellings import canonical_unit, chinese_numeral, rewrite_number
from pipeline.units import UnitError, parse_quantity

SPELLED = [
    # as written, value, h (written unit), canonical unit, base value
    ("362 PFLOPs", 362, 0.5, "PFLOPS", 362e15),
    ("1.2 petaFLOPs", 1.2, 0.05, "PFLOPS", 1.2e15),
    ("2.5 petaflops", 2.5, 0.05, "PFLOPS", 2.5e15),
    ("4.6 PetaFLOPS", 4.6, 0.05, "PFLOPS", 4.6e15),
    ("42.5 Exaflops", 42.5, 0.05, "EFLOPS", 42.5e18),
    ("1 exaFLOPS", 1, 0.5, "EFLOPS", 1e18),
    ("20 ExaFLOPs", 20, 0.5, "EFLOPS", 20e18),
    ("918 TFLOPs", 918, 0.5, "TFLOPS", 918e12),
    ("10 teraflops", 10, 0.5, "TFLOPS", 10e12),
    ("5 Pflops", 5, 0.5, "PFLOPS", 5e15),
    ("7.2 TBps", 7.2, 0.05, "TB/s", 7.2e12),
    ("900 GB/sec", 900, 0.5, "GB/s", 900e9),
    ("900 GBps", 900, 0.5, "GB/s", 900e9),
    ("8 TB/sec", 8, 0.5, "TB/s", 8e12),
    ("1.6 Tbit/s", 1.6, 0.05, "Tb/s", 1.6e12 / 8),
    ("400 Gbit/s", 400, 0.5, "Gb/s", 400e9 / 8),
    ("13 petabits per second", 13, 0.5, "Pb/s", 13e15 / 8),
    ("3.2 terabits per second", 3.2, 0.05, "Tb/s", 3.2e12 / 8),
    ("800 Gbps", 800, 0.5, "Gbps", 800e9 / 8),
    ("1.8 terabytes per second", 1.8, 0.05, "TB/s", 1.8e12),
    ("288 gigabytes", 288, 0.5, "GB", 288e9),
    ("20.7 terabytes", 20.7, 0.05, "TB", 20.7e12),
    ("1,000 TOPS", 1000, 0.5, "TOPS", 1e15),
    ("120 kilowatts", 120, 0.5, "kW", 120e3),
    ("1.5 minutes", 1.5, 0.05, "min", 90),
    ("2 hours", 2, 0.5, "h", 7200),
]

CHINESE = [
    ("4倍", 4, 0.5, "x", 4),
    ("4 倍", 4, 0.5, "x", 4),
    ("4.4倍", 4.4, 0.05, "x", 4.4),
    ("兩倍", 2, 0.5, "x", 2),
    ("两倍", 2, 0.5, "x", 2),
    ("十倍", 10, 0.5, "x", 10),
    ("二十倍", 20, 0.5, "x", 20),
    ("減半", 0.5, 0.05, "x", 0.5),
    ("减半", 0.5, 0.05, "x", 0.5),
    ("翻倍", 2, 0.5, "x", 2),
    ("1.5 分鐘", 1.5, 0.05, "min", 90),
    ("1.5 分钟", 1.5, 0.05, "min", 90),
    ("五分鐘", 5, 0.5, "min", 300),
    ("10 秒", 10, 0.5, "s", 10),
    ("500 毫秒", 500, 0.5, "ms", 0.5),
    ("3 奈米", 3, 0.5, "nm", 3e-9),
    ("3 纳米", 3, 0.5, "nm", 3e-9),
    ("1.5萬", 15000, 500, "", 15000),
    ("1.5 万", 15000, 500, "", 15000),
    ("3億 個", 3e8, 0.5e8, "", 3e8),
    ("3 亿", 3e8, 0.5e8, "", 3e8),
    ("兩萬", 2e4, 5e3, "", 2e4),
    ("一億五千萬", 1.5e8, 5e3, "", 1.5e8),
    ("144 個", 144, 0.5, "", 144),
    ("132 千瓦", 132, 0.5, "kW", 132e3),
]


@pytest.mark.parametrize("text, value, h, unit, base", SPELLED + CHINESE)
def test_known_spellings(text, value, h, unit, base):
    quantity = parse_quantity(text)
    assert quantity.text == text                 # reports show the text as written
    assert math.isclose(quantity.value, value, rel_tol=1e-12)
    assert math.isclose(quantity.h, h, rel_tol=1e-12)
    assert quantity.unit == unit
    assert math.isclose(quantity.base, base, rel_tol=1e-12)


@pytest.mark.parametrize("written, canonical", [
    ("PFLOPs", "PFLOPS"), ("petaFLOPs", "PFLOPS"), ("Exaflops", "EFLOPS"), ("exaFLOPS", "EFLOPS"),
    ("TBps", "TB/s"), ("GB/sec", "GB/s"), ("Tbit/s", "Tb/s"), ("petabits per second", "Pb/s"),
    ("Gbps", "Gbps"), ("分鐘", "min"), ("倍", "x"),
    # already canonical, or not a spelling we know: unchanged
    ("TB", "TB"), ("GiB/s", "GiB/s"), ("ms", "ms"), ("parsec", "parsec"),
    # case of a symbol is meaning: 'Gb' is a gigabit, 'pflops' is no unit
    ("Gb/sec", "Gb/s"), ("pflops", "pflops"),
])
def test_canonical_units(written, canonical):
    assert canonical_unit(written) == canonical


@pytest.mark.parametrize("numeral, digits", [
    ("一", "1"), ("十", "10"), ("十二", "12"), ("二十", "20"), ("一百二十", "120"),
    ("三千", "3000"), ("兩萬", "2e4"), ("一千萬", "1000e4"), ("三億", "3e8"),
    ("一萬二千", "12000"), ("一億五千萬", "15000e4"),
])
def test_chinese_numerals(numeral, digits):
    assert chinese_numeral(numeral) == digits


def test_text_without_chinese_forms_is_unchanged():
    for text in ("20.7 TB", "4.4x", "+40%", "1e6", "9,216"):
        assert rewrite_number(text) == text


def test_bits_and_bytes_keep_their_case():
    assert parse_quantity("8 Gbit/s").base == parse_quantity("1 GB/sec").base


@pytest.mark.parametrize("text, message", [
    ("3 tops", "unknown unit 'tops' (did you mean TOPS?)"),
    ("1 XFLOPS", "unknown unit 'XFLOPS' (did you mean FLOPS or TFLOPS?)"),
    ("1 TB/z", "unknown unit 'TB/z' (did you mean TB/s or TiB/s?)"),
    ("2 parsecs", "unknown unit 'parsecs'"),
])
def test_unknown_units_suggest_the_nearest(text, message):
    with pytest.raises(UnitError) as info:
        parse_quantity(text)
    assert str(info.value) == message


def test_a_claim_and_a_fact_written_with_vendor_spellings_check(tmp_path):
    """Spellings work end to end: in a spec fact, in a claim, and the report keeps them."""
    from pipeline.results import to_records
    from pipeline.run import check_paths

    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "s.yaml").write_text(
        "sources:\n  - {id: ds, title: Datasheet}\n"
        "entities:\n  - id: chipx\n    kind: chip\n    facts:\n"
        "      - {metric: fp8_dense, value: 2.5 petaFLOPs, source: ds}\n"
        "      - {metric: hbm_bandwidth, value: 8 TBps, source: ds}\n"
        "  - id: chipy\n    kind: chip\n    facts:\n"
        "      - {metric: fp8_dense, value: 1.25 PFLOPS, source: ds}\n", encoding="utf-8")
    (tmp_path / "c.yaml").write_text(
        "source: {id: art, title: Article, language: zh-Hant}\nclaims:\n"
        "  - {id: a, quote: q, subject: chipx, metric: fp8_dense, claimed: 2500 TFLOPs}\n"
        "  - {id: b, quote: q, subject: chipx, metric: hbm_bandwidth, claimed: \"8,000 GB/sec\"}\n"
        "  - {id: c, quote: q, subject: chipx, baseline: chipy, metric: fp8_dense, claimed: 兩倍}\n",
        encoding="utf-8")
    records = to_records(check_paths([tmp_path / "c.yaml"], tmp_path / "specs"))
    assert [(r["id"], r["verdict"], r["claimed"]["text"]) for r in records] == [
        ("a", "consistent", "2500 TFLOPs"), ("b", "consistent", "8,000 GB/sec"),
        ("c", "consistent", "兩倍")]
