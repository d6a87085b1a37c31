"""The draft tests' fixture catalogues (tests/data/draft-specs/): `base` alone, and `extended`
(base + more: new entities that must never turn an asked field into a wrong one); a module's
own fictional specs (`catalogue_of`) and the draft of a text over them (`drafted_claims`).
Imported by the test modules that draft over them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from claimaudit.draft.article import SourceInfo, draft_document
from claimaudit.draft.entities import load_catalogue

SPECS = Path(__file__).resolve().parent / "data" / "draft-specs"


@pytest.fixture(scope="module")
def base():
    return load_catalogue(SPECS / "base")


@pytest.fixture(scope="module")
def extended(tmp_path_factory):
    folder = tmp_path_factory.mktemp("specs")
    for part in ("base", "more"):
        for path in (SPECS / part).glob("*.yaml"):
            shutil.copy(path, folder / path.name)
    return load_catalogue(folder)


def catalogue_of(tmp_path_factory, specs_text: str):
    """A catalogue of one spec file written for a test module (its own fictional entities)."""
    folder = tmp_path_factory.mktemp("specs")
    (folder / "example.yaml").write_text(specs_text, encoding="utf-8")
    return load_catalogue(folder)


def example_chips(chips: dict[str, list[tuple[str, str]]],
                  aliases: dict[str, list[str]] | None = None) -> str:
    """Spec YAML of fictional chips: each id `kiteN` is "Example Kite KN" (alias "Kite KN", and any
    `aliases` given for it) with its facts as (metric, value) pairs, all from one example datasheet."""
    lines = ["sources:", '  - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}',
             "entities:"]
    for entity, facts in chips.items():
        name = f"Kite K{entity.removeprefix('kite')}"
        names = ", ".join([name, *(aliases or {}).get(entity, [])])
        lines += [f"  - id: {entity}", f"    name: Example {name}", "    vendor: Example", "    kind: chip",
                  f"    aliases: [{names}]", "    facts:"]
        lines += [f'      - {{metric: {metric}, value: {value}, source: ex-sheet, quote: "{value}"}}'
                  for metric, value in facts]
    return "\n".join(lines) + "\n"


def example_box(chip: str, count: int) -> str:
    """Spec YAML of a fictional system `<chip>_box` ("Example Kite BoxN", alias "Kite BoxN") holding
    `count` of the chip, with its published chip count; appended to `example_chips`' YAML."""
    box = f"Kite Box{chip.removeprefix('kite')}"
    return "\n".join([f"  - id: {chip}_box", f"    name: Example {box}", "    vendor: Example",
                      "    kind: system", f"    aliases: [{box}]", f"    members: {{{chip}: {count}}}",
                      "    facts:", f'      - {{metric: chips, value: "{count}", source: ex-sheet, '
                      f'quote: "{count} GPUs"}}']) + "\n"


def two_kite_boxes(tmp_path_factory):
    """Two fictional chips with their memory (kite1 "KT100", 80 GB; kite2 "KT200", 96 GB) and a
    system of each (kite1_box of 8, kite2_box of 72): the counts and memories of rounds 287 and 293."""
    chips = example_chips({"kite1": [("hbm_capacity", "80 GB")], "kite2": [("hbm_capacity", "96 GB")]},
                          aliases={"kite1": ["KT100"], "kite2": ["KT200"]})
    return catalogue_of(tmp_path_factory, chips + example_box("kite1", 8) + example_box("kite2", 72))


def drafted_claims(text: str, catalogue, language: str = "en") -> list[dict]:
    return draft_document(text, SourceInfo("t", "t", language), catalogue)["claims"]


def metric_todos(claim: dict) -> list[str]:
    """The claim's todos about its metric."""
    return [todo for todo in claim.get("todo") or [] if todo.startswith("metric:")]


def claim_of(claims: list[dict], claimed: str) -> dict:
    """The drafted claim whose `claimed` text is this one."""
    return next(c for c in claims if c.get("claimed") == claimed)


def subject_todos(claim: dict) -> list[str]:
    """The claim's questions about its subject."""
    return [t for t in claim.get("todo", []) if t.startswith("subject:")]
