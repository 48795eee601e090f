"""What the user's hand does to the game: a click on a site of the board, Finish and
Cancel turn, and Undo / Redo, each going to whatever has the board at the time (set-up
mode, Solve mode, the turn being built, the computer's move and yours, or the session).
A move the game UI's turn builder makes is played here, unless the computer or Solve
mode's defence is thinking."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from model.game import IllegalMoveError

from .slots import slot

if TYPE_CHECKING:
    from .host import Solving, TurnHost


class TurnControl:
    """The board's input in ``window``; ``solver`` is Solve mode (it has its own Undo)."""

    def __init__(self, window: TurnHost, solver: Solving) -> None:
        self.window = window
        self.solver = solver

    def show_message(self, text: str) -> None:
        self.window.show_message(text)

    @slot
    def click(self, site: int) -> None:
        """A click on ``site`` of the board."""
        window = self.window
        busy = window.ui.busy() or (
            window.setup is None and (window.engine.busy() or self.solver.busy())
        )
        if busy:
            self.show_message(busy)
            return
        if window.setup is not None:
            window.setup.click(site)
            window.redraw()
            return
        if window.lessons.take_click(site):  # a lesson's click-points task
            return
        result = window.ui.click(window.session.game, window.turn, site)
        if result is None:
            window.redraw()  # a step of the turn being built
        else:
            self.play(result)

    def play(self, move: Any) -> None:
        """Play what a click or Finish turn gave: a move, or a sentence saying why not."""
        window = self.window
        if isinstance(move, str):
            self.show_message(move)
            return
        busy = window.engine.busy() or self.solver.busy()
        if busy:
            self.show_message(busy)
            return
        mover = window.session.game.to_move
        window.engine.human_move()  # the computer may answer it
        try:
            window.session.play(move)
        except IllegalMoveError as exc:
            self.show_message(str(exc))
            return
        self.show_message(window.ui.played(window.session.game, mover, move))

    @slot
    def finish(self) -> None:
        result = self.window.turn.finish()
        if result is None:
            self.window.redraw()  # a step of the turn (a part handed in), no move yet
        else:
            self.play(result)

    @slot
    def cancel(self) -> None:
        self.window.turn.cancel()
        self.window.redraw()

    @slot
    def undo(self) -> None:
        window = self.window
        if window.setup is not None:
            window.setup.undo()
            window.redraw()
        elif self.solver.active:
            self.solver.undo()  # your move and the defence's reply
        elif window.turn.building:  # the turn half built goes first, the last move stays
            self.cancel()
            self.show_message("the turn being built was taken back (Undo again: the last move)")
        elif window.engine.computer:
            window.engine.undo()  # the computer's move and yours; it waits for your move
        else:
            window.session.undo()

    @slot
    def redo(self) -> None:
        if self.window.setup is not None:
            self.window.setup.redo()
            self.window.redraw()
        else:
            self.window.session.redo()
