"""The workspace's edits as plain functions over claim and spec records (no I/O): a drafted
claim settled from the page's controls, and a spec fact added with `extend:`.

A settled claim is what a person would write in the claim file by hand after reading its
`todo` lines (CONTRACT 2, 9.3): the todo list is gone, and the claim has exactly one shape:
subject + metric (+ baseline), one of its interpretations or all of them, or `kind:
qualitative`. Qualifier `about` is the default and is left out, as the drafter leaves it out.
"""

from __future__ import annotations

import re
from collections.abc import Callable

KEPT = ("id", "quote", "note", "translation")


class SettleError(ValueError):
    """A choice the claim file could not hold: `field` names the control, the message says why."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def todo_fields(claim: dict) -> dict[str, list[str]]:
    """Each open todo line under the control it asks about: `field: words` -> field (shape
    and efficiency questions belong to the kind choice)."""
    out: dict[str, list[str]] = {}
    for line in claim.get("todo") or []:
        field = line.split(":", 1)[0].strip() if ":" in line else "kind"
        field = field if field in ("subject", "baseline", "metric", "claimed") else "kind"
        out.setdefault(field, []).append(line)
    return out


def settle_claim(claim: dict, choice: dict, entity_id: Callable[[str], str],
                 metric_ids: set[str], qualifiers: set[str]) -> dict:
    """The claim with `choice` applied: `kind` (numeric | qualitative), `subject`, `baseline`,
    `metric`, `claimed`, `qualifier`, and for a claim with interpretations `reading` (`all`
    or an index). `entity_id` turns a name or alias into an id (raises LookupError)."""
    settled = {key: claim[key] for key in KEPT if claim.get(key) is not None}
    if choice.get("kind") == "qualitative":
        settled["kind"] = "qualitative"
        if claim.get("claimed"):
            settled["claimed"] = claim["claimed"]
        return _ordered(settled)
    metric = _metric(choice.get("metric") or claim.get("metric"), metric_ids)
    readings = claim.get("interpretations") or []
    reading = choice.get("reading") or ("all" if readings else None)
    if readings and reading == "all":
        settled.update(metric=metric, interpretations=readings)
    else:
        chosen = readings[_index(reading, len(readings))] if readings else {}
        settled["subject"] = _entity("subject", choice.get("subject") or chosen.get("subject"),
                                     entity_id)
        baseline = choice.get("baseline") or chosen.get("baseline")
        if baseline:
            settled["baseline"] = _entity("baseline", baseline, entity_id)
        settled["metric"] = metric
        settled["claimed"] = _claimed(choice.get("claimed") or chosen.get("claimed")
                                      or claim.get("claimed"))
    qualifier = choice.get("qualifier") or claim.get("qualifier") or "about"
    if qualifier not in qualifiers:
        raise SettleError("qualifier", f"qualifier: expected one of {', '.join(sorted(qualifiers))}")
    if qualifier != "about":
        settled["qualifier"] = qualifier
    return _ordered(settled)


ORDER = ("id", "quote", "subject", "baseline", "metric", "kind", "claimed", "qualifier",
         "interpretations", "note", "translation")


def _ordered(claim: dict) -> dict:
    return {key: claim[key] for key in ORDER if key in claim}


def _entity(field: str, name: str | None, entity_id) -> str:
    if not name or not name.strip():
        raise SettleError(field, f"{field}: choose an entity from the list")
    try:
        return entity_id(name.strip())
    except LookupError as exc:
        raise SettleError(field, f"{field}: {exc}") from None


def _metric(metric: str | None, metric_ids: set[str]) -> str:
    if metric not in metric_ids:
        raise SettleError("metric", f"metric: choose one from the list, found {metric!r}")
    return str(metric)


def _claimed(text: str | None) -> str:
    if not text or not str(text).strip():
        raise SettleError("claimed", "claimed: write the number as the article gives it")
    return " ".join(str(text).split())


def _index(reading, count: int) -> int:
    if isinstance(reading, str) and reading.isdigit() and int(reading) < count:
        return int(reading)
    raise SettleError("reading", "reading: choose one of the readings, or all of them")


# -- one answer for every claim that asks the same question ------------------------------------

ANSWERABLE = ("subject", "baseline", "metric")
SHAPE = re.compile(r"shape: replace `kind: qualitative` with ([a-z ,]+?)(?: \(the text gives (.*)\))?$")
GIVES = re.compile(r"(subject|baseline|metric): ([a-z][a-z0-9_]*)")


def alike(claims: list[dict]) -> dict[str, dict[str, list[str]]]:
    """The claims asked the same question: {claim id: {field: ids of the other claims whose
    todo lines for that field (subject, baseline, metric) are the very same lines}}. Only a
    claim one answer can complete is counted: no readings, and a `kind: qualitative` draft only
    when its shape question is all that stays open besides fields it gives."""
    groups: dict[tuple, list[str]] = {}
    for claim in claims:
        for field, lines in todo_fields(claim).items():
            if field in ANSWERABLE and answered(claim, field, "x", lines) is not None:
                groups.setdefault((field, tuple(lines)), []).append(claim["id"])
    same: dict[str, dict[str, list[str]]] = {}
    for (field, _), ids in groups.items():
        for claim_id in ids if len(ids) > 1 else ():
            same.setdefault(claim_id, {})[field] = [i for i in ids if i != claim_id]
    return same


def answered(claim: dict, field: str, value: str, lines: list[str]) -> dict | None:
    """`claim` with the question its todo `lines` ask about `field` answered as `value`, as a
    person edits the drafted file: the field written, those lines deleted, the other questions
    left open. A qualitative draft becomes numeric when its shape line then has every field it
    asks for (`the text gives` the rest). None when the lines are not this claim's question or
    one answer cannot complete its shape."""
    asked = todo_fields(claim)
    if claim.get("interpretations") or asked.get(field) != lines:
        return None
    todo = [line for line in claim.get("todo") or [] if line not in lines]
    result = {**claim, field: value}
    if claim.get("kind") == "qualitative":
        shapes = asked.get("kind") or []
        shape = SHAPE.fullmatch(shapes[0]) if len(shapes) == 1 else None
        if shape is None:
            return None
        given = dict(GIVES.findall(shape.group(2) or ""))
        fields = {f: value if f == field else claim.get(f) or given.get(f)
                  for f in ANSWERABLE if f in shape.group(1)}
        if not all(fields.values()):
            return None
        del result["kind"]
        result.update(fields)
        todo.remove(shapes[0])
    if todo:
        result["todo"] = todo
    else:
        result.pop("todo", None)
    return result


# -- a spec fact with `extend:` -----------------------------------------------------------------

FACT_FIELDS = ("entity", "metric", "value", "title", "url", "date", "party", "quote")


def source_id_for(title: str, date: str, taken: set[str]) -> str:
    """A spec source id from its title and date, unique among `taken`."""
    base = re.sub(r"[^a-z0-9]+", "-", f"{title} {date}".lower()).strip("-")[:60].strip("-")
    base = base if re.match(r"[a-z0-9]", base or "") else f"source-{date}"
    ident, number = base, 2
    while ident in taken:
        ident, number = f"{base}-{number}", number + 1
    return ident


def with_fact(own: dict, fact: dict, entity: str, taken: set[str]) -> dict:
    """The workspace's own spec file (`own`: {sources, entities}) with one more source and a
    fact on `entity` through `extend:`; the source is reused when one with the same URL exists."""
    sources = [dict(s) for s in own.get("sources") or []]
    source = next((s for s in sources if s.get("url") == fact["url"]), None)
    if source is None:
        source = {"id": source_id_for(fact["title"], fact["date"], taken | {s["id"] for s in sources}),
                  "title": fact["title"], "url": fact["url"], "date": fact["date"]}
        if fact.get("party"):
            source["party"] = fact["party"]
        sources.append(source)
    entry = {"metric": fact["metric"], "value": fact["value"], "source": source["id"]}
    if fact.get("quote"):
        entry["quote"] = fact["quote"]
    entities = [dict(e) for e in own.get("entities") or []]
    extension = next((e for e in entities if e.get("extend") == entity), None)
    if extension is None:
        extension = {"extend": entity, "facts": []}
        entities.append(extension)
    extension["facts"] = [*(extension.get("facts") or []), entry]
    return {"sources": sources, "entities": entities}
