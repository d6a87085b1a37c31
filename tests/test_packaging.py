"""Packaging: a wheel (not only an editable install) carries every module and data file; the
import name is `claimaudit` (CONTRACT 10.1), mapped onto the repository's pipeline/ folder, so
a user's own `pipeline` package never shadows it."""

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _setuptools() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def _folder(package: str) -> Path:
    """The source folder of an import package, through the build's package-dir mapping."""
    mapping = _setuptools()["package-dir"]
    if package in mapping:                      # claimaudit.specs: the repository's specs/
        return ROOT / mapping[package]
    top, _, rest = package.partition(".")
    return ROOT / mapping[top] / Path(*rest.split(".")) if rest else ROOT / mapping[top]


def test_the_import_name_is_claimaudit_mapped_onto_pipeline():
    assert _setuptools()["package-dir"] == {"claimaudit": "pipeline", "claimaudit.specs": "specs"}
    import claimaudit
    assert Path(claimaudit.__file__).resolve().parent == ROOT / "pipeline"


def test_every_package_directory_is_listed():
    listed = set(_setuptools()["packages"])
    found = {".".join(("claimaudit", *p.relative_to(ROOT / "pipeline").parts))
             for p in (ROOT / "pipeline").rglob("*") if p.is_dir() and "__pycache__" not in p.parts}
    found.add("claimaudit")
    assert found <= listed, f"not in [tool.setuptools] packages: {sorted(found - listed)}"
    assert all(_folder(package).is_dir() for package in listed)


def test_every_data_file_is_matched_by_package_data():
    patterns = _setuptools()["package-data"]
    for package, globs in patterns.items():
        folder = _folder(package)
        files = {p for p in folder.iterdir() if p.is_file() and p.name != "__init__.py"
                 and p.suffix != ".py" and "__pycache__" not in p.parts}
        matched = {p for glob in globs for p in folder.glob(glob)}
        assert files <= matched, f"{package}: not packaged: {sorted(p.name for p in files - matched)}"


def test_python_dash_m_claimaudit_runs_the_cli(tmp_path):
    done = subprocess.run([sys.executable, "-m", "claimaudit", "--version"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip().startswith("claimaudit ")


def test_a_project_with_its_own_pipeline_package_runs_its_pytest(tmp_path):
    """A user project named its package `pipeline` (a common name): with claimaudit installed,
    its `python -m pytest` must pass (the plugin loads from claimaudit, never from it)."""
    (tmp_path / "pipeline").mkdir()
    (tmp_path / "pipeline" / "__init__.py").write_text("STAGES = ('extract', 'load')\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_own.py").write_text(
        "from pipeline import STAGES\n\n\ndef test_own_package():\n    assert STAGES[0] == 'extract'\n")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout


def _build(kind: str, out: Path) -> Path:
    """A wheel or an sdist built from the repository by `python -m build` (an isolated build
    environment with the setuptools pyproject.toml asks for, as pip builds it)."""
    done = subprocess.run([sys.executable, "-m", "build", f"--{kind}", "--outdir", str(out), str(ROOT)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "would be ignored" not in done.stdout + done.stderr, "a folder setuptools is not told to package"
    return next(out.glob("*.whl" if kind == "wheel" else "*.tar.gz"))


def test_the_wheel_carries_the_bundled_spec_corpus_and_the_license(tmp_path):
    import zipfile

    wheel = zipfile.ZipFile(_build("wheel", tmp_path))
    names = set(wheel.namelist())
    specs = {f"claimaudit/specs/{p.name}" for p in (ROOT / "specs").glob("*.yaml")}
    assert specs and specs <= names
    static = {f"claimaudit/serve/static/{p.name}" for p in (ROOT / "pipeline/serve/static").iterdir()}
    assert static and static <= names
    assert any(name.endswith("licenses/LICENSE") for name in names)
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = wheel.read(metadata).decode()
    assert "License-Expression: MIT" in text and "Classifier: Programming Language :: Python :: 3.13" in text


@pytest.mark.slow      # a second isolated build: nightly
def test_the_sdist_carries_what_rebuilding_and_testing_need(tmp_path):
    import tarfile

    with tarfile.open(_build("sdist", tmp_path)) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for needed in ("LICENSE", "README.md", "pyproject.toml", "tests/conftest.py",
                   "claims/register-2025-12-02-trainium4.yaml", "specs/aws.yaml",
                   "tests/data/github/golden.txt", "benchmarks/bench_scale.py"):
        assert needed in names, needed
    assert not any("__pycache__" in name for name in names)
