"""The one-article HTML page (pipeline/report/html_page.py, `check --format html`): strict HTML,
every text escaped, ClaimReview embedded and fit to publish, links that resolve, exact errors."""

import json
import re
from html.parser import HTMLParser

import html5lib
import pytest

from claimaudit.cli import main
from claimaudit.report.claimreview import SUMMARY_LIMIT, claimant_name, summary
from conftest import DATA

EPI = DATA / "epi"
HOSTILE = '</script><script>alert(1)</script><b onmouseover="x">&amp;'


class Links(HTMLParser):
    """Every href/src, every id, and the JSON-LD scripts' text of a page."""

    def __init__(self):
        super().__init__()
        self.links, self.ids, self.json_ld, self.scripts, self._in_ld = [], set(), [], 0, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.links += [attrs[k] for k in ("href", "src") if k in attrs]
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "script":
            self.scripts += 1
            self._in_ld = attrs.get("type") == "application/ld+json"

    def handle_endtag(self, tag):
        self._in_ld = False

    def handle_data(self, data):
        if self._in_ld:
            self.json_ld.append(data)


def assert_valid_page(text: str) -> Links:
    """Strict HTML5 parse (html5lib raises on the first parse error), one JSON-LD script and
    no other, and every link either absolute http(s) or an anchor on the page."""
    html5lib.HTMLParser(strict=True).parse(text)
    found = Links()
    found.feed(text)
    assert found.scripts == len(found.json_ld) <= 1
    for link in found.links:
        if link.startswith("#"):
            assert link[1:] in found.ids, link
        else:
            assert re.match(r"https?://", link), link
    return found


def page(capsys, tmp_path, claims, *extra, pyproject=None):
    (tmp_path / "pyproject.toml").write_text(pyproject or "", encoding="utf-8")
    status = main(["check", str(claims), "--specs", str(EPI / "specs"), "--format", "html", *extra])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_page_is_strict_html_with_claimreview(capsys, in_tmp):
    pyproject = ('[tool.claimaudit]\nbase_url = "https://news.example/checks"\n'
                 'reviewer = {name = "Example Desk", url = "https://news.example/"}\n')
    status, out, _ = page(capsys, in_tmp, EPI / "claims" / "chipnews.yaml", pyproject=pyproject)
    assert status == 0
    found = assert_valid_page(out)
    graph = json.loads(found.json_ld[0])["@graph"]
    assert len(graph) == 8                              # every claim but the qualitative one
    for review in graph:
        assert review["url"].startswith("https://news.example/checks/chipnews-2025-04-15.html#")
        assert review["author"] == {"@type": "Organization", "name": "Example Desk",
                                    "url": "https://news.example/"}
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", review["datePublished"])
        assert review["inLanguage"] == "en"
        assert len(review["claimReviewed"]) <= SUMMARY_LIMIT
    by_name = {r["name"]: r for r in graph}
    assert by_name["chipnews-2025-04-15/fp8-3x"]["itemReviewed"]["author"]["name"] == "Acme"
    assert 'id="bw-4p7"' in out and "<svg" in out


def test_every_text_is_escaped(capsys, in_tmp):
    claims = in_tmp / "hostile.yaml"
    text = (EPI / "claims" / "chipnews.yaml").read_text(encoding="utf-8")
    claims.write_text(text.replace('"Acme says 4.7 TB/s"', json.dumps(HOSTILE))
                      .replace("What Acme says about Widget2", "<i>Title</i>"), encoding="utf-8")
    status, out, _ = page(capsys, in_tmp, claims)
    assert status == 0
    assert "<script>alert" not in out and "<b onmouseover" not in out and "<i>Title" not in out
    assert "&lt;b onmouseover=&#34;x&#34;&gt;&amp;amp;" in out
    found = assert_valid_page(out)
    quotes = [r["itemReviewed"]["text"] for r in json.loads(found.json_ld[0])["@graph"]]
    assert HOSTILE in quotes                           # the JSON-LD keeps the text as written


def test_several_articles_exit_2(capsys, in_tmp):
    status, out, err = page(capsys, in_tmp, EPI / "claims")
    assert (status, out) == (2, "")
    assert err == ("claimaudit: --format html makes a page of one article; 2 sources given "
                   "(acme-2025-03-01-launch, chipnews-2025-04-15): check one claim file at a time\n")


def test_summary_cuts_at_a_word():
    long = "each Trainium3 UltraServer features 20.7 TB of HBM3E and a great many other things too"
    cut = summary(long)
    assert len(cut) <= SUMMARY_LIMIT and cut.endswith("…") and long.startswith(cut[:-1])
    assert summary("short  text\n") == "short text"


@pytest.mark.parametrize("slug, names, shown", [
    ("the-register", {}, "The Register"), ("aws", {"aws": "AWS"}, "AWS"), (None, {}, None)])
def test_claimant_names(slug, names, shown):
    assert claimant_name(slug, names) == shown


def test_page_needs_no_network_to_render(capsys, in_tmp):
    """Self-contained: no stylesheet, script or image is fetched."""
    _, out, _ = page(capsys, in_tmp, EPI / "claims" / "chipnews.yaml")
    assert "<link" not in out and "<img" not in out and "@import" not in out


def test_embedded_claimreview_expands_as_json_ld(capsys, in_tmp):
    from pyld import jsonld
    from test_claimreview import S, offline_loader

    _, out, _ = page(capsys, in_tmp, EPI / "claims" / "chipnews.yaml")
    document = json.loads(assert_valid_page(out).json_ld[0])
    nodes = jsonld.expand(document, {"documentLoader": offline_loader})
    assert len(nodes) == 8 and all(node["@type"] == [S + "ClaimReview"] for node in nodes)
