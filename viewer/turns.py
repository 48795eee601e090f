"""What the user's hand does to the game: a click on a site of the board, Finish and
Cancel turn, and Undo / Redo, each routed by the board's modes (:mod:`viewer.modes`) to the
mode that has the board (set-up mode, Solve mode, the computer's move and yours, ...).
Play is the last mode, :class:`PlayBoard`: a click goes to the game UI's turn builder,
and a move it makes is played here; Undo takes back the turn half built, else the last
move."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from model.game import IllegalMoveError

from .modes import Mode
from .slots import slot

if TYPE_CHECKING:
    from model.game import Game

    from .frame import Frame
    from .games import GameUI
    from .lab import Lab
    from .modes import Router
    from .qt_port import QtPort
    from .stage import Stage


class TurnControl:
    """The board's input in ``window``, routed by ``modes`` (the last of them is this
    control's :class:`PlayBoard`)."""

    def __init__(self, lab: Lab, port: QtPort, stage: Stage) -> None:
        self.lab, self.port, self.stage = lab, port, stage
        self.modes: Router | None = None  # set by the window once every mode is made

    @property
    def router(self) -> Router:
        if self.modes is None:
            raise RuntimeError("the board's modes are not set yet")
        return self.modes

    def show_message(self, text: str) -> None:
        self.port.status(text)

    @slot
    def click(self, site: int) -> None:
        """A click on ``site`` of the board."""
        self.router.click(site)

    def play(self, move: Any) -> None:
        """Play what Finish turn, the Analysis dock or a lesson gave: a move, or a
        sentence saying why not; refused, said, while a mode is busy."""
        if isinstance(move, str):
            self.show_message(move)
            return
        busy = self.router.busy()
        if busy:
            self.show_message(busy)
            return
        self.play_now(move)

    def play_now(self, move: Any) -> None:
        """Play ``move`` (the modes were asked already)."""
        lab, stage = self.lab, self.stage
        mover = lab.session.game.to_move
        lab.engine.human_move()  # the computer may answer it
        try:
            lab.session.play(move)
        except IllegalMoveError as exc:
            self.show_message(str(exc))
            return
        self.show_message(stage.ui.played(lab.session.game, mover, move))

    @slot
    def finish(self) -> None:
        result = self.stage.turn.finish()
        if result is None:
            self.stage.redraw()  # a step of the turn (a part handed in), no move yet
        else:
            self.play(result)

    @slot
    def cancel(self) -> None:
        self.stage.turn.cancel()
        self.stage.redraw()

    @slot
    def undo(self) -> None:
        self.router.undo()

    @slot
    def redo(self) -> None:
        self.router.redo()


class PlayBoard(Mode):
    """Play, the last board mode: always on, it has the board when no mode before it
    took it. A click is a step of the turn the game UI builds (or the move it completes);
    Undo takes back the turn half built, else the last move; it draws the position."""

    name = "play"

    def __init__(self, turns: TurnControl) -> None:
        self.turns = turns
        self.lab, self.port, self.stage = turns.lab, turns.port, turns.stage

    def active(self) -> bool:
        return True

    def claims(self) -> bool:
        return True

    def busy(self) -> str:
        return self.stage.ui.busy()

    def click(self, site: int) -> bool:
        lab, stage = self.lab, self.stage
        result = stage.ui.click(lab.session.game, stage.turn, site)
        if result is None:
            stage.redraw()  # a step of the turn being built
        elif isinstance(result, str):
            self.turns.show_message(result)
        else:
            self.turns.play_now(result)
        return True

    def undo(self) -> bool:
        lab, stage = self.lab, self.stage
        if stage.turn.building:  # the turn half built goes first, the last move stays
            self.turns.cancel()
            self.turns.show_message(
                "the turn being built was taken back (Undo again: the last move)"
            )
        else:
            lab.session.undo()
        return True

    def redo(self) -> bool:
        self.lab.session.redo()
        return True

    def layer(self, game: Game, ui: GameUI, frame: Frame) -> Frame:
        return ui.frame(game, self.stage.turn)  # the position: the others draw over it

    def prompt(self) -> str:
        return self.stage.ui.prompt() or self.stage.turn.prompt()
