"""Set-up mode in the window: the lab's set-up mode (:mod:`viewer.lab.setup_mode`, its state
and verbs) bound to the Set-up dock, where the position is painted, and to the board (a
board mode: while on, it has the board). The Edit menu's Set-up mode item follows
``switched``; as it begins (``entering``) the turn on the board is dropped and Solve mode
ends (the Puzzle dock, where a puzzle is made, follows)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..widgets.dock_fit import present
from ..widgets.slots import OnLab, slot

if TYPE_CHECKING:
    from ..lab import Lab
    from ..lab.board import Board
    from ..widgets.setup_dock import SetupDock


class SetupControl(OnLab):
    """The Set-up dock bound to the lab's set-up mode (:attr:`mode`): its buttons call the
    lab's verbs, and the dock and the board follow ``switched``."""

    def __init__(self, lab: Lab, board: Board, dock: SetupDock) -> None:
        self.lab, self.board, self.dock = lab, board, dock
        self.mode = lab.setup_mode
        self.switched = self.mode.switched  # the Edit menu's Set-up mode item follows it
        self.entering = self.mode.entering  # as it begins, Solve mode ends
        self.mode.entering.connect(self._entering)
        self.mode.switched.connect(self._switched)
        dock.made.connect(self._bind_buttons)  # (its widgets: made at the mode's first entry)

    def _bind_buttons(self) -> None:
        self.dock.apply.clicked.connect(self.apply)
        self.dock.cancel.clicked.connect(self.leave)
        self.dock.clear.clicked.connect(self.clear)

    @slot
    def toggle(self) -> None:
        if self.mode.editor is None:
            self.enter()
        else:
            self.apply()

    def enter(self) -> None:
        self.mode.enter(self.board.ui)

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
        self.board.redraw()

    def _entering(self) -> None:
        self.board.turn.cancel()  # a turn half made on the board goes

    def _switched(self, on: bool) -> None:
        """The dock shows the editor (and why Apply was refused) while the mode is on."""
        editor = self.mode.editor
        if editor is None:
            self.dock.leave()
        elif editor is not self.dock.editor:
            self.dock.enter(editor)
        self.dock.error.setText(self.mode.problem)
        if self.mode.problem:
            # the refusal whole in sight: the dock takes the room beside its neighbours'
            # least (it had what the window's last layout gave it, and the error's lines
            # were under the dock's foot until something else laid the window out again,
            # as a status message that grew the bar did)
            present(self.dock)
        self.board.redraw()
