"""The New game dialog: every registered game, each with a form built from its rule
options (``Game.option_specs``) and a Players group (Human or Computer at a level for each
of the game's players, ``Game.players``), so no game is named here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from model.game import Game, OptionSpec, game_class, game_names
from model.search.agents import LEVELS

#: Who plays a side, as the dialog and the Game menu offer it: (text, level; None: human).
PLAYER_CHOICES: tuple[tuple[str, str | None], ...] = (
    ("Human", None),
    *((f"Computer ({level})", level) for level in LEVELS),
)


def choice_text(level: str | None) -> str:
    """The text of a choice: Human, or Computer (<level>)."""
    return dict((lv, text) for text, lv in PLAYER_CHOICES)[level]


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
        if spec.maximum is not None:  # the cap is said, not silently applied
            widget.setToolTip(f"{spec.help} ({spin.minimum()} to {spin.maximum()})")
            return widget
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


def player_widget(level: str | None) -> QComboBox:
    """A combo of :data:`PLAYER_CHOICES` showing ``level`` (None: Human)."""
    combo = QComboBox()
    for text, choice in PLAYER_CHOICES:
        combo.addItem(text, choice)
    combo.setCurrentIndex([lv for _, lv in PLAYER_CHOICES].index(level))
    combo.setToolTip("who plays this side: you, or the computer at a level (easy is quick)")
    return combo


class NewGameDialog(QDialog):
    """``players``: per game name, the colours the computer played last time (colour ->
    level); the others start as Human."""

    def __init__(
        self,
        parent: QWidget | None = None,
        current: str | None = None,
        players: Mapping[str, Mapping[str, str]] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.setMinimumWidth(340)
        layout = QVBoxLayout(self)
        top = QFormLayout()
        self.game = QComboBox()
        self.pages = QStackedWidget()
        self.fields: dict[str, dict[str, QWidget]] = {}
        self.sides: dict[str, dict[str, QComboBox]] = {}  # game -> colour -> its combo
        for name in game_names():
            cls = game_class(name)
            self.game.addItem(cls.title, name)
            page = QWidget()
            page_layout = QVBoxLayout(page)
            page_layout.setContentsMargins(0, 0, 0, 0)
            options = QGroupBox("Rules")
            form = QFormLayout(options)
            widgets = {}
            for spec in cls.option_specs:
                widget = option_widget(spec)
                widgets[spec.name] = widget
                form.addRow("" if isinstance(widget, QCheckBox) else spec.label, widget)
            if not cls.option_specs:
                form.addRow(QLabel("This game has no options."))
            self.fields[name] = widgets
            page_layout.addWidget(options)
            group = QGroupBox("Players")
            sides = QFormLayout(group)
            chosen = (players or {}).get(name, {})
            self.sides[name] = {}
            for colour in cls.players:
                combo = player_widget(chosen.get(colour))
                self.sides[name][colour] = combo
                sides.addRow(colour.capitalize(), combo)
            page_layout.addWidget(group)
            page_layout.addStretch(1)
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

    def side(self, colour: str) -> QComboBox:
        """The chosen game's Human / Computer combo for ``colour``."""
        return self.sides[self.game.currentData()][colour]

    def set_player(self, colour: str, level: str | None) -> None:
        """Choose who plays ``colour`` in the chosen game (None: a human)."""
        combo = self.side(colour)
        combo.setCurrentIndex(combo.findData(level) if level is not None else 0)

    def computer_players(self) -> dict[str, str]:
        """The chosen game's colours the computer plays, colour -> level."""
        combos = self.sides[self.game.currentData()]
        return {c: box.currentData() for c, box in combos.items() if box.currentData()}

    def new_game(self) -> Game:
        """The chosen game's start with the chosen options (PositionFormatError if the
        rules refuse them)."""
        name = self.game.currentData()
        values = {key: widget_value(w) for key, w in self.fields[name].items()}
        cls = game_class(name)
        return cls.new(cls.parse_options(values))
