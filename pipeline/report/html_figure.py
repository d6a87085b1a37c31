"""The article page's figure as inline SVG geometry: each claim's claimed region against its
derived interval, scaled to the derived value (1 = what the specs give), as report/figures.py
draws it for the Markdown pages, but laid out for a page column: each claim's label on its own
line above its bar, in the page's own font at full size, so it stays legible at the page's width
(the Markdown reports' 8-inch matplotlib figure shrinks to 8-10 px labels in GitHub's column).

Python computes every coordinate; the template (templates/article.html.j2) only draws them.
"""

from __future__ import annotations

from claimaudit.report.figures import COLOURS, _limits

WIDTH = 720                 # the SVG's user units: the page column is 720 px wide at most
MARGIN = 12
ROW = 46                    # label line (18) + bar (16) + gap
AXIS_HEIGHT = 44
TICKS = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0)
GREY = "#999999"


def _x(value: float, left: float, right: float) -> float:
    return round(MARGIN + (value - left) / (right - left) * (WIDTH - 2 * MARGIN), 1)


def _span(low, high, left: float, right: float) -> tuple[float, float]:
    """An interval's ends on the axis (open ends reach the edge), never narrower than 3 units."""
    start = _x(max(low if low is not None else left, left), left, right)
    end = _x(min(high if high is not None else right, right), left, right)
    end = max(end, start + 3)
    return start, round(end - start, 1)


def figure_geometry(rows: list[dict]) -> dict | None:
    """figure_rows (report/figures.py) -> {width, height, rows: [{label, y, claimed, derived,
    colour}], ticks: [{x, label}], one: x of 1.0}; None when there is nothing to draw."""
    if not rows:
        return None
    left, right = _limits(rows)
    drawn = []
    for number, row in enumerate(rows):
        top = number * ROW + 8
        claimed_x, claimed_w = _span(row["claimed"][0], row["claimed"][1], left, right)
        derived_x, derived_w = _span(row["derived"][0], row["derived"][1], left, right)
        drawn.append({"label": row["label"], "label_y": top + 14, "bar_y": top + 22,
                      "claimed_x": claimed_x, "claimed_w": claimed_w,
                      "derived_x": derived_x, "derived_w": derived_w,
                      "colour": COLOURS.get(row["style"], GREY), "verdict": row["style"][0]})
    height = len(rows) * ROW + 8
    ticks = [{"x": _x(t, left, right), "label": f"{t:g}"} for t in TICKS if left <= t <= right]
    return {"width": WIDTH, "height": height + AXIS_HEIGHT, "axis_y": height, "rows": drawn,
            "ticks": ticks, "one": _x(1.0, left, right)}
