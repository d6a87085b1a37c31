"""The drafted claim file as YAML text (pipeline/draft/).

yaml.safe_dump does the escaping (a quote may hold colons, quotes, '#', leading '-' or
'@'); keys keep the contract's order; Unicode is written as is, so Chinese quotes stay
readable.
"""

from __future__ import annotations

import yaml

CLAIM_ORDER = ("id", "quote", "subject", "baseline", "metric", "kind", "claimed", "qualifier",
               "interpretations", "todo", "note")
HEADER = ("# Drafted by `claimaudit draft`: one claim per number. Read every quote, settle each\n"
          "# `todo` line (then delete it), and run `claimaudit check` on this file.\n")


def _ordered(claim: dict) -> dict:
    return {key: claim[key] for key in CLAIM_ORDER if key in claim}


def dump(document: dict) -> str:
    claims = [_ordered(claim) for claim in document["claims"]]
    body = yaml.safe_dump({"source": document["source"], "claims": claims}, allow_unicode=True,
                          sort_keys=False, width=100, default_flow_style=False)
    return HEADER + body
