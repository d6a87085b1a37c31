"""Vendor unit spellings and Chinese number forms (pipeline/model/spellings.py, data/unit_spellings.yaml)."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimaudit.model.spellings import canonical_unit, chinese_numeral, rewrite_number
from claimaudit.model.units import UnitError, parse_quantity

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
    from claimaudit.output.results import to_records
    from claimaudit.run import check_paths

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


# -- every spelling in the table, and properties ----------------------------------------------

def _every_spelling():
    """(written unit, canonical unit) for every whole spelling and prefix x unit word."""
    from claimaudit.model.spellings import table

    data = table()
    pairs = [(w, c) for w, c in data["whole"].items()]
    prefixes = {**data["prefix_words"], **data["prefix_symbols"]}
    for word in ("flops", "FLOPs", "bytes per second", "bit/s", "Bps", "B/sec", "bps", "bytes"):
        unit = data["unit_words"]["exact"].get(word) or data["unit_words"]["any_case"][word.lower()]
        pairs += [(p + word, s + unit) for p, s in prefixes.items()]
    return pairs


@pytest.mark.parametrize("written, canonical", _every_spelling())
def test_every_spelling_reads_as_its_registry_unit(written, canonical):
    spelled, plain = parse_quantity(f"2.50 {written}"), parse_quantity(f"2.50 {canonical}")
    assert spelled.unit == (plain.unit if canonical else "")
    assert math.isclose(spelled.base, plain.base, rel_tol=1e-12)
    assert math.isclose(spelled.base_h, plain.base_h, rel_tol=1e-12)
    assert spelled.dimension == plain.dimension


def test_known_registry_factors_of_the_new_units():
    """Independent known answers: a minute is 60 s, an hour 3600 s, a petabit 1e15/8 bytes."""
    assert parse_quantity("1 min").base == 60
    assert parse_quantity("1 h").base == 3600
    assert parse_quantity("1 petabits per second").base == 1e15 / 8
    assert parse_quantity("1 exaflops").base == 1e18


def _numeral(n: int) -> str:
    """A plain Chinese numeral for 1..99,999,999 (the test's own writer, not the parser's)."""
    digits = "零一二三四五六七八九"

    def below_10000(m: int) -> str:
        out, zero = "", False
        for value, place in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
            d = m // value % 10
            if d:
                out += ("零" if zero and out else "") + digits[d] + place
                zero = False
            else:
                zero = True
        return out

    high, low = divmod(n, 10000)
    text = (below_10000(high) + "萬" if high else "") + (
        ("零" if high and low < 1000 and low else "") + below_10000(low) if low else "")
    return text


@settings(max_examples=300, deadline=None)
@given(n=st.integers(1, 99_999_999))
def test_chinese_numerals_read_back_as_their_value(n):
    text = _numeral(n)
    digits = chinese_numeral(text)
    assert float(digits) == n, text


@settings(max_examples=200, deadline=None)
@given(mantissa=st.integers(1, 10**6), decimals=st.integers(0, 3),
       spelling=st.sampled_from([("PFLOPs", "PFLOPS"), ("TBps", "TB/s"), ("GB/sec", "GB/s"),
                                 ("Tbit/s", "Tb/s"), ("Exaflops", "EFLOPS"), ("分鐘", "min")]))
def test_a_spelling_and_its_unit_give_the_same_quantity(mantissa, decimals, spelling):
    number = f"{mantissa / 10**decimals:.{decimals}f}"
    spelled, plain = parse_quantity(f"{number} {spelling[0]}"), parse_quantity(f"{number} {spelling[1]}")
    assert (spelled.value, spelled.h, spelled.base, spelled.base_h) == (
        plain.value, plain.h, plain.base, plain.base_h)


def test_spelled_units_are_answered_from_the_unit_cache_without_pint():
    """Spellings resolve to cached registry units: no pint import (0.5 s) for them."""
    import subprocess
    import sys

    code = ("import sys\nfrom claimaudit.model.units import parse_quantity\n"
            "for t in ['2 petaFLOPs', '1.5 分鐘', '7.2 TBps', '13 petabits per second', '兩倍',"
            " '3億 個', '1 Tbit/s', '2 hours', '900 GB/sec', '42.5 Exaflops']:\n"
            "    parse_quantity(t)\nprint('pint' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
