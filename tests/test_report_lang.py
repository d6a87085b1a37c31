"""Report pages in the source's language (report --lang; labels in pipeline/data/labels.yaml)."""

from pathlib import Path

import pytest

from claimaudit.report.page_words import report_words
from claimaudit.report.views import page_language
from claimaudit.run import check_paths, write_reports

DATA = Path(__file__).parent / "data" / "report"


@pytest.mark.parametrize("tag, lang", [
    ("zh-Hant", "zh-Hant"), ("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant"), ("zh-Hant-TW", "zh-Hant"),
    ("zh-Hans", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh", "zh-Hans"), ("en", "en"), ("ja", "en"),
    (None, "en"),
])
def test_page_language(tag, lang):
    assert page_language(tag) == lang


def test_every_language_has_every_report_word():
    keys = set(report_words("en"))
    assert set(report_words("zh-Hant")) == keys == set(report_words("zh-Hans"))


@pytest.fixture(scope="module")
def run():
    return check_paths([DATA / "claims"], DATA / "specs")


def _page(run, tmp_path, lang, source):
    write_reports(run, tmp_path / "out", "2025-12-10", lang=lang)
    return (tmp_path / "out" / f"{source}.md").read_text(encoding="utf-8")


def test_a_chinese_source_gets_a_chinese_page_by_default(run, tmp_path):
    page = _page(run, tmp_path, None, "ithome-2025-12-04-trainium3")
    assert "## 逐項說明" in page and "2025-12-10 的查核。" in page
    assert "| 將近 4x |" in page                       # the qualifier word translated
    assert "| 不一致 (嚴重) |" in page
    assert "Claim by claim" not in page
    english = _page(run, tmp_path, None, "register-2025-12-02-trainium4")
    assert "## Claim by claim" in english


def test_lang_sets_every_source_page(run, tmp_path):
    page = _page(run, tmp_path, "zh-Hans", "register-2025-12-02-trainium4")
    assert "## 逐项说明" in page and "推算步骤：" in page
    assert ". 比值 = trn4\\_ultraserver.fp8\\_dense / " in page   # steps' fixed words
    assert "1. trainium3.chips = 1（单颗芯片）" in page
    assert "ratio = " not in page and "(a chip)" not in page
    forced = _page(run, tmp_path, "en", "ithome-2025-12-04-trainium3")
    assert "## Claim by claim" in forced and "nearly 4x" in forced
