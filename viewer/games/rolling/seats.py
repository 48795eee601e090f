"""Who decides in Rolling Pyramids, without Qt: the humans and the computer's seats, whose
secret orders the map may show, and the hot seat's hand-over in the secret deployment."""

from __future__ import annotations

from collections.abc import Sequence

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import Game, Move
from pyramid_lab.model.rolling import Deploy, RollingPyramids
from pyramid_lab.model.rolling.state import Order
from pyramid_lab.model.words import colour

from ...lab.game_ui import Host


class Seats:
    """The players at the board (a part of :class:`RollingUI`): ``seated`` is the human
    who said "I am <colour>" for the secret part (None: nobody yet)."""

    def __init__(self, host: Host | None) -> None:
        self.host = host
        self.seated: str | None = None

    def computer(self) -> dict[str, str]:
        if self.host is None:
            return {}
        return dict(self.host.computer_players())

    def human_to_move(self, game: Game) -> bool:
        return game.current_player() >= 0 and game.to_move not in self.computer()

    def humans(self, game: Game) -> list[str]:
        """The colours people play, in turn order."""
        computer = self.computer()
        return [c for c in game.players if c not in computer]

    def viewer(self, game: RollingPyramids) -> str | None:
        """Whose secret orders the board shows: the human deciding, else the one human
        playing against computers; None: nobody's (several humans, a computer deciding),
        or "*" when the computer plays every seat (nothing to hide)."""
        humans = self.humans(game)
        if not humans:
            return "*"
        if game.current_player() >= 0 and game.to_move in humans:
            return None if self.hand_over(game) else game.to_move
        return humans[0] if len(humans) == 1 else None

    def hand_over(self, game: RollingPyramids) -> str | None:
        """Hot seat (two humans or more) in the secret deployment: the human deciding,
        until they say "I am <colour>" (``RollingUI.take_seat``); meanwhile no orders are
        drawn and the map takes no click. A move by anyone else, undo, redo or a file asks
        again: whoever sits at the screen then may not be the one deciding. None
        otherwise."""
        if game.phase != "deploy" or game.current_player() < 0 or game.is_over():
            return None
        humans = self.humans(game)
        if len(humans) < 2 or game.to_move not in humans or self.seated == game.to_move:
            return None
        return game.to_move

    def hint_refusal(self, game: Game) -> str:
        """Hot seat: no hint before the deciding human has taken the screen."""
        seat = self.hand_over(game) if isinstance(game, RollingPyramids) else None
        if seat is None:
            return ""
        return M_(
            'no hint yet: the screen goes to {player} first ("I am {player}" in the Turn dock)',
            player=colour(seat),
        )

    def visible_orders(self, game: RollingPyramids) -> list[Order]:
        """The deployments the map draws: the viewer's, while they wait for the fights
        (after them the map shows what they did; the state keeps them until cleanup)."""
        if game.phase != "deploy":
            return []
        who = self.viewer(game)
        if who == "*":
            return list(game.state.orders)
        return [o for o in game.state.orders if game.players[o.player] == who]

    def hidden_moves(
        self, game: RollingPyramids, line: Sequence[tuple[str, Move]]
    ) -> dict[int, str]:
        """Deployments the players at the board may not read in the Moves dock: those of
        the deploy phase the position shown is in (its fights are still to come) and every
        one after the position shown (the line redo would play), except the viewer's own
        (see :meth:`viewer`); the unit sent is no secret, its target is. Earlier ones were
        fought: the map shows what they did."""
        who = self.viewer(game)
        if who == "*":
            return {}
        shown = min(len(game.move_stack), len(line))
        first = shown
        if game.phase == "deploy":  # the phase is deployments only: back to its start
            while first > 0 and isinstance(line[first - 1][1], Deploy):
                first -= 1
        hidden = {}
        for index in range(first, len(line)):
            mover, move = line[index]
            if isinstance(move, Deploy) and mover != who:
                hidden[index] = f"{mover}: deploys {move.unit} (hidden)"
        return hidden
