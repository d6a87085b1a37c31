"""How would each earlier held-out round have drafted with only the general rules?

    python benchmarks/draft_ablation.py            # the table (README "Drafting quality")
    python benchmarks/draft_ablation.py --from-git # rewrite benchmarks/draft_rounds.yaml
    python benchmarks/draft_ablation.py --one ROUND MODE   # one round, one mode, as JSON

Every held-out round of the draft test set was studied after its first run and its misses
fixed, partly by entries added to the word lists (pipeline/data/draft_lexicon.yaml). A
leave-one-round-out score is impossible (the rules were tuned on every round), so this
script scores each round with today's code but WITHOUT the word-list entries that round
taught:

- `fix`: the entries added between the round's first run and the commit that fixed it;
- `since`: every entry that did not exist at the round's first run (its own fix and every
  later round's), the strict figure: word lists as they were when the round was unseen.

Code rules written after a round stay in (they cannot be ablated line by line); the table
therefore bounds the word lists' share of the tuning, not the code's. The entries per round
come from git history once (`--from-git`) and are kept in benchmarks/draft_rounds.yaml, so
the table is reproducible without the history. Each ablation runs in its own process (the
compiled patterns are cached per process).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ROUNDS_FILE = ROOT / "benchmarks" / "draft_rounds.yaml"
LEXICON = "pipeline/data/draft_lexicon.yaml"
MODES = ("none", "fix", "since", "bare")
BARE_KEYS = ("count_nouns", "count_noun_links")


def _lexicon_at(commit: str) -> dict:
    text = subprocess.run(["git", "show", f"{commit}:{LEXICON}"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    return yaml.safe_load(text)


def entries(data: dict) -> set[tuple]:
    """A lexicon as a set of (key, group, word): lists, groups of lists, and mappings."""
    out: set[tuple] = set()
    for key, value in data.items():
        if isinstance(value, list):
            out |= {(key, "", str(word)) for word in value}
        elif isinstance(value, dict):
            for group, words in value.items():
                if isinstance(words, list):
                    out |= {(key, str(group), str(word)) for word in words}
                else:
                    out.add((key, "", str(group)))
    return out


def rounds_from_git() -> dict:
    """Each round's ablated entries from the lexicon's history (see the module docstring)."""
    rounds = yaml.safe_load(ROUNDS_FILE.read_text(encoding="utf-8"))["rounds"]
    # the lexicon as tuned on every round (the last fix), not later general entries
    current = entries(_lexicon_at(rounds[-1]["fixed"]))
    for entry in rounds:
        first, fixed = _lexicon_at(entry["first_run"]), _lexicon_at(entry["fixed"])
        entry["fix"] = sorted(list(e) for e in (entries(fixed) - entries(first)) & current)
        entry["since"] = sorted(list(e) for e in current - entries(first))
    return {"rounds": rounds}


def ablated(data: dict, removed: list) -> dict:
    """`data` without the (key, group, word) entries in `removed` (containers kept, maybe empty)."""
    gone = {tuple(e) for e in removed}
    out: dict = {}
    for key, value in data.items():
        if isinstance(value, list):
            out[key] = [w for w in value if (key, "", str(w)) not in gone]
        elif isinstance(value, dict):
            out[key] = {}
            for group, words in value.items():
                if isinstance(words, list):
                    out[key][group] = [w for w in words if (key, str(group), str(w)) not in gone]
                elif (key, "", str(group)) not in gone:
                    out[key][group] = words
        else:
            out[key] = value
    for unit in list(out.get("unclaimable_units", {})):
        if not out["units"].get(unit):
            del out["unclaimable_units"][unit]
    out["units"] = {unit: spellings for unit, spellings in out["units"].items() if spellings}
    return out


def score_round(index: int, mode: str) -> dict:
    """Draft the round's articles with the ablated lexicon and score them. Patterns derived
    from the lexicon are cached per process: ablate only in a fresh process (`--one`)."""
    import importlib

    lexmod: Any = importlib.import_module("claimaudit.draft.lexicon")  # the package re-exports a function

    entry = yaml.safe_load(ROUNDS_FILE.read_text(encoding="utf-8"))["rounds"][index]
    original = lexmod.package_yaml
    data = original("draft_lexicon.yaml")
    if mode == "bare":       # `since`, and no count-noun list at all: counts by the general rules
        data = ablated(data, entry["since"] + [e for e in entries(data) if e[0] in BARE_KEYS])
    elif mode != "none":
        data = ablated(data, entry[mode])
    lexmod.package_yaml = lambda name: data if name == "draft_lexicon.yaml" else original(name)
    lexmod.lexicon.cache_clear()
    try:
        total, misses = _score_articles(entry["articles"])
    finally:                 # the process goes on with the bundled lexicon
        lexmod.package_yaml = original
        lexmod.lexicon.cache_clear()
    return {"found": total.found, "annotated": total.annotated, "noise": total.noise,
            "drafted": total.drafted, "misses": misses}


def _score_articles(names: list[str]) -> tuple:
    from benchmarks.draft_eval import DATA, drafted_yaml
    from claimaudit import load_catalogue
    from claimaudit.draft.score import Score, score

    catalogue = load_catalogue(ROOT / "specs")
    notes = yaml.safe_load((DATA / "annotations.yaml").read_text(encoding="utf-8"))["articles"]
    total, misses = Score(), []
    for name in names:
        result = score(yaml.safe_load(drafted_yaml(DATA / name, catalogue))["claims"],
                       notes[name]["claims"])
        total.add(result)
        misses += [f"{name}: {m['number']}" for m in result.misses or []]
    return total, misses


def main() -> int:
    if "--from-git" in sys.argv:
        ROUNDS_FILE.write_text(_HEADER + yaml.safe_dump(rounds_from_git(), allow_unicode=True,
                                                        sort_keys=False, width=100,
                                                        default_flow_style=None),
                               encoding="utf-8")
        return 0
    if "--ablated" in sys.argv:    # {"data": ..., "removed": [...]} on stdin -> the ablated data
        given = json.load(sys.stdin)
        print(json.dumps(ablated(given["data"], given["removed"]), ensure_ascii=False))
        return 0
    if "--one" in sys.argv:
        index, mode = int(sys.argv[-2]), sys.argv[-1]
        print(json.dumps(score_round(index, mode)))
        return 0
    rounds = yaml.safe_load(ROUNDS_FILE.read_text(encoding="utf-8"))["rounds"]
    print("| round | first run (then) | today, all lists | without its fix's entries | "
          "without entries newer than its first run | and no count-noun list |")
    print("|---|---|---|---|---|---|")
    verbose = "--verbose" in sys.argv
    sums = {mode: [0, 0, 0, 0] for mode in MODES}
    for index, entry in enumerate(rounds):
        cells = []
        for mode in MODES:
            out = subprocess.run([sys.executable, __file__, "--one", str(index), mode], cwd=ROOT,
                                 check=True, capture_output=True, text=True).stdout
            r = json.loads(out)
            sums[mode] = [a + b for a, b in zip(sums[mode], (r["found"], r["annotated"], r["noise"],
                                                             r["drafted"]))]
            cells.append(f"{r['found']}/{r['annotated']} = {r['found'] / r['annotated']:.1%}, "
                         f"noise {r['noise']}/{r['drafted']}")
            if verbose and mode != "none":
                print(f"   round {index + 1} {mode}: missed",
                      "; ".join(r["misses"]) or "nothing", file=sys.stderr)
        print(f"| {index + 1} | {entry['first_run_score']} | " + " | ".join(cells) + " |")
    print("| all six | 330/396 = 83.3%, noise 25/355 | " + " | ".join(
        f"{f}/{a} = {f / a:.1%}, noise {n}/{d}" for f, a, n, d in sums.values()) + " |")
    return 0


_HEADER = """\
# The held-out rounds of the draft test set (benchmarks/draft_ablation.py): each round's
# articles, the commit of its first run, the commit that fixed its misses, and the word-list
# entries [key, group, word] to ablate (`fix`: added by that fix; `since`: added at or after
# it). Rewritten from git by `python benchmarks/draft_ablation.py --from-git`.
"""

if __name__ == "__main__":
    sys.exit(main())
