"""One direction or both of a chip-to-chip figure, by the figure (pipeline/draft/, issue 19).

context.py reads the words ("each direction", "bidirectional"); when they say neither, a
chip-to-chip figure is read as both directions, the way vendors publish it. The figure may say
otherwise: half the subject's published both-ways figure is its one-way figure.
"""

from __future__ import annotations

from claimaudit.draft.figure_match import matching
from claimaudit.draft.lexicon import lexicon

ONE_WAY, BOTH_WAYS = "scaleup_bandwidth_per_direction", "scaleup_bandwidth"


def one_way_figure(catalogue, reading, value, clause: str) -> None:
    """"per-GPU bandwidth climbed ... to 450 GBps (H100)": a chip-to-chip figure read as both
    directions (no word says which) that is not the subject's published figure for both but is
    its one-direction figure is one direction, written with a question; never left to read as a
    2x shortfall. A clause that says which direction decides, whatever the figure."""
    if reading.metric != BOTH_WAYS or reading.subject is None or value is None or any(
            t.startswith("metric:") for t in reading.todo) or any(
            lexicon().pattern(key).search(clause) for key in ("per_direction_words", "bidirectional_words")):
        return
    doubled = type(value)(value * 2)        # the one-way figure is derived: both ways / 2
    doubled.rel = getattr(value, "rel", doubled.rel)
    if matching(catalogue, [reading.subject], [BOTH_WAYS], doubled) and not matching(
            catalogue, [reading.subject], [BOTH_WAYS], value):
        reading.metric = ONE_WAY
        reading.todo.append(f"metric: the text does not say one direction or both; the figure is "
                            f"half {reading.subject}'s published {BOTH_WAYS} "
                            f"({ONE_WAY} written: confirm or change)")
