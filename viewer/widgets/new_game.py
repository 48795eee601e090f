"""The New game dialog: every registered game, each with a form built from its rule
options (``Game.option_specs``), so no game is named here."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from model.game import Game, OptionSpec, game_class, game_names


def option_widget(spec: OptionSpec) -> QWidget:
    """A widget for one option, showing its default."""
    if isinstance(spec.default, bool):
        box = QCheckBox(spec.label)
        box.setChecked(spec.default)
        widget: QWidget = box
    elif isinstance(spec.default, int):
        spin = QSpinBox()
        spin.setRange(spec.minimum if spec.minimum is not None else 0, spec.maximum or 10**6)
        spin.setValue(spec.default)
        widget = spin
    else:
        combo = QComboBox()
        combo.addItems(list(spec.choices))
        combo.setCurrentText(spec.default)
        widget = combo
    widget.setToolTip(spec.help)
    return widget


def widget_value(widget: QWidget) -> Any:
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, QSpinBox):
        return widget.value()
    assert isinstance(widget, QComboBox)
    return widget.currentText()


class NewGameDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, current: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        layout = QVBoxLayout(self)
        top = QFormLayout()
        self.game = QComboBox()
        self.pages = QStackedWidget()
        self.fields: dict[str, dict[str, QWidget]] = {}
        for name in game_names():
            cls = game_class(name)
            self.game.addItem(cls.title, name)
            page = QWidget()
            form = QFormLayout(page)
            widgets = {}
            for spec in cls.option_specs:
                widget = option_widget(spec)
                widgets[spec.name] = widget
                form.addRow("" if isinstance(widget, QCheckBox) else spec.label, widget)
            if not cls.option_specs:
                form.addRow(QLabel("This game has no options."))
            self.fields[name] = widgets
            self.pages.addWidget(page)
        top.addRow("Game", self.game)
        layout.addLayout(top)
        layout.addWidget(self.pages)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.game.currentIndexChanged.connect(self.pages.setCurrentIndex)
        if current is not None and current in self.fields:
            self.game.setCurrentIndex(list(self.fields).index(current))

    def choose(self, name: str) -> None:
        """Select the game registered as ``name``."""
        self.game.setCurrentIndex(list(self.fields).index(name))

    def widget(self, option: str) -> QWidget:
        """The chosen game's widget for ``option``."""
        return self.fields[self.game.currentData()][option]

    def new_game(self) -> Game:
        """The chosen game's start with the chosen options (PositionFormatError if the
        rules refuse them)."""
        name = self.game.currentData()
        values = {key: widget_value(w) for key, w in self.fields[name].items()}
        cls = game_class(name)
        return cls.new(cls.parse_options(values))
