"""`claimaudit init [DIR]`: a starter project that checks as written (CONTRACT 10.3).

claims/ holds one example claim file, specs/ one spec file that adds to the bundled corpus
with `extend:` (so the project's specs/ is read over it: input/layers.py), and pyproject.toml
a `[tool.claimaudit]` table. A file that exists is never overwritten: it is listed as kept,
and a pyproject.toml without the table is told what to add.
"""

from __future__ import annotations

from pathlib import Path

EXAMPLE_CLAIMS = """\
# An example claim file: one per article. `claimaudit check` checks it; `claimaudit serve`
# drafts such files from an article's text. The format is CONTRACT.md section 2.
source:
  id: example-2025-12-02-trainium3
  title: "An example article about Trainium3"
  publisher: Example News
  url: https://news.example/2025/12/02/trainium3
  published: 2025-12-02
  language: en
  party: example-news
claims:
  - id: trn3-hbm
    quote: "each Trainium3 carries 144 GB of HBM3E"
    subject: trainium3
    metric: hbm_capacity
    claimed: 144 GB
  - id: trn3-bandwidth
    quote: "with nearly 5 TB/s of memory bandwidth"
    subject: trainium3
    metric: hbm_bandwidth
    claimed: 5 TB/s
    qualifier: nearly
"""

EXAMPLE_SPECS = """\
# Your newsroom's own spec facts. `extend: <entity id>` adds aliases and facts to an entity of
# the bundled corpus (`claimaudit entities` lists them); this folder is read over that corpus.
# Every fact names a source declared here; `party` is whose statement the figure is.
sources:
  - id: example-briefing-notes
    title: "Example: notes from a vendor briefing (replace with a real, linkable source)"
    url: https://news.example/notes/briefing
    date: 2025-12-02
    kind: press
    party: example-news
entities:
  - extend: trainium3
    aliases: ["AWS's third Trainium"]
    facts: []
    # a fact, once you have a source for it:
    # facts:
    #   - {metric: power, value: 1000 W, source: example-briefing-notes, quote: "..."}
"""

TABLE = """\
[tool.claimaudit]
specs = "specs"
claims = "claims"
out = "reports"
# base_url = "https://news.example/checks"   # where the published pages live (ClaimReview URLs)
# reviewer = {name = "Example News fact desk", url = "https://news.example/"}
"""

PYPROJECT = f"""\
# A claimaudit project (`claimaudit init`): `claimaudit check`, `report` and `serve` read this table.
{TABLE}"""

FILES = {"claims/example.yaml": EXAMPLE_CLAIMS, "specs/newsroom.yaml": EXAMPLE_SPECS,
         "pyproject.toml": PYPROJECT}


def init_project(folder: Path) -> list[tuple[str, str]]:
    """Write the starter files that do not exist yet; [(path, "wrote" | "kept")], in order.
    Never overwrites: a file is created with O_EXCL, so a race cannot clobber one either."""
    done = []
    for name, text in FILES.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            with open(path, "x", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
            done.append((str(path), "wrote"))
        except FileExistsError:
            done.append((str(path), "kept"))
    return done


def missing_table(folder: Path) -> bool:
    """Does folder/pyproject.toml exist without a [tool.claimaudit] table?"""
    import tomllib

    path = folder / "pyproject.toml"
    try:
        return "claimaudit" not in tomllib.loads(path.read_text(encoding="utf-8")).get("tool", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return path.exists()
