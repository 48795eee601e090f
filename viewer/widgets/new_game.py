"""The New game dialog: game, board size, version or variant."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QSpinBox,
    QWidget,
)

from model.game import Game
from model.partition import Partition, PartitionOptions
from model.pyraos import Pyraos, PyraosOptions

GAMES = {"Pyramid Partition": "partition", "Pyraos": "pyraos"}


class NewGameDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        form = QFormLayout(self)
        self.game = QComboBox()
        self.game.addItems(list(GAMES))
        self.size = QSpinBox()
        self.size.setRange(2, 30)
        self.size.setValue(5)
        self.version = QComboBox()
        self.version.addItems(["floating", "stacking"])
        self.variant = QComboBox()
        self.variant.addItems(["standard", "children", "alternate"])
        form.addRow("Game", self.game)
        form.addRow("Base size (Partition)", self.size)
        form.addRow("Version (Partition)", self.version)
        form.addRow("Variant (Pyraos)", self.variant)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.game.currentTextChanged.connect(self._on_game_changed)
        self._on_game_changed(self.game.currentText())

    def _on_game_changed(self, title: str) -> None:
        partition = GAMES[title] == "partition"
        self.size.setEnabled(partition)
        self.version.setEnabled(partition)
        self.variant.setEnabled(not partition)

    def new_game(self) -> Game:
        if GAMES[self.game.currentText()] == "partition":
            return Partition.new(PartitionOptions(self.size.value(), self.version.currentText()))
        return Pyraos.new(PyraosOptions(self.variant.currentText()))
