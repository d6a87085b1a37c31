"""Known answers for finding entities (pipeline/draft/entities.py): aliases (also from
`extend:` entries of another file), names, ids, plurals, and names that find no one entity."""

import pytest

from claimaudit.draft.entities import load_catalogue

SPEC = """\
sources:
  - {id: s, title: S}
entities:
  - id: tpu_ironwood
    name: Google Cloud TPU7x (Ironwood)
    vendor: Google
    kind: chip
    aliases: [Ironwood, TPU v7, 第七代 TPU]
  - id: ironwood_pod
    name: Ironwood Pod
    kind: cluster
    members: {tpu_ironwood: 9216}
  - id: trainium3
    name: AWS Trainium3
    vendor: AWS
    kind: chip
  - id: trn3_ultraserver
    name: AWS EC2 Trn3 UltraServer (Gen2)
    vendor: AWS
    kind: system
    members: {trainium3: 144}
  - id: mi355x
    name: AMD Instinct MI355X
    kind: chip
  - id: mi355x_twin
    name: Other
    kind: chip
    aliases: [Twin]
  - id: vortex_v1
    name: Vortex V1
    kind: chip
  - id: vortex_pod
    name: Vortex Pod (128 Vortex V1)
    kind: system
    aliases: [Vortex Pod, Vortex 超节点]
    members: {vortex_v1: 128}
  - id: vortex_cluster
    name: Vortex Cluster (64 Vortex Pods)
    kind: cluster
    aliases: [Vortex Cluster, Vortex 超节点集群]
    members: {vortex_pod: 64}
"""
EXTRA = """\
entities:
  - extend: trn3_ultraserver
    aliases: [Trainium3 UltraServer]
  - extend: mi355x_twin
    aliases: [MI355X]
"""


@pytest.fixture()
def catalogue(tmp_path):
    (tmp_path / "a.yaml").write_text(SPEC, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(EXTRA, encoding="utf-8")
    return load_catalogue(tmp_path)


@pytest.mark.parametrize("text, found", [
    ("Google's Ironwood chip", [("Ironwood", "tpu_ironwood")]),
    ("the TPU v7 and its pod", [("TPU v7", "tpu_ironwood")]),
    ("谷歌第七代 TPU", [("第七代 TPU", "tpu_ironwood")]),
    ("Trainium3 UltraServers cram 144 chips", [("Trainium3 UltraServers", "trn3_ultraserver")]),
    ("each Trainium3 chip", [("Trainium3", "trainium3")]),
    ("the Trn3 UltraServer", [("Trn3 UltraServer", "trn3_ultraserver")]),
    ("Trainium30 is not Trainium3", [("Trainium3", "trainium3")]),
    # a dot and a letter go on with the name ("Inf2.24xlarge" is not "Inf2"); a full stop ends it
    ("Trn3.24xlarge, not Trainium3.", [("Trainium3", "trainium3")]),
    ("an Ironwood Pod of 9,216 chips", [("Ironwood Pod", "ironwood_pod")]),
    ("the MI355X", [("MI355X", "")]),                  # two entities claim the name
    ("Trainium3 racks", [("Trainium3 racks", "")]),     # a bigger thing than the name
    # "X-powered / X-based <system word>" names X's container, one optional word between
    ("a Trainium3-powered EC2 UltraServer", [("Trainium3-powered EC2 UltraServer", "trn3_ultraserver")]),
    ("Trainium3-based UltraServers", [("Trainium3-based UltraServers", "trn3_ultraserver")]),
    ("the Trainium3-based generation", [("Trainium3", "trainium3")]),
    # a system word after a name whose own names hold that word is the thing itself, not its
    # container ("Atlas 950 SuperPoD超节点"); a word only the container's names hold is the container
    ("the Vortex Pod超节点 of 128 cards", [("Vortex Pod超节点", "vortex_pod")]),
    ("a Vortex Pod cluster", [("Vortex Pod cluster", "vortex_cluster")]),
])
def test_entities_found(catalogue, text, found):
    assert [(m.text, m.entity) for m in catalogue.find(text)] == found


def test_scope_helpers(catalogue):
    assert catalogue.members_of("ironwood_pod") == {"tpu_ironwood": "9216"}
    assert catalogue.containers_of("tpu_ironwood", "cluster") == ["ironwood_pod"]
    assert "fp8_dense" in catalogue.metrics


def test_grace_hopper_superchip_alone_names_both_configurations():
    """The bundled specs hold a 96 GB and a 144 GB GH200: the product's name alone asks."""
    from pathlib import Path

    from claimaudit.draft.entities import load_catalogue
    catalogue = load_catalogue(Path(__file__).resolve().parents[1] / "specs")
    for text in ("Grace Hopper Superchip has", "NVIDIA GH200 Grace Hopper Superchip has", "The GH200 has"):
        (mention,) = [m for m in catalogue.find(text) if "gh200" in m.candidates or m.entity]
        assert not mention.entity and {"gh200", "gh200_144gb"} <= set(mention.candidates), text
    assert [m.entity for m in catalogue.find("GH200 144GB HBM3e")] == ["gh200_144gb"]


def test_a_pcie_generation_is_no_product_and_mi200_is_a_series():
    from pathlib import Path

    from claimaudit.draft.entities import load_catalogue
    from claimaudit.draft.products import unknown_product
    assert unknown_product("It has a PCIe Gen4 interface", 0, 28, []) is None
    catalogue = load_catalogue(Path(__file__).resolve().parents[1] / "specs")
    (mention,) = catalogue.find("AMD's MI200 is fast")
    assert not mention.entity and {"mi250", "mi250x"} <= set(mention.candidates)
