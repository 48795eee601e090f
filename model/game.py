"""The protocol every game implements, the registry that finds games by name, and the
values and errors they share (the errors defined in :mod:`model.errors` and named here too),
and a game's rule option as the New game dialog offers it and a file gives it
(:class:`OptionSpec`, read by :func:`read_options`).

The turn structure is data, as in OpenSpiel: :meth:`Game.current_player` names the player
to move, or says the node is :data:`SIMULTANEOUS` (every player submits a move, then one
:class:`JointMove` is applied), :data:`CHANCE` (the game lists :meth:`Game.chance_outcomes`
and search or replay applies one) or :data:`TERMINAL`. An :class:`Outcome` holds one return
per player, so draws, wins of one among four and scores need no special case.

The viewer, the command line and the search code use only what is declared here and the
functions beside it (:mod:`model.setup`, :mod:`model.speed`, :mod:`model.teaching`), so a
new game plugs in by subclassing :class:`Game` and decorating it with :func:`register_game`.
The rules know nothing of search: what a game adds to it (a compiled kernel, a book, its
own computer players) is its plug-in in ``model.search``, which imports the games.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, Self, TypeVar

from pyramid_lab.i18n import M_, Message, _

from .errors import MAX_QUOTED as MAX_QUOTED
from .errors import STUDY_HINT as STUDY_HINT
from .errors import IllegalMoveError as IllegalMoveError
from .errors import InvalidMoveError as InvalidMoveError
from .errors import PositionFormatError as PositionFormatError
from .errors import SaidError as SaidError
from .errors import check_keys as check_keys
from .errors import check_option_names as check_option_names
from .errors import not_replayed as not_replayed
from .errors import quote as quote
from .errors import shorten as shorten


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


# ---- node kinds ------------------------------------------------------------------------

# What current_player() answers besides a player's index (OpenSpiel's numbering).
CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4


def no_proof_with_chance(title: str) -> Message:
    """Why no forced win is proven in a game of chance (the prover, Verify, Solve)."""
    return M_(
        "{game} is a game of chance (dice): forced wins are proven only in games without "
        "chance, so puzzles of this game cannot be verified or solved",
        game=title,
    )


# ---- values ---------------------------------------------------------------------------


class Termination(enum.Enum):
    """Why a game ended, in terms every game shares; the game's own name for the ending
    (``"corners"``, ``"top"``, ``"victory_fields"``) is :attr:`Outcome.reason`."""

    GOAL = "goal"  # a player met the game's winning condition
    NO_MOVES = "no_moves"  # the player to move has no legal move
    REPETITION = "repetition"  # a position came back too often
    SCORE = "score"  # the game ran its course and the scores decide
    MOVE_LIMIT = "move_limit"  # a cap on the game's length (a rule option) was reached


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: one return per player (win 1, loss -1, draw 0, or scores), the
    shared :class:`Termination` and the game's own name for the ending."""

    players: tuple[str, ...]
    values: tuple[float, ...]
    termination: Termination
    reason: str

    @classmethod
    def win(
        cls, players: Sequence[str], winner: str, reason: str, termination: Termination
    ) -> Outcome:
        """``winner`` gets 1, every other player -1."""
        values = tuple(1.0 if p == winner else -1.0 for p in players)
        return cls(tuple(players), values, termination, reason)

    @classmethod
    def draw(cls, players: Sequence[str], reason: str, termination: Termination) -> Outcome:
        return cls(tuple(players), (0.0,) * len(players), termination, reason)

    @classmethod
    def scored(
        cls, players: Sequence[str], scores: Sequence[float], reason: str = "score"
    ) -> Outcome:
        return cls(tuple(players), tuple(map(float, scores)), Termination.SCORE, reason)

    def returns(self) -> tuple[float, ...]:
        """One value per player, in the order of :attr:`Game.players`."""
        return self.values

    def value_for(self, player: str) -> float:
        return self.values[self.players.index(player)]

    @property
    def winner(self) -> str | None:
        """The one player with the highest return, or None (a draw, or a shared top)."""
        best = max(self.values)
        top = [p for p, v in zip(self.players, self.values, strict=True) if v == best]
        if len(top) != 1 or (len(self.values) == 1 and best <= 0):
            return None
        return top[0]

    @property
    def result(self) -> str:
        """The winner's colour or ``"draw"``, as position files and ``analyze`` write it."""
        return self.winner if self.winner is not None else "draw"

    def describe(self) -> str:
        """The outcome in plain words, the winner and the reason ("red wins (corners)",
        "draw (repetition)"; a Message: the reason is the game's name for the ending, kept);
        a game's teaching companion may say it in its own."""
        reason = self.reason.replace("_", " ")
        if self.winner is None:
            return M_("draw ({reason})", reason=reason)
        return M_("{winner} wins ({reason})", winner=Message(self.winner), reason=reason)

    def __repr__(self) -> str:  # and a notebook's table: model.showing
        from .showing import outcome_repr

        return outcome_repr(self)

    def _repr_html_(self) -> str:
        from .showing import outcome_html

        return outcome_html(self)


class Move(ABC):
    """A move value: frozen, hashable, and ``str(move)`` parses back with ``parse_move``;
    ``repr(move)`` is short, ``<Move 1,1,0>`` (each game's move dataclass leaves it be:
    ``repr=False``)."""

    __slots__ = ()

    @abstractmethod
    def __str__(self) -> str: ...

    def __repr__(self) -> str:
        return f"<Move {self}>"


@dataclass(frozen=True, slots=True, repr=False)
class JointMove(Move):
    """At a simultaneous node: one move per player, in the order of the game's players."""

    moves: tuple[Move, ...]

    def __str__(self) -> str:
        return " | ".join(str(m) for m in self.moves)


class Effect(Protocol):
    """What the last move did besides moving its piece (captures, pushes), for the
    viewer's animations and the status bar."""

    def describe(self) -> str: ...


# ---- the protocol ---------------------------------------------------------------------

Piece = tuple[tuple[int, ...], str]
"""A piece on the board: its coordinates (as in position files) and its colour."""


class Game(ABC):
    """A position of one game, with the moves that led to it (push / pop).

    Subclasses set the class attributes and implement the abstract methods. Positions are
    mutable: ``push`` applies a move, ``pop`` takes the last one back exactly, ``copy``
    gives an independent position for search or a second view.

    ``Game`` is the rules and nothing else, at most 30 methods (a test counts them): the
    players, the options and the ways to build a position, copying and the position's keys,
    what one seat may see; the moves (legal, parsed, played, taken back, why one is illegal,
    what one did), the turn, the outcome and its returns. The rest is beside it, as
    python-chess keeps ``chess.svg`` and ``chess.pgn`` beside ``Board``: set-ups and a file's
    ``"state"`` in :mod:`model.setup` (a game keeping more than its pieces subclasses
    ``StatefulGame``), the words and lesson judging in its teaching companion
    (:mod:`model.teaching`: ``describe_result(game)``), the search's speed hooks and
    ``perft`` in :mod:`model.speed` (a game with faster ways subclasses ``SearchHooks``).
    """

    name: ClassVar[str]  # the registry key, and the "game" of position files
    title: ClassVar[str]  # the one name the window and the messages use
    players: ClassVar[tuple[str, ...]]  # 1 to 4 player colours, the first mover first
    coordinate_count: ClassVar[int]  # coordinates per piece in position files
    #: The rule options the New game dialog offers (parse_options takes their names).
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    #: The class of the game's options: :meth:`parse_options` makes one of each of
    #: :attr:`option_specs` read by name (a game whose files take other options than the
    #: dialog's, or none, says so in its own parse_options).
    options_type: ClassVar[type[object]]
    #: Attributes that copy() copies (lists, dicts, counters); the rest is shared, so it
    #: must never be changed in place (numbers, tuples, frozen values, lattice tables).
    _copied: ClassVar[tuple[str, ...]] = ("move_stack",)

    move_stack: list[Move]
    #: A study is a set-up position that need not be reachable by play (any colouring, e.g.
    #: a full pyramid for teaching); only the board's physical rules are checked.
    study: bool = False
    # Every game keeps these; the accessors below read them, and model.setup the last two
    # (record_setup writes them).
    _options: Any
    _turn: int  # index into players
    _setup: tuple[str, list[Piece]] = ("", [])
    _from_setup: bool = False
    #: The game's own endings (Outcome.reason) and what they are in shared terms.
    endings: ClassVar[Mapping[str, Termination]] = {}
    #: The game has chance nodes (dice): a proof of a forced win (the prover, a puzzle's
    #: Verify and Solve, ``verify``) is refused, since it would take a roll of the dice for
    #: a player's move. :func:`no_proof_with_chance` says so.
    has_chance: ClassVar[bool] = False
    #: The game's turns are simultaneous (every side hands in a part at once, as Pyramid
    #: Ball's programs): the shared tree searches do not fit it, at any of its nodes.
    simultaneous_turns: ClassVar[bool] = False

    @classmethod
    def parse_options(cls, raw: Mapping[str, Any]) -> Any:
        """Validated options from a file's ``options`` object (PositionFormatError): an
        :attr:`options_type` of each of :attr:`option_specs` read (:func:`read_options`)."""
        return read_options(cls, raw, cls.options_type)

    @classmethod
    def players_for(cls, options: Any) -> tuple[str, ...]:
        """The players of a game with ``options`` (a game whose player count is an option
        has fewer than :attr:`players`)."""
        return cls.players

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

    def copy(self) -> Self:
        """An independent position: later pushes and pops on either leave the other be."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        for name in self._copied:
            value = getattr(self, name)
            setattr(other, name, value.copy())
        return other

    @property
    def options(self) -> Any:
        return self._options

    @property
    def to_move(self) -> str:
        """The colour of the player whose turn it is (also once the game is over: the one
        who would move next). Simultaneous and chance games override it."""
        return self.players[self._turn]

    @abstractmethod
    def pieces(self) -> list[Piece]:
        """The pieces now on the board."""

    @abstractmethod
    def position_key(self) -> Hashable:
        """A value equal for equal positions (board and side to move), for tables and tests."""

    def information_state(self, player: int) -> Self:
        """The position as seat ``player`` may see it (OpenSpiel's information state): a
        copy in which what that seat may not see (another seat's secret choice, not yet
        revealed) is replaced by a canonical stand-in, so that positions the seat cannot
        tell apart give equal copies (equal :meth:`position_key`, the same legal moves)
        and a decision made from it cannot depend on the secret. Its history tells no
        more than the position (a game with secrets leaves it empty). Computer players
        and hints decide from it, never from the position itself (:func:`decision_view`).

        The default, for games where every seat sees everything: a copy."""
        return self.copy()

    def other(self, colour: str) -> str:
        """The opponent of ``colour`` in a two-player game."""
        first, second = self.players
        return second if colour == first else first

    def current_player(self) -> int:
        """The index of the player to move, or SIMULTANEOUS, CHANCE or TERMINAL."""
        return TERMINAL if self.is_over() else self._turn

    # -- play --

    @abstractmethod
    def legal_moves(self, player: int | None = None) -> list[Move]:
        """Every legal move once; empty when the game is over. At a simultaneous node,
        ``player`` (an index) asks for one player's moves; elsewhere it is the player to
        move or None."""

    def legal_move_count(self) -> int:
        return len(self.legal_moves())

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """At a CHANCE node: each outcome (a move to push) with its probability."""
        raise SaidError(M_("{game} has no chance node here", game=self.title))

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """The move written as ``text`` (InvalidMoveError); legality is not checked."""

    def why_illegal(self, move: Move) -> str | None:
        """None when ``move`` is legal now, else a sentence a player can act on. Once the
        game is over it names the outcome in plain words (:meth:`Outcome.describe`); a
        game whose teaching companion words its endings says them here too, as every game
        of the lab does (``model.teaching.describe_result``)."""
        outcome = self.outcome()
        if outcome is not None:
            return _("the game is over: {outcome}").format(outcome=outcome.describe())
        if move in self.legal_moves():
            return None
        return _("{move} is not a legal move here").format(move=move)

    @abstractmethod
    def push(self, move: Move) -> None:
        """Play ``move``; IllegalMoveError (saying why) leaves the position untouched."""

    @abstractmethod
    def pop(self) -> Move:
        """Take back the last move exactly and return it (IndexError if there is none)."""

    def push_text(self, text: str) -> Move:
        """Parse ``text`` in the game's notation and play it; the move played."""
        move = self.parse_move(text)
        self.push(move)
        return move

    def last_effect(self) -> Effect | None:
        """What the last move did besides moving a piece (captures, pushes), or None."""
        return None

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game runs."""

    def _ending(self, reason: str, winner: int | None) -> Outcome:
        """The Outcome for the game's own ending ``reason`` (a key of :attr:`endings`),
        won by player index ``winner`` or drawn (None)."""
        termination = self.endings[reason]
        if winner is None:
            return Outcome.draw(self.players, reason, termination)
        return Outcome.win(self.players, self.players[winner], reason, termination)

    def is_over(self) -> bool:
        return self.outcome() is not None

    def returns(self) -> tuple[float, ...]:
        """Per player: the outcome's returns, all 0 while the game runs."""
        outcome = self.outcome()
        return outcome.returns() if outcome else (0.0,) * len(self.players)


def decision_view(game: Game, player: int | None = None) -> Game:
    """What a computer player deciding for ``player`` (default: the player to move) may
    search: that seat's :meth:`Game.information_state`; a copy where no one seat decides
    (a chance node, a joint move of a simultaneous node, the end)."""
    seat = game.current_player() if player is None else player
    return game.information_state(seat) if seat >= 0 else game.copy()


_O = TypeVar("_O")


def read_options(
    game: type[Game],
    raw: Mapping[str, Any],
    make: Callable[..., _O],
    specs: Sequence[OptionSpec] | None = None,
) -> _O:
    """``make`` (the game's options class) called with every one of ``specs`` (default:
    ``game``'s :attr:`Game.option_specs`) read from a file's ``options`` object ``raw``
    (:meth:`OptionSpec.read`); PositionFormatError for a name the game does not take or a
    value not of its option's kind. An option that does not apply under the others
    (:attr:`OptionSpec.only_when`: Pyraos's removal rule in the children's version, which
    has no removals) is its default, whatever ``raw`` gives: the same rules are the same
    options, and find the same book (issue 109 item 23)."""
    specs = game.option_specs if specs is None else specs
    check_option_names(game.name, raw, tuple(spec.name for spec in specs))
    values = {spec.name: spec.read(raw) for spec in specs}
    for spec in specs:
        if any(
            name in values and str(values[name]) not in allowed
            for name, allowed in spec.conditions()
        ):
            values[spec.name] = spec.default
    return make(**values)


# ---- registry -------------------------------------------------------------------------

#: The lab's own games, by registry name, each imported when first asked for
#: (:func:`game_class`), so that importing the model imports no game. The games import this
#: module, so it cannot import them: the package :mod:`model`, imported before this module
#: always, hands it the function that does (:func:`set_game_importer`), each import written
#: out there for the import graph's tests.
GAMES: tuple[str, ...] = ("ball", "partition", "pyraos", "rolling", "terrace")

_REGISTRY: dict[str, type[Game]] = {}
_G = TypeVar("_G", bound=type[Game])


def _no_importer(name: str) -> type[Game]:
    raise AssertionError(f"the model package has handed no importer of games ({name!r})")


_import_game: Callable[[str], type[Game]] = _no_importer


def set_game_importer(importer: Callable[[str], type[Game]]) -> None:
    """Make ``importer`` (a name of :data:`GAMES` -> the game's class, its package and its
    teaching companion imported) what :func:`game_class` asks for a game not yet
    imported. The package :mod:`model` calls it once."""
    global _import_game
    _import_game = importer


def register_game(cls: _G) -> _G:
    """Class decorator: make a game findable by its ``name``."""
    if cls.name in _REGISTRY and _REGISTRY[cls.name] is not cls:
        raise ValueError(f"two games registered as {cls.name!r}")
    if not 1 <= len(cls.players) <= 4:
        raise ValueError(f"{cls.name}: a game has 1 to 4 players, not {len(cls.players)}")
    _REGISTRY[cls.name] = cls
    return cls


def game_class(name: str) -> type[Game]:
    """The game registered as ``name``, one of :data:`GAMES` imported when first asked for;
    KeyError listing the known names otherwise."""
    cls = _REGISTRY.get(name)
    if cls is not None:
        return cls
    if name not in GAMES:
        raise KeyError(f"unknown game {quote(name)}; known games: {', '.join(game_names())}")
    return load_game(name)


def load_game(name: str) -> type[Game]:
    """The class of the lab's game ``name`` (one of :data:`GAMES`), registered, its package
    and its teaching companion imported now if they were not."""
    cls = _REGISTRY[name] = _import_game(name)
    return cls


def game_names() -> list[str]:
    """Every game's registry name: the lab's own, imported or not, and any registered."""
    return sorted(set(GAMES) | set(_REGISTRY))
