"""Practice in the window: the lab's (:mod:`viewer.lab.practice`, the one copy of its
logic) shown in the Practice dock (a leaf widget made here) and drawn over the board: the
hint (which piece or the area of the corner at stake, then the move) and the refutation of
a wrong move (a label on the computer's answer)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pyramid_lab import i18n
from pyramid_lab.model.puzzle import puzzle_text

from ..widgets.dock_fit import present
from ..widgets.practice_dock import Attempt, PracticeDock
from ..widgets.slots import OnLab, slot

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget

    from ..lab import Lab
    from ..lab.board import Board
    from .host import PuzzleActions
    from .qt_port import QtPort


class Practice(OnLab):
    """The Practice dock of the window, bound to the lab's practice (:attr:`state`), and
    its board layer. Solve mode starts through the lab's puzzle desk (its checks), and the
    Puzzle dock (``puzzle``) hides while Practice says it all."""

    def __init__(
        self, lab: Lab, port: QtPort, board: Board, puzzle: PuzzleActions, view_dock: QDockWidget
    ) -> None:
        self.lab, self.port, self.board = lab, port, board
        self.view_dock = view_dock  # the Practice dock goes beside it

        def start_solve() -> None:
            lab.puzzle_desk.toggle_solve()
            puzzle.hide()  # the Practice dock says it all (the Puzzle dock shows solutions)

        self.state = state = lab.start_practice(
            start_solve=start_solve,
            moves_piece=lambda game, move: bool(board.ui.move_from(game, move)),
        )
        state.progress.tell_with(port.tell)  # a damaged ticks file: told once, in a notice
        self.dock = dock = PracticeDock(port.parent)
        state.changed.connect(self.refresh)
        dock.hint_button.clicked.connect(lambda: state.hint())
        dock.retry_button.clicked.connect(lambda: state.retry())
        dock.reveal_button.clicked.connect(lambda: state.solver.reveal())
        dock.next_button.clicked.connect(lambda: state.next_unsolved())
        dock.picked.connect(self._on_picked)
        self.refresh(redraw=False)  # (the window may be being built)

    @slot
    def refresh(self, *, redraw: bool = True) -> None:
        """The dock shows the state again (and the board, with ``redraw``)."""
        state = self.state
        attempt = None
        if state.playing() and state.collection is not None and state.current is not None:
            solver = state.solver
            entry = state.collection.entries[state.current]
            attempt = Attempt(
                index=state.current,
                status=solver.status,
                goal=solver.goal,
                notes=puzzle_text(self.lab.session.puzzle, "notes", i18n.current()),
                solution=solver.solution,
                ticked=state.progress.is_solved(entry.key),
                hint_stage=state.hint_stage,
                hint_move=state.hint_move[1] if state.hint_move is not None else None,
                hint_text=state.hint_idea.text if state.hint_idea is not None else "",
                why=state.miss_text(),
            )
        self.dock.show_state(state.collection, state.progress, state.current, attempt)
        if redraw:
            self.board.redraw()

    @slot
    def _on_picked(self, index: int) -> None:
        if index != self.state.current or not self.state.playing():
            self.state.play(index)

    def open_collection(self, folder: str | Path) -> bool:
        """Read the puzzles of ``folder``, show the dock and play the first unsolved one;
        False, said, when it has none."""
        if not self.state.read_collection(folder):
            return False
        dock = self.dock
        if not dock.isVisible() and self.view_dock.isVisible():
            self.port.parent.tabifyDockWidget(self.view_dock, dock)  # the list needs height
        present(dock)
        return self.state.next_unsolved()
