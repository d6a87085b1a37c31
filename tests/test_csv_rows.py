"""CSV rows by pyarrow's kernels (pipeline/output/csv_rows.py) against csv.writer itself, the
reference: the same text for any cells (quotes, commas, line breaks, CR, NUL, non-ASCII,
empty and absent cells), and the csv module's own text where a cell is not text."""

import csv
import io

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from claimaudit.output import csv_rows
from claimaudit.output.render import sheet_cell

pytest.importorskip("pyarrow")

CELLS = st.one_of(st.none(), st.text(max_size=8),
                  st.text(alphabet=',"\n\r\t \x00aé=+-@＝\'', max_size=6))


def reference(columns: list[list], sheet: tuple = ()) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(zip(*(
        [sheet_cell(v) for v in column] if at in sheet else column
        for at, column in enumerate(columns))))
    return buffer.getvalue()


@given(width=st.integers(1, 5), data=st.data())
@example(width=2, data=None)
def test_rows_are_what_csv_writer_writes(width, data):
    if data is None:
        columns = [["a,b", 'q"uote', "line\nbreak", "cr\r", None, ""], ["1", "", None, "é", "x", " "]]
    else:
        height = data.draw(st.integers(1, 6))
        columns = [data.draw(st.lists(CELLS, min_size=height, max_size=height))
                   for _ in range(width)]
    sheet = tuple(range(0, width, 2))       # every other column marked as a spreadsheet's text
    assert csv_rows.rows_text(columns) == reference(columns)
    assert csv_rows.rows_text(columns, sheet) == reference(columns, sheet)


def test_cells_that_are_not_text_are_left_to_the_csv_module():
    columns = [["a", "b"], [1, 2.5]]
    assert csv_rows.rows_text(columns) == "a,1\nb,2.5\n"


def test_no_rows_is_no_text():
    assert csv_rows.rows_text([[], []]) == ""
    assert csv_rows.rows_text([]) == ""


def test_the_quoted_characters_are_the_csv_modules():
    quoted, _ = csv_rows._quoted_characters()
    assert set(',"\n') <= set(quoted) and not set("a =\t") & set(quoted)


def test_formula_cells_are_marked_in_the_columns_asked(monkeypatch):
    columns = [["=1+1", "+40%", "ok", None], ["=x", "-5", "@a", "\tb"]]
    expected = "'=1+1,=x\n'+40%,-5\nok,@a\n,\tb\n"
    assert csv_rows.rows_text(columns, (0,)) == expected == reference(columns, (0,))
    monkeypatch.setattr(csv_rows, "_quoted_characters", lambda: (",\"\n", "x"))   # refused:
    assert csv_rows.rows_text(columns, (0,)) == expected        # the csv module's path marks too


def test_cells_with_surrogates_are_left_to_the_csv_module():
    """A file name's undecodable bytes (os.fsdecode keeps them as surrogates) are not UTF-8."""
    columns = [["claims/\udcff.yaml", "ok"], ["1", "2"]]
    assert csv_rows.rows_text(columns) == reference(columns)
