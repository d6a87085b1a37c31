"""`claimaudit draft`: an article's text -> a claim file that `check` accepts as printed.

One claim per numeric statement (CONTRACT 9.3, 9.4): numbers are found (numbers.py), quoted
by their clause (text.py), read with the words around them (context.py, claims.py) against
the spec's entities and metrics (entities.py), and written as YAML by yaml.safe_dump, which
escapes quotes, colons and '#'. What the text leaves open is listed in each claim's `todo`.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, replace
from pathlib import Path

from claimaudit.core.errors import ClaimauditError, Collector
from claimaudit.draft import bounds, changes, context, ratios, scope, settle, table_cells, table_names
from claimaudit.draft import claims as build
from claimaudit.draft import text as textmod
from claimaudit.draft.density_words import footnote_density
from claimaudit.draft.emit import dump
from claimaudit.draft.entities import Catalogue, Mention, load_catalogue, name_key, names_of
from claimaudit.draft.figure_match import amount, variants
from claimaudit.draft.header_units import with_header_numbers
from claimaudit.draft.lexicon import lexicon
from claimaudit.draft.metric_choice import choose_metric
from claimaudit.draft.numbers import Number, find_numbers
from claimaudit.draft.phrasing import change_window, comparative_change
from claimaudit.draft.products import bracketed, custom_part, form_factor_names, sized_class, unknown_product
from claimaudit.draft.system_parts import each_of_a_count, network_of_a_system, system_sized_power
from claimaudit.draft.text import Span
from claimaudit.draft.topic import Topics
from claimaudit.draft.topic import aside as topic_aside
from claimaudit.input.files import MAX_FILE_BYTES, read_bytes


@dataclass
class SourceInfo:
    id: str
    title: str
    language: str
    publisher: str | None = None
    url: str | None = None
    published: str | None = None


def detect_language(text: str) -> str:
    """en, zh-Hant or zh-Hans by the script most of the letters are written in."""
    han = len(re.findall(r"[\u4e00-\u9fff]", text))
    latin = len(re.findall(r"[A-Za-z]", text))
    if han <= latin / 4:
        return "en"
    simplified = len(re.findall(r"[这们为说时国过发会来对还么个实现图设进让]", text))
    traditional = len(re.findall(r"[這們為說時國過發會來對還麼個實現圖設進讓]", text))
    return "zh-Hans" if simplified > traditional else "zh-Hant"


def slug(text: str) -> str:
    value = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return value[:60].strip("-") or "article"


MAX_DRAFTED = 2000      # claims in one draft (~5 ms each); beyond that nobody reviews a draft
QUOTE_REACH = 40        # characters before the clause a quote reaches back to the subject's name


def draft_records(raw: str, catalogue: Catalogue) -> list[dict]:
    """Plain or HTML article text -> claim records in order of appearance."""
    plain = unicodedata.normalize("NFC", textmod.plain_text(raw, lexicon().words("skip_html_classes")))
    view = textmod.digits_view(plain)
    numbers = with_header_numbers(view, find_numbers(plain), textmod.paragraphs(plain))[:MAX_DRAFTED]
    reach = min(len(plain), numbers[-1].end + textmod.PARAGRAPH_WINDOW) if numbers else 0  # no more read
    sentences = textmod.sentences(plain[:reach])
    starts = [span.start for span in sentences]
    mentions = form_factor_names(view, sorted(catalogue.find(view[:reach]), key=lambda m: m.start),
                                 catalogue.names, name_key, Mention)
    paragraphs = tuple(textmod.paragraphs(plain[:reach]))
    mentions = sorted(mentions + table_names.short_names(view, paragraphs, mentions, catalogue.find),
                      key=lambda m: m.start)
    mention_starts = [m.start for m in mentions]
    records: list[dict] = []
    used: set = set()
    star = footnote_density(plain)
    topics = Topics(mentions, paragraphs,    # no topic: a name aimed at, compared with or counted
                    lambda e: {*catalogue.members_of(e), *catalogue.containers_of_any(e)},
                    lambda m: topic_aside(view, m, compared=True) or build._is_counted(view, m), view)
    def mentions_in(start: int, end: int) -> list:
        return mentions[bisect_left(mention_starts, start):bisect_left(mention_starts, end)]

    table = table_cells.cells(view, paragraphs, lambda span: cell_names(view, span, mentions_in),
                              _spans_in([Span(m.start, m.end) for m in mentions]),
                              _spans_in([Span(n.start, n.end) for n in numbers]))
    cell_starts = [cell.span.start for cell in table]
    # a header cell naming its column's entity ("A100 80GB PCIe"), a model number apart ("MI 300X"): names
    names = sorted({cell.subject for cell in table if cell.subject is not None} - {c.span for c in table} | {
        Span(m.start, m.end) for m in mentions if re.search(r"[A-Za-z] \d", m.text)}, key=lambda s: s.start)
    name_starts = [span.start for span in names]
    next_number: dict[str, int] = {}
    row_metric: dict[int, tuple[str, list[str]]] = {}   # a row's metric and question, for its change
    for number in numbers:
        index = bisect_right(name_starts, number.start) - 1
        if index >= 0 and number.end <= names[index].end and not table_cells.counted_in_name(view, number):
            continue
        cell = table_cells.cell_at(table, cell_starts, number.start)
        if cell is not None:
            row = row_metric.get(cell.row.start) if cell.baseline is not None or number.unit == "x" else None
            record = cell_record(catalogue, plain, cell, number, mentions_in, paragraphs,
                                 row and row[0], star, topics.ids)
            table_cells.as_its_row(record, cell, row_metric)
            record["id"] = _unique(record["id"], used, next_number)
            records.append(record)
            continue
        sentence = textmod.containing(sentences, number.start, starts)
        if sentence is None:
            continue
        sentence = textmod.around(plain, sentence, number.start, number.end)
        clause = textmod.containing(textmod.clauses(plain, sentence), number.start) or sentence
        paragraph = textmod.paragraph_of(plain, number.start)
        place = build.Place(plain, view, sentence, clause, paragraph, paragraphs, topics, star=star)
        near = mentions[bisect_left(mention_starts, min(paragraph.start, sentence.start)):
                        bisect_left(mention_starts, sentence.end)]
        record = claim_record(catalogue, place, number, near)
        record["id"] = _unique(record["id"], used, next_number)
        records.append(record)
    return bounds.one_subject(records)


def _spans_in(spans: list[Span]):
    """A lookup of the spans (in order) inside [start, end): one bisect per line."""
    starts = [span.start for span in spans]

    def inside(start: int, end: int) -> list[Span]:
        return spans[bisect_left(starts, start):bisect_left(starts, end)]
    return inside


def cell_names(view: str, span, mentions_in) -> bool:
    """Whether a table cell names an entity (known, a family, or a product the specs lack)."""
    inside = mentions_in(span.start, span.end)
    return bool(inside) or unknown_product(view, span.start, span.end, []) is not None


def cell_record(catalogue: Catalogue, plain: str, cell, number: Number, mentions_in,
                paragraphs=(), row_metric: str | None = None, star: str = "", text_ids=None) -> dict:
    """A table cell's claim: its column (or row) names the subject, its row label (or column
    header) the metric; a change cell compares two columns. The table and the paragraph
    above it (its caption) are the words around every cell."""
    # a label read as a count noun's lead-in (`Transistors: 80 Billion`), after a section row's
    words = table_cells.section_label(plain, cell) + (f"{cell.label}: " if re.search(r"\w$", cell.label)
                                                      else f"{cell.label} ")
    local = textmod.digits_view(words + plain[cell.span.start:cell.span.end])
    whole, shift = Span(0, len(local)), len(words) - cell.span.start
    moved = replace(number, start=number.start + shift, end=number.end + shift)
    place = build.Place(local, local, whole, table_cells.cell_clause(local, moved.start), whole, star=star,
                        lead=_table_lead(plain, cell, paragraphs), row=plain[cell.row.start:cell.row.end])
    reading = build.Reading()
    subject = cell.subject
    divided = table_names.ratio_pair(plain, subject, mentions_in(subject.start, subject.end)) \
        if number.unit == "x" and cell.baseline is None else None
    if divided:         # `| Ratio (B200/H200) |` over `| 2.28× |` (held-out round 239)
        reading.subject, reading.baseline = divided
    else:
        table_names.subject_of_cell(catalogue, plain, cell, reading, mentions_in, paragraphs)
    if cell.baseline is not None:
        base = cell.baseline
        reading.baseline = table_names.named_in(catalogue, plain, base, mentions_in(base.start, base.end),
                                                "baseline", reading)
    change = ""
    if number.unit == "%":
        sign = re.search(r"([+\-−])\s?$", plain[max(cell.row.start, number.start - 2):number.start])
        ranged = re.search(r"[\d%]\s*[-–−]\s?$", plain[max(cell.row.start, number.start - 5):number.start])
        sign = None if sign and ranged else sign      # "~30% - 36% Increase": a range's dash, no minus
        change = {"+": "+", "-": "-", "−": "-"}.get(sign.group(1), "") if sign else ""
        if not sign and cell.baseline is not None:
            change = "+"        # a bare percentage under an increase header (table_cells.py)
    quote = plain[cell.row.start:cell.row.end]
    metric = row_metric if cell.baseline is not None or divided else None     # a change's, a divided ratio's
    own = [replace(m, start=m.start + shift, end=m.end + shift)     # the cell's names, where `local` has them
           for m in mentions_in(cell.span.start, cell.span.end)]
    return claim_record(catalogue, place, moved, own, reading=reading, change=change, quote=quote,
                        metric=metric, text_ids=text_ids)


def _table_lead(plain: str, cell, paragraphs) -> str:
    """The table's text and the paragraph above it ("Performance numbers without sparsity")."""
    if cell.table is None:
        return ""
    above = table_names.paragraph_above(plain, cell.table.start, paragraphs)
    return plain[above[0] if above else cell.table.start:cell.table.end]


def claim_record(catalogue: Catalogue, place: build.Place, number: Number, mentions,
                 reading: build.Reading | None = None, change: str | None = None,
                 quote: str | None = None, metric: str | None = None, text_ids=None) -> dict:
    """One number's claim record; `metric`: the metric of the table row a change cell compares
    ("| NVLink Speed | 900 GB/s | 1.8 TB/s | 2x Faster |"), when its own words give none; `text_ids`:
    the ids the text names, whose variants a table cell's figure may be (its place holds its row only)."""
    view = place.view
    before, after = view[place.clause.start:number.start], view[number.end:number.end + 16]
    if reading is None:
        reading = build.subject_and_baseline(catalogue, place, number, mentions)
    choose_metric(catalogue, place, number, reading)
    if metric and reading.metric is None:
        reading.metric = metric
        reading.todo = [t for t in reading.todo if not t.startswith("metric: the text does not say what is")]
    clause_text = view[place.clause.start:place.clause.end]
    named = place.topics.ids if place.topics is not None else {m.entity for m in mentions}
    value = amount(build.claimed_text(number))
    scope.apply_scope(catalogue, scope.without_names(view, place.clause, mentions), reading,
                      value, named, number.start - place.clause.start)
    settle.count_holders(catalogue, reading)
    settle.not_its_own_baseline(catalogue, number, reading)
    bracketed(view, number, reading, mentions)     # `Atlas 800 A3 (64GB`: no id's by its figure
    settle.settle_by_figures(catalogue, number, reading, before, after)
    topics, at, words = place.topics, place.paragraph.start, view[place.sentence.start:place.clause.end]
    settle.confirm_assumed(catalogue, number, reading, named, topics.only_aside if topics else frozenset(),
                           *((topics.sections.get(at), topics.prose_lead(at, words)) if topics else ()))
    settle.density_settled(catalogue, reading, ratio=number.unit in ("x", "%"))
    settle.off_its_figure(catalogue, number, reading, place, mentions)
    system_sized_power(catalogue, number, reading)
    network_of_a_system(catalogue, reading, clause_text, scope.says_scope, value)
    each_of_a_count(catalogue, view, number, reading)     # `| 32 x 400 Gb/s |` of a rack: each chip's
    variants(catalogue, number, reading, text_ids or named, names_of, view, place.clause, mentions)
    sized_class(view, number, reading, place.sentence, mentions)
    custom_part(catalogue, view, reading, place.sentence, mentions, value)
    settle.figure_holders(catalogue, number, reading, named, topics.ids_and_families if topics else named)
    settle.count_owner(catalogue, place, number, mentions, reading)
    scope.check_chip_count(catalogue, reading, number.value if number.unit == "" else None, clause_text)
    scope.counted_unknown(catalogue, view, number, reading)     # `8 RTX 4090` beside a DGX A100
    settle.baseline_scopes(catalogue, reading)
    scope.chip_property(catalogue, reading)
    ratios.predecessors_figure(catalogue, view, number, reading)      # "its 7 nm predecessor"
    changes.earlier_value(catalogue, view, number, reading, named)
    changes.change_new_value(catalogue, view, number, reading, named)
    changes.difference_baseline(view, place.clause, number, reading)
    window = change_window(place.view, place.clause, number)
    ratios.ratio_by_figures(catalogue, view, number, reading, window, place.clause,   # "a 33% increase"
                            place.topics.in_order if place.topics is not None else ())
    if change is None and number.unit == "%" and not changes.share_wording(before, view, number.end):
        way = changes.written_sign(before) or context.direction(window) or comparative_change(before) \
            or changes.either_way(reading, before)
        change = {"increase": "+", "decrease": "-", True: "+", "either": "+"}.get(way, "")
    elif change is None:
        change = ""             # (a table's change column writes its sign)
    times_more = context.times_more(before, view[number.end:number.end + 12], number)
    if number.unit == "x" and not times_more and context.direction(clause_text) == "decrease":
        # (not "brings 2X more performance when it computes using smaller units")
        reading.subject, reading.baseline = reading.baseline, reading.subject
    claimed = build.claimed_text(number, change)
    quote_end = max(place.clause.end, number.end)
    record = {"id": f"{reading.subject or 'claim'}-{claimed}",
              "quote": quote or place.text[_quote_start(place, mentions, reading):quote_end]}
    qualifier = context.qualifier(before, after, number)
    _shape(record, reading, number, claimed, qualifier, times_more)
    return record


def _quote_start(place: build.Place, mentions, reading: build.Reading) -> int:
    """The clause's start, or the subject's name when the clause right before it names it
    ("H100:80GB HBM3,带宽 3.35 TB/s"), or the first of the names an asked subject is picked
    from: the quote shows whose figure it is, or may be."""
    named = [m.start for m in mentions if m.entity and m.entity == reading.subject
             and place.sentence.start <= m.start < place.clause.start]
    if not named and reading.subject is None:
        # "B100跟H100相同,都是用台積電4nm": a subject asked among names just before shows them all
        named = [m.start for m in mentions if m.entity in reading.candidates
                 and place.sentence.start <= m.start < place.clause.start][:1]
    if not named or place.clause.start - named[-1] > QUOTE_REACH:
        return place.clause.start
    between = textmod.clauses(place.view, Span(named[-1], place.clause.start))
    return named[-1] if len(between) == 1 else place.clause.start


def _shape(record, reading, number, claimed, qualifier, times_more) -> None:
    ratio = number.unit == "x" or claimed.startswith(("+", "-"))
    if not ratio:       # "與 H200 相比 ... 288GB": the comparison is another number's
        reading.baseline = None
        reading.todo = [t for t in reading.todo if not t.startswith("baseline:") or reading.difference]
    if ratio and not reading.baseline and not any(item.startswith("baseline:") for item in reading.todo):
        # with the subject open too, each id it may be is also a baseline it may be compared with
        others = [i for i in dict.fromkeys([*reading.nearby, *reading.candidates])
                  if i and i != reading.subject][:6]
        reading.todo.append("baseline: the sentence names nothing this is compared with; "
                            + (f"the text names {', '.join(others)}: pick one or add `baseline:`"
                               if others else "add `baseline:` (find one with `claimaudit entities`)"))
    complete = reading.subject and reading.metric and (reading.baseline or not ratio)
    if number.unit == "%" and not claimed.startswith(("+", "-")):     # a share, signed or not
        complete = False
        reading.todo.append("claimed: a share of what? write the claim as a ratio or an expr")
    if complete and times_more:
        record["metric"] = reading.metric
        record["interpretations"] = [
            {"label": f"{claimed} as written", "subject": reading.subject,
             "baseline": reading.baseline, "claimed": claimed},
            {"label": f"{number.value + 1:g}x ({claimed} more)", "subject": reading.subject,
             "baseline": reading.baseline, "claimed": f"{number.value + 1:g}x"}]
    elif complete:
        record.update(subject=reading.subject, metric=reading.metric)
        if reading.baseline:
            record["baseline"] = reading.baseline
    else:
        record["kind"] = "qualitative"
    if not complete or any(t.startswith("subject:") for t in reading.todo):
        _subject_also_near(reading)
    if record.get("kind") == "qualitative":
        reading.todo.append(_shape_todo(reading, ratio))
    if "interpretations" not in record:
        record["claimed"] = claimed
    if qualifier:
        record["qualifier"] = qualifier
    if reading.todo:
        record["todo"] = list(dict.fromkeys(_naming_the_written(reading.todo, record.get("subject"))))


def _subject_also_near(reading) -> None:
    """An asked subject lists the ids named in the sentence and just before it that its
    questions do not name yet: the right one is among the candidates, never only elsewhere."""
    asked = " ".join(t for t in reading.todo if t.startswith("subject:"))
    known = {reading.subject, *reading.candidates}
    others = [i for i in reading.nearby if i and i not in known
              and not re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", asked)][:6]
    if others:
        reading.todo.append(f"subject: the text around it also names {', '.join(others)}")


def _naming_the_written(todo: list[str], subject: str | None) -> list[str]:
    """A subject todo names the id the draft wrote, so the question lists every candidate."""
    if not subject:
        return todo
    return [t if not t.startswith("subject:") or re.search(rf"(?<![\w-]){re.escape(subject)}(?![\w-])", t)
            else f"{t} ({subject} written: confirm or change)" for t in todo]


def _shape_todo(reading, ratio: bool) -> str:
    known = ", ".join(f"{k}: {getattr(reading, k)}" for k in ("subject", "baseline", "metric")
                      if getattr(reading, k))
    fields = "subject, baseline and metric" if ratio else "subject and metric"
    return (f"shape: replace `kind: qualitative` with {fields}"
            + (f" (the text gives {known})" if known else ""))


def _unique(base: str, used: set, next_number: dict) -> str:
    """A claim id not used yet: the slug, else slug-2, slug-3 ... (each slug remembers where
    its count stands, so 2,000 equal slugs are not quadratic)."""
    ident = slug(base.replace("_", "-").replace(".", "p").replace("%", "pct"))
    candidate, n = ident, next_number.get(ident, 2)
    while candidate in used:
        candidate, n = f"{ident}-{n}", n + 1
    next_number[ident] = n
    used.add(candidate)
    return candidate


def draft_document(raw: str, source: SourceInfo, catalogue: Catalogue) -> dict:
    head = {k: v for k, v in vars(source).items() if v is not None}
    claims = draft_records(raw, catalogue)
    document = {"source": head, "claims": claims}
    if len(claims) == MAX_DRAFTED:
        document["note"] = (f"only the first {MAX_DRAFTED:,} numbers of the article are drafted: "
                            "split the article to draft the rest")
    return document


def draft_file(path: Path, specs_dir: Path, **fields) -> str:
    """The `draft` command's work: read, draft, dump (YAML text)."""
    raw = read_article(path)
    stem = "stdin" if str(path) == "-" else path.stem
    language = fields.get("language") or detect_language(raw)
    title = fields.get("title") or _first_line(raw) or stem
    source = SourceInfo(id=fields.get("source_id") or slug(stem), title=title,
                        language=language, publisher=fields.get("publisher"),
                        url=fields.get("url"), published=fields.get("published"))
    return dump(draft_document(raw, source, load_catalogue(specs_dir)))


def read_article(path: Path) -> str:
    """The article's text; `-` reads standard input (CONTRACT 10.4), at most 64 MiB."""
    if str(path) == "-":
        data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise ClaimauditError(f"<stdin>:0: input is larger than {MAX_FILE_BYTES // 2**20} MiB")
        path = Path("<stdin>")
    else:
        problems = Collector()
        data = read_bytes(path, str(path), problems)  # a regular file of at most 64 MiB: no hang
        if data is None:
            raise ClaimauditError(f"{path}: {problems.problems[0].message}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ClaimauditError(
            f"{path}:1: expected UTF-8 text, found byte 0x{exc.object[exc.start]:02x}") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")  # as text mode reads it


def _first_line(raw: str) -> str:
    plain = textmod.plain_text(raw, lexicon().words("skip_html_classes"))
    return next((line.strip() for line in plain.splitlines() if line.strip()), "")[:100]
