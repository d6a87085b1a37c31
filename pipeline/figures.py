"""One SVG per claims source: each numeric claim's claimed region against its derived interval.

Every row is scaled to its own derived value (1.0 = what the specs give), so a 4x ratio and a
20 TB capacity share one axis and the eye reads "how far off" directly. The SVG is deterministic
(fixed hash salt, no date, size set by the row count), so unchanged results give unchanged files.
matplotlib is imported only when a figure is drawn, to keep the other commands fast.
"""

from __future__ import annotations

import math
from pathlib import Path

# Okabe-Ito colours, readable by colour-blind readers.
COLOURS = {
    ("consistent", None): "#009E73",
    ("within_rounding", None): "#56B4E9",
    ("inconsistent", "minor"): "#E69F00",
    ("inconsistent", "major"): "#D55E00",
}
LABELS = {
    ("consistent", None): "consistent",
    ("within_rounding", None): "within rounding",
    ("inconsistent", "minor"): "inconsistent (minor)",
    ("inconsistent", "major"): "inconsistent (major)",
}
FIGURE_BASIS_MARKS = {"claimant": " (claimant's own figures)", "mixed": " (partly claimant's own)"}
STYLE = {"svg.hashsalt": "claimaudit", "svg.fonttype": "none", "font.family": "DejaVu Sans",
         "font.size": 9}
WIDTH, HEADER, ROW = 8.0, 1.2, 0.38      # inches
LABEL_CHAR, LEGEND = 0.07, 2.9           # inches per label character; legend column on the right


def _finite(x) -> bool:
    return x is not None and math.isfinite(x)


def figure_rows(records: list[dict]) -> list[dict]:
    """Claims with a claimed region and a derived interval, divided by the derived nominal.

    The claimed numbers are in the unit of the derived ones (the reading that stood), so the
    plain quotient is the comparison the verdict made. Open region ends stay None.
    """
    rows = []
    for record in records:
        claimed, derived = record["claimed"], record["derived"]
        if not claimed or not derived or not _finite(derived["value"]) or derived["value"] <= 0:
            continue
        if not (_finite(derived["low"]) and _finite(derived["high"])):
            continue
        if claimed["low"] is None and claimed["high"] is None:
            continue
        scale = derived["value"]
        rows.append({
            "label": record["id"] + FIGURE_BASIS_MARKS.get(record.get("basis"), ""),
            "style": (record["verdict"], record["severity"]),
            "claimed": tuple(None if x is None else x / scale
                             for x in (claimed["low"], claimed["high"])),
            "derived": (derived["low"] / scale, derived["high"] / scale),
        })
    return rows


def _limits(rows: list[dict]) -> tuple[float, float]:
    values = [1.0] + [x for row in rows for x in row["claimed"] + row["derived"] if x is not None]
    low, high = min(values), max(values)
    pad = max((high - low) * 0.08, 0.02)
    return low - pad, high + pad


def _draw(ax, rows: list[dict]) -> None:
    left, right = _limits(rows)
    ax.axvline(1.0, color="#777777", linestyle=":", linewidth=1, zorder=1)
    for y, row in enumerate(rows):
        colour = COLOURS.get(row["style"], "#999999")
        low, high = row["claimed"]
        start, end = (left if low is None else low), (right if high is None else high)
        ax.barh(y, end - start, left=start, height=0.55, color=colour, alpha=0.55,
                edgecolor=colour, linewidth=1, zorder=2)
        if end - start < (right - left) * 0.005:    # too thin to see: mark where it is
            ax.plot([(start + end) / 2], [y], marker="|", markersize=14, markeredgewidth=2,
                    color=colour, zorder=3)
        for edge, open_end, marker in ((left, low is None, "<"), (right, high is None, ">")):
            if open_end:
                ax.plot([edge], [y], marker=marker, color=colour, markersize=7, zorder=3,
                        clip_on=False)
        ax.hlines(y, *row["derived"], color="black", linewidth=3, zorder=4)
        ax.plot([1.0], [y], marker="D", color="black", markersize=4, zorder=5)
    ax.set_xlim(left, right)
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_yticks(range(len(rows)), [row["label"] for row in rows])
    ax.set_xlabel("claimed ÷ derived  (1 = the value the specs give)")
    ax.grid(axis="x", color="#dddddd", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)
    _legend(ax, rows)


def _legend(ax, rows: list[dict]) -> None:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    present = [style for style in COLOURS if any(row["style"] == style for row in rows)]
    handles = [Patch(facecolor=COLOURS[s], alpha=0.55, edgecolor=COLOURS[s],
                     label=f"claimed: {LABELS[s]}") for s in present]
    handles.append(Line2D([], [], color="black", linewidth=3, marker="D", markersize=4,
                          label="derived from specs"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)


def write_figure(records: list[dict], path: Path) -> bool:
    """Draw the source's figure to `path` (SVG); False, and no file, when no claim can be drawn."""
    rows = figure_rows(records)
    if not rows:
        return False
    draw_file(rows, str(path))
    return True


def draw_file(rows: list[dict], path: str) -> None:
    """Rows (from figure_rows) -> one deterministic SVG file."""
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    # Margins are set from the longest label rather than by bbox_inches="tight", which
    # would lay the whole figure out a second time (the slowest part of a report run).
    labels = 0.3 + LABEL_CHAR * max(len(row["label"]) for row in rows)
    width = WIDTH + labels
    height = HEADER + ROW * len(rows)
    with matplotlib.rc_context(STYLE):
        figure = Figure(figsize=(width, height))
        FigureCanvasAgg(figure)
        figure.subplots_adjust(left=labels / width, right=1 - LEGEND / width,
                               top=1 - 0.25 / height, bottom=0.75 / height)
        _draw(figure.add_subplot(), rows)
        figure.savefig(path, format="svg", metadata={"Date": None, "Creator": None})


def _import_matplotlib() -> None:
    import matplotlib.backends.backend_agg  # noqa: F401
    import matplotlib.figure  # noqa: F401


class Painter:
    """Draws the figures, in a worker process when it can.

    `claimaudit report` starts the painter before anything else, so that the
    worker imports matplotlib (0.5 to 1 s) while this process imports pandas and
    checks the claims; the figures are then drawn while the Markdown is rendered.
    Without `start()` (or where processes cannot be forked) it draws in-process.
    The files are the same either way.
    """

    def __init__(self) -> None:
        self._pool = None
        self._jobs: list = []

    def start(self) -> "Painter":
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        if "fork" in multiprocessing.get_all_start_methods():
            self._pool = ProcessPoolExecutor(max_workers=1,
                                             mp_context=multiprocessing.get_context("fork"))
            self._jobs.append(self._pool.submit(_import_matplotlib))
        return self

    def draw(self, rows: list[dict], path: Path) -> None:
        if self._pool is None:
            draw_file(rows, str(path))
        else:
            self._jobs.append(self._pool.submit(draw_file, rows, str(path)))

    def finish(self) -> None:
        """Wait for every figure; a worker's exception is raised here."""
        jobs, self._jobs = self._jobs, []
        for job in jobs:
            job.result()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __enter__(self) -> "Painter":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
