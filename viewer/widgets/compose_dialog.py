"""The Compose puzzles dialog's widgets (Puzzles > Compose...): how many puzzles, the
longest win in plies, the difficulty, the folder; Compose and Stop, a progress bar and what
is being done. :mod:`viewer.desktop.compose` drives it; the dialog only shows what it is handed."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.i18n import _

from .engine_row import ProgressBar

ANY = "any"


class ComposeChoices(QDialog):
    """The dialog's widgets; ``compose_pressed``, ``stop_pressed`` and ``browse_pressed``
    are the driver's."""

    def __init__(self, parent: QWidget | None, difficulties: tuple[str, ...]) -> None:
        super().__init__(parent)
        self.setObjectName("compose-dialog")
        self.setWindowTitle(_("Compose puzzles"))
        layout = QVBoxLayout(self)
        self.game = QLabel()
        self.game.setWordWrap(True)
        layout.addWidget(self.game)
        form = QFormLayout()
        self.count = QSpinBox()
        self.count.setRange(1, 200)
        self.count.setValue(10)
        form.addRow(_("Puzzles"), self.count)
        self.within = QSpinBox()
        self.within.setRange(1, 9)
        self.within.setValue(3)
        self.within.setSuffix(_(" plies"))
        self.within.setToolTip(_("The longest win: 1 ply is a win in 1 move, 3 plies in 2 moves"))
        form.addRow(_("Win within"), self.within)
        self.difficulty = QComboBox()
        self.difficulty.addItems([ANY, *difficulties])
        self.difficulty.setToolTip(
            _("By the engine's measure: the playouts it needs to find the key")
        )
        form.addRow(_("Difficulty"), self.difficulty)
        self.exact = QCheckBox(_("Only wins that take all of it (no quicker ones)"))
        form.addRow("", self.exact)
        row = QHBoxLayout()
        self.folder = QLineEdit()
        self.browse = QPushButton(_("Browse..."))
        row.addWidget(self.folder, 1)
        row.addWidget(self.browse)
        form.addRow(_("Folder"), row)
        layout.addLayout(form)
        self.bar = ProgressBar()
        self.bar.setRange(0, 100)
        layout.addWidget(self.bar)
        self.activity = QLabel(_("Seeded games are played, and their endings made puzzles."))
        self.activity.setWordWrap(True)
        self.activity.setStyleSheet("color: #555")
        layout.addWidget(self.activity)
        buttons = QHBoxLayout()
        self.compose = QPushButton(_("Compose"))
        self.compose.setDefault(True)
        self.stop = QPushButton(_("Stop"))
        self.stop.setEnabled(False)
        self.close_button = QPushButton(_("Close"))
        for button in (self.compose, self.stop, self.close_button):
            buttons.addWidget(button)
        layout.addLayout(buttons)
        self.compose.clicked.connect(lambda _checked=False: self.compose_pressed())
        self.stop.clicked.connect(lambda _checked=False: self.stop_pressed())
        self.browse.clicked.connect(lambda _checked=False: self.browse_pressed())
        self.close_button.clicked.connect(lambda _checked=False: self.close())
        self.resize(440, 300)

    def compose_pressed(self) -> None:
        """Compose was pressed (the driver's)."""

    def stop_pressed(self) -> None:
        """Stop was pressed (the driver's)."""

    def browse_pressed(self) -> None:
        """Browse... was pressed (the driver's)."""

    def band(self) -> str | None:
        text = self.difficulty.currentText()
        return None if text == ANY else text

    def set_working(self, on: bool) -> None:
        for widget in (self.compose, self.count, self.within, self.difficulty, self.exact):
            widget.setEnabled(not on)
        self.folder.setEnabled(not on)
        self.browse.setEnabled(not on)
        self.stop.setEnabled(on)

    def set_progress(self, fraction: float, text: str) -> None:
        self.bar.setValue(round(max(0.0, min(1.0, fraction)) * 100))
        self.activity.setText(text)
