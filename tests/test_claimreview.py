"""ClaimReview JSON-LD (pipeline/report/claimreview.py): the rating scale, JSON-LD expansion offline
with pyld and the bundled schema.org context, required properties, one pinned source."""

import json
import os
import shutil
from importlib import resources

import pytest
from pyld import jsonld

from claimaudit.report.claimreview import rating
from claimaudit.run import check_paths, write_reports
from conftest import DATA

EPI = DATA / "epi"
GOLDEN = EPI / "golden" / "chipnews-2025-04-15.jsonld"
UPDATE = os.environ.get("CLAIMAUDIT_UPDATE_GOLDEN") == "1"
S = "http://schema.org/"


@pytest.mark.parametrize("verdict, severity, basis, value", [
    ("consistent", None, "independent", 5),
    ("consistent", None, "mixed", 4),
    ("within_rounding", None, "independent", 4),
    ("consistent", None, "claimant", 3),
    ("within_rounding", None, "claimant", 3),
    ("ambiguous", None, None, 3),
    ("unverifiable", None, None, 3),
    ("inconsistent", "minor", "independent", 2),
    ("inconsistent", "major", "claimant", 1),
])
def test_rating_scale(verdict, severity, basis, value):
    assert rating(verdict, severity, basis)[0] == value


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    out = tmp_path_factory.mktemp("reports") / "reports"
    write_reports(check_paths([EPI / "claims"], EPI / "specs"), out, "2026-01-01")
    return out


def offline_loader(url, options=None):
    """schema.org's context from the package (pipeline/data), never from the network."""
    if url.rstrip("/") not in ("https://schema.org", "http://schema.org"):
        raise AssertionError(f"JSON-LD expansion asked for {url}")
    text = (resources.files("claimaudit") / "data" / "schemaorg-context.jsonld").read_text()
    return {"contextUrl": None, "documentUrl": url, "document": json.loads(text)}


def expanded(path):
    return jsonld.expand(json.loads(path.read_text(encoding="utf-8")),
                         {"documentLoader": offline_loader})


def one(node, name):
    values = node.get(S + name)
    assert values, f"missing {name}"
    return values[0]


def test_every_numeric_claim_has_a_valid_claimreview(reports):
    files = sorted((reports / "claimreview").iterdir())
    assert [f.name for f in files] == ["acme-2025-03-01-launch.jsonld", "chipnews-2025-04-15.jsonld"]
    results = json.loads((reports / "results.json").read_text(encoding="utf-8"))
    numeric = [r for r in results if r["kind"] != "qualitative"]
    reviews = [node for f in files for node in expanded(f)]
    assert len(reviews) == len(numeric) == 12
    for node in reviews:
        assert node["@type"] == [S + "ClaimReview"]
        assert one(node, "claimReviewed")["@value"]
        assert one(node, "datePublished")["@value"] == "2026-01-01"
        rating_node = one(node, "reviewRating")
        assert 1 <= one(rating_node, "ratingValue")["@value"] <= 5
        assert one(rating_node, "bestRating")["@value"] == 5
        assert one(rating_node, "worstRating")["@value"] == 1
        assert one(rating_node, "alternateName")["@value"]
        claim = one(node, "itemReviewed")
        assert claim["@type"] == [S + "Claim"]
        assert one(one(claim, "author"), "name")["@value"]
        assert one(one(claim, "appearance"), "url")["@id"].startswith("https://")
        assert one(claim, "datePublished")["@value"]


def test_claimant_and_basis_reach_the_rating(reports):
    graph = json.loads((reports / "claimreview" / "chipnews-2025-04-15.jsonld").read_text())["@graph"]
    by_name = {node["name"]: node for node in graph}
    own = by_name["chipnews-2025-04-15/fp8-3x"]
    assert own["itemReviewed"]["author"]["name"] == "Acme"
    assert own["reviewRating"]["ratingValue"] == 3
    assert by_name["chipnews-2025-04-15/cap-200"]["reviewRating"]["ratingValue"] == 5
    assert by_name["chipnews-2025-04-15/cap-200-own"]["itemReviewed"]["author"]["name"] == "Chip News"


def test_source_page_links_its_claimreview(reports):
    page = (reports / "chipnews-2025-04-15.md").read_text(encoding="utf-8")
    assert "(claimreview/chipnews-2025-04-15.jsonld)" in page


def test_one_source_matches_its_golden_file(reports):
    written = reports / "claimreview" / "chipnews-2025-04-15.jsonld"
    if UPDATE:
        GOLDEN.parent.mkdir(exist_ok=True)
        shutil.copyfile(written, GOLDEN)
    assert written.read_text(encoding="utf-8") == GOLDEN.read_text(encoding="utf-8"), \
        "update: CLAIMAUDIT_UPDATE_GOLDEN=1 pytest tests/test_claimreview.py"
