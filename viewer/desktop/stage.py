"""The board on show, drawn: the lab's board (:mod:`viewer.lab.board`: the game UI, its
turn, the board's modes and the verbs of a hand on it) in the 3D scene
(:mod:`viewer.desktop.scene`). It only draws, on demand: the frame the board makes with
every mode's layer over it, the legend, the hover text and the prompt, each time the
board says "frame" (or "secrets"); it holds no state of the board's own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyramid_lab.i18n import shown

from ..lab.events import Signal

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLabel

    from ..boards import BoardView
    from ..lab.board import Board, BoardChange
    from ..lab.frame import Frame
    from ..lab.view_state import ViewState
    from .qt_port import QtPort
    from .scene import Scene


class Stage:
    """The lab's ``board`` drawn in ``scene``; ``hover``: the status bar's text of the site
    under the mouse."""

    def __init__(
        self, board: Board, scene: Scene, port: QtPort, view: ViewState, hover: QLabel
    ) -> None:
        self.lab_board = board
        self.scene = scene
        self.port = port
        self.view = view
        self.hover = hover
        self.drawn: Signal[[]] = Signal()  # before each redraw: the menus follow the history
        board.changed.connect(self._board_changed)

    def _board_changed(self, what: BoardChange) -> None:
        if what == "frame":
            self.redraw()

    @property
    def board(self) -> BoardView:
        """The board's view in the scene (its pick, its actors)."""
        return self.scene.board

    def drawn_frame(self) -> Frame | None:
        """The board as drawn, for an export (set-up mode shows no position: None)."""
        board = self.lab_board
        return board.frame() if board.setup is None else None

    def redraw(self) -> None:
        board = self.lab_board
        self.drawn.emit()
        board.lab.bulletin.show_prompt(board.prompt())
        frame = board.frame()  # the position, each mode's layer over it
        ui = board.ui
        self.scene.show(frame, ui.legend_words(board.session.game, frame), room=ui.legend_room)
        hover = self.view.hover  # (a site of another board is forgotten on the switch)
        if hover is not None and 0 <= hover < self.board.geometry.count:  # as the scene shows it
            self.hover.setText(shown(board.describe(hover)))  # (in the window's language)
        else:
            self.hover.setText("")
        self.scene.render()  # at the next paint

    def render_now(self) -> None:
        """Draw the scene now (an export reads its pixels)."""
        if not self.port.closed:
            self.scene.render_now()
