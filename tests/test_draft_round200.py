"""Known answers for rules from held-out rounds 200-202 (issue 19), on fictional specs:
- a reST code directive (`.. code-block:: console`, or `output` holding a command's output such
  as `nvidia-smi`'s table) is not the article's words, as a Markdown fence is not; a directive of
  prose, or of a plain `output` with no prompt or banner, is kept;
- the line right above a table naming its unit ("The following are theoretical maximum
  performance in TFLOPS:") gives that unit to its bare cells."""

import textwrap

import pytest
from draft_catalogues import catalogue_of, drafted_claims

from claimaudit.draft import markup

SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - id: kite1
        name: Example Kite K1
        vendor: Example
        kind: chip
        aliases: [Kite K1]
        facts:
          - {metric: fp16_dense, value: 5000 TFLOPS, source: ex-sheet, quote: "5000"}
          - {metric: power, value: 700 W, source: ex-sheet, quote: "700 W"}
    """)


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


SMI = ("+------------------------------------------+\n"
       "| NVIDIA-SMI 535.104.12   Driver Version: 535.104.12 |\n"
       "|=========================================+======================|\n"
       "|   0  Kite K1          On  | 00000000:1B:00.0 Off |\n"
       "| N/A   25C    P0              71W / 700W |                  N/A |\n")


def rest(language: str, body: str) -> str:
    lines = "".join(f"      {line}\n" for line in body.splitlines())
    return (f"#. Confirm the output:\n\n   .. code-block:: {language}\n\n{lines}\n"
            "#. The Kite K1 draws 700 W.\n")


@pytest.mark.parametrize("language, body", [("console", "$ nvidia-smi --query 71W 700W"), ("output", SMI),
                                            ("", SMI), ("bash", "echo 71W / 700W")])
def test_a_rest_code_directive_is_not_the_articles_words(language, body):
    shown = markup.as_shown(rest(language, body))
    assert "71W" not in shown and "The Kite K1 draws 700 W." in shown


@pytest.mark.parametrize("language, body", [
    ("output", "GPU 0 -> GPU 1: Bandwidth = 158.52 GB/s"),          # a result the article reports
    ("text", SMI),                                                    # a text block is kept, as a fence's
    ("python", "The Kite K1 has 80 GB of memory and it is the fastest card of the year in every test.\n"
               "Its memory bandwidth reaches 5 TB/s, which is more than any other card we have seen.")])
def test_a_rest_directive_of_results_text_or_prose_is_kept(language, body):
    assert body.splitlines()[0].strip() in markup.as_shown(rest(language, body))


def test_the_directives_options_and_the_text_after_it_stay_apart():
    text = ("Before.\n\n.. code-block:: console\n   :caption: run it\n\n   $ run 71W\n\nAfter: 700 W.\n")
    assert markup.as_shown(text) == "Before.\n\nAfter: 700 W.\n"


TABLE = ("# Example Kite K1\n\nThe following are theoretical maximum performance in TFLOPS:[^spec]\n\n"
         "| Data Type | Matrix | Sparse |\n| --- | --- | --- |\n| FP16 | 5000 | 10000 |\n| FP64 | 90 | |\n")


@pytest.mark.parametrize("caption", ["in TFLOPS:[^spec]", "in TFLOPS:", "(单位：TFLOPS):"])
def test_a_caption_naming_a_unit_gives_it_to_the_tables_bare_cells(specs, caption):
    text = TABLE.replace("in TFLOPS:[^spec]", caption)
    assert {c["claimed"] for c in drafted_claims(text, specs)} >= {"5000 TFLOPS", "10000 TFLOPS", "90 TFLOPS"}


@pytest.mark.parametrize("caption", ["The following are the results:", "Figures in the table are per chip:",
                                     "The following are counts in cores:"])
def test_a_caption_naming_no_rate_or_amount_gives_none(specs, caption):
    text = TABLE.replace("The following are theoretical maximum performance in TFLOPS:[^spec]", caption)
    assert not [c for c in drafted_claims(text, specs) if c["claimed"].startswith(("5000", "10000", "90"))]


# Round 201: a count of chips inside a table's row name ("H200 8卡服务器", "8× H200") is the
# system's claim, where a model number in a name ("Kite K1 80GB") stays none; a header's
# "TFLOP/sec/chip" is TFLOPS per chip
SYSTEMS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - id: kite1
        name: Example Kite K1
        vendor: Example
        kind: chip
        aliases: [Kite K1]
        facts:
          - {metric: hbm_capacity, value: 141 GB, source: ex-sheet, quote: "141 GB"}
      - id: kite_box
        name: Example Kite Box
        vendor: Example
        kind: system
        aliases: [Kite Box]
        members: [{entity: kite1, count: 8}]
        facts:
          - {metric: chips, value: 8, source: ex-sheet, quote: "8"}
          - {metric: hbm_capacity, value: 1128 GB, source: ex-sheet, quote: "1128 GB"}
    """)


@pytest.fixture(scope="module")
def systems(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SYSTEMS)


@pytest.mark.parametrize("name", ["Kite K1 8卡服务器", "8× Kite K1", "Kite Box (8x Kite K1)"])
def test_a_count_of_chips_in_a_row_name_is_drafted(systems, name):
    text = f"| 方案 | 显存 |\n|---|---|\n| {name} | 1128GB |\n| Kite K1 | 141GB |\n"
    counts = [c for c in drafted_claims(text, systems) if c["claimed"] == "8"]
    assert counts and counts[0].get("metric") == "chips"


def test_a_model_number_in_a_row_name_is_no_claim(systems):
    text = "| Card | Bandwidth |\n|---|---|\n| Kite K1 80GB | 3 TB/s |\n| Kite K1 96GB | 4 TB/s |\n"
    assert not [c for c in drafted_claims(text, systems) if c["claimed"].startswith(("80", "96"))]


def test_a_per_second_header_spelled_sec_gives_its_rate(systems):
    text = ("| Hardware | TFLOP/sec/chip | MFU |\n|---|---:|---|\n| 1x Kite Box | 328 | 71% |\n"
            "| 2x Kite Box | 319 | 69% |\n")
    assert {c["claimed"] for c in drafted_claims(text, systems)} >= {"328 TFLOPS", "319 TFLOPS"}


# Round 202: an HTML <pre> block of a command's session in a Markdown page, and a fence opened by a
# prompt with a path (`jdh4@della-gh:~$ lscpu`), are not the article's words
@pytest.mark.parametrize("text", [
    "Before.\n<pre>\n$ ssh &lt;NetID&gt;@example.edu\n$ lscpu\nCPU(s):   48\n</pre>\nAfter: 700 W.\n",
    "Before.\n```\njdh4@della-gh:~$ lscpu\nCPU(s):                 72\n```\nAfter: 700 W.\n"])
def test_a_pre_block_or_fence_of_a_command_session_is_not_the_articles_words(text):
    shown = markup.as_shown(text)
    assert "CPU(s)" not in shown and "After: 700 W." in shown


def test_a_pre_block_of_prose_or_figures_is_kept():
    text = "<pre>\nThe Kite K1 has 80 GB of HBM3 memory.\n| Kite K1 | 3.35 TB/s |\n</pre>\n"
    assert "3.35 TB/s" in markup.as_shown(text)


# Round 203: a fence indented under a docs site's tab (`=== "Shell"` then four spaces) is a fence
def test_an_indented_fence_under_a_tab_is_code_too():
    text = ('=== "Output"\n\n    ```shell\n    $ dstack apply -f fleet.yml\n    nodes: 2\n    ---> 100%\n'
            "    ```\n\nThe Kite K1 draws 700 W.\n")
    shown = markup.as_shown(text)
    assert "nodes: 2" not in shown and "The Kite K1 draws 700 W." in shown


# Round 204: a corner cell naming rows, columns and the rate by slashes (`显卡型号/精度/PEAK TFLOPS`)
# gives the rate to its precision columns, `bfloat16` among them
def test_a_slashed_corner_gives_its_rate_to_the_precision_columns(systems):
    text = ("|显卡型号/精度/PEAK TFLOPS | FP16 | bfloat16 |\n|-|-|-|\n|Kite K1 300W| 184.6 | 92.3|\n"
            "|Kite Box | 130 | 65 |\n")
    assert {c["claimed"] for c in drafted_claims(text, systems)} >= {"184.6 TFLOPS", "92.3 TFLOPS"}


def test_a_slashed_first_header_naming_no_rate_gives_none(systems):
    text = "|型号/厂商/说明 | FP16 | bfloat16 |\n|-|-|-|\n|Kite K1 | 184.6 | 92.3|\n|Kite Box | 130 | 65 |\n"
    assert not [c for c in drafted_claims(text, systems) if c["claimed"].startswith(("184.6", "92.3"))]


# Round 204: a row label counting things in each container (`GPUs per Server`) counts them
def test_a_count_per_container_label_gives_its_row_a_count(systems):
    text = ("| Specification | Kite K1 | Kite Box |\n|---|---|---|\n| **GPUs per Server** | 4 | 8 |\n"
            "| Memory per GPU | 141 GB | 141 GB |\n")
    claims = drafted_claims(text, systems)
    assert {"4", "8"} <= {c["claimed"] for c in claims}


@pytest.mark.parametrize("words", ["Performance per Watt", "Price per GPU", "Memory per GPU"])
def test_a_rate_per_thing_is_still_no_count(words):
    from claimaudit.draft.header_units import header_unit
    assert header_unit(words) is None


def test_a_column_of_microseconds_is_a_profilers():
    # round 204: a CANN profiling table's `| Task Duration(us) |` cells read as claims
    import re

    from claimaudit.draft.header_units import header_numbers
    text = ("| Scenario | Task Duration(us) | Cores |\n|---|---|---|\n| One | 4121.16 | 24 |\n"
            "| Two | 4081.64 | 24 |\n")
    paragraphs = tuple((m.start(), m.end()) for m in re.finditer(r"[^\n]+", text))
    assert not [n for n in header_numbers(text, paragraphs) if n.unit == "us"]


# Round 204: a figure set in inline code ("up to `1.38` and `1.75` times faster") reads as itself
def test_a_figure_in_inline_code_reads_as_itself(systems):
    text = "Compared to the Kite K1, the Kite Box was up to `1.38` and `1.75` times faster respectively."
    assert {c["claimed"] for c in drafted_claims(text, systems)} >= {"1.38x", "1.75x"}


@pytest.mark.parametrize("code", ["`80;90`", "`--tp 8`", "`x86_64`", "``1.38``x"])
def test_code_that_is_more_than_a_figure_stays_code(code):
    assert markup.as_shown(f"Set {code} here.") == f"Set {code} here."
