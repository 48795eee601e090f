"""The commands' arguments as data, as the window's menus are (``viewer.desktop.menus``):
each command module declares its arguments as a tuple of :class:`Option` (its options and
its positional arguments, in the order ``--help`` lists them), and its ``add_arguments``
adds them with :func:`add_options`. The arguments that more than one command takes are
declared here, once."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Mapping
from dataclasses import KW_ONLY, dataclass
from typing import Literal, TypedDict

from pyramid_lab.i18n import N_, _

from .argtypes import engine_seconds, positive_float, table_mb


class _Keywords(TypedDict, total=False):
    """What :meth:`Option.keywords` hands ``add_argument``: only the keywords it says."""

    action: str
    nargs: str
    const: object
    default: object
    type: Callable[[str], object]
    choices: tuple[object, ...]
    required: bool
    help: str
    metavar: str
    dest: str


@dataclass(frozen=True)
class Option:
    """One argument of a command, as data: ``name``, an option's long flag (``--seconds``)
    or a positional argument's name (``file``), with its ``short`` flag (``-o``), and what
    ``argparse.ArgumentParser.add_argument`` takes. A field left at None (``required`` at
    False) is not passed, so argparse's own default stands: ``default`` None is no default
    (None, or False for a ``store_true`` option). An ``append`` option (given again for
    more) starts from an empty list, a new one each time it is added."""

    name: str
    _: KW_ONLY
    short: str | None = None
    help: str | None = None
    type: Callable[[str], object] | None = None
    default: object = None
    metavar: str | None = None
    action: Literal["store_true", "store_const", "append"] | None = None
    const: object = None
    choices: tuple[object, ...] | None = None
    nargs: Literal["?", "*", "+"] | None = None
    dest: str | None = None
    required: bool = False
    #: what fills ``help``'s ``{name}`` placeholders after it is translated (argparse fills
    #: its own ``%(default)s``)
    help_values: Mapping[str, object] | None = None

    @property
    def flags(self) -> tuple[str, ...]:
        """The option's flags, its short one first; a positional argument's name."""
        return (self.name,) if self.short is None else (self.short, self.name)

    def keywords(self) -> _Keywords:
        """The keywords of ``add_argument`` this option says. An ``append`` option's empty
        list is a new one each time: argparse hands the default itself to the namespace,
        where a command could change it."""
        said: _Keywords = {}
        if self.action is not None:
            said["action"] = self.action
        if self.nargs is not None:
            said["nargs"] = self.nargs
        if self.const is not None:
            said["const"] = self.const
        if self.action == "append":
            said["default"] = []
        elif self.default is not None:
            said["default"] = self.default
        if self.type is not None:
            said["type"] = self.type
        if self.choices is not None:
            said["choices"] = self.choices
        if self.required:
            said["required"] = True
        if self.help is not None:
            said["help"] = self.translated_help()
        if self.metavar is not None:
            said["metavar"] = self.metavar
        if self.dest is not None:
            said["dest"] = self.dest
        return said

    def translated_help(self) -> str:
        """``help`` in the current language (:mod:`pyramid_lab.i18n`), its ``{name}``
        placeholders filled from ``help_values``; argparse's SUPPRESS as it is."""
        if self.help is None or self.help == argparse.SUPPRESS:
            return argparse.SUPPRESS if self.help else ""
        words = _(self.help)
        return words if self.help_values is None else words.format(**self.help_values)


def add_options(parser: argparse._ActionsContainer, options: Iterable[Option]) -> None:
    """Add ``options`` to ``parser`` (a command's parser, or a group of its arguments), in
    order."""
    for option in options:
        parser.add_argument(*option.flags, **option.keywords())


def flag(name: str, help: str) -> Option:
    """An option that is off unless given (``store_true``); ``help`` marked :func:`N_`."""
    return Option(name, action="store_true", help=help)


# The arguments more than one command takes; a command that says them in its own words
# in ``--help`` takes its own copy (``dataclasses.replace(MAX_SECONDS, help=...)``).

#: A command on one position file: ``FILE``, its first argument.
FILE = Option("file", metavar="FILE")

#: A command on position files, one or more.
FILES = Option("files", nargs="+", metavar="FILE")

#: A command that says how it gets on, on stderr, unless told not to.
QUIET = flag("--quiet", N_("no progress lines on stderr"))

#: ``--option NAME=VALUE``, again for more: a rule option of the game's version, for a
#: command that makes or reads something of one version.
RULE_OPTION = Option("--option", action="append", metavar="NAME=VALUE")

#: A search's time limit, in seconds of the wall clock.
MAX_SECONDS = Option("--max-seconds", type=positive_float, metavar="S")

#: The engine's time on each position.
ENGINE_SECONDS = Option("--seconds", type=engine_seconds, metavar="S")

#: The transposition table of a game's compiled solver, in MiB.
TABLE_MB = Option("--table-mb", type=table_mb, default=2048, metavar="MB")
