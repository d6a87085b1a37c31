"""Another precision's figure (pipeline/draft/, issue 19): "| Peak FP32 Tensor Core | 156 TFOPS |"
of the A100 is not its FP32 rate (19.5 TFLOPS) but, to the digit, its TF32 one; the page named the
precision wrongly (held-out round 270: NVIDIA's datasheet says "TF32 Tensor Core"). A decided
subject and rate whose published figure the number is 4x or more from, while another rate of the subject
publishes it (one or more: 312 TFLOPS is both the A100's FP16 and BF16 rate), is asked between
them: read as written, `check` would accuse the page of an eightfold error a reader sees as a
label's slip. Asked, never moved: the label may be right and the figure wrong.
"""

from __future__ import annotations

from claimaudit.draft.context import UNIT_DIMENSION
from claimaudit.draft.defined_metrics import figures_of
from claimaudit.draft.figure_match import FAR, amount, either_density, matching, metrics_of_dimension

RATES = ("flops", "ops")


def another_precisions_figure(catalogue, reading, claimed: str, unit: str) -> None:
    """Ask the metric of a rate that is another precision's published figure of its subject."""
    subject, metric = reading.subject, reading.metric
    if subject is None or metric is None or any(t.startswith("metric:") for t in reading.todo):
        return
    value = amount(claimed)
    rates = metrics_of_dimension(catalogue, unit)
    if not value or UNIT_DIMENSION.get(unit) not in RATES or metric not in rates:
        return          # (a rate of zero, `| FP64 | 0 TFLOPS |`, is no other precision's)
    written = either_density(reading)
    own = [f for m in written for f in figures_of(catalogue, subject, m) if f > 0]
    if not own or any(max(value / f, f / value) < FAR for f in own):
        return          # within 4x: a density's slip (twice) or the page's own figure, asked elsewhere
    unwritten = [m for m in rates if m not in written]
    others = sorted(m for _, m in matching(catalogue, [subject], unwritten, value))
    if not others:
        return
    shown = " or ".join(f"{f / 1e12:g} T{catalogue.metrics[metric]}" for f in sorted(set(own)))
    reading.todo.append(f"metric: {claimed} is not {subject}'s published {metric} ({shown}) but its "
                        f"{' and '.join(others)}: the text may name the wrong precision; pick one of "
                        f"{', '.join([*others, metric])}")
