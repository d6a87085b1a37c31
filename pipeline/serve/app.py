"""`claimaudit serve`'s web app: Starlette routes over a Workspace, pages rendered on the
server from jinja2 templates (autoescaped), one small script for partial updates
(serve/static/workspace.js; every form also works with scripts off). No verdict is computed
here or in the browser: each change is judged again by the engine (claimaudit.run).

Routes: GET / (paste form, articles) · POST /paste · GET /a/{sid} · POST /a/{sid}/claims/{cid}
(settle one claim) · POST /a/{sid}/facts · POST /a/{sid}/save · POST /a/{sid}/publish ·
GET /a/{sid}/published/{name} · GET /static/{name}.
"""

from __future__ import annotations

import functools
from importlib import resources

from claimaudit.core.words import labels
from claimaudit.report.claimreview import today_utc
from claimaudit.report.html_page import PAGE_FILTERS
from claimaudit.report.page_words import report_words
from claimaudit.serve import views
from claimaudit.serve.safety import Guard, UnsafePath, allowed_hosts, checked_id
from claimaudit.serve.settle import FACT_FIELDS, SettleError
from claimaudit.serve.workspace import Workspace

UPLOAD_LIMIT = 2_000_000            # bytes in one request: an article is ~20-100 kB
STATIC = {"workspace.js": "text/javascript", "workspace.css": "text/css"}
PUBLISHED_TYPES = {".html": "text/html", ".md": "text/markdown", ".svg": "image/svg+xml",
                   ".json": "application/json", ".jsonld": "application/ld+json"}
HEADERS = {"Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
           "img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
           "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin",
           "Cache-Control": "no-store"}
PUBLISHED_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'"
CLAIM_CHOICES = ("kind", "subject", "baseline", "metric", "claimed", "qualifier", "reading",
                 "alike_subject", "alike_baseline", "alike_metric")
SOURCE_FIELDS = ("source_id", "title", "publisher", "url", "published", "language")


@functools.cache
def _templates():
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

    env = Environment(loader=PackageLoader("claimaudit", "templates"),
                      autoescape=select_autoescape(["html", "html.j2", "j2"]),
                      trim_blocks=True, lstrip_blocks=True, undefined=StrictUndefined)
    env.filters.update(PAGE_FILTERS)
    return env


def create_app(root, host: str = "127.0.0.1", port: int = 8321, publishing: dict | None = None):
    """The ASGI app for the workspace folder `root`, answering only as host:port."""
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.routing import Route

    workspace = Workspace(root)
    handlers = Handlers(workspace, publishing or {})
    routes = [Route("/", handlers.index), Route("/paste", handlers.paste, methods=["POST"]),
              Route("/a/{sid}", handlers.article),
              Route("/a/{sid}/claims/{cid}", handlers.settle, methods=["POST"]),
              Route("/a/{sid}/facts", handlers.fact, methods=["POST"]),
              Route("/a/{sid}/save", handlers.save, methods=["POST"]),
              Route("/a/{sid}/publish", handlers.publish, methods=["POST"]),
              Route("/a/{sid}/published/{name:path}", handlers.published),
              Route("/static/{name}", handlers.static)]
    return Starlette(routes=routes, middleware=[
        Middleware(Guard, hosts=allowed_hosts(host, port), limit=UPLOAD_LIMIT)],
        exception_handlers={UnsafePath: _unsafe, FileNotFoundError: _missing})


async def _unsafe(request, exc):
    from starlette.responses import PlainTextResponse

    return PlainTextResponse(f"refused: {exc}", status_code=400, headers=HEADERS)


async def _missing(request, exc):
    from starlette.responses import PlainTextResponse

    return PlainTextResponse("not found", status_code=404, headers=HEADERS)


async def _off_loop(function, *args, **kwargs):
    """Engine work (seconds of pandas) in a worker thread, so the server keeps answering."""
    from starlette.concurrency import run_in_threadpool

    return await run_in_threadpool(function, *args, **kwargs)


class Handlers:
    def __init__(self, workspace: Workspace, publishing: dict):
        self.workspace, self.publishing = workspace, publishing
        self.words = report_words("en")

    def _page(self, template: str, context: dict, status: int = 200):
        from starlette.responses import HTMLResponse

        html = _templates().get_template(template).render(w=self.words, **context)
        return HTMLResponse(html, status_code=status, headers=HEADERS)

    async def index(self, request):
        return self._page("workspace.html.j2", {"articles": self.workspace.articles(),
                                                "problem": None, "fields": {}})

    async def paste(self, request):
        from starlette.responses import RedirectResponse

        form = await request.form(max_files=1, max_fields=20, max_part_size=UPLOAD_LIMIT)
        fields = {k: str(form.get(k) or "").strip() for k in SOURCE_FIELDS}
        text = str(form.get("article") or "")
        upload = form.get("upload")
        if not text.strip() and upload is not None and hasattr(upload, "read"):
            data = await upload.read()
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                return self._index_problem("the uploaded file is not UTF-8 text", fields)
        if not text.strip():
            return self._index_problem("paste an article's text, or choose a file", fields)
        try:
            sid = await _off_loop(self.workspace.paste, text, fields)
        except UnsafePath as exc:
            return self._index_problem(str(exc), fields)
        return RedirectResponse(f"/a/{sid}", status_code=303, headers=HEADERS)

    def _index_problem(self, problem: str, fields: dict):
        return self._page("workspace.html.j2", {"articles": self.workspace.articles(),
                                                "problem": problem, "fields": fields}, 422)

    def _article_context(self, sid: str, errors: dict | None = None, **extra) -> dict:
        workspace = self.workspace
        document = workspace.document(sid)
        _, records, problems = workspace.results(sid)
        spec_sources = views.spec_sources_of(workspace.corpus())
        same = views.alike_cards(document["claims"])
        cards = [views.claim_card(c, records.get(c["id"]), spec_sources, self.words,
                                  (errors or {}).get(c["id"]), same.get(c["id"], {}))
                 for c in document["claims"]]
        return {"sid": sid, "source": document["source"], "cards": cards,
                "segments": views.marked_segments(workspace.article_text(sid),
                                                  document["claims"]),
                "open": sum(card["open"] for card in cards), "problems": problems,
                "entities": workspace.entities(), "metrics": workspace.metrics(),
                "qualifiers": views.qualifier_choices(), "base": workspace.saved_digest(sid),
                "fact": {}, "fact_problems": [], "notice": None, "published": [],
                "verdict_words": labels("en")["verdict"], **extra}

    async def article(self, request):
        sid = checked_id(request.path_params["sid"], "source id")
        if sid not in self.workspace.articles():
            raise FileNotFoundError(sid)
        # after one answer given to several claims: which others it settled (ids, checked)
        also = [checked_id(i, "claim id") for i in request.query_params.get("also", "").split(",") if i]
        notice = f"the same answer was given to {', '.join(also)}" if also else None
        return self._page("workspace_article.html.j2", await _off_loop(self._article_context, sid,
                                                                       notice=notice))

    async def settle(self, request):
        from starlette.responses import RedirectResponse

        sid = self._sid(request)
        cid = checked_id(request.path_params["cid"], "claim id")
        form = await request.form(max_files=0, max_fields=20)
        choice = {k: str(form.get(k) or "").strip() for k in CLAIM_CHOICES}
        errors, also = None, []
        try:
            also = await _off_loop(self.workspace.settle, sid, cid, choice)
        except SettleError as exc:
            errors = {cid: {"field": exc.field, "message": str(exc)}}
        partial = request.headers.get("x-partial") == "1"
        if errors is None and not partial:
            given = f"?also={','.join(also)}" if also else ""
            return RedirectResponse(f"/a/{sid}{given}#{cid}", status_code=303, headers=HEADERS)
        context = await _off_loop(self._article_context, sid, errors)
        status = 422 if errors else 200
        if not partial:
            return self._page("workspace_article.html.j2", context, status)
        card = next(c for c in context["cards"] if c["id"] == cid)
        return self._page("workspace_card.html.j2", {**context, "card": card}, status)

    def _sid(self, request) -> str:
        sid = checked_id(request.path_params["sid"], "source id")
        if sid not in self.workspace.articles():
            raise FileNotFoundError(sid)
        return sid

    async def fact(self, request):
        sid = self._sid(request)
        form = await request.form(max_files=0, max_fields=20)
        fact = {k: str(form.get(k) or "").strip() for k in FACT_FIELDS}
        try:
            problems = await _off_loop(self.workspace.add_fact, fact)
        except LookupError as exc:
            problems = [f"entity: {exc}"]
        if problems:
            return self._page("workspace_article.html.j2", await _off_loop(
                self._article_context, sid, fact=fact, fact_problems=problems), 422)
        notice = f"added {fact['metric']} = {fact['value']} to {fact['entity']} in specs/workspace.yaml"
        return self._page("workspace_article.html.j2", await _off_loop(
            self._article_context, sid, notice=notice))

    async def save(self, request):
        sid = self._sid(request)
        form = await request.form(max_files=0, max_fields=5)
        _, notice = await _off_loop(self.workspace.save, sid, str(form.get("base") or ""))
        return self._page("workspace_article.html.j2", await _off_loop(
            self._article_context, sid, notice=notice or f"saved claims/{sid}.yaml",
            conflict=bool(notice)))

    async def publish(self, request):
        sid = self._sid(request)
        form = await request.form(max_files=0, max_fields=5)
        _, notice = await _off_loop(self.workspace.save, sid, str(form.get("base") or ""))
        names = await _off_loop(self.workspace.publish, sid, self.publishing, today_utc())
        return self._page("workspace_article.html.j2", await _off_loop(
            self._article_context, sid, notice=notice or f"published reports/{sid}/",
            published=names))

    async def published(self, request):
        from starlette.responses import Response

        sid = self._sid(request)
        folder = self.workspace.report_dir(sid)
        path = self.workspace.files.path("reports", sid, *request.path_params["name"].split("/"))
        if not path.is_relative_to(folder) or not path.is_file() or \
                path.suffix not in PUBLISHED_TYPES:
            raise FileNotFoundError(request.path_params["name"])
        return Response(path.read_bytes(), media_type=PUBLISHED_TYPES[path.suffix],
                        headers={**HEADERS, "Content-Security-Policy": PUBLISHED_CSP})

    async def static(self, request):
        from starlette.responses import Response

        name = request.path_params["name"]
        if name not in STATIC:
            raise FileNotFoundError(name)
        data = (resources.files("claimaudit.serve") / "static" / name).read_bytes()
        return Response(data, media_type=STATIC[name], headers=HEADERS)
