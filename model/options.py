"""A game's rule option as the New game dialog offers it and a file's ``options`` object
gives it (:class:`OptionSpec`; :func:`model.game.read_options` reads a game's all)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pyramid_lab.i18n import _

from .errors import PositionFormatError, quote


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One rule option, as the New game dialog offers it: its kind follows ``default``
    (bool, int with ``minimum``/``maximum``, or str with ``choices``). ``name`` and the
    values (``default``, ``choices``) are what a file keeps, language-free; the words a
    person reads (``label``, ``help``, ``choice_help``, ``choice_words``) are English,
    marked ``N_`` for the catalog and said in the window's language where shown."""

    name: str
    label: str
    default: bool | int | str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    #: A sentence per choice (in the order of ``choices``) that the New game dialog shows
    #: under the box for the one chosen: what a newcomer must know before picking it.
    choice_help: tuple[str, ...] = ()
    #: The word a person reads for each choice (in the order of ``choices``); none: the
    #: choices themselves (notation, such as ``0-2``). The English word is the value.
    choice_words: tuple[str, ...] = ()
    #: (another option, its values under which this one applies), or a tuple of such
    #: conditions that must all hold; None: always. The New game dialog greys the option
    #: out otherwise.
    only_when: Any = None

    def bounds(self) -> tuple[int, int]:
        """An integer option's (:attr:`minimum`, :attr:`maximum`); ValueError if it lacks one."""
        if self.minimum is None or self.maximum is None:
            raise ValueError(f"option {self.name!r}: an integer option needs both bounds")
        return self.minimum, self.maximum

    def read(self, raw: Mapping[str, Any]) -> bool | int | str:
        """This option's value in a file's ``options`` object ``raw`` (:attr:`default` where
        it is absent), checked against the option's kind (PositionFormatError)."""
        value: object = raw.get(self.name, self.default)
        where = f"options.{self.name}"
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise PositionFormatError(
                    where, _("must be true or false, not {value}").format(value=quote(value))
                )
        elif isinstance(self.default, int):
            low, high = self.bounds()
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise PositionFormatError(
                    where,
                    _("must be an integer from {low} to {high}, not {value}").format(
                        low=low, high=high, value=quote(value)
                    ),
                )
        elif not isinstance(value, str) or value not in self.choices:
            raise PositionFormatError(where, _choice_problem(self.choices, value))
        return value

    def words(self) -> tuple[str, ...]:
        """The words shown for :attr:`choices`, one each (:attr:`choice_words`, else the
        choices themselves)."""
        return self.choice_words or self.choices

    def conditions(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The (option, values) conditions of :attr:`only_when`, all of which must hold."""
        if self.only_when is None:
            return ()
        if isinstance(self.only_when[0], str):
            return (self.only_when,)
        return tuple(self.only_when)


def _choice_problem(choices: tuple[str, ...], value: object) -> str:
    """Why ``value`` is none of ``choices`` (a choice option's values are notation)."""
    if len(choices) == 2:
        return _("must be {first} or {second}, not {value}").format(
            first=choices[0], second=choices[1], value=quote(value)
        )
    return _("must be one of {choices}, not {value}").format(
        choices=", ".join(choices), value=quote(value)
    )
