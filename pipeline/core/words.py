"""The words of each output language (pipeline/data/labels.yaml): verdicts, severities,
qualifiers, report headings. The languages are the file's own keys, so adding a language is
adding its block there, nothing else."""

from __future__ import annotations

import functools

from claimaudit.core.yamlio import package_yaml


@functools.cache
def _all_labels() -> dict:
    return package_yaml("labels.yaml")


@functools.cache
def languages() -> tuple[str, ...]:
    """The output languages, in labels.yaml's order (English first)."""
    return tuple(_all_labels())


def labels(lang: str = "en") -> dict:
    """The words of one output language."""
    return _all_labels()[lang]
