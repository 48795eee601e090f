"""Set-up positions and what position files ask of a game beyond its rules.

A :class:`~model.game.Game` is the rules; the plumbing around a set-up position lives here
as functions over any game: the checks every set-up shares (:func:`check_setup`), the
position a move stack starts from (:func:`record_setup`, :func:`setup_position`,
:func:`started_from_setup`, :func:`start_copy`) and a file's ``"state"``
(:func:`file_state`, :func:`setup_state`, :func:`from_setup_state`, :func:`replay_text`).

Most games keep nothing beyond their pieces and side to move. A game that does (Pyramid
Ball: the ball, the scores, the special moves held; Rolling Pyramids: the phase, the dice,
the sheets) subclasses :class:`StatefulGame`, whose hooks these functions ask.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Self, TypeVar

from pyramid_lab.i18n import M_

from .errors import either, not_a_player
from .game import Game, Move, Piece, PositionFormatError, quote
from .words import reason_of

G = TypeVar("G", bound=Game)


class StatefulGame(Game):
    """A game whose position files need a ``"state"``: what it keeps beyond its pieces
    and side to move. It is also where a file's history may be replayed in an older
    notation (:meth:`replay_text`)."""

    #: The ``"state"`` of the set-up position the move stack starts from.
    _setup_state: dict[str, Any] | None = None

    @abstractmethod
    def __init__(self, options: Any = None) -> None:
        """The game's start under ``options`` (None: the defaults), not yet recorded as
        the position its move stack starts from (:func:`record_setup`)."""

    @classmethod
    def from_setup(
        cls, options: Any, to_move: str, pieces: Sequence[Piece], *, study: bool = False
    ) -> Self:
        """The set-up of ``pieces`` with the state they imply (:meth:`from_setup_state`)."""
        return cls.from_setup_state(options, to_move, pieces, None, study=study)

    @classmethod
    def from_setup_state(
        cls,
        options: Any,
        to_move: str,
        pieces: Sequence[Piece],
        state: Mapping[str, Any] | None,
        *,
        study: bool = False,
    ) -> Self:
        """A set-up position with a file's ``"state"`` (None: the state the pieces imply),
        validated against the rules (PositionFormatError)."""
        game = cls(options)
        game._set_up(to_move, pieces, state, study)
        record_setup(game, from_setup=True, study=study)
        return game

    @abstractmethod
    def _set_up(
        self, to_move: str, pieces: Sequence[Piece], state: Mapping[str, Any] | None, study: bool
    ) -> None:
        """Make this new game (:meth:`__init__`) the set-up of ``pieces`` and a file's
        ``state`` (None: the state the pieces imply) with ``to_move`` to move; ``study``:
        only the board itself is checked, not that play can reach it."""

    @abstractmethod
    def file_state(self) -> dict[str, Any]:
        """The position's ``"state"`` for files."""

    def setup_state(self) -> dict[str, Any] | None:
        """The ``"state"`` of the set-up position the move stack starts from."""
        return self._setup_state

    def replay_text(self, text: str) -> Move:
        """Play a move of a file's history (the reader's hook: a game whose notation grew
        may fill in what older files left implicit); :meth:`Game.push_text` by default."""
        return self.push_text(text)


# ---- the set-up a move stack starts from --------------------------------------------------


def check_setup(
    cls: type[Game], to_move: str, pieces: Sequence[Piece], site_of: Callable[..., int]
) -> dict[int, int]:
    """The checks every set-up of the game ``cls`` shares: the side to move and each
    piece's colour are players, each piece stands on a site (``site_of(*coords)`` raises
    ValueError or TypeError otherwise) and no site is listed twice. Returns site -> player
    index (PositionFormatError otherwise)."""
    if to_move not in cls.players:
        raise PositionFormatError("to_move", not_a_player(cls.players, to_move))
    names = either(cls.players)
    placed: dict[int, int] = {}
    where: dict[int, int] = {}
    for index, (coords, colour) in enumerate(pieces):
        key = f"pieces[{index}]"
        if colour not in cls.players:
            said = M_("colour must be {colours}, not {value}", colours=names, value=quote(colour))
            raise PositionFormatError(key, said)
        if len(coords) != cls.coordinate_count:
            said = M_(
                "a piece needs {count} coordinates, not {given}",
                count=cls.coordinate_count,
                given=len(coords),
            )
            raise PositionFormatError(key, said)
        try:
            site = site_of(*coords)
        except (ValueError, TypeError) as exc:
            raise PositionFormatError(key, reason_of(exc)) from None
        if site in placed:
            said = M_(
                "{coordinates} is listed twice (also as pieces[{index}])",
                coordinates=str(list(coords)),
                index=where[site],
            )
            raise PositionFormatError(key, said)
        placed[site] = cls.players.index(colour)
        where[site] = index
    return placed


def record_setup(game: Game, *, from_setup: bool, study: bool = False) -> None:
    """Remember ``game``'s current position as the one its move stack starts from (a game
    calls it when it builds its start or a set-up)."""
    game._setup = (game.to_move, game.pieces())
    game._from_setup = from_setup
    game.study = study
    if isinstance(game, StatefulGame):
        game._setup_state = game.file_state()


def setup_position(game: Game) -> tuple[str, list[Piece]]:
    """Side to move and pieces of the position ``game``'s move stack starts from."""
    to_move, pieces = game._setup
    return to_move, list(pieces)


def started_from_setup(game: Game) -> bool:
    """True when ``game``'s move stack starts from a set-up position, not the start."""
    return game._from_setup


def start_copy(game: G) -> G:
    """A copy of ``game`` at the start of its history (its set-up, or the start)."""
    start = game.copy()
    while start.move_stack:
        start.pop()
    return start


# ---- a file's "state" -----------------------------------------------------------------------


def file_state(game: Game) -> dict[str, Any] | None:
    """The position's ``"state"`` for files (None: the game keeps none)."""
    return game.file_state() if isinstance(game, StatefulGame) else None


def setup_state(game: Game) -> dict[str, Any] | None:
    """The ``"state"`` of the set-up position the move stack starts from (None: none)."""
    return game.setup_state() if isinstance(game, StatefulGame) else None


def from_setup_state(
    cls: type[G],
    options: Any,
    to_move: str,
    pieces: Sequence[Piece],
    state: Mapping[str, Any],
    *,
    study: bool = False,
) -> G:
    """A set-up position of the game ``cls`` with a file's ``"state"``
    (PositionFormatError for a game that keeps none)."""
    if not issubclass(cls, StatefulGame):
        raise PositionFormatError(
            "state", M_("{game} keeps no state beyond its pieces", game=cls.title)
        )
    return cls.from_setup_state(options, to_move, pieces, state, study=study)


def replay_text(game: Game, text: str) -> Move:
    """Play a move of a file's history: the game's :meth:`StatefulGame.replay_text` where
    it has one, else :meth:`Game.push_text`."""
    if isinstance(game, StatefulGame):
        return game.replay_text(text)
    return game.push_text(text)
