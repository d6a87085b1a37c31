"""The drafted claim file as YAML text (pipeline/draft/).

yaml.safe_dump does the escaping (a quote may hold colons, quotes, '#', leading '-' or
'@'); keys keep the contract's order; Unicode is written as is, so Chinese quotes stay
readable. Claim fields the installed claim loader does not know yet (`todo`, `claimed` on an
interpretation, from CONTRACT 9.3) are folded into `note` so `check` still accepts the file.
"""

from __future__ import annotations

import yaml

from pipeline import load

CLAIM_ORDER = ("id", "quote", "subject", "baseline", "metric", "kind", "claimed", "qualifier",
               "interpretations", "todo", "note")


def supports(field: str, where: tuple) -> bool:
    return field in where


def _compatible(claim: dict) -> dict:
    """Fold 9.3 fields into `note` where the loader predates them."""
    claim = dict(claim)
    notes = []
    if "todo" in claim and not supports("todo", load.CLAIM_FIELDS):
        notes += [f"TODO {item}" for item in claim.pop("todo")]
    readings = claim.get("interpretations")
    if readings and not supports("claimed", load.INTERPRETATION_FIELDS):
        first = readings[0]
        claim["claimed"] = first["claimed"]
        notes.append("TODO also read as " + readings[1]["claimed"] + " (N times more)")
        claim.pop("interpretations")
        claim.update(subject=first["subject"], baseline=first["baseline"])
    if notes:
        claim["note"] = "; ".join(notes)
    return claim


def _ordered(claim: dict) -> dict:
    return {key: claim[key] for key in CLAIM_ORDER if key in claim}


def dump(document: dict) -> str:
    claims = [_ordered(_compatible(c)) for c in document["claims"]]
    header = ("# Drafted by `claimaudit draft`: one claim per number. Read every quote, settle each\n"
              "# `todo` line (then delete it), and run `claimaudit check` on this file.\n")
    body = yaml.safe_dump({"source": document["source"], "claims": claims}, allow_unicode=True,
                          sort_keys=False, width=100, default_flow_style=False)
    return header + body
