"""Derivation steps as data, and their words in each output language.

derive.py and readings.py record what each step did (a fact used, a sum over members, an
expression filled in, a ratio ...) as a `Step`: its kind and its operands as the derivation
shows them (names, quantities, source ids, the result). `step.word(lang)` says it with the
templates of pipeline/data/steps.yaml, so the renderers can say it in the language asked.

English is the public text: JSON `steps` stays a list of English strings (CONTRACT section 7).
A step's English is a `Worded` string: plain text to JSON, pytest and every comparison, that
still carries its data, so a renderer can say it again in another language (`say`).
Steps are made once per distinct derivation (SpecGraph memoises them), never per claim.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from claimaudit.core.yamlio import package_yaml

ENGLISH = "en"


class Sayable(Protocol):
    """Data that can be said in an output language (a step, an explanation's reading ...)."""

    def word(self, lang: str) -> str: ...


class Worded(str):
    """English text that carries the data it was worded from (`data.word(lang)`).

    It is a `str` so that JSON, equality and hashing see exactly the English text."""

    __slots__ = ("data",)
    data: Sayable | None

    def __new__(cls, text: str, data: Sayable | None = None) -> Worded:
        made = super().__new__(cls, text)
        made.data = data
        return made

    def __reduce__(self):
        return Worded, (str(self), self.data)


def say(text, lang: str) -> str:
    """`text` in `lang`: worded again from its data when it carries some, else as it is."""
    data = getattr(text, "data", None)
    if lang == ENGLISH or data is None:
        return text
    return data.word(lang)


class once:  # a decorator, named like functools.cached_property
    """A cached property without functools.cached_property's lock (Python 3.11 takes it on
    every first read): worked out on first use, then kept in the instance, so later reads are
    plain attribute reads (a non-data descriptor)."""

    def __init__(self, function):
        self.function = function
        self.name = function.__name__
        self.__doc__ = function.__doc__

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.function(instance)
        return value


class _Operands(NamedTuple):
    kind: str
    name: str = ""
    formula: str = ""
    working: str = ""
    result: str = ""
    source: str = ""


class Step(_Operands):
    """One derivation step: its kind (a key of pipeline/data/steps.yaml) and its operands.

    fact             name = result [source]            a figure a spec states
    figure           name = result                     a figure as a slip changed it
    chip             name = 1 (a chip)                 a chip counts itself once
    sum              name = formula = working = result the members' figures added up
    sparse           name = sparsity x formula = ...   dense x the entity's sparsity
    expr             working = result                  an expression filled in
    formula          name = formula = working = result a metric's formula
    expression_fact  ... [source]                      an expression a spec states
    ratio            ratio = formula = working = result  one side over the other

    A named tuple: immutable, and made, hashed and compared at C speed (derivations dedupe
    their steps); the English text is kept in the instance once worded.
    """

    @once
    def text(self) -> Worded:
        """The English step (what JSON shows), worded once however many claims show it."""
        return Worded(self.word(ENGLISH), self)

    def word(self, lang: str) -> str:
        """The whole step in `lang`."""
        return _template(lang, self.kind, "step").format(**self._operands())

    def arithmetic(self, lang: str = ENGLISH) -> str:
        """The part of the step an explanation quotes as its working (`144 x 2.52 PFLOPS`)."""
        return _template(lang, self.kind, "arithmetic").format(**self._operands())

    def _operands(self) -> dict:
        return self._asdict()


@dataclass(frozen=True, slots=True)
class Arithmetic:
    """A step's working as an explanation quotes it (said in the language asked)."""

    step: Step

    def word(self, lang: str) -> str:
        return self.step.arithmetic(lang)


def arithmetic(step: Step) -> Worded:
    """The English working of `step`, carrying the step so it can be said in any language."""
    return Worded(step.arithmetic(ENGLISH), Arithmetic(step))


@functools.cache
def _words() -> dict:

    return package_yaml("steps.yaml")


def _template(lang: str, kind: str, part: str) -> str:
    return _words()[lang][kind][part]

