"""python-chess's habits for a :class:`~viewer.script.position.Position` (``docs/api.md``):
the position before the last move (:attr:`~PositionHabits.parent`,
:meth:`~PositionHabits.pop`), a text board (``str(pos)``, :meth:`~PositionHabits.unicode`),
the one-line position text (:meth:`~PositionHabits.to_text`; :mod:`viewer.script.lines`
reads it back), whether a move is legal (:meth:`~PositionHabits.is_legal`) and a random
legal move (:meth:`~PositionHabits.random_move`). Kept apart from the position's other
doors, which :class:`Position` adds to these.
"""

from __future__ import annotations

import random
from typing import Self

from pyramid_lab.i18n import _
from pyramid_lab.model.game import CHANCE, Game, Move, quote
from pyramid_lab.model.text import board_text, position_text


class PositionHabits:
    """What a python-chess user reaches for first; :class:`Position` is made of these and
    its other doors."""

    __slots__ = ()

    _game: Game

    def __init__(self, game: Game) -> None:
        """(:class:`Position`'s: the position of ``game``.)"""
        raise NotImplementedError

    @property
    def parent(self) -> Self | None:
        """The position before the last move of :attr:`history` (None at its start: the
        game's, or a file's set-up)."""
        if not self._game.move_stack:
            return None
        game = self._game.copy()
        game.pop()
        return type(self)(game)

    def pop(self) -> Self:
        """:attr:`parent`, the last move taken back (this position is left as it is);
        IndexError at the start of the history."""
        parent = self.parent
        if parent is None:
            raise IndexError(_("no move to take back: the position is at the start of its history"))
        return parent

    def to_text(self) -> str:
        """The position in one line, as FEN writes a chess position: the game, its
        options, the board, the side to move and what else the position holds, the
        history left out (``docs/file-formats.md``, "Position texts");
        ``pl.from_text(pos.to_text()) == pos``."""
        return position_text(self._game)

    def fen(self) -> str:
        """:meth:`to_text`, by python-chess's name (``board.fen()``): the game's own
        one-line grammar, which no chess program reads; :func:`pl.from_text
        <viewer.script.lines.from_text>` reads it back."""
        return self.to_text()

    @property
    def turn(self) -> str:
        """The colour of the player to move, as :attr:`to_move` (python-chess's
        ``board.turn``, here a colour's name: a game may have more than two)."""
        return self._game.to_move

    def is_game_over(self) -> bool:
        """Whether the game is over (python-chess's name; :meth:`is_over`)."""
        return self._game.is_over()

    def result(self) -> str:
        """The game's result as python-chess's ``board.result()`` writes it: ``"1-0"``
        (the first player won), ``"0-1"`` (the second), ``"1/2-1/2"`` (a draw) and ``"*"``
        while the game runs; in a game of one, three or four players (Rolling Pyramids)
        the winner's colour or ``"draw"`` once it is over."""
        outcome = self._game.outcome()
        if outcome is None:
            return "*"
        players = tuple(self._game.players)
        if len(players) != 2:
            return outcome.result
        if outcome.winner is None:
            return "1/2-1/2"
        return "1-0" if outcome.winner == players[0] else "0-1"

    def peek(self) -> Move:
        """The last move of the history (python-chess's ``board.peek()``); IndexError at
        its start."""
        if not self._game.move_stack:
            raise IndexError(_("no move played: the position is at the start of its history"))
        return self._game.move_stack[-1]

    def __str__(self) -> str:
        """The position as a text board (letters, dots), whole on a terminal."""
        return board_text(self._game)

    def unicode(self) -> str:
        """:meth:`__str__`'s board with Unicode symbols (● ○ ·) for its letters."""
        return board_text(self._game, symbols=True)

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` (a move, or its text in the game's notation) is legal here:
        ``pos.is_legal("1,1,0")``; text that is no move of the game is not legal (False, as
        python-chess answers; :meth:`parse_move` says why it is no move). TypeError for
        what is neither a move nor text."""
        if isinstance(move, str):
            try:
                move = self._game.parse_move(move)
            except ValueError:  # InvalidMoveError, or a rules' own refusal of the text
                return False
        elif not isinstance(move, Move):
            raise TypeError(_("a move or its text, not {value}").format(value=quote(move)))
        return self._game.why_illegal(move) is None

    def random_move(self, rng: random.Random | None = None) -> Move:
        """A legal move drawn at random by ``rng`` (default: a new unseeded one): at a roll
        of the dice an outcome by its probability, else each legal move alike. In Pyramid
        Ball a turn is read at a random index of the lazy space of joint moves (each
        side's program drawn alike from its own), without listing the millions.
        IndexError once the game is over."""
        rng = random.Random() if rng is None else rng
        if not isinstance(rng, random.Random):
            raise TypeError(_("rng must be a random.Random, not {value}").format(value=quote(rng)))
        game = self._game
        if game.is_over():
            raise IndexError(_("no legal move: the game is over"))
        if game.current_player() == CHANCE:
            outcomes = game.chance_outcomes()
            return rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
        moves = game.legal_moves()  # (Pyramid Ball's: a lazy space, read at one index)
        return moves[rng.randrange(len(moves))]
