"""Packaging: a wheel (not only an editable install) carries every module and data file."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _setuptools() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def test_every_package_directory_is_listed():
    listed = set(_setuptools()["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "pipeline").rglob("__init__.py")
             if "__pycache__" not in p.parts}
    assert found <= listed, f"not in [tool.setuptools] packages: {sorted(found - listed)}"


def test_every_data_file_is_matched_by_package_data():
    patterns = _setuptools()["package-data"]
    for package, globs in patterns.items():
        folder = ROOT / Path(*package.split("."))
        files = {p for p in folder.iterdir() if p.is_file() and p.name != "__init__.py"
                 and p.suffix != ".py" and "__pycache__" not in p.parts}
        matched = {p for glob in globs for p in folder.glob(glob)}
        assert files <= matched, f"{package}: not packaged: {sorted(p.name for p in files - matched)}"
