"""YAML of the package's own data files (trusted: plain safe loading), the loader base every
YAML reading shares, and the collector pause for work that allocates millions of objects."""

from __future__ import annotations

import gc
from contextlib import contextmanager
from importlib import resources

import yaml


def safe_loader_base() -> type:
    """libyaml's CSafeLoader, or PyYAML's pure-Python SafeLoader where PyYAML was built
    without libyaml (slower, same results)."""
    return getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader



@contextmanager
def _collector_paused():
    """Python's cyclic garbage collector paused while a file is composed and walked: both
    allocate millions of objects (the node tree is ~39x the file's size), and without this
    most of the loading time is the collector scanning them (issue 12). Neither makes
    reference cycles, so reference counting frees the node tree afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def collector_paused():
    """The collector paused around other work that allocates millions of objects and makes
    almost no reference cycles: a whole `check` (cli._run), its imports included. Each
    pass of the collector scans every object alive, the imported libraries' included, and a
    check keeps hundreds of thousands alive (0.3-0.5 s of 2.3 s at 10,000 claims, 60% of the
    time at 100,000; importing pandas and pandera alone pays ~0.06 s of collections).
    The few cycles a check makes (~2,400 objects: classes that `itertuples` builds) do not
    grow with the number of claims, and are freed when the collector resumes (issue 12)."""
    return _collector_paused()



def package_yaml(name: str):
    """A YAML data file shipped in the package (trusted, so plain safe loading)."""
    return yaml.load((resources.files("claimaudit") / "data" / name).read_text(encoding="utf-8"),
                     Loader=safe_loader_base())
