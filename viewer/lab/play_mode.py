"""Play, the last board mode (:mod:`.modes`): always on, it has the board when no mode
before it took it."""

from __future__ import annotations

from typing import Protocol

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import Game, IllegalMoveError, Move
from pyramid_lab.model.words import reason_of

from .frame import Frame
from .game_ui import UI
from .modes import Mode, Where
from .outcome import Drawn, Outcome, Played, Refused
from .session import Session
from .turn_builder import Declined, Stepped, TurnBuilder


class PlayLab(Protocol):
    """The lab as play mode asks it (:class:`viewer.lab.Lab`)."""

    @property
    def session(self) -> Session: ...

    def play(self, move: Move) -> None: ...


class PlayedBoard(Protocol):
    """What play mode reads of the board on show (:class:`viewer.lab.board.Board`; a
    Protocol, not that class: the board makes its modes)."""

    @property
    def lab(self) -> PlayLab: ...
    @property
    def ui(self) -> UI: ...
    @property
    def turn(self) -> TurnBuilder: ...

    def position(self) -> Where: ...

    def redraw(self) -> None: ...

    def say(self, text: str) -> None: ...


class PlayBoard(Mode):
    """Play: a click is a step of the turn the game UI builds (or the move it completes);
    Undo takes back the turn half built, else the last move; it draws the position."""

    name = "play"

    def __init__(self, board: PlayedBoard) -> None:
        self.board = board
        self.lab = board.lab
        # what would reach the points behind a ball clicked, in full over the scene (the
        # prompt's line) while the position is the same: (position, the words)
        self.advice: tuple[Where, str] | None = None

    def advise(self, advice: tuple[Where, str] | None) -> None:
        """The words on the points behind a ball clicked, at that position (None: none)."""
        self.advice = advice

    def advice_now(self) -> str:
        """The words on the points behind the ball last clicked, while that position shows."""
        if self.advice is None or self.advice[0] != self.board.position():
            return ""
        return self.advice[1]

    def play_now(self, move: Move) -> Played | Refused:
        """Play ``move`` (the modes were asked already): played, with the game UI's words
        on it, or refused by the rules."""
        lab, board = self.lab, self.board
        mover = lab.session.game.to_move
        try:
            lab.play(move)  # the computer may answer it
        except IllegalMoveError as exc:
            return Refused(reason_of(exc))
        said = board.ui.played(lab.session.game, mover, move)
        moot = board.ui.moot(lab.session.game)
        if moot is not None and lab.session.game.to_move == mover:  # made for them
            lab.play(moot)
            then = board.ui.played(lab.session.game, mover, moot)
            said = M_("{said}; then, for you: {then}", said=said, then=then)
        return Played(move, said)

    def active(self) -> bool:
        return True

    def claims(self) -> bool:
        return True

    def busy(self) -> str:
        return self.board.ui.busy()

    def click(self, site: int) -> Outcome:
        board = self.board
        answer = board.ui.click(self.lab.session.game, board.turn, site)
        if isinstance(answer, Stepped):
            board.redraw()  # a step of the turn being built
            return Drawn()
        if isinstance(answer, Declined):
            return Refused(answer.reason)
        return self.play_now(answer.move)

    def undo(self) -> bool:
        board = self.board
        if board.turn.building:  # the turn half built goes first, the last move stays
            board.turn.cancel()
            board.redraw()
            board.say(M_("the turn being built was taken back (Undo again: the last move)"))
        else:
            self.lab.session.undo()
        return True

    def redo(self) -> bool:
        self.lab.session.redo()
        return True

    def layer(self, game: Game, ui: UI, frame: Frame) -> Frame:
        return ui.frame(game, self.board.turn)  # the position: the others draw over it

    def prompt(self) -> str:
        return self.advice_now() or self.board.ui.prompt() or self.board.turn.prompt()
