"""One workspace folder: its articles, their working claim files, its own spec file, and
the results the engine gives them (the web workspace's model; serve/app.py is its shell).

Layout, inside --workspace (every write through safety.OwnedFiles):
  claims/<source-id>.yaml            Save: the claim file, as `claimaudit check` takes it
  specs/workspace.yaml               facts added from the page, with `extend:` (read over the
                                     bundled corpus: input/layers.py)
  reports/<source-id>/               Publish: the single-article report, <source-id>.html and
                                     claimreview/<source-id>.jsonld
  .claimaudit/work/<source-id>.yaml  the claim file being settled (written on every change)
  .claimaudit/articles/<id>.txt      the article as pasted
  .claimaudit/conflicts/, unsaved/   what a save replaced, or could not write over
"""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path

import yaml

from claimaudit import run as engine_run
from claimaudit.core.errors import ClaimauditError, Collector, InputError
from claimaudit.core.words import labels
from claimaudit.draft import text as textmod
from claimaudit.draft.article import SourceInfo, detect_language, draft_document, slug
from claimaudit.draft.emit import dump
from claimaudit.draft.entities import load_catalogue
from claimaudit.draft.lexicon import lexicon
from claimaudit.input import load
from claimaudit.input.layers import base_corpus
from claimaudit.input.settings import bundled_specs
from claimaudit.model import discover
from claimaudit.output.results import to_records
from claimaudit.report.html_page import article_page
from claimaudit.serve import settle
from claimaudit.serve.safety import NotOurs, OwnedFiles, checked_id, digest

OWN_SPECS = "workspace.yaml"


class Workspace:
    def __init__(self, root: Path):
        self.files = OwnedFiles(root)
        self.root = self.files.root
        self._lock = threading.RLock()
        self._corpus: tuple | None = None

    # -- places -------------------------------------------------------------------------------
    def claim_path(self, sid: str) -> Path:
        return self.files.path("claims", f"{checked_id(sid, 'source id')}.yaml")

    def work_path(self, sid: str) -> Path:
        return self.files.path(".claimaudit", "work", f"{checked_id(sid, 'source id')}.yaml")

    def article_path(self, sid: str) -> Path:
        return self.files.path(".claimaudit", "articles", f"{checked_id(sid, 'source id')}.txt")

    def report_dir(self, sid: str) -> Path:
        return self.files.path("reports", checked_id(sid, "source id"))

    def spec_folder(self) -> Path:
        own = self.root / "specs"
        return own if own.is_dir() else bundled_specs()

    def articles(self) -> list[str]:
        folder = self.root / ".claimaudit" / "work"
        return sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []

    # -- the specs: pick-lists ------------------------------------------------------------------
    def corpus(self):
        """The spec corpus (no claims), reloaded when a spec file of the workspace changes."""
        folder = self.spec_folder()
        stamp = (str(folder), tuple(sorted((p.name, p.stat().st_mtime_ns)
                                           for p in folder.glob("*.yaml"))))
        with self._lock:
            if self._corpus is None or self._corpus[0] != stamp:
                self._corpus = (stamp, engine_run.load_corpus([], folder))
            return self._corpus[1]

    def entities(self) -> list[dict]:
        return discover.entity_records(self.corpus())

    def metrics(self) -> list[dict]:
        return discover.metric_records(self.corpus())

    def entity_id(self, name: str) -> str:
        try:
            return discover.resolve_entity(self.corpus(), name)
        except ClaimauditError as exc:    # no such entity, with a hint
            raise LookupError(str(exc)) from None

    # -- paste, settle, results -----------------------------------------------------------------
    def paste(self, text: str, fields: dict) -> str:
        """Draft an article (claimaudit.draft.article) and keep it as a working claim file."""
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        plain = textmod.plain_text(text, lexicon().words("skip_html_classes"))
        title = fields.get("title") or next((line.strip()[:100] for line in plain.splitlines()
                                             if line.strip()), "article")
        sid = checked_id(fields.get("source_id") or slug(title), "source id")
        source = SourceInfo(id=sid, title=title,
                            language=fields.get("language") or detect_language(text),
                            publisher=fields.get("publisher") or None,
                            url=fields.get("url") or None,
                            published=fields.get("published") or None)
        document = draft_document(text, source, load_catalogue(self._draft_specs()))
        with self._lock:
            self.files.write(self.article_path(sid), text,
                             keep_to=self.files.path(".claimaudit", "replaced", f"{sid}.txt"))
            self.files.write(self.work_path(sid), dump(document),
                             keep_to=self.files.path(".claimaudit", "replaced", f"{sid}.yaml"))
        return sid

    def _draft_specs(self) -> Path:
        """The folder the drafter reads entities from: the bundled corpus beneath a workspace
        whose specs/ only extends it."""
        folder = self.spec_folder()
        return base_corpus([folder], load.read_documents([folder], Collector())) or folder

    def document(self, sid: str) -> dict:
        return yaml.safe_load(self.work_path(sid).read_text(encoding="utf-8"))

    def article_text(self, sid: str) -> str:
        raw = self.article_path(sid).read_text(encoding="utf-8")
        return textmod.plain_text(raw, lexicon().words("skip_html_classes"))

    def settle(self, sid: str, claim_id: str, choice: dict) -> list[str]:
        """Apply the page's choices to one claim of the working file (raises SettleError).
        `alike_subject` (`_baseline`, `_metric`) in `choice`: ids of other claims that ask the
        very question this claim's todo asked about that field, to be given the same answer
        (those that no longer ask it are left as they are). The ids answered so."""
        qualifiers = set(labels("en")["qualifier_words"])
        metric_ids = {m["id"] for m in self.metrics()}
        with self._lock:
            document = self.document(sid)
            claims = document["claims"]
            index = next((i for i, c in enumerate(claims) if c["id"] == claim_id), None)
            if index is None:
                raise settle.SettleError("claim", f"no claim {claim_id!r} in {sid}")
            asked = settle.todo_fields(claims[index])
            claims[index] = settle.settle_claim(claims[index], choice, self.entity_id, metric_ids,
                                                qualifiers)
            also = []
            for field in settle.ANSWERABLE:
                chosen = set(str(choice.get(f"alike_{field}") or "").split())
                if not chosen or not claims[index].get(field) or not asked.get(field):
                    continue
                for n, other in enumerate(claims):
                    done = settle.answered(other, field, claims[index][field], asked[field]) \
                        if n != index and other["id"] in chosen else None
                    if done is not None:
                        claims[n] = done
                        also.append(other["id"])
            self.files.write(self.work_path(sid), dump(document))
        return list(dict.fromkeys(also))

    def results(self, sid: str):
        """(run, records by claim id, problems): the engine's verdicts for the working file."""
        try:
            found = engine_run.check_paths([self.work_path(sid)], self.spec_folder())
        except InputError as exc:
            return None, {}, [str(p) for p in exc.problems]
        return found, {r["id"]: r for r in to_records(found)}, []

    # -- a spec fact ----------------------------------------------------------------------------
    def add_fact(self, fact: dict) -> list[str]:
        """Validate and write one fact with `extend:` to specs/workspace.yaml; the problems
        (as `file:line: message`) when the spec file would not load."""
        path = self.files.path("specs", OWN_SPECS)
        for field in ("entity", "metric", "value", "title", "url", "date"):
            if not str(fact.get(field) or "").strip():
                return [f"specs/{OWN_SPECS}: {field}: required"]
        entity = self.entity_id(fact["entity"].strip())
        with self._lock:
            own = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else {}
            taken = set(self.corpus().spec_sources["id"])
            text = "# Facts added in the claimaudit workspace (`claimaudit serve`).\n" + yaml.safe_dump(
                settle.with_fact(own or {}, fact, entity, taken), allow_unicode=True,
                sort_keys=False, width=100)
            problems = self._spec_problems(text)
            if not problems:
                self.files.write(path, text)
        return problems

    def _spec_problems(self, text: str) -> list[str]:
        """Load the spec folder as it would be with `text` as the own spec file."""
        staging_root = self.files.path(".claimaudit", "tmp")
        staging_root.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=staging_root) as staging:
            folder = Path(staging) / "specs"
            folder.mkdir()
            own = self.root / "specs"
            for other in sorted(own.glob("*.yaml")) if own.is_dir() else []:
                if other.name != OWN_SPECS:
                    (folder / other.name).write_bytes(other.read_bytes())
            (folder / OWN_SPECS).write_text(text, encoding="utf-8")
            try:
                engine_run.load_corpus([], folder)
            except InputError as exc:
                return [str(p).replace(str(folder), "specs") for p in exc.problems]
        return []

    # -- save and publish -----------------------------------------------------------------------
    def saved_digest(self, sid: str) -> str:
        path = self.claim_path(sid)
        return digest(path.read_bytes()) if path.exists() else ""

    def save(self, sid: str, base: str) -> tuple[str, str | None]:
        """Write the working file to claims/<sid>.yaml. (digest now saved, notice or None):
        the notice says when another save came in between (last write wins; the replaced
        version is kept) or when the file is not the workspace's to overwrite (kept aside)."""
        with self._lock:
            text = self.work_path(sid).read_text(encoding="utf-8")
            path = self.claim_path(sid)
            conflict = self.saved_digest(sid) != base
            try:
                kept = self.files.write(path, text, keep_to=self.files.path(
                    ".claimaudit", "conflicts", f"{sid}.yaml") if conflict else None)
            except NotOurs:
                aside = self.files.write_new(self.files.path(".claimaudit", "unsaved",
                                                             f"{sid}.yaml"), text)
                return self.saved_digest(sid), (
                    f"claims/{sid}.yaml was not written by this workspace (or was edited since), "
                    f"so it was left as it was; your version is in {aside.relative_to(self.root)}")
            notice = None
            if kept is not None:
                notice = (f"claims/{sid}.yaml had changed since this page loaded (another tab?): "
                          f"your version was saved, the one it replaced is kept in "
                          f"{kept.relative_to(self.root)}")
            return digest(text.encode("utf-8")), notice

    def publish(self, sid: str, publishing: dict, date: str) -> list[str]:
        """The saved claim file's single-article report: Markdown, JSON, ClaimReview (the
        report stage) and the HTML page; the paths written, relative to the report folder."""
        found = engine_run.check_paths([self.claim_path(sid)], self.spec_folder())
        folder = self.report_dir(sid)
        written = engine_run.write_reports(found, folder, date, specs_dir=self.spec_folder())
        page = folder / f"{sid}.html"
        self.files.write(page, article_page(found, sid, publishing, date))
        return sorted(str(p.relative_to(folder)) for p in [*written, page])
