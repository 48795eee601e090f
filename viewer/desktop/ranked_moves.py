"""The Analysis dock's ranked moves (:mod:`viewer.desktop.analysis`): a move picked in the list
lights its sites up and is said with its win rate; a double-click plays it, as a click on
the board would."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyramid_lab.i18n import _
from pyramid_lab.model.game import Move

from ..widgets.analysis_dock import AnalysisDock
from ..widgets.slots import slot

if TYPE_CHECKING:
    from ..lab import Lab
    from ..lab.analysis import Analyses
    from ..lab.board import Board


class RankedMoves:
    """The list of ``dock``'s moves, ranked by the lab's analysis, picked and played."""

    def __init__(self, lab: Lab, board: Board, dock: AnalysisDock) -> None:
        self.lab, self.board, self.dock = lab, board, dock
        self.state: Analyses = lab.analysis

    def bind(self) -> None:
        """The dock's list, made at its first use, picked and played from."""
        self.dock.table.itemSelectionChanged.connect(self._on_selection_changed)
        self.dock.table.cellDoubleClicked.connect(self._on_row_double_clicked)

    def show_message(self, text: str) -> None:
        self.lab.bulletin.say(text)

    def _move_at(self, row: int) -> Move | None:
        analysis = self.state.shown()
        if analysis is None or not 0 <= row < len(analysis.moves):
            return None
        return analysis.moves[row].move

    @slot
    def _on_selection_changed(self) -> None:
        rows = self.dock.table.selectionModel().selectedRows()
        move = self._move_at(rows[0].row()) if rows else None
        if move == self.state.selected:
            return
        self.state.selected = move
        self.board.redraw()
        analysis = self.state.analysis
        if move is not None and analysis is not None:
            stat = analysis.stat(move)
            if stat is not None:
                rate = round(stat.win_rate * 100)
                if stat.proven:
                    said = _("{move}: win rate {rate}%, proven {proven}")
                    self.show_message(said.format(move=move, rate=rate, proven=stat.proven))
                else:
                    self.show_message(_("{move}: win rate {rate}%").format(move=move, rate=rate))

    @slot
    def _on_row_double_clicked(self, row: int, _column: int) -> None:
        """Play the move of ``row``, as a click on the board would."""
        board = self.board
        move = self._move_at(row)
        if move is None:
            return
        if board.setup is not None:
            self.show_message(_("set-up mode: Apply or Cancel it before playing a move"))
            return
        busy = board.ui.busy()
        if busy:
            self.show_message(busy)
            return
        board.play(move)  # refused while the computer or Solve mode's defence moves
