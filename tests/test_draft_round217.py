"""Known answers for rules from held-out round 216 on (issue 19), on fictional specs:
- a link's word (PCIe, C2C, die-to-die) near an amount of bytes names what the card plugs into,
  not what the amount measures: the memory is read (or asked among the memories); near a power it
  still stops the metric (a PCIe card's power is another SKU's figure);
- a byte amount whose memory the words leave unnamed is decided when it is exactly the subject's
  published (or its chips' summed) HBM and no other memory of it; any other amount stays asked;
- gigabytes written in lower case (`80gb`) and `Ghz` are units, though not inside an identifier or a
  setting (`h100-sxm-80gb`, `mem=10gb`); simulations, trials and runs are a workload's counts;
- a multiplier before its figure (`V100 (x4)`, `Xeon 6776P x2`, `x1.28 faster`) is a count or a ratio,
  but not a link's width (`PCIe Gen 5 x16`), an instruction set (`x86`) or a model name (`Quantum-X800`)
  (round 218); a count glued to the amount it multiplies (`2×96GB`) is both figures (round 220);
  `teraflops/second` is TFLOPS (round 219); APUs are counted as chips (round 222);
- a table of bare cells takes its unit from the paragraph right above it when that paragraph restates
  one of its cells with the unit ("The measured 17 TFLOPS FP64 ..." over `| FP64 | 17 |`, round 219);
- a name and a word its own products' names hold ("GH200 superchip", the chips named "GH200 Grace
  Hopper Superchip") means those products, not the systems built of them (round 218)."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_chips, metric_todos

from claimaudit.draft.numbers import find_numbers

SPECS = example_chips({"kite1": [("hbm_capacity", "96 GB"), ("power", "700 W")],
                       "kite2": [("power", "300 W")]}) + """  - id: kite_box
    name: Example Kite Box (8 x Kite K1)
    vendor: Example
    kind: system
    aliases: [Kite Box]
    members: {kite1: 8}
    facts:
      - {metric: fast_memory_capacity, value: "2 TB", source: ex-sheet, quote: "2 TB"}
  - id: kx500
    name: Example KX500 Grand Superchip (96 GB)
    vendor: Example
    kind: chip
    facts:
      - {metric: hbm_capacity, value: "96 GB", source: ex-sheet, quote: "96 GB"}
  - id: kx500_144gb
    name: Example KX500 Grand Superchip (144 GB)
    vendor: Example
    kind: chip
    facts:
      - {metric: hbm_capacity, value: "144 GB", source: ex-sheet, quote: "144 GB"}
  - id: kx500_rack
    name: Example KX500 NVL8 (8 KX500 Superchips, rack)
    vendor: Example
    kind: system
    members: {kx500: 8}
    facts:
      - {metric: power, value: "10 kW", source: ex-sheet, quote: "10 kW"}
  - id: dgx_kx500
    name: Example DGX KX500 (256 KX500 Superchips)
    vendor: Example
    kind: system
    members: {kx500: 256}
    facts:
      - {metric: power, value: "300 kW", source: ex-sheet, quote: "300 kW"}
"""
WHICH_MEMORY = ("metric: the text does not say which memory; hbm_capacity written: confirm or change to "
                "one of fast_memory_capacity, lpddr_capacity, sram_capacity")


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


def test_a_link_word_does_not_hide_a_cards_memory(specs):
    claim = claim_of(drafted_claims("The Kite K1 connects over PCIe with 96GB.\n", specs), "96 GB")
    assert (claim["subject"], claim["metric"], claim.get("todo")) == ("kite1", "hbm_capacity", None)
    # a card that publishes no memory: asked among the memories, not "no metric measures PCIe"
    text = "GPU nodes:\n\n- 3 x Example Kite K2 48GB GPUs (PCIe)\n"
    assert metric_todos(claim_of(drafted_claims(text, specs), "48 GB")) == [WHICH_MEMORY]


def test_a_pcie_cards_power_is_still_asked(specs):
    claims = drafted_claims("The Kite K1 SXM draws 700W, the PCIe card about 350W.\n", specs)
    assert claim_of(claims, "700 W")["metric"] == "power"
    card = claim_of(claims, "350 W")
    assert card.get("metric") is None
    assert metric_todos(card) == ["metric: the text does not say a metric for 'PCIe' (none of the "
                                  "specs' metrics measures it); choose one of power"]


@pytest.mark.parametrize(("text", "claimed", "metric", "todos"), [
    ("The Kite Box carries 768 GB.\n", "768 GB", "hbm_capacity", []),     # 8 x 96 GB: its HBM
    ("Kite Box (768GB) ships now.\n", "768 GB", "hbm_capacity", []),
    ("The Kite Box carries 2 TB.\n", "2 TB", "fast_memory_capacity", []),   # its published fast memory
    ("The Kite Box carries 700 GB.\n", "700 GB", "hbm_capacity", [WHICH_MEMORY]),   # no figure of it
])
def test_an_unnamed_memory_is_the_one_published_figure_it_equals(specs, text, claimed, metric, todos):
    claim = claim_of(drafted_claims(text, specs), claimed)
    assert (claim["subject"], claim["metric"], metric_todos(claim)) == ("kite_box", metric, todos)


@pytest.mark.parametrize(("text", "found"), [
    ("| Intel Xeon Gold 6430 | 64 | 2.10Ghz | 985 GB | H100 (x4) | 80 GB |",
     [("2.10", "GHz"), ("985", "GB"), ("4", ""), ("80", "GB")]),
    ("| | 4x H100 80gb | cc90 | h100 | h100_80gb |", [("4", ""), ("80", "GB")]),
    ("a100-80gb-sxm-ib-qemu.xml", []),                      # an identifier's size is no claim
    ("-l select=1:mem=10gb:ngpus=1", []),                   # nor a job's setting
    ("it would still take 8,832 simulations on the chip", []),
    ("We ran 64 trials on 8 GPUs", [("8", "")]),
    ("- CPU: Intel Xeon 6776P x2", [("2", "")]),
    ("- AMD MI300X GPU OAM 192GB 750W GPUs [x8]", [("192", "GB"), ("750", "W"), ("8", "")]),
    ("Gaudi2 is x1.28 faster than H100", [("1.28", "x")]),
    ("hosts connect via PCIe Gen 5 x16 links, one x8 lane each", []),
    ("an x86 CPU and Quantum-X800 InfiniBand", []),
    ("exactly our 2×96GB class of machine", [("2", "x"), ("96", "GB")]),
    ("| Storage | 2x480GB SATA SSD |", [("2", "x"), ("480", "GB")]),
    ("a 4x4 grid of cores", [("16", "")]),                  # a shape, read by shapes.py
    ("can perform 19.5 teraflops/second", [("19.5", "TFLOPS")]),   # a rate said twice (round 219)
    ("reaches 10 TFLOPS/W", [("10", "TFLOPS/W")]),
    ("- 4 APU (Accelerated Processing Unit)", [("4", "")]),          # an APU is a chip (round 222)
])
def test_lower_case_units_workloads_and_multipliers_before_a_figure(text, found):
    assert [(n.text, n.unit) for n in find_numbers(text)] == found


def test_a_word_of_the_products_own_names_means_them_not_their_systems(specs):
    claim = claim_of(drafted_claims("The KX500 superchip has 96 GB of HBM.\n", specs), "96 GB")
    assert (claim["subject"], claim["metric"], claim.get("todo")) == ("kx500", "hbm_capacity", None)
    claim = claim_of(drafted_claims("The KX500 superchip has 120 GB of CPU memory.\n", specs), "120 GB")
    assert claim.get("subject") is None
    assert claim["todo"][0] == ("subject: 'KX500 superchip' may mean kx500, kx500_144gb (a family or shared "
                                "name); name one")
    claim = claim_of(drafted_claims("The KX500 rack draws 10 kW.\n", specs), "10 kW")
    assert (claim["subject"], claim["metric"]) == ("kx500_rack", "power")


MEASURED = ("The measured 17 TFLOPS FP64 is close to the vector peak.\n\n"
            "| Data Type | Vector | Matrix |\n| --- | --- | --- |\n| FP64 | 17 | |\n| FP16 | 263 | |\n")


def test_a_table_of_bare_cells_takes_the_unit_its_paragraph_restates(specs):
    claims = drafted_claims(MEASURED, specs)
    assert [(c["claimed"], c["quote"].split("|")[1].strip() if c["quote"].startswith("|") else "prose")
            for c in claims] == [("17 TFLOPS", "prose"), ("17 TFLOPS", "FP64"), ("263 TFLOPS", "FP16")]
    # a paragraph restating no cell gives nothing: the cells stay bare
    other = MEASURED.replace("17 TFLOPS", "19 TFLOPS")
    assert [c["claimed"] for c in drafted_claims(other, specs)] == ["19 TFLOPS"]
