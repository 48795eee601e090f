"""The Moves dock: the line of moves; clicking one shows the position after it."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QDockWidget, QListWidget, QWidget

from ..session import Session


class MoveListDock(QDockWidget):
    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__("Moves", parent)
        self.setObjectName("moves-dock")
        self.session = session
        self.list = QListWidget(self)
        self.setWidget(self.list)
        self.list.currentRowChanged.connect(self._on_row_changed)

    def refresh(self) -> None:
        with QSignalBlocker(self.list):
            self.list.clear()
            self.list.addItem("start")
            for ply, (mover, move) in enumerate(self.session.line(), start=1):
                self.list.addItem(f"{ply}. {mover} {move}".replace("  ", " "))
            self.list.setCurrentRow(self.session.ply)

    def _on_row_changed(self, row: int) -> None:
        if row >= 0 and row != self.session.ply:
            self.session.goto(row)
