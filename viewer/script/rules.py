"""What the rules say of a :class:`~viewer.script.position.Position` (``docs/api.md``): its
pieces, its legal moves (a player's part of a simultaneous turn), a roll's outcomes, a
move's text read, how the game ended, and the summary ``pyramid-lab analyze`` prints.
Asked of the rules' own position, which no question changes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pyramid_lab.i18n import _
from pyramid_lab.model.game import CHANCE, Game, Move, Outcome, quote
from pyramid_lab.model.teaching import teaching_for


class PositionRules:
    """The rules' answers about a position; :class:`Position` is made of these and its
    other doors."""

    __slots__ = ()

    _game: Game

    def pieces(self) -> list[tuple[tuple[int, ...], str]]:
        """The pieces on the board: each one's coordinates (as in position files) and its
        colour."""
        return [(tuple(coords), colour) for coords, colour in self._game.pieces()]

    def legal_moves(self, player: str | None = None) -> Sequence[Move]:
        """Every legal move once (none once the game is over); ``str(move)`` is the move
        in the notation of position files and :meth:`play` takes it. In a game of
        simultaneous turns, ``player`` (a colour) asks for that player's part of a turn;
        there the joint moves are too many to list, and come as a sequence that makes each
        one when it is read."""
        index = None
        if player is not None:
            if player not in self._game.players:
                players = ", ".join(self._game.players)
                raise ValueError(
                    _("{player} is not a player of {game}: {players}").format(
                        player=quote(player), game=self._game.title, players=players
                    )
                )
            index = self._game.players.index(player)
        moves = self._game.legal_moves(index)
        return list(moves) if isinstance(moves, list) else moves

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """At a roll of the dice (a game of chance): each outcome, a move :meth:`play`
        takes, with its probability; [] where a player moves."""
        if self._game.current_player() != CHANCE:
            return []
        return list(self._game.chance_outcomes())

    def parse_move(self, text: str) -> Move:
        """The move written ``text`` in the game's notation (InvalidMoveError, a
        ValueError, saying how a move is written); whether it is legal here is not asked."""
        return self._game.parse_move(text)

    def outcome(self) -> Outcome | None:
        """How the game ended (the winner, or a draw, and why), or None while it runs."""
        return self._game.outcome()

    def is_over(self) -> bool:
        return self._game.is_over()

    def summary(self) -> dict[str, Any]:
        """What ``pyramid-lab analyze`` prints of the position: the game, the side to move,
        the number of legal moves, the winner and the game's own facts (a Partition's
        corners held...)."""
        return teaching_for(self._game).summary(self._game)
