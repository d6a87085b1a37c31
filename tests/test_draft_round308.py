r"""Known answers for the rules from held-out rounds 308-310 (issue 19), on fictional specs:

- a multiplier before a chip's noun in the plural, then each or per and a server's noun (`(8x GPUs each`,
  glued `4xGPUs each`, `8x chips per node`) counts chips, as a multiplier before a model number did; a
  multiplier before the noun that compares (`needs 2x GPUs compared to`) stays a ratio;
- a count after a leading word and before a maker's name and a card's longer name (`runs 8 NVidia
  GeForce GTX 1080`, `6 NVIDIA Titan Xp`, `eight AMD Instinct KT100 GPUs`) counts chips; a CPU's line
  (`2 AMD EPYC 7742`) and a maker's staff (`2 NVIDIA engineers`) do not;
- a count of chips far fewer than the system it is read for holds (`5x Kite Box2 nodes (4xGPUs each`,
  a box of 72) asks the subject: the text may mean a part of it (a node, a tray), as a count far more
  than it holds already asked for a larger system."""

import pytest
from draft_catalogues import drafted_claims, subject_todos, two_kite_boxes

from claimaudit.draft.numbers import count_kind, find_numbers


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return two_kite_boxes(tmp_path_factory)


def counted(text: str) -> list[tuple[str, str]]:
    """(the figure, its unit) of each number read in `text`."""
    return [(n.text, n.unit) for n in find_numbers(text)]


def kinds(text: str) -> list[tuple[str, str | None]]:
    """(the figure, what it counts) of each number read in `text`."""
    return [(n.text, count_kind(text, n)) for n in find_numbers(text)]


@pytest.mark.parametrize("text, count", [
    ("* 3x Kite Box1 nodes (8x GPUs each, i.e. 24 in total)", "8"),
    ("* 3x Kite Box1 nodes (8xGPUs each, i.e. 24 in total)", "8"),
    ("Each Kite Box1 has 8x chips per node.", "8"),
    ("the Kite Box1 runs 8X GPUs per server", "8")])
def test_a_multiplier_before_chips_each_counts_them(text, count, kites):
    claims = [c for c in drafted_claims(text, kites) if c["claimed"] == count]
    assert [(c.get("subject"), c.get("metric"), c.get("todo")) for c in claims] == [
        ("kite1_box", "chips", None)], claims


@pytest.mark.parametrize("text", [
    "The new model needs 2x GPUs compared to the old one.",
    "It is 2x GPUs each year.",
    "That takes 2x GPUs and memory."])
def test_a_multiplier_before_chips_that_compares_stays_a_ratio(text):
    assert counted(text) == [("2", "x")]


@pytest.mark.parametrize("text", [
    "culture-plate is a Supermicro server, and runs 8 NVidia GeForce GTX 1080\n",
    "flere is a server that runs 8 NVIDIA Titan Xp\n",
    "Each node has 8 NVIDIA GeForce RTX 2080 Ti and 2 CPUs.",
    "The node has 8 AMD Radeon Instinct MI50, and 2 CPUs.",
    "it has 8 NVIDIA Tesla V100."])
def test_a_count_before_a_makers_longer_name_counts_chips(text):
    assert ("8", "chips") in kinds(text)


@pytest.mark.parametrize("text", [
    "The server has 2 AMD EPYC 7742, and 1 TB of memory.",
    "we hired 2 NVIDIA engineers and a designer.",
    "in 2 NVIDIA Hopper architecture and more.",
    "See Figure 2 NVIDIA GeForce RTX 2080 Ti."])
def test_a_cpu_a_makers_staff_or_a_label_counts_no_chips(text):
    assert ("2", "chips") not in kinds(text)


def test_a_count_far_fewer_than_the_system_asks_the_subject(kites):
    claims = drafted_claims("The Kite Box2 rack holds nodes of 4 GPUs.", kites)
    four = [c for c in claims if c["claimed"] == "4"]
    assert [(c.get("subject"), c.get("metric")) for c in four] == [("kite2_box", "chips")], claims
    assert subject_todos(four[0]) == ["subject: kite2_box holds 72 chips; 4, far fewer, may count a part of "
                                      "it, which the specs do not hold: name it, or confirm kite2_box"], four


def test_a_count_the_system_publishes_asks_nothing(kites):
    claims = drafted_claims("The Kite Box2 rack holds 72 GPUs.", kites)
    assert [(c.get("subject"), c.get("metric"), c.get("todo")) for c in claims] == [
        ("kite2_box", "chips", None)], claims
