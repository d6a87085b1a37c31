"""One SVG per claims source: each numeric claim's claimed region against its derived interval.

Every row is scaled to its own derived value (1.0 = what the specs give), so a 4x ratio and a
20 TB capacity share one axis and the eye reads "how far off" directly. The SVG is deterministic
(fixed hash salt, no date, size set by the row count), so unchanged results give unchanged files.
matplotlib is imported only when a figure is drawn, to keep the other commands fast.
"""

from __future__ import annotations

import contextlib
import math
import os
import pickle
import signal
import sys
import unicodedata
import warnings
from pathlib import Path
from typing import IO, Any

from claimaudit.core.errors import OutputError
from claimaudit.core.streams import high_descriptor
from claimaudit.report.page_words import report_words

# Okabe-Ito colours, readable by colour-blind readers.
COLOURS = {
    ("consistent", None): "#009E73",
    ("within_rounding", None): "#56B4E9",
    ("inconsistent", "minor"): "#E69F00",
    ("inconsistent", "major"): "#D55E00",
}
STYLE: dict[str, Any] = {"svg.hashsalt": "claimaudit", "svg.fonttype": "none",
                         "font.family": "DejaVu Sans", "font.size": 9}
WIDTH, HEADER, ROW = 8.0, 1.2, 0.38      # inches
LABEL_CHAR, LEGEND = 0.07, 2.9           # inches per label character; legend column on the right


def _finite(x) -> bool:
    return x is not None and math.isfinite(x)


MAX_ROWS = 40                            # 1.2 + 0.38 x 40 = 16.4 in = 1,181 pt = 1,575 px tall
AXIS = (0.0, 3.0)                        # claimed / derived beyond this is drawn at the edge


def _english() -> dict:
    return report_words("en")


def figure_rows(records: list[dict], words: dict | None = None) -> list[dict]:
    """Claims with a claimed region and a derived interval, divided by the derived nominal;
    at most MAX_ROWS of them, the farthest from the specs first chosen, in the records' order.
    `words` (a page's report words, English by default) mark a claim on the claimant's figures.

    The claimed numbers are in the unit of the derived ones (the reading that stood), so the
    plain quotient is the comparison the verdict made. Open region ends stay None. Each row
    carries `of`, the number of claims that could have been drawn, for the caption.
    """
    marks = (words or _english())["figure_basis"]
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
            "label": record["id"] + marks.get(record.get("basis") or "", ""),
            "style": (record["verdict"], record["severity"]),
            "claimed": tuple(None if x is None else x / scale
                             for x in (claimed["low"], claimed["high"])),
            "derived": (derived["low"] / scale, derived["high"] / scale),
        })
    chosen = sorted(range(len(rows)), key=lambda i: (rows[i]["style"][0] == "consistent",
                                                     -_distance(rows[i]), i))[:MAX_ROWS]
    return [{**rows[i], "of": len(rows)} for i in sorted(chosen)]


def _distance(row: dict) -> float:
    """How far the claimed region lies from 1 (the specs' value), for choosing rows to draw."""
    ends = [abs(math.log(x)) if x > 0 else math.inf for x in row["claimed"] if x is not None]
    return min(ends) if ends else 0.0


def _limits(rows: list[dict]) -> tuple[float, float]:
    """The axis: every drawn value, with a margin, cut to AXIS (rows beyond are marked)."""
    values = [1.0] + [x for row in rows for x in row["claimed"] + row["derived"] if x is not None]
    low, high = max(min(values), AXIS[0]), min(max(values), AXIS[1])
    pad = max((high - low) * 0.08, 0.02)
    return low - pad, high + pad


def _clipped_label(row: dict, left: float, right: float, words: dict | None = None) -> str:
    """A row whose claimed region runs off the axis says where it really lies."""
    words = words or _english()
    outside = [x for x in row["claimed"] if x is not None and not left <= x <= right]
    if not outside:
        return row["label"]
    far = f"{max(outside, key=lambda x: abs(x - 1)):.3g}"
    return row["label"] + words["figure_off_axis"].format(value=far)


def _columns(text: str) -> int:
    """How many character widths a label takes: a wide (CJK) character counts two."""
    return len(text) + (0 if text.isascii() else
                        sum(unicodedata.east_asian_width(c) in "WF" for c in text))


def _draw(ax, rows: list[dict], words: dict) -> None:
    """Every row in one call per mark kind (bars, ticks, arrows, derived spans, diamonds)."""
    import numpy as np

    left, right = _limits(rows)
    y = np.arange(len(rows))
    colours = [COLOURS.get(row["style"], "#999999") for row in rows]
    low = np.array([left if r["claimed"][0] is None else r["claimed"][0] for r in rows])
    high = np.array([right if r["claimed"][1] is None else r["claimed"][1] for r in rows])
    start, end = np.clip(low, left, right), np.clip(high, left, right)
    ax.axvline(1.0, color="#777777", linestyle=":", linewidth=1, zorder=1)
    # one LineCollection as wide as a bar (0.55 of a row), not a patch per row
    ax.hlines(y, start, end, colors=colours, alpha=0.55, linewidth=0.55 * ROW * 72,
              capstyle="butt", zorder=2)
    thin = end - start < (right - left) * 0.005      # too thin to see: mark where it is
    ax.scatter((start + end)[thin] / 2, y[thin], marker="|", s=196, linewidths=2,
               c=[c for c, t in zip(colours, thin) if t], zorder=3)
    for edge, beyond, marker in ((left, [r["claimed"][0] is None for r in rows] | (low < left), "<"),
                                 (right, [r["claimed"][1] is None for r in rows] | (high > right),
                                  ">")):
        beyond = np.asarray(beyond, dtype=bool)
        ax.scatter(np.full(beyond.sum(), edge), y[beyond], marker=marker, s=49, zorder=3,
                   c=[c for c, b in zip(colours, beyond) if b], clip_on=False)
    derived = np.array([row["derived"] for row in rows])
    ax.hlines(y, np.clip(derived[:, 0], left, right), np.clip(derived[:, 1], left, right),
              color="black", linewidth=3, zorder=4)
    ax.scatter(np.ones(len(rows)), y, marker="D", s=16, color="black", zorder=5)
    ax.set_xlim(left, right)
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_yticks(range(len(rows)), [_clipped_label(row, left, right, words) for row in rows])
    ax.set_xlabel(words["figure_axis"])
    ax.grid(axis="x", color="#dddddd", linewidth=0.6, zorder=0)
    ax.set_axisbelow(True)
    if rows[0].get("of", len(rows)) > len(rows):
        ax.set_title(words["figure_title"].format(shown=len(rows), of=rows[0]["of"]),
                     loc="left", fontsize=9)
    _legend(ax, rows, words)


def _legend_label(style: tuple, words: dict) -> str:
    """`claimed: inconsistent (major)`, in the page's language."""
    verdict, severity = style
    name = words["counted"][verdict] + (f" ({words['severities'][severity]})" if severity else "")
    return words["figure_claimed"].format(verdict=name)


def _legend(ax, rows: list[dict], words: dict) -> None:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    present = [style for style in COLOURS if any(row["style"] == style for row in rows)]
    handles: list[Any] = [Patch(facecolor=COLOURS[s], alpha=0.55, edgecolor=COLOURS[s],
                                label=_legend_label(s, words)) for s in present]
    handles.append(Line2D([], [], color="black", linewidth=3, marker="D", markersize=4,
                          label=words["figure_derived"]))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)


def draw_file(rows: list[dict], path: str, words: dict | None = None) -> None:
    """Rows (from figure_rows) -> one deterministic SVG file, its words in the language of
    `words` (English by default). The SVG keeps its text as text (svg.fonttype none), so a
    reader's browser draws Chinese in a font that has it; DejaVu Sans, which measures the
    layout here, has no CJK glyphs, and matplotlib's warning about that is silenced."""
    words = words or _english()
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    Path(path).parent.mkdir(parents=True, exist_ok=True)
    # Margins are set from the longest label rather than by bbox_inches="tight", which
    # would lay the whole figure out a second time (the slowest part of a report run).
    left, right = _limits(rows)
    labels = 0.3 + LABEL_CHAR * max(_columns(_clipped_label(row, left, right, words))
                                    for row in rows)
    top = 0.45 if rows[0].get("of", len(rows)) > len(rows) else 0.25     # room for the title
    width = WIDTH + labels
    height = HEADER + ROW * len(rows)
    with matplotlib.rc_context(STYLE), warnings.catch_warnings():  # type: ignore[arg-type]
        warnings.filterwarnings("ignore", r"Glyph \d+ .*missing from font")
        figure = Figure(figsize=(width, height))
        FigureCanvasAgg(figure)
        figure.subplots_adjust(left=labels / width, right=1 - LEGEND / width,
                               top=1 - top / height, bottom=0.75 / height)
        _draw(figure.add_subplot(), rows, words)
        figure.savefig(path, format="svg", metadata={"Date": None, "Creator": None})


def _import_matplotlib() -> None:
    import matplotlib.backends.backend_agg  # noqa: F401
    import matplotlib.figure  # noqa: F401


class Painter:
    """Draws the figures, in a forked worker process when it can.

    `claimaudit report` starts the painter before anything else, so that the worker imports
    matplotlib (0.5 CPU-s) while this process imports pandas and checks the claims; the figures
    are then drawn while the Markdown is rendered. Without `start()` (or where processes cannot
    be forked) it draws in-process. The files are the same either way.

    The worker is bound to this process: it dies with it (PR_SET_PDEATHSIG on Linux, and a
    closed job pipe everywhere), ignores SIGINT (the parent decides), holds none of the
    caller's files (its stdio is /dev/null, other descriptors closed), and `close()` kills and
    reaps it, so no job can write after a failed run has cleaned up.
    """

    def __init__(self) -> None:
        self._pid: int | None = None
        self._jobs: IO[bytes] | None = None
        self._results: IO[bytes] | None = None
        self._pending = 0

    def start(self) -> Painter:
        if not hasattr(os, "fork"):
            return self
        jobs_read, jobs_write = map(high_descriptor, os.pipe())     # never fd 0-2
        results_read, results_write = map(high_descriptor, os.pipe())
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:                                    # the worker: never returns
            try:
                os.close(jobs_write)
                os.close(results_read)
                _detach(parent, keep=(jobs_read, results_write))
                _serve(jobs_read, results_write)
            finally:
                os._exit(0)
        os.close(jobs_read)
        os.close(results_write)
        self._pid = pid
        self._jobs, self._results = os.fdopen(jobs_write, "wb"), os.fdopen(results_read, "rb")
        return self

    def draw(self, rows: list[dict], path: Path, words: dict | None = None) -> None:
        if self._pid is None or self._jobs is None:
            draw_file(rows, str(path), words)
            return
        pickle.dump((rows, str(path), words), self._jobs)
        self._jobs.flush()
        self._pending += 1

    def finish(self) -> None:
        """Wait for every figure; a worker's exception is raised here."""
        failure = None
        while self._pending and self._results is not None:
            self._pending -= 1
            try:
                outcome = pickle.load(self._results)
            except EOFError:
                raise OutputError("the figure worker stopped before drawing every figure") \
                    from None
            failure = failure or outcome
        if failure is not None:
            raise failure

    def close(self) -> None:
        """Stop the worker and reap it (idempotent); pending figures are abandoned."""
        if self._pid is None:
            return
        pid, self._pid, self._pending = self._pid, None, 0
        for stream in (self._jobs, self._results):
            with contextlib.suppress(OSError, AttributeError):
                stream.close()      # type: ignore[union-attr]
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)

    def __enter__(self) -> Painter:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


PR_SET_PDEATHSIG = 1


def _detach(parent: int, keep: tuple[int, int]) -> None:
    """In the worker: die with the parent, leave SIGINT to it, hold none of the caller's files."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:                      # the parent died before prctl took effect
        os._exit(0)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    for fd in _open_descriptors():
        if fd > 2 and fd not in keep:
            with contextlib.suppress(OSError):
                os.close(fd)


def _open_descriptors() -> list[int]:
    try:
        return [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:
        return list(range(3, 256))


def _serve(jobs_fd: int, results_fd: int) -> None:
    """The worker's loop: import matplotlib, then draw each job; the outcome (None or the
    exception) goes back in order. Ends when the parent closes the job pipe."""
    jobs, results = os.fdopen(jobs_fd, "rb"), os.fdopen(results_fd, "wb")
    _import_matplotlib()
    while True:
        try:
            rows, path, words = pickle.load(jobs)
        except EOFError:
            return
        try:
            draw_file(rows, path, words)
            outcome = None
        except Exception as exc:            # noqa: BLE001 - every failure goes to the parent
            outcome = exc
        try:
            message = pickle.dumps(outcome)
        except Exception:                   # noqa: BLE001 - an exception that cannot be pickled
            message = pickle.dumps(RuntimeError(f"figure {path}: {outcome!r}"))
        results.write(message)
        results.flush()
