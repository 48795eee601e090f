"""Set-up mode in the window: the position is painted in the Set-up dock (a
:class:`~viewer.lab.setup_editor.SetupEditor`) and applied through the rules' validation, as
one undoable change; the Edit menu's Set-up mode item follows ``switched``. The computer
does not think meanwhile, and Solve mode ends (``entering``: the Puzzle dock, where a puzzle
is made, follows)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.game import PositionFormatError

from ..lab.events import Signal
from ..lab.modes import Mode
from ..lab.setup_editor import SetupEditor
from ..lab.slots import slot

if TYPE_CHECKING:
    from model.game import Game

    from ..games import GameUI
    from ..lab import Lab
    from ..lab.frame import Frame
    from ..widgets.setup_dock import SetupDock
    from .qt_port import QtPort
    from .stage import Stage


class SetupMode:
    """Set-up mode in ``dock``: ``switched(on)`` says whether it is on (after each try:
    the menu item that shows it follows), ``entering`` that it begins (Solve mode ends)."""

    def __init__(self, lab: Lab, port: QtPort, stage: Stage, dock: SetupDock) -> None:
        self.lab, self.port, self.stage = lab, port, stage
        self.dock = dock
        self.switched: Signal[[bool]] = Signal()
        self.entering: Signal[[]] = Signal()
        dock.apply.clicked.connect(self.apply)
        dock.cancel.clicked.connect(self.leave)
        dock.clear.clicked.connect(self.clear)

    def show_message(self, text: str) -> None:
        self.lab.bulletin.say(text)

    @property
    def editor(self) -> SetupEditor | None:
        """The set-up editor while set-up mode is on."""
        return self.dock.editor

    @slot
    def toggle(self) -> None:
        if self.editor is None:
            self.enter()
        else:
            self.apply()

    def enter(self) -> None:
        lab, stage = self.lab, self.stage
        busy = stage.ui.busy()
        if busy:  # Fill at random would replace the position under the set-up
            self.show_message(busy)
            self.switched.emit(False)
            return
        lab.engine.interrupt()  # the position is about to be edited
        stage.turn.cancel()
        self.entering.emit()  # Solve mode ends; the puzzle is made here
        self.dock.enter(SetupEditor(lab.session.game, stage.ui))
        self.switched.emit(True)
        stage.ui.setup_changed()
        stage.redraw()

    @slot
    def apply(self) -> bool:
        """Leave set-up mode through validation; on a problem, say it and stay. With
        nothing changed it is left as Cancel leaves it: no new position, nothing to undo."""
        if self.editor is None:
            return True
        if not self.editor.changed:
            self.leave()
            self.show_message("set-up left: nothing was changed")
            return True
        try:
            game = self.editor.build()
        except PositionFormatError as exc:
            self.dock.error.setText(str(exc))
            self.show_message(f"Set-up: {exc}")
            self.switched.emit(True)
            return False
        self.close()
        self.stage.apply_position(game, "set-up applied (Undo returns to the previous position)")
        return True

    @slot
    def leave(self) -> None:
        """Leave set-up mode without changing the game."""
        self.close()
        self.stage.redraw()

    @slot
    def clear(self) -> None:
        if self.editor is not None:
            self.editor.clear()
            self.stage.redraw()

    def close(self, *, consider: bool = True) -> None:
        """Set-up mode ends; with ``consider`` (left without a new position coming) the
        computer may go on."""
        self.dock.leave()
        self.switched.emit(False)
        self.stage.ui.setup_changed()
        if consider:
            self.lab.engine.consider()


class SetupBoard(Mode):
    """Set-up mode as a board mode: while on it has the board (nothing after it is asked):
    a click paints or erases, Undo and Redo go to the painting, the board shows it."""

    name = "set-up"

    def __init__(self, mode: SetupMode) -> None:
        self.mode = mode
        self.stage = mode.stage

    def active(self) -> bool:
        return self.mode.editor is not None

    def claims(self) -> bool:
        return True

    def busy(self) -> str:
        return self.stage.ui.busy()  # Fill at random is painting the board

    def click(self, site: int) -> bool:
        editor = self.mode.editor
        if editor is None:
            return False
        before = editor.pieces.get(site)
        editor.click(site)
        self.stage.redraw()
        if before is not None and site not in editor.pieces:
            # a ball in front may be erased where a point behind it was meant: said
            try:
                where = ",".join(map(str, self.stage.ui.coords_of(site)))
            except (KeyError, ValueError, IndexError, NotImplementedError):
                where = str(site)
            piece = self.stage.ui.piece_word.removesuffix("s")
            self.mode.show_message(
                f"set-up: erased the {before} {piece} at {where} "
                "(Undo brings it back; to reach a point behind it, peel or show the ghosts)"
            )
        return True

    def undo(self) -> bool:
        editor = self.mode.editor
        if editor is None:
            return False
        editor.undo()
        self.stage.redraw()
        return True

    def redo(self) -> bool:
        editor = self.mode.editor
        if editor is None:
            return False
        editor.redo()
        self.stage.redraw()
        return True

    def layer(self, game: Game, ui: GameUI, frame: Frame) -> Frame:
        editor = self.mode.editor
        if editor is None:
            return frame
        return ui.setup_frame(editor.pieces, self.stage.board.geometry)

    def prompt(self) -> str:
        return f"set-up mode: click to paint or erase {self.stage.ui.piece_word}, then Apply"
