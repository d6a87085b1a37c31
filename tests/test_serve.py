"""The workspace server (pipeline/serve/) under hostile requests, with Starlette's TestClient:
foreign Origin and cross-site requests, Host rebinding, path traversal in every field that
becomes a path, a 100 MB upload, concurrent saves, files it did not write, escaping."""

import json
import threading
from pathlib import Path

import pytest
import yaml
from starlette.testclient import TestClient

from claimaudit.serve.app import UPLOAD_LIMIT, create_app
from claimaudit.serve.safety import allowed_hosts
from conftest import DATA

ARTICLE = (DATA / "workspace" / "aws-trn3-excerpt.txt").read_text(encoding="utf-8")
BASE = "http://127.0.0.1:8321"
ORIGIN = {"Origin": BASE}
SID = "aws-trn3"


def client_for(root: Path) -> TestClient:
    return TestClient(create_app(root, "127.0.0.1", 8321), base_url=BASE)


def files_under(root: Path) -> dict:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def workspace(tmp_path):
    root = tmp_path / "ws"
    root.mkdir()
    client = client_for(root)
    response = client.post("/paste", data={"article": ARTICLE, "source_id": SID,
                                           "url": "https://example.com/trn3"},
                           headers=ORIGIN, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == f"/a/{SID}"
    return root, client


def test_foreign_origin_and_cross_site_are_refused(tmp_path):
    client = client_for(tmp_path)
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "http://127.0.0.1:9999"},
                    {"Origin": "null"}, {"Sec-Fetch-Site": "cross-site"}):
        response = client.post("/paste", data={"article": ARTICLE}, headers=headers)
        assert response.status_code == 403, headers
        assert response.text.startswith("refused:")
    assert files_under(tmp_path) == {}


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8321", "127.0.0.1:9999",
                                  "localhost.evil.example:8321", ""])
def test_a_rebound_host_is_refused(tmp_path, host):
    client = client_for(tmp_path)
    assert client.get("/", headers={"Host": host}).status_code == 403
    assert client.post("/paste", data={"article": ARTICLE},
                       headers={"Host": host}).status_code == 403
    assert files_under(tmp_path) == {}


def test_own_host_names_are_answered(tmp_path):
    client = client_for(tmp_path)
    for host in ("127.0.0.1:8321", "localhost:8321"):
        assert client.get("/", headers={"Host": host}).status_code == 200
    assert allowed_hosts("0.0.0.0", 80) >= {"0.0.0.0", "0.0.0.0:80"}


@pytest.mark.parametrize("source_id", ["../../escape", "..", "/etc/passwd", "a/b", "A", "x" * 81,
                                       "aws\x00trn3", "%2e%2e"])
def test_traversal_in_the_source_id_is_refused(tmp_path, source_id):
    client = client_for(tmp_path)
    response = client.post("/paste", data={"article": ARTICLE, "source_id": source_id},
                           headers=ORIGIN)
    assert response.status_code == 422
    assert "source id: expected lower-case letters, digits, - and _" in response.text
    assert files_under(tmp_path) == {}


@pytest.mark.parametrize("path", [
    "/a/..%2F..%2Fetc", "/a/%2e%2e", f"/a/{SID}/claims/..%2Fx", f"/a/{SID}/claims/X",
    "/a/nosuch/save", f"/a/{SID}/published/..%2F..%2Fclaims%2F{SID}.yaml",
    f"/a/{SID}/published/../../.claimaudit/written.json", "/static/..%2Fapp.py"])
def test_traversal_in_url_paths_is_refused(workspace, path):
    root, client = workspace
    before = files_under(root)
    assert client.get(path).status_code in (400, 404, 405)
    assert client.post(path, data={"kind": "qualitative", "base": ""},
                       headers=ORIGIN).status_code in (400, 404, 405)
    assert files_under(root) == before


def test_an_uploaded_file_name_never_becomes_a_path(tmp_path):
    client = client_for(tmp_path)
    response = client.post("/paste", files={"upload": ("../../../evil.yaml", ARTICLE.encode())},
                           data={"source_id": SID}, headers=ORIGIN, follow_redirects=False)
    assert response.status_code == 303
    assert not (tmp_path.parent / "evil.yaml").exists()
    assert sorted(files_under(tmp_path)) == [".claimaudit/articles/aws-trn3.txt",
                                             ".claimaudit/work/aws-trn3.yaml",
                                             ".claimaudit/written.json"]


def test_a_100_mb_upload_is_refused(tmp_path):
    client = client_for(tmp_path)
    big = b"x" * (100 * 1024 * 1024)
    response = client.post("/paste", files={"upload": ("a.txt", big)}, headers=ORIGIN)
    assert response.status_code == 413
    assert response.text == f"request too large: at most {UPLOAD_LIMIT} bytes"

    def chunks():                           # no Content-Length: counted as it arrives
        for _ in range(100):
            yield b"y" * (1024 * 1024)
    response = client.post("/paste", content=chunks(), headers={
        **ORIGIN, "Content-Type": "application/x-www-form-urlencoded"})
    assert response.status_code == 413
    assert files_under(tmp_path) == {}


def test_settle_then_save_gives_a_file_check_accepts(workspace):
    root, client = workspace
    response = client.post(f"/a/{SID}/claims/trainium3-3-nm", headers={**ORIGIN, "X-Partial": "1"},
                           data={"kind": "numeric", "subject": "Trainium3", "metric": "process_node",
                                 "claimed": "3 nm", "qualifier": "about"})
    assert response.status_code == 200
    assert 'data-verdict="consistent"' in response.text
    response = client.post(f"/a/{SID}/save", data={"base": ""}, headers=ORIGIN)
    assert f"saved claims/{SID}.yaml" in response.text
    saved = yaml.safe_load((root / "claims" / f"{SID}.yaml").read_text(encoding="utf-8"))
    claim = next(c for c in saved["claims"] if c["id"] == "trainium3-3-nm")
    assert claim == {"id": "trainium3-3-nm", "quote": "由亞馬遜云科技首款3nm AI芯片驅動",
                     "subject": "trainium3", "metric": "process_node", "claimed": "3 nm"}


def test_a_bad_choice_is_shown_at_its_control(workspace):
    _, client = workspace
    response = client.post(f"/a/{SID}/claims/trainium3-3-nm", headers={**ORIGIN, "X-Partial": "1"},
                           data={"kind": "numeric", "subject": "No Such Chip", "metric": "process_node",
                                 "claimed": "3 nm"})
    assert response.status_code == 422
    assert 'data-field="subject"' in response.text and "no entity &#39;No Such Chip&#39;" in response.text


def test_two_tabs_saving_last_write_wins_and_nothing_is_lost(workspace):
    root, client = workspace
    first = client.post(f"/a/{SID}/save", data={"base": ""}, headers=ORIGIN)
    assert "conflict" not in first.text
    saved_first = (root / "claims" / f"{SID}.yaml").read_text(encoding="utf-8")
    client.post(f"/a/{SID}/claims/claim-4x", data={"kind": "qualitative"}, headers=ORIGIN)
    second = client.post(f"/a/{SID}/save", data={"base": ""}, headers=ORIGIN)   # a stale tab
    assert "had changed since this page loaded (another tab?)" in second.text
    assert (root / ".claimaudit" / "conflicts" / f"{SID}.yaml").read_text(encoding="utf-8") \
        == saved_first
    assert (root / "claims" / f"{SID}.yaml").read_text(encoding="utf-8") == \
        (root / ".claimaudit" / "work" / f"{SID}.yaml").read_text(encoding="utf-8")


def test_concurrent_saves_all_land_whole(workspace):
    root, client = workspace
    results, errors = [], []

    def save(number):
        try:
            client.post(f"/a/{SID}/claims/claim-4x", headers=ORIGIN,
                        data={"kind": "qualitative" if number % 2 else "numeric",
                              "subject": "trn3_ultraserver", "baseline": "trn2_ultraserver",
                              "metric": "chip_to_chip_latency", "claimed": "4x"})
            results.append(client.post(f"/a/{SID}/save", data={"base": ""}, headers=ORIGIN))
        except Exception as exc:           # noqa: BLE001 - reported below
            errors.append(exc)
    threads = [threading.Thread(target=save, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and [r.status_code for r in results] == [200] * 6
    final = (root / "claims" / f"{SID}.yaml").read_text(encoding="utf-8")
    assert yaml.safe_load(final)["source"]["id"] == SID
    ledger = json.loads((root / ".claimaudit" / "written.json").read_text(encoding="utf-8"))
    assert f"claims/{SID}.yaml" in ledger
    kept = list((root / ".claimaudit" / "conflicts").glob("*.yaml")) \
        if (root / ".claimaudit" / "conflicts").exists() else []
    versions = {final, *(p.read_text(encoding="utf-8") for p in kept)}
    assert len(versions) >= 1 and all(yaml.safe_load(v)["claims"] for v in versions)


def test_a_file_it_did_not_write_is_never_overwritten(workspace):
    root, client = workspace
    mine = root / "claims" / f"{SID}.yaml"
    mine.parent.mkdir()
    mine.write_text("# my own file\n", encoding="utf-8")
    response = client.post(f"/a/{SID}/save", data={"base": ""}, headers=ORIGIN)
    assert "was not written by this workspace" in response.text
    assert mine.read_text(encoding="utf-8") == "# my own file\n"
    assert (root / ".claimaudit" / "unsaved" / f"{SID}.yaml").exists()


def test_everything_is_escaped(tmp_path):
    client = client_for(tmp_path)
    hostile = "<script>alert(1)</script> 它提供 4 倍的 <img src=x onerror=alert(2)> 性能"
    response = client.post("/paste", data={"article": hostile, "source_id": "hostile",
                                           "title": "<b>title</b>"}, headers=ORIGIN)
    assert response.status_code == 200
    assert "<script>alert" not in response.text and "<img src=x" not in response.text
    # the article is read as HTML (tags dropped, text kept); the title is text, shown escaped
    assert "&lt;b&gt;title&lt;/b&gt;" in response.text
    assert "script-src 'self'" in response.headers["content-security-policy"]


def test_a_fact_is_validated_like_a_spec_file(workspace):
    root, client = workspace
    fact = {"entity": "trn3_ultraserver", "metric": "power", "value": "100 TB", "title": "Notes",
            "url": "https://example.com/notes", "date": "2025-12-05", "party": "aws"}
    response = client.post(f"/a/{SID}/facts", data=fact, headers=ORIGIN)
    assert response.status_code == 422
    assert ("specs/workspace.yaml:12: entity &#39;trn3_ultraserver&#39;: fact &#39;power&#39;: unit "
            "&#39;TB&#39; is a capacity (bytes), metric power needs a power (W)") in response.text
    assert not (root / "specs").exists()
    response = client.post(f"/a/{SID}/facts", data={**fact, "value": "100 kW"}, headers=ORIGIN)
    assert response.status_code == 200
    written = yaml.safe_load((root / "specs" / "workspace.yaml").read_text(encoding="utf-8"))
    assert written["entities"] == [{"extend": "trn3_ultraserver", "facts": [
        {"metric": "power", "value": "100 kW", "source": "notes-2025-12-05"}]}]


def test_serve_warns_off_loopback_and_binds_what_it_was_told(tmp_path, monkeypatch, capsys):
    import uvicorn

    from claimaudit.serve.server import serve

    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: calls.append(options))
    assert serve(tmp_path / "ws", "127.0.0.1", 8321) == 0
    assert "warning" not in capsys.readouterr().err
    assert serve(tmp_path / "ws", "0.0.0.0", 8400) == 0
    err = capsys.readouterr().err
    assert err.startswith("claimaudit: warning: listening on 0.0.0.0, not 127.0.0.1: anyone who "
                          "can reach it can read and write files in ")
    assert [c["host"] for c in calls] == ["127.0.0.1", "0.0.0.0"]
    assert [c["port"] for c in calls] == [8321, 8400]
