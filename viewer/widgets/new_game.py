"""The New game dialog: game, board size, version or variant."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
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
from model.terrace import Terrace, TerraceOptions

GAMES = {"Pyramid Partition": "partition", "Pyraos": "pyraos", "Pyramid (Allmer)": "terrace"}


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
        self.last_stones_lose = QCheckBox("Fewer than four stones loses")
        self.last_stones_lose.setChecked(True)
        self.no_push_back = QCheckBox("No pushing straight back")
        form.addRow("Options (Allmer)", self.last_stones_lose)
        form.addRow("", self.no_push_back)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.game.currentTextChanged.connect(self._on_game_changed)
        self._on_game_changed(self.game.currentText())

    def _on_game_changed(self, title: str) -> None:
        name = GAMES[title]
        self.size.setEnabled(name == "partition")
        self.version.setEnabled(name == "partition")
        self.variant.setEnabled(name == "pyraos")
        self.last_stones_lose.setEnabled(name == "terrace")
        self.no_push_back.setEnabled(name == "terrace")

    def new_game(self) -> Game:
        name = GAMES[self.game.currentText()]
        if name == "partition":
            return Partition.new(PartitionOptions(self.size.value(), self.version.currentText()))
        if name == "terrace":
            return Terrace.new(
                TerraceOptions(self.last_stones_lose.isChecked(), self.no_push_back.isChecked())
            )
        return Pyraos.new(PyraosOptions(self.variant.currentText()))
