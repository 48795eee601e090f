"""Set-up mode in the window: the lab's set-up mode (:mod:`viewer.lab.setup_mode`, its state
and verbs) bound to the Set-up dock, where the position is painted, and to the board (a
board mode: while on, it has the board). The Edit menu's Set-up mode item follows
``switched``; as it begins (``entering``) the turn on the board is dropped and Solve mode
ends (the Puzzle dock, where a puzzle is made, follows)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lab.modes import Mode
from ..lab.slots import slot

if TYPE_CHECKING:
    from model.game import Game

    from ..games import GameUI
    from ..lab import Lab
    from ..lab.frame import Frame
    from ..lab.setup_editor import SetupEditor
    from ..widgets.setup_dock import SetupDock
    from .stage import Stage


class SetupControl:
    """The Set-up dock bound to the lab's set-up mode (:attr:`mode`): its buttons call the
    lab's verbs, and the dock and the board follow ``switched``."""

    def __init__(self, lab: Lab, stage: Stage, dock: SetupDock) -> None:
        self.lab, self.stage, self.dock = lab, stage, dock
        self.mode = lab.setup_mode
        self.switched = self.mode.switched  # the Edit menu's Set-up mode item follows it
        self.entering = self.mode.entering  # as it begins, Solve mode ends
        self.mode.entering.connect(self._entering)
        self.mode.switched.connect(self._switched)
        dock.apply.clicked.connect(self.apply)
        dock.cancel.clicked.connect(self.leave)
        dock.clear.clicked.connect(self.clear)

    def show_message(self, text: str) -> None:
        self.lab.bulletin.say(text)

    @property
    def editor(self) -> SetupEditor | None:
        """The set-up editor while set-up mode is on."""
        return self.mode.editor

    @slot
    def toggle(self) -> None:
        if self.mode.editor is None:
            self.enter()
        else:
            self.apply()

    def enter(self) -> None:
        self.mode.enter(self.stage.ui)

    @slot
    def apply(self) -> bool:
        """Leave set-up mode through validation; on a problem, say it and stay."""
        return self.mode.apply()

    @slot
    def leave(self) -> None:
        """Leave set-up mode without changing the game."""
        self.mode.leave()

    @slot
    def clear(self) -> None:
        self.mode.clear()
        self.stage.redraw()

    def _entering(self) -> None:
        self.stage.turn.cancel()  # a turn half made on the board goes

    def _switched(self, on: bool) -> None:
        """The dock shows the editor (and why Apply was refused) while the mode is on."""
        editor = self.mode.editor
        if editor is None:
            self.dock.leave()
        elif editor is not self.dock.editor:
            self.dock.enter(editor)
        self.dock.error.setText(self.mode.problem)
        self.stage.redraw()


class SetupBoard(Mode):
    """Set-up mode as a board mode: while on it has the board (nothing after it is asked):
    a click paints or erases, Undo and Redo go to the painting, the board shows it."""

    name = "set-up"

    def __init__(self, mode: SetupControl) -> None:
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
