"""Every fixed word of the reports in the page's language (pipeline/report/page_words.py, labels.yaml).

The bundled corpus plus a generated 400-claim source (so the source is split into parts, and
CHANGES.md, the index and the figures cut their lists with "N more") are reported twice: once to
have a previous run, then with edited claims and specs, with `--lang zh-Hant` and `zh-Hans`.
After the claim and spec text is taken out of every page (ids, quotes, notes, units, numbers,
titles, URLs, and the derivation steps and readings, which are data worded elsewhere), no
English word of the labels may be left. `--lang en` is checked byte for byte by the golden files
(tests/test_report.py) and the English pages of tests/test_report_lang.py.
"""

import html
import re
import shutil
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
import yaml

from claimaudit.core.yamlio import package_yaml
from claimaudit.engine.steps import say
from claimaudit.output.results import to_records
from claimaudit.report.page_words import fill, plural, report_words
from claimaudit.run import check_paths, write_reports

ROOT = Path(__file__).resolve().parent.parent
CHINESE = ("zh-Hant", "zh-Hans")
WORD = re.compile(r"[A-Za-z]{3,}")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
CODE = re.compile(r"`[^`]*`|[\w-]+\.(?:jsonld|json|md)\b")     # commands, fields, file names
NAMES = {"claimreview", "schema", "org", "json"}   # ClaimReview (schema.org JSON-LD): kept in zh
FIGURES = ("2,517 TFLOPS", "2.6 PFLOPS", "3 PFLOPS", "2 PFLOPS", "2.52 PFLOPS", "1 PFLOPS",
           "5 PFLOPS", "2.7 PFLOPS")
QUALIFIERS = (None, "up_to", "nearly", "more_than", "at_least", "roughly", "less_than",
              "just_over", "exact", "about")


def _strings(value):
    """Every text in a YAML value (mappings and lists walked)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _words(texts) -> set[str]:
    """Words of 3+ letters, outside placeholders, `code` and file names."""
    return {w.lower() for text in texts
            for w in WORD.findall(CODE.sub(" ", PLACEHOLDER.sub(" ", text)))}


def english_words() -> set[str]:
    """The English side's words, less the names the Chinese sides keep (ClaimReview)."""
    labels = package_yaml("labels.yaml")
    for lang in CHINESE:
        assert NAMES <= _words(_strings(labels[lang]))
    return _words(_strings(labels["en"])) - NAMES


def generated_source(directory: Path, first: int, last: int, edited: bool = False) -> None:
    """Claims g<first>..g<last - 1> about Trainium3's FP8 figure, most of them not borne out
    (so the page is split into parts), with every qualifier, some unverifiable (no sparse
    figure), some with two readings."""
    claims = []
    for i in range(first, last):
        figure = FIGURES[(i + edited) % len(FIGURES)]
        claim = {"id": f"g{i}", "quote": f"Trainium3 {figure}", "subject": "trainium3",
                 "metric": "fp8_sparse" if i % 10 == 9 else "fp8_dense", "claimed": figure}
        if QUALIFIERS[i % len(QUALIFIERS)]:
            claim["qualifier"] = QUALIFIERS[i % len(QUALIFIERS)]
        if i % 25 == 0:
            del claim["subject"]
            claim["interpretations"] = [{"subject": "trainium3"}, {"subject": "trainium2"}]
        claims.append(claim)
    document = {"source": {"id": "generated", "title": "Generated", "language": "en"},
                "claims": claims}
    (directory / "generated.yaml").write_text(yaml.safe_dump(document, sort_keys=False),
                                              encoding="utf-8")


SPEC_EDITS = [   # a revised fact, a superseded one, an added one, an entity field set
    ('{metric: fp8_dense, value: "2,517 TFLOPS", source: neuron-trainium3,',
     '{metric: fp8_dense, value: "2,600 TFLOPS", source: neuron-trainium3,'),
    # AWS's rounded per-chip figure follows the revision (one figure at two precisions, 10.2)
    ('{metric: fp8_dense, value: "2.52 PFLOPS", source: aiwire-2025-trainium3-ga,',
     '{metric: fp8_dense, value: "2.6 PFLOPS", source: aiwire-2025-trainium3-ga,'),
    ('{metric: hbm_capacity, value: "144 GiB", source: neuron-trainium3,',
     '{metric: hbm_capacity, value: "144 GiB", superseded: 2025-01-01, source: neuron-trainium3,'),
    ('      - {metric: fp32_dense, value: "183 TFLOPS", source: neuron-trainium3,',
     '      - {metric: fp64_dense, value: "10 TFLOPS", source: neuron-trainium3}\n'
     '      - {metric: fp32_dense, value: "183 TFLOPS", source: neuron-trainium3,'),
    ("    status: shipping\n    # No `sparsity` factor", "    status: shipping\n    sparsity: 4\n"
                                                          "    # No `sparsity` factor"),
]


def corpus(tmp: Path, second: bool) -> tuple[Path, Path]:
    claims, specs = tmp / "claims", tmp / "specs"
    shutil.rmtree(claims, ignore_errors=True)
    shutil.rmtree(specs, ignore_errors=True)
    shutil.copytree(ROOT / "claims", claims)
    shutil.copytree(ROOT / "specs", specs)
    if second:          # g0..g49 removed, g50..g709 (310 added), every figure shifted by one
        generated_source(claims, 50, 710, edited=True)
        text = (specs / "aws.yaml").read_text(encoding="utf-8")
        for old, new in SPEC_EDITS:
            assert text.count(old) == 1, old
            text = text.replace(old, new)
        (specs / "aws.yaml").write_text(text, encoding="utf-8")
    else:
        generated_source(claims, 0, 400)
    return claims, specs


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    """{lang: (reports dir, the second run)}: a first run in English, then each language."""
    tmp = tmp_path_factory.mktemp("lang")
    first = check_paths([corpus(tmp, False)[0]], tmp / "specs")
    write_reports(first, tmp / "first", "2025-12-10")
    second = check_paths([corpus(tmp, True)[0]], tmp / "specs")
    out = {}
    for lang in CHINESE:
        shutil.copytree(tmp / "first", tmp / lang)
        write_reports(second, tmp / lang, "2025-12-11", lang=lang)
        out[lang] = tmp / lang
    return out, second


def data_texts(run) -> list[str]:
    """The claim and spec text a page shows as written (and the steps, hints and readings in
    each language: data worded by pipeline/engine/steps.py and slip_words.py), longest first."""
    from claimaudit.run import spec_audit

    texts = []
    for record in to_records(run) + spec_audit(run)["sums"]:
        for key in ("source", "id", "quote", "translation", "note", "file", "subject",
                    "baseline", "metric", "expr", "reading", "steps", "hints", "missing",
                    "sources", "claimed", "derived", "alternatives", "explanations"):
            texts += [t for t in _strings(record.get(key)) if key != "alternatives" or
                      t not in report_words("en")["verdicts"]]
        worded = record["steps"] + record.get("hints", []) + [
            e["reading"] for e in record.get("explanations") or []]
        texts += [say(text, lang) for text in worded for lang in CHINESE]
    corpus = run.corpus
    for frame in (corpus.claim_sources, corpus.spec_sources, corpus.facts, corpus.entities):
        for column in frame.columns:
            texts += [str(v) for v in frame[column] if isinstance(v, (str, dict, list))]
    audit = spec_audit(run)
    texts += [t for item in audit["lint"] + audit["lint_accepted"] for t in _strings(item)]
    return sorted({t for t in texts if WORD.search(t)}, key=len, reverse=True)


def fixed_text(page: str, data: list[str]) -> str:
    """A page with the Markdown escapes, link targets, URLs and data text taken out."""
    page = html.unescape(re.sub(r"\\(.)", r"\1", page))
    page = re.sub(r"\]\([^)]*\)", "]", page)
    page = re.sub(r"https?://\S+", " ", page)
    for text in data:
        page = page.replace(text, " ")
    return page


def svg_text(path: Path) -> str:
    root = ElementTree.parse(path).getroot()
    return "\n".join(e.text or "" for e in root.iter() if e.tag.endswith("}text"))


@pytest.mark.parametrize("lang", CHINESE)
def test_no_english_fixed_word_is_left_on_a_chinese_page(reports, lang):
    out, run = reports
    data, english = data_texts(run), english_words()
    pages = {p.name: p.read_text(encoding="utf-8") for p in out[lang].glob("*.md")}
    pages.update({p.name: svg_text(p) for p in out[lang].glob("figures/*.svg")})
    assert {"index.md", "specs.md", "CHANGES.md", "generated.md", "generated.part-2.md",
            "generated.svg"} <= set(pages)
    left = {name: sorted(_words([fixed_text(text, data)]) & english)
            for name, text in pages.items()}
    assert {name: words for name, words in left.items() if words} == {}


@pytest.mark.parametrize("lang", CHINESE)
def test_the_cut_lists_and_parts_say_so_in_the_page_language(reports, lang):
    out, _ = reports
    w = report_words(lang)
    changes = (out[lang] / "CHANGES.md").read_text(encoding="utf-8")
    index = (out[lang] / "index.md").read_text(encoding="utf-8")
    part = (out[lang] / "generated.part-2.md").read_text(encoding="utf-8")
    assert w["added_heading"] in changes and w["removed_heading"] in changes
    assert fill(w["added_more"], n=10) in changes                  # 310 added, 300 listed
    assert w["verdict_changes_heading"] in changes
    assert re.search(re.escape(w["moved_more"]).replace(r"\{n\}", r"\d+"), changes)
    assert fill(w["why_edited"], fields=w["claim_fields"]["claimed"]) in changes
    assert w["change_kinds"]["revised"] in changes
    assert fill(w["change_superseded_from"], date="2025-01-01") in changes
    assert re.search(re.escape(w["majors_more"]).replace(r"\{n\}", r"\d+"), index)
    assert f"# Generated{fill(w['part_title'], part=2, total=2)}" in part
    assert fill(w["parts_intro"], n=2) in part
    for page in (changes, index, part):
        assert not re.search(r"\d to \d", page)              # the interval word too (2 letters)


def test_plural_and_fill():
    en, hant = report_words("en"), report_words("zh-Hant")
    assert plural(en["spec_sums"], 1) == "1 total checked against its parts"
    assert plural(en["spec_sums"], 3) == "3 totals checked against their parts"
    assert plural(hant["spec_sums"], 3) == "3 項總數已與其組成部分核對"
    assert fill(en["part_title"], part=2, total=5) == ", part 2 of 5"


def test_traditional_and_simplified_labels_are_each_in_their_own_script():
    """zh-Hans labels hold no Traditional character and zh-Hant none that only Simplified
    writes (來源/来源, 個/个, 數/数, 據/据), character by character (zhconv's tables)."""
    import zhconv

    labels = package_yaml("labels.yaml")
    for lang, target in (("zh-Hans", "zh-hans"), ("zh-Hant", "zh-hant")):
        wrong = {text for text in _strings(labels[lang]) if zhconv.convert(text, target) != text}
        assert wrong == set(), lang
