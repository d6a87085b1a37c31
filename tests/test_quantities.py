"""The column parser (pipeline/model/quantities.py) against the scalar rule (units.parse_quantity).

Every field and every error message must be the scalar rule's, exactly, for any text: generated
quantity texts with thousands separators, full-width digits, exponents, signs, Chinese numerals,
vendor unit spellings and qualifier words written into the text; and arbitrary text.
"""

import math

import pandas as pd
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from claimaudit.model import quantities
from claimaudit.model.quantities import QUANTITY_COLUMNS, parse_quantities, quantity_objects
from claimaudit.model.units import Quantity, UnitError, parse_quantity
from strategies import written_numbers

UNITS = ["", "TB", "TB/s", "PFLOPS", "petaFLOPs", "TFLOP/s", "Tbps", "GiB", "kW", "W", "ms",
         "µs", "us", "nm", "x", "×", "%", "times", "分鐘", "個", "倍", "pflops", "parsecs",
         "GB*s", "_000", "x10", "b10", "Exa FLOPS", "bytes/s", "TB\nGB", "兆瓦"]
SPACES = ["", " ", "  ", "\t", "\u3000", "\xa0", "\x0b", "\x1f", "\n"]
WORDS = ["", "", "", "up to ", "more than ", "about ", "約", "超過"]
FULL_WIDTH = str.maketrans("0123456789.,+-", "０１２３４５６７８９．，＋－")


@st.composite
def quantity_texts(draw) -> str:
    number = draw(st.one_of(written_numbers(), st.sampled_from(
        ["1.5萬", "兩", "十", "一百二十", "2萬", "減半", "翻倍", "1,23", "0x1F", "1_000", ".5", "٣"])))
    if draw(st.booleans()):
        number = number.translate(FULL_WIDTH)
    space = st.sampled_from(SPACES)
    return (draw(st.sampled_from(WORDS)) + draw(space) + draw(st.sampled_from(["", "+", "-"]))
            + number + draw(space) + draw(st.sampled_from(UNITS)) + draw(space))


def scalar(text):
    """(field values, None) or (None, message) from the scalar rule."""
    try:
        quantity = parse_quantity(text)
    except UnitError as exc:
        return None, str(exc)
    return tuple(getattr(quantity, name) for name in QUANTITY_COLUMNS[:-1]), None


def assert_agree(texts, frame) -> None:
    assert list(frame.columns) == list(QUANTITY_COLUMNS)
    for text, row in zip(texts, frame.itertuples(index=False)):
        fields, message = scalar(text)
        assert row.error == message, text
        if fields is not None:
            got = tuple(row)[:-1]
            assert got[0] == fields[0] and got[3:5] == fields[3:5] and got[7] == fields[7], text
            for mine, theirs in zip(got[1:3] + got[5:7], fields[1:3] + fields[5:7]):
                assert mine == theirs or (math.isnan(mine) and math.isnan(theirs)), text


ENGINES = pytest.mark.parametrize("engine", ["arrow", "re"])


def parsed(texts, engine: str):
    """parse_quantities with the number cut out by pyarrow's RE2, or by pandas' `re` fallback."""
    with pytest.MonkeyPatch.context() as patch:
        if engine == "re":
            patch.setattr(quantities, "_split_numbers", quantities._split_with_re)
        return parse_quantities(texts)


@ENGINES
@given(texts=st.lists(quantity_texts(), min_size=1, max_size=30))
@example(texts=["20.7 TB", "２０.７ TB", "1,452 PFLOPS", "+40%", "-50%", "-150%", "1e6", "1.5萬 個",
                "減半", "0x10", "1_000 B", "1e999 TB", "20. TB", "4.4×", "up to 2 TB", "1e99999",
                "1e300 EB", "-0 %", "0e-300 %"])
def test_columns_agree_with_the_scalar_rule(engine, texts):
    assert_agree(texts, parsed(pd.Series(texts, dtype=object), engine))


@ENGINES
@given(texts=st.lists(st.text(max_size=12), min_size=1, max_size=20))
def test_any_text_agrees_with_the_scalar_rule(engine, texts):
    assert_agree(texts, parsed(texts, engine))


def test_the_frame_keeps_the_index_and_reads_non_text_cells():
    texts = pd.Series(["2 TB", None, 5, "2 TB", ["2 TB"]], index=[10, 11, 12, 13, 14], dtype=object)
    frame = parse_quantities(texts)
    assert frame.index.tolist() == [10, 11, 12, 13, 14]
    assert frame["base"].tolist()[::3] == [2e12, 2e12]
    assert frame["error"].tolist()[1:3] == ["expected a quantity such as '20.7 TB', found None",
                                           "expected a quantity such as '20.7 TB', found 5"]
    assert frame["error"][14] == "expected a quantity such as '20.7 TB', found a list or mapping"
    objects = quantity_objects(frame)
    assert objects[0] == parse_quantity("2 TB") and objects[1:3].tolist() == [None, None]
    assert type(objects[0]) is Quantity and objects[0].unit == "TB"


def test_the_columns_are_the_quantity_fields_in_order():
    """quantity_objects builds each Quantity from the columns by position."""
    assert QUANTITY_COLUMNS[:-1] == Quantity._fields


def test_an_empty_column_gives_an_empty_frame():
    frame = parse_quantities(pd.Series([], dtype=object))
    assert frame.empty and list(frame.columns) == list(QUANTITY_COLUMNS)
