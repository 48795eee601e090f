"""Set-up mode (Qt-free): the position is painted in a
:class:`~viewer.lab.setup_editor.SetupEditor` and applied through the rules' validation, as
one undoable change. The computer does not think meanwhile. A front end shows the editor
while :attr:`SetupMode.editor` is set, follows ``switched`` (after each try: on or off) and
``entering`` (it begins: Solve mode ends, the puzzle is made here), and calls the verbs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyramid_lab.i18n import M_
from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.model.words import reason_of

from .events import Signal
from .modes import Mode, Shown
from .outcome import Drawn, Erased, Outcome
from .outcome_words import word
from .setup_editor import SetupEditor

if TYPE_CHECKING:
    from pyramid_lab.model.game import Game

    from .bulletin import Say
    from .engine import Engine
    from .frame import Frame
    from .game_ui import UI
    from .session import Session


class SetupMode:
    """Set-up mode over ``session``: ``switched(on)`` says whether it is on after each try,
    ``entering`` that it begins; :attr:`problem` is why the last Apply was refused."""

    def __init__(self, session: Session, engine: Engine, say: Say) -> None:
        self.session, self.engine, self.say = session, engine, say
        self.editor: SetupEditor | None = None  # while set-up mode is on
        self.problem = ""  # why the set-up could not be applied ('' after any other try)
        self.switched: Signal[[bool]] = Signal()
        self.entering: Signal[[]] = Signal()
        self._ui: UI | None = None  # the board's game UI, told when the mode ends

    def enter(self, ui: UI) -> bool:
        """Set-up mode begins on the position shown, painted on ``ui``'s board (refused,
        said, while the UI paints the board itself: Fill at random)."""
        busy = ui.busy()
        if busy:
            self.say(busy)
            self.switched.emit(False)
            return False
        self.engine.interrupt()  # the position is about to be edited
        self.entering.emit()  # Solve mode ends; the puzzle is made here
        self.editor, self._ui, self.problem = SetupEditor(self.session.game, ui), ui, ""
        ui.setup_changed()
        self.switched.emit(True)
        return True

    def pending(self) -> bool:
        """Set-up changes not applied (a new document asks about them first)."""
        return self.editor is not None and self.editor.can_undo

    def check(self) -> str:
        """Why the set-up is not a legal position yet ('' when it is, or the mode is off)."""
        if self.editor is None:
            return ""
        try:
            self.editor.build()
        except PositionFormatError as exc:
            return reason_of(exc)
        return ""

    def apply(self) -> bool:
        """Leave set-up mode through validation; on a problem, say it and stay (False).
        With nothing changed it is left as :meth:`leave` leaves it: no new position,
        nothing to undo."""
        editor = self.editor
        if editor is None:
            return True
        if not editor.changed:
            self.leave()
            self.say(M_("set-up left: nothing was changed"))
            return True
        try:
            game = editor.build()
        except PositionFormatError as exc:
            self.problem = reason_of(exc)
            self.say(M_("Set-up: {error}", error=reason_of(exc)))
            self.switched.emit(True)
            return False
        self.close()
        message = M_("set-up applied (Undo returns to the previous position)")
        if self.session.apply_setup(game):
            message = M_(
                "set-up applied (Undo returns to the previous position); a new, untitled "
                "position (the example stays as it came)"
            )
        self.say(message)
        return True

    def leave(self) -> None:
        """Leave set-up mode without changing the game."""
        self.close()

    def clear(self) -> None:
        """Every piece erased (undoable)."""
        if self.editor is not None:
            self.editor.clear()

    def close(self, *, consider: bool = True) -> None:
        """Set-up mode ends; with ``consider`` (left without a new position coming) the
        computer may go on."""
        ui, self.editor, self._ui, self.problem = self._ui, None, None, ""
        if ui is not None:
            ui.setup_changed()
        self.switched.emit(False)
        if consider:
            self.engine.consider()


class SetupBoard(Mode):
    """Set-up mode as a board mode: while on it has the board (nothing after it is asked):
    a click paints or erases, Undo and Redo go to the painting, the board shows it."""

    name = "set-up"

    def __init__(self, mode: SetupMode, board: Shown) -> None:
        self.mode = mode
        self.board = board

    def active(self) -> bool:
        return self.mode.editor is not None

    def claims(self) -> bool:
        return True

    def busy(self) -> str:
        return self.board.ui.busy()  # Fill at random is painting the board

    def click(self, site: int) -> Outcome | None:
        editor, board = self.mode.editor, self.board
        if editor is None:
            return None
        before = editor.pieces.get(site)
        editor.click(site)
        board.redraw()
        if before is None or site in editor.pieces:
            return Drawn()
        # a ball in front may be erased where a point behind it was meant: said
        try:
            where = ",".join(map(str, board.ui.coords_of(site)))
        except (KeyError, ValueError, IndexError, NotImplementedError):
            where = str(site)
        return Drawn(erased=Erased(before, where, board.ui.piece_word.removesuffix("s")))

    def undo(self) -> bool:
        editor = self.mode.editor
        if editor is None:
            return False
        editor.undo()
        self.board.redraw()
        return True

    def redo(self) -> bool:
        editor = self.mode.editor
        if editor is None:
            return False
        editor.redo()
        self.board.redraw()
        return True

    def layer(self, game: Game, ui: UI, frame: Frame) -> Frame:
        editor = self.mode.editor
        if editor is None:
            return frame
        return ui.setup_frame(editor.pieces, ui.geometry(game))

    def prompt(self) -> str:
        return M_(
            "set-up mode: click to paint or erase {pieces}, then Apply",
            pieces=word(self.board.ui.piece_word),
        )
