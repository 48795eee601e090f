"""The protocol every game implements, the registry that finds games by name, and the
values and errors they share.

The viewer, the command line and the search code use only what is declared here, so a new
game plugs in by subclassing :class:`Game` and decorating it with :func:`register_game`.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self, TypeVar

# ---- errors --------------------------------------------------------------------------


class IllegalMoveError(ValueError):
    """A move that the rules do not allow in the current position."""


class InvalidMoveError(ValueError):
    """Text that is not a move in the game's notation."""


class PositionFormatError(ValueError):
    """A position (file, set-up or options) that is malformed or cannot arise by the rules.

    ``key`` names where the problem is (``"pieces[3]"``, ``"options.size"``), ``reason``
    says what is wrong; ``str()`` gives both, ready for a status bar or a dialog.
    """

    def __init__(self, key: str, reason: str, *, source: str | None = None) -> None:
        self.key = key
        self.reason = reason
        self.source = source
        super().__init__(self._text())

    def _text(self) -> str:
        where = f"{self.source}: " if self.source else ""
        return f"{where}{self.key}: {self.reason}" if self.key else f"{where}{self.reason}"

    def with_source(self, source: str) -> PositionFormatError:
        return PositionFormatError(self.key, self.reason, source=source)


def check_option_names(game: str, raw: Mapping[str, Any], known: tuple[str, ...]) -> None:
    """PositionFormatError for option names that ``game`` does not take."""
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise PositionFormatError(
            "options", f"unknown option(s) {unknown}; {game} takes {', '.join(known)}"
        )


# ---- values ---------------------------------------------------------------------------


class Termination(enum.Enum):
    """Why a game ended."""

    CORNERS = "corners"  # Pyramid Partition: three corners held
    TOP = "top"  # Pyraos: a sphere placed on the top
    NO_MOVES = "no_moves"  # the side to move has no legal move
    VICTORY_FIELDS = "victory_fields"  # terrace: four victory fields held
    STONES = "stones"  # terrace: fewer than four stones
    REPETITION = "repetition"  # terrace: threefold repetition


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: ``winner`` is a colour, or None for a draw."""

    termination: Termination
    winner: str | None

    @property
    def result(self) -> str:
        """The winner's colour or ``"draw"``, as position files and ``analyze`` write it."""
        return self.winner if self.winner is not None else "draw"


class Move(ABC):
    """A move value: frozen, hashable, and ``str(move)`` parses back with ``parse_move``."""

    __slots__ = ()

    @abstractmethod
    def __str__(self) -> str: ...


# ---- the protocol ---------------------------------------------------------------------

Piece = tuple[tuple[int, ...], str]
"""A piece on the board: its coordinates (as in position files) and its colour."""


class Game(ABC):
    """A position of one game, with the moves that led to it (push / pop).

    Subclasses set the class attributes and implement the abstract methods. Positions are
    mutable: ``push`` applies a move, ``pop`` takes the last one back exactly, ``copy``
    gives an independent position for search or a second view.
    """

    name: ClassVar[str]  # the registry key, and the "game" of position files
    title: ClassVar[str]
    colours: ClassVar[tuple[str, str]]  # the first mover's colour first
    coordinate_count: ClassVar[int]  # coordinates per piece in position files

    move_stack: list[Move]
    #: A study is a set-up position that need not be reachable by play (any colouring, e.g.
    #: a full pyramid for teaching); only the board's physical rules are checked.
    study: bool = False

    # -- construction --

    @classmethod
    @abstractmethod
    def parse_options(cls, raw: Mapping[str, Any]) -> Any:
        """Validated options from a file's ``options`` object (PositionFormatError)."""

    @classmethod
    @abstractmethod
    def new(cls, options: Any = None) -> Self:
        """The game's starting position."""

    @classmethod
    @abstractmethod
    def from_setup(
        cls, options: Any, to_move: str, pieces: Sequence[Piece], *, study: bool = False
    ) -> Self:
        """A set-up position, validated against the rules (PositionFormatError). With
        ``study`` only the board itself is checked, not that play can reach it."""

    @abstractmethod
    def copy(self) -> Self: ...

    # -- state --

    # Every game keeps these; the accessors below read them.
    _options: Any
    _turn: int  # index into colours
    _setup: tuple[str, list[Piece]] = ("", [])
    _from_setup: bool = False

    @property
    def options(self) -> Any:
        return self._options

    @property
    def to_move(self) -> str:
        return self.colours[self._turn]

    @abstractmethod
    def pieces(self) -> list[Piece]:
        """The pieces now on the board."""

    def setup(self) -> tuple[str, list[Piece]]:
        """Side to move and pieces of the position the move stack starts from."""
        return self._setup[0], list(self._setup[1])

    def started_from_setup(self) -> bool:
        """True when the move stack starts from a set-up position, not the game's start."""
        return self._from_setup

    def _record_setup(self, *, from_setup: bool, study: bool = False) -> None:
        """Remember the current position as the one the move stack starts from."""
        self._setup = (self.to_move, self.pieces())
        self._from_setup = from_setup
        self.study = study

    @abstractmethod
    def position_key(self) -> Hashable:
        """A value equal for equal positions (board and side to move), for tables and tests."""

    # -- play --

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal move once; empty when the game is over."""

    def legal_move_count(self) -> int:
        return len(self.legal_moves())

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """The move written as ``text`` (InvalidMoveError); legality is not checked."""

    @abstractmethod
    def push(self, move: Move) -> None:
        """Play ``move``; IllegalMoveError (saying why) leaves the position untouched."""

    @abstractmethod
    def pop(self) -> Move:
        """Take back the last move exactly and return it (IndexError if there is none)."""

    def push_text(self, text: str) -> Move:
        move = self.parse_move(text)
        self.push(move)
        return move

    # -- search hooks (defaults go through the public moves; games may override for speed) --

    def search_moves(self) -> list[Any]:
        """Legal moves in the order search should try them, in any form push_search takes."""
        return list(self.legal_moves())

    def push_search(self, move: Any) -> None:
        """Play a move from :meth:`search_moves` without re-checking it."""
        self.push(move)

    def canonical_key(self) -> Hashable:
        """Equal for positions equal up to the board's symmetries (transposition tables)."""
        return self.position_key()

    def perft(self, depth: int) -> int:
        """The number of move sequences of length ``depth``; the position is left as it was."""
        if depth < 0:
            raise ValueError(f"depth must be 0 or more, not {depth}")
        if depth == 0:
            return 1
        if self.is_over():
            return 0
        if depth == 1:
            return self.legal_move_count()
        total = 0
        for move in self.search_moves():
            self.push_search(move)
            try:
                total += self.perft(depth - 1)
            finally:
                self.pop()
        return total

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game runs."""

    def is_over(self) -> bool:
        return self.outcome() is not None

    # -- reporting --

    def summary(self) -> dict[str, Any]:
        """The JSON object ``pyramid-lab analyze`` prints for this position."""
        outcome = self.outcome()
        report: dict[str, Any] = {
            "game": self.name,
            "to_move": self.to_move,
            "legal_move_count": 0 if outcome else self.legal_move_count(),
            "winner": outcome.result if outcome else None,
            "termination": outcome.termination.value if outcome else None,
        }
        report.update(self.summary_extras())
        return report

    def summary_extras(self) -> dict[str, Any]:
        """Game-specific keys added to :meth:`summary`."""
        return {}

    def other(self, colour: str) -> str:
        first, second = self.colours
        return second if colour == first else first


# ---- registry -------------------------------------------------------------------------

_REGISTRY: dict[str, type[Game]] = {}
_G = TypeVar("_G", bound=type[Game])


def register_game(cls: _G) -> _G:
    """Class decorator: make a game findable by its ``name``."""
    if cls.name in _REGISTRY and _REGISTRY[cls.name] is not cls:
        raise ValueError(f"two games registered as {cls.name!r}")
    _REGISTRY[cls.name] = cls
    return cls


def game_class(name: str) -> type[Game]:
    """The game registered as ``name``; KeyError listing the known names otherwise."""
    try:
        return _REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(game_names())}") from None


def game_names() -> list[str]:
    return sorted(_REGISTRY)
